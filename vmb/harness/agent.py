"""The agent loop for one query, and the JSON record it leaves.

Each query starts from the default car with the system prompt (role, the modules, the rules, the
memory) and the query as the user message. Each round the model sees the tools loaded so far; every
call it makes (natively or, with ``text_calls``, written as text) goes through ``ToolBox.dispatch``
and its result back as a tool message. The loop ends when the model answers without a call, or
after ``max_rounds`` rounds. A request that fails for good makes the query ``error`` (retried on
resume, never scored); a model that misbehaves is simply scored.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from vmb.llm.model import Message, Model, RequestFailed
from vmb.llm.textcalls import extract_calls
from vmb.harness.tools import ToolBox, ToolOutcome
from vmb.memory.base import QueryMemory
from vmb.prompts import load_prompt
from vmb.sim import World
from vmb.sim.registry import MODULES


def system_prompt(memory_prompt: str) -> str:
    modules = "\n".join(f"- {name}: {module.description}" for name, module in MODULES.items())
    return load_prompt("agent").render(modules=modules, memory=memory_prompt)


def score_record(query: Any, vehicle_calls: list[dict[str, Any]], call_count: int) -> dict[str, Any]:
    """The query's ``TaskScore`` as stored: both call lists replayed from the default car."""
    from vmb.score import score_calls

    score = score_calls(query.calls, vehicle_calls, task_id=query.id, reasoning_type=query.reasoning_type)
    return dataclasses.replace(score, n_calls=call_count).to_dict()


def _result_entry(round_no: int, outcome: ToolOutcome, read_as: str | None) -> dict[str, Any]:
    entry = {"round": round_no, **outcome.to_json()}
    if read_as is not None:
        entry["read_as"] = read_as
    return entry


async def run_query(query: Any, model: Model, memory: QueryMemory, *, max_rounds: int, text_calls: bool) -> dict[str, Any]:
    from vmb.tokens import count_tokens

    start = time.perf_counter()
    world = World()
    box = ToolBox(world, memory.tools)
    messages: list[Message] = [
        {"role": "system", "content": system_prompt(memory.prompt)},
        {"role": "user", "content": query.query},
    ]
    rounds: list[dict[str, Any]] = []
    outcomes: list[tuple[int, ToolOutcome]] = []
    read_as: dict[str, str] = {}  # call id -> the text form a call written as text was read from
    text_call_count = 0
    final_answer: str | None = None
    error: str | None = None
    error_kind: str | None = None
    failed_requests = 0
    try:
        for round_no in range(max_rounds):
            reply = await model.complete(messages, box.schemas())
            calls, outgoing = extract_calls(reply.message, text_calls=text_calls, id_prefix=f"text_{round_no}_")
            rounds.append({
                "prompt_tokens": reply.usage.prompt_tokens,
                "completion_tokens": reply.usage.completion_tokens,
                "finish_reason": reply.finish_reason,
                "cached": reply.cached,
                "attempts": reply.attempts,
                "seconds": round(reply.seconds, 4),
                "queued": round(reply.queued, 4),
                "reasoning": reply.message.get("reasoning_content") or reply.message.get("reasoning"),
            })
            messages.append(outgoing)
            if not calls:
                final_answer = outgoing.get("content")
                break
            for call in calls:
                text_call_count += call.from_text
                if call.read_as is not None:
                    read_as[call.id] = call.read_as
                if call.error is not None:
                    outcome = ToolOutcome(call.id, call.name, "invalid", call.arguments, None, False,
                                          f"error: {call.error}")
                else:
                    outcome = await box.dispatch(call.id, call.name, call.arguments)
                outcomes.append((round_no, outcome))
                messages.append({"role": "tool", "tool_call_id": call.id, "content": outcome.content})
    except RequestFailed as failure:
        error = str(failure)
        error_kind = failure.kind
        failed_requests = failure.attempts

    retrievals = ([memory.injected] if memory.injected is not None else [])
    retrievals += [o.memory_text for _, o in outcomes if o.memory_text is not None]
    by_kind: dict[str, list[dict[str, Any]]] = {"vehicle": [], "discovery": [], "memory": [], "invalid": []}
    for _, outcome in outcomes:
        entry = {"name": outcome.name, "args": outcome.args} if outcome.args is not None else {
            "name": outcome.name, "arguments": outcome.arguments}
        # A vehicle call whose arguments did not parse never reached the car: keep it out of scoring.
        kind = "invalid" if outcome.kind == "vehicle" and outcome.args is None else outcome.kind
        by_kind[kind].append(entry)
    record: dict[str, Any] = {
        "id": query.id,
        "group": query.group,
        "index": query.index,
        "reasoning_type": query.reasoning_type,
        "status": "ok" if error is None else "error",
        "error": error,
        "error_kind": error_kind,
        "query": query.query,
        "final_answer": final_answer,
        "round_limit_hit": error is None and final_answer is None,
        "calls": by_kind,
        "call_count": len(outcomes),
        "text_calls": text_call_count,
        "tool_results": [_result_entry(r, o, read_as.get(o.call_id)) for r, o in outcomes],
        "final_diff": world.diff(),
        "mem_tokens": [count_tokens(text) for text in retrievals],
        "rounds": rounds,
        # Requests sent to the endpoint (retries and a request that failed included; cache hits not).
        "requests": sum(r["attempts"] for r in rounds if not r["cached"]) + failed_requests,
        "cache_hits": sum(r["cached"] for r in rounds),
        "prompt_tokens": sum(r["prompt_tokens"] for r in rounds),
        "completion_tokens": sum(r["completion_tokens"] for r in rounds),
        "seconds": round(time.perf_counter() - start, 4),
        "model_seconds": round(sum(r["seconds"] for r in rounds), 4),
        "queue_seconds": round(sum(r["queued"] for r in rounds), 4),
        "messages": messages,
        "score": None,
    }
    if error is None:
        record["score"] = score_record(query, by_kind["vehicle"], len(outcomes))
    return record
