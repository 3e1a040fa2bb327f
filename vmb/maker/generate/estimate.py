"""What an LLM run will ask, before anything is spent: requests and tokens per stage.

The estimate renders the real payloads for a sample of groups from the seeded drafts (no model
needed) and counts o200k_base tokens: prompt tokens are the prompt file plus the payload; the
completion is estimated by the size of the procedural draft's wording of the same plan. Figures
for the sample are scaled to all groups.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from vmb.maker.generate.llm.backend import LLM_STAGES, prompt_text
from vmb.maker.generate.llm.briefs import (
    chain_request,
    day_payload,
    days_of,
    personas_payload,
    query_payload,
    query_plan,
    recipe_of,
)
from vmb.maker.generate.plan import timeline
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.plan.timeline import day_sizes
from vmb.maker.generate.procedural.backend import ProceduralBackend
from vmb.tokens import count_tokens

SAMPLE_GROUPS = 2


@dataclass
class StageEstimate:
    stage: str
    model: str
    temperature: float
    requests: int
    prompt_tokens: int
    completion_tokens: int


def _tokens(value: Any) -> int:
    return count_tokens(value if isinstance(value, str) else json.dumps(value, ensure_ascii=False))


def estimate(options: GenerateOptions) -> list[StageEstimate]:
    assert options.llm is not None
    draft = ProceduralBackend()
    sample = list(range(1, min(options.groups, SAMPLE_GROUPS) + 1))
    totals = {s: [0, 0, 0] for s in LLM_STAGES}  # requests, prompt, completion over the sample
    system = {s: _tokens(prompt_text(s)) for s in LLM_STAGES}

    def add(stage: str, payload: Any, answer: Any) -> None:
        totals[stage][0] += 1
        totals[stage][1] += system[stage] + _tokens(payload)
        totals[stage][2] += _tokens(answer)

    for group in sample:
        personas = draft.personas(options, group)
        add("personas", personas_payload(personas),
            {"people": [p.model_dump(include={"name", "education", "interests", "lifestyle"}) for p in personas.people]})
        chains = draft.chains(options, personas)
        for chain in chains.chains:
            written = {"events": [{"id": e.id, "description": e.description, "lines": [u.text for u in e.lines]}
                                  for e in chain.events]}
            add("chains", chain_request(options, personas, chain)[0], written)
        placed = timeline.build(options, chains)
        dialogue = draft.dialogue(options, personas, chains, placed)
        sizes = day_sizes(options, chains, placed)
        days = {d.date: d for d in dialogue.days}
        for date, events in days_of(chains, placed).items():
            said = days[date].lines  # the talk is written; the events' lines are put in, each event given a time
            add("dialogue", day_payload(personas, date, events, sizes[date]),
                {"date": date, "lines": [line.model_dump(exclude={"event"}) for line in said if line.event is None],
                 "events": [{"id": e.id, "time": next(x.time for x in said if x.event == e.id)} for e in events]})
        queries = draft.qa(options, personas, chains, placed, dialogue)
        for chain, item in zip((c for c in chains.chains if c.kind == "vehicle"), queries.items):
            recipe = recipe_of(options, personas, chain)
            add("qa", query_payload(group, chain, query_plan(options, group, chain, recipe), []),
                {"query": item.query, "new_answer": item.new_answer})
    scale = options.groups / len(sample)
    return [StageEstimate(s, options.llm["models"][s], options.llm["temperatures"][s], round(totals[s][0] * scale),
                      round(totals[s][1] * scale), round(totals[s][2] * scale)) for s in LLM_STAGES]


def format_estimate(estimates: list[StageEstimate]) -> str:
    lines = ["planned requests (estimate from the seeded drafts; a re-ask or a cache hit changes it):",
             f"  {'stage':<9} {'model':<24} {'temp':>4} {'requests':>9} {'prompt tok':>12} {'completion tok':>15}"]
    for p in estimates:
        lines.append(f"  {p.stage:<9} {p.model[:24]:<24} {p.temperature:>4g} {p.requests:>9,} {p.prompt_tokens:>12,} "
                     f"{p.completion_tokens:>15,}")
    lines.append(f"  {'total':<9} {'':<24} {'':>4} {sum(p.requests for p in estimates):>9,} "
                 f"{sum(p.prompt_tokens for p in estimates):>12,} {sum(p.completion_tokens for p in estimates):>15,}")
    return "\n".join(lines)
