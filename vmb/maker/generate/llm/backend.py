"""The LLM backend: every stage asked of an OpenAI-compatible endpoint through ``vmb.llm``.

Each request is the stage's prompt file (``vmb/maker/generate/llm/prompts/<stage>.md``, our own words,
versioned by its SHA-256) as the system message and a JSON payload as the user message; the answer
must be one JSON object. The model is given the plan, never a drafted sentence
(:mod:`vmb.maker.generate.llm.briefs`); its answer is parsed, validated against the stage's schema and read
back against the plan (:mod:`vmb.maker.generate.llm.checks`: names and preferences kept, every line's
value following from what it says, the events' lines embedded as written, a query whose calls
reach the planned car and whose text carries the plan without the value). An invalid answer (not JSON, cut off at max_tokens, off the plan)
is recorded with its problem (``stages/rejected.jsonl``) and asked again once with the reason in the
payload (``"refused"``); a second invalid
answer makes the group's stage a recorded failure (``stages/failures.jsonl``) and the group is left
out of the benchmark.

What the model writes: the personas' enrichment and detected conflicts, every description and line
of every chain, each day's conversation around them, each query and its reference calls. What stays
ours: the seeded plan (people, recipes, chain structure, values and how each is said), the timeline,
the gold memory (from the events and their lines' times), the vetting and export.

Per-stage model and temperature (Table 7: enrichment 0.7, chains 0.8, dialogue 0.7, QA 0);
requests share one pool (``--concurrency``), retries and the request cache of ``vmb.llm``; the key
comes from the environment only. Usage per stage is kept in ``stages/usage.json``.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import ValidationError

from vmb.boundedjson import parse_bounded
from vmb.bounds import number_problem
from vmb.errors import OptionError
from vmb.llm.client import content_text
from vmb.llm.interrupt import run_interruptible
from vmb.llm.model import RequestFailed
from vmb.maker.generate.llm.answer_schemas import chain_schema, day_schema, personas_schema, qa_schema, response_format
from vmb.maker.generate.llm.briefs import (
    chain_request,
    chain_values,
    day_payload,
    days_of,
    personas_payload,
    query_payload,
    query_plan,
    recipe_of,
    talk_lines,
)
from vmb.maker.generate.llm.checks import check_answer, check_chain, check_day, check_personas
from vmb.maker.generate.llm.progress import GenerateProgress
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.plan.timeline import day_sizes
from vmb.maker.generate.schemas import (
    Chain,
    ChainSet,
    Dialogue,
    DialogueDay,
    Event,
    PersonaGroup,
    QAItem,
    QASet,
    Said,
    StageFailure,
    Timeline,
    event_lines,
)
from vmb.maker.generate.settings import remembered_values, settings
from vmb.usage import ZERO, Usage

PROMPTS_DIR = Path(__file__).with_name("prompts")
LLM_STAGES = ("personas", "chains", "dialogue", "qa")
TABLE7_TEMPERATURES = {"personas": 0.7, "chains": 0.8, "dialogue": 0.7, "qa": 0.0}
T = TypeVar("T")


def prompt_text(stage: str) -> str:
    return (PROMPTS_DIR / f"{stage}.md").read_text(encoding="utf-8")


def prompt_hashes() -> dict[str, str]:
    return {s: hashlib.sha256(prompt_text(s).encode("utf-8")).hexdigest()[:16] for s in LLM_STAGES}


def _refuse(problems: list[str | None]) -> None:
    found = [p for p in problems if p is not None]
    if found:
        raise OptionError(found[0])


def check_pool(concurrency: Any, timeout: Any) -> None:
    """The request pool's settings, checked as ``vmb run`` checks its own."""
    _refuse([number_problem("--concurrency", concurrency, 1, whole=True),
             number_problem("--timeout", timeout, 0, above=True)])


def llm_settings(base_url: str, model: str, stage_models: dict[str, str], stage_temperatures: dict[str, float],
                 max_tokens: int, response_format: str) -> dict[str, Any]:
    """The endpoint settings recorded in the options (and so in every artifact)."""
    unknown = (set(stage_models) | set(stage_temperatures)) - set(LLM_STAGES)
    if unknown:
        raise OptionError(f"unknown stage(s) {', '.join(sorted(unknown))}; stages asking a model: "
                          f"{', '.join(LLM_STAGES)}")
    _refuse([number_problem("--max-tokens", max_tokens, 1, whole=True),
             *(number_problem(f"--stage-temperature {stage}", t, 0) for stage, t in stage_temperatures.items())])
    return {
        "base_url": base_url, "max_tokens": max_tokens, "response_format": response_format,
        "models": {s: stage_models.get(s, model) for s in LLM_STAGES},
        "temperatures": {s: stage_temperatures.get(s, TABLE7_TEMPERATURES[s]) for s in LLM_STAGES},
        "prompts": prompt_hashes(),
    }


def answer_json(content: str) -> Any:
    """The JSON object of an answer, allowing a fenced code block around it."""
    text = content.strip()
    fenced = re.fullmatch(r"```(?:json)?\s*(.*?)\s*```", text, re.DOTALL)
    return parse_bounded(fenced.group(1) if fenced else text)  # a ValueError (too deep, not JSON): refused, forgotten


def _problem(error: Exception) -> str:
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        return f"{'.'.join(map(str, first['loc'])) or 'answer'}: {first['msg']} ({error.error_count()} problem(s))"
    if isinstance(error, json.JSONDecodeError):
        return f"not a JSON object ({error.msg} at line {error.lineno} column {error.colno})"
    return str(error)


def _revised(revision: int) -> dict[str, Any]:
    """A reviewer rejected the group's earlier answer: the payload (and so the request) differs."""
    return {"revision": revision, "note": "an earlier version was rejected by a reviewer"} if revision else {}


async def _all(work: Iterable[Awaitable[T]]) -> list[T]:
    """Every request of a group's stage answered (none left running), then its first failure raised."""
    done = await asyncio.gather(*work, return_exceptions=True)
    for outcome in done:
        if isinstance(outcome, BaseException):
            raise outcome
    return list(done)  # type: ignore[arg-type]


@dataclass
class StageUsage:
    """One stage's requests: what they used, how many the request cache answered, and the checks' verdicts."""

    spent: Usage = ZERO
    cache_hits: int = 0
    invalid: int = 0  # answers that failed validation (each asked again once)
    failures: int = 0  # groups left out after a second invalid answer

    def to_json(self) -> dict[str, Any]:
        return {**self.spent.to_json(), "seconds": round(self.spent.seconds, 3), "cache_hits": self.cache_hits,
                "invalid": self.invalid, "failures": self.failures}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StageUsage:
        """A stage of ``usage.json`` (a count an earlier version did not keep reads as 0)."""
        return cls(Usage.from_json(data), data.get("cache_hits", 0), data.get("invalid", 0), data.get("failures", 0))


class Draft(Protocol):
    """What the model is asked to word and what it is not asked to write: the people and the chains
    as planned, and the gold memory narrated from the history the model wrote."""

    def personas(self, options: GenerateOptions, group: int, revision: int = 0) -> PersonaGroup: ...

    def chains(self, options: GenerateOptions, personas: PersonaGroup, revision: int = 0) -> ChainSet: ...

    def gold_memory(self, options: GenerateOptions, group: int, chain: Chain, times: dict[str, tuple[str, list[Said]]],
                    revision: int = 0) -> str: ...


@dataclass
class LLMBackend:
    """``--backend llm``; ``options.llm`` holds the endpoint settings, ``stages_dir`` gets usage.json."""

    options: GenerateOptions
    stages_dir: Path
    draft: Draft  # the procedural backend, whose plan the model words (the LLM backend imports no wording)
    concurrency: int = 8
    timeout: float = 600.0
    use_cache: bool = True
    base_url: str | None = None  # where to send requests; default options.llm's (a local model's server)
    progress: GenerateProgress | None = None
    name: str = "llm"
    usage: dict[str, StageUsage] = field(default_factory=dict)
    _loop: asyncio.AbstractEventLoop | None = None
    _clients: dict[str, Any] = field(default_factory=dict)
    _gate: asyncio.Semaphore | None = None
    _cache: Any = None

    def __post_init__(self) -> None:
        check_pool(self.concurrency, self.timeout)
        usage_file = self.stages_dir / "usage.json"
        recorded = json.loads(usage_file.read_text(encoding="utf-8")) if usage_file.exists() else {}
        self.usage = {s: StageUsage.from_json(recorded.get(s, {})) for s in LLM_STAGES}

    # --- the model client, one per stage (its model and temperature), one pool for all ------------

    def _client(self, stage: str) -> Any:
        if stage not in self._clients:
            from vmb.llm.cache import RequestCache
            from vmb.llm.client import ChatClient
            from vmb.llm.keys import api_key_from_env
            from vmb.llm.retry import RetryPolicy

            llm = self.options.llm or {}
            if self._gate is None:
                self._gate = asyncio.Semaphore(self.concurrency)
                self._cache = RequestCache(self.stages_dir / "requests.sqlite") if self.use_cache else None
            params: dict[str, Any] = {"temperature": llm["temperatures"][stage], "max_tokens": llm["max_tokens"]}
            if llm["response_format"] == "json_object":
                params["response_format"] = {"type": "json_object"}
            self._clients[stage] = ChatClient(model=llm["models"][stage], base_url=self.base_url or llm["base_url"],
                                              api_key=api_key_from_env(), params=params, gate=self._gate,
                                              cache=self._cache, policy=RetryPolicy(), timeout=self.timeout)
        return self._clients[stage]

    def _run(self, work: Any) -> Any:
        if self._loop is None:
            self._loop = asyncio.new_event_loop()
        try:
            return run_interruptible(self._loop, work)
        finally:
            self._save_usage()

    def _save_usage(self) -> None:
        body = {s: u.to_json() for s, u in self.usage.items()}
        (self.stages_dir / "usage.json").write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")

    async def ask(self, stage: str, payload: dict[str, Any], parse: Callable[[Any], T], what: str,
                  schema: dict[str, Any]) -> T:
        """One structured answer: asked (under ``schema`` when the endpoint is asked for one), validated,
        asked again once with the reason, else a failure."""
        client, count = self._client(stage), self.usage[stage]
        shape = {"response_format": response_format(stage, schema)} \
            if (self.options.llm or {})["response_format"] == "json_schema" else None
        problem = ""
        for _attempt in range(2):
            # A re-ask is the request again with the refusal's reason in it, not the conversation with the
            # refused answer: a small model shown its own answer writes it again, word for word.
            asked = {**payload, "refused": problem} if problem else payload
            messages = [{"role": "system", "content": prompt_text(stage)},
                        {"role": "user", "content": json.dumps(asked, ensure_ascii=False)}]
            if self.progress is not None:
                self.progress.sent()
            # Counted from this request's own reply: the stage's other requests run at the same time.
            try:
                reply = await client.complete(messages, [], extra=shape)
            except RequestFailed as failure:
                count.spent += Usage(requests=failure.attempts)
                raise StageFailure(f"{what}: request failed: {failure}") from None
            count.spent += reply.spent
            count.cache_hits += reply.cached
            if self.progress is not None:
                self.progress.answered(stage, reply.usage.completion_tokens, cached=reply.cached)
            content = content_text(reply.message.get("content")) or ""
            try:
                if reply.finish_reason == "length":  # say so, rather than how the cut text fails to parse
                    raise ValueError(f"cut off at max_tokens ({(self.options.llm or {})['max_tokens']})")
                return parse(answer_json(content))
            except (ValueError, ValidationError) as error:
                count.invalid += 1
                problem = _problem(error)
                self._reject(stage, what, problem, content)
                self._forget(client, messages, shape)
        raise StageFailure(f"{what}: invalid answer twice, last: {problem}")

    def _reject(self, stage: str, what: str, problem: str, answer: str) -> None:
        """Every answer the checks refused, with why (``stages/rejected.jsonl``): kept there, for
        review, since it leaves the request cache."""
        with (self.stages_dir / "rejected.jsonl").open("a", encoding="utf-8") as handle:
            handle.write(json.dumps({"stage": stage, "what": what, "problem": problem, "answer": answer}) + "\n")

    def _forget(self, client: Any, messages: list[dict[str, Any]], shape: dict[str, Any] | None) -> None:
        """An invalid answer leaves the request cache: the next run of a failed group asks afresh
        rather than replaying what was refused."""
        if self._cache is not None:
            from vmb.llm.cache import request_key

            self._cache.drop(request_key(client.identity, client.body(messages, [], shape)))

    def _failing(self, stage: str, work: Any) -> Any:
        try:
            return self._run(work)
        except StageFailure:
            self.usage[stage].failures += 1
            self._save_usage()
            raise

    # --- stages ------------------------------------------------------------------------------------

    def personas(self, options: GenerateOptions, group: int, revision: int = 0) -> PersonaGroup:
        draft = self.draft.personas(options, group, revision)
        payload = {**personas_payload(draft), **_revised(revision)}
        return self._failing("personas", self.ask("personas", payload, lambda data: check_personas(data, draft),
                                                  f"personas of group {group}",
                                                  personas_schema([p.name for p in draft.people])))

    def chains(self, options: GenerateOptions, personas: PersonaGroup, revision: int = 0) -> ChainSet:
        draft = self.draft.chains(options, personas, revision)

        async def chain(ours: Chain) -> Chain:
            payload, plans, values = chain_request(options, personas, ours)
            lines = {p.id: len(p.lines) for p in plans} if plans is not None else \
                {e.id: len(e.lines) for e in ours.events}
            return await self.ask("chains", {**payload, **_revised(revision)},
                                  lambda data: check_chain(data, ours, plans, values),
                                  f"chain {ours.id} of group {personas.group}", chain_schema(lines))

        async def all_chains() -> ChainSet:
            return ChainSet(group=personas.group, chains=list(await _all(map(chain, draft.chains))))

        return self._failing("chains", all_chains())

    def dialogue(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet,
                 timeline: Timeline, revision: int = 0) -> Dialogue:
        sizes = day_sizes(options, chains, timeline)
        by_day = days_of(chains, timeline)
        names = [p.name for p in personas.people]
        guarded = [(settings()[c.target.setting], chain_values(recipe_of(options, personas, c)))
                   for c in chains.chains if c.target is not None]

        async def day(date: str, todays: list[Event]) -> DialogueDay:
            return await self.ask("dialogue", {**day_payload(personas, date, todays, sizes[date]), **_revised(revision)},
                                  lambda data: check_day(data, date, todays, set(names), guarded),
                                  f"dialogue of group {personas.group}, {date}",
                                  day_schema(date, names, [e.id for e in todays], talk_lines(sizes[date], todays)))

        async def all_days() -> Dialogue:
            days = await _all(day(d, todays) for d, todays in by_day.items())
            return Dialogue(group=personas.group, days=list(days))

        return self._failing("dialogue", all_days())

    def qa(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet, timeline: Timeline,
           dialogue: Dialogue, revision: int = 0) -> QASet:
        times = event_lines(dialogue)
        dates = {q.chain: q.date for q in timeline.queries}

        async def items() -> QASet:
            vehicle = [c for c in chains.chains if c.kind == "vehicle"]
            made = await _all(self._query(personas, c, dates[c.id], times, [], revision) for c in vehicle)
            return QASet(group=personas.group, items=list(made))

        return self._failing("qa", items())

    async def _query(self, personas: PersonaGroup, chain: Chain, query_date: str,
                     times: dict[str, tuple[str, list[Said]]], problems: list[str],
                     revision: int = 0) -> QAItem:
        assert chain.target is not None and chain.reasoning_type is not None
        target = chain.target
        plan = query_plan(self.options, personas.group, chain, recipe_of(self.options, personas, chain))
        payload = {**query_payload(personas.group, chain, plan, problems), **_revised(revision)}
        phrase = settings()[target.setting].phrase
        remembered = remembered_values(target.calls, target.content)
        answer = await self.ask("qa", payload,
                                lambda data: check_answer(data, target.calls, remembered, plan, phrase),
                                f"query of group {personas.group} chain {chain.id}", qa_schema(payload["answer"]))
        return QAItem(chain=chain.id, reasoning_type=chain.reasoning_type, query=answer.query, query_date=query_date,
                      gold_memory=self.draft.gold_memory(self.options, personas.group, chain, times, revision),
                      new_answer=answer.new_answer,
                      evidence=[e.id for e in chain.events])

    def requery(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet, dialogue: Dialogue,
                item: QAItem, attempt: int, problems: list[str]) -> QAItem:
        chain = next(c for c in chains.chains if c.id == item.chain)
        work = self._query(personas, chain, item.query_date, event_lines(dialogue), problems)
        return self._run(work)

    def report(self) -> dict[str, Any]:
        return {"name": self.name, "usage": {s: u.to_json() for s, u in self.usage.items()}}

    def close(self) -> None:
        if self._loop is not None:
            for client in self._clients.values():
                self._loop.run_until_complete(client.close())
            self._loop.close()
            self._loop = None
        if self._cache is not None:
            self._cache.close()
