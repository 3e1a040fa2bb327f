"""The agent loop for one query, and the record it leaves (a ``QueryRecord``, one line of ``results.jsonl``).

Each query starts from the default car with the system prompt (role, the modules, the rules, the
memory) and the query as the user message. Each round the model sees the tools loaded so far; every
call it makes (natively or, with ``text_calls``, written as text) goes through ``ToolBox.dispatch``
and its result back as a tool message. The loop ends when the model answers without a call, or
after ``max_rounds`` rounds. A request that fails for good makes the query ``error`` (retried on
resume, never scored); a model that misbehaves is simply scored.

Every call of a reply is executed in order, repeats included, as the reference harness does (so
Calls stays comparable with the paper's); repeats are counted from the record. A runaway reply is
stopped by two caps far above what a sane reply needs: at most ``MAX_CALLS_PER_REPLY`` calls of one
reply and ``MAX_CALLS_PER_QUERY`` of one query are executed; the rest get "not executed" as their
tool result, the round is flagged ``capped`` (how many were not run), and a query that reached its
cap asks the model no more.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vmb.harness.tools import ToolBox, ToolOutcome
from vmb.llm.model import Message, Model, RequestFailed
from vmb.llm.textcalls import extract_calls
from vmb.memory.base import QueryMemory
from vmb.prompts import load_prompt
from vmb.results.record import ERROR, OK, QueryRecord, empty_calls
from vmb.results.record_parts import RecordedCall, Round, ToolResult
from vmb.score import TaskScore, score_calls, score_states
from vmb.sim import World, replay
from vmb.sim.registry import MODULES
from vmb.usage import Usage

if TYPE_CHECKING:
    from vmb.data import Query

MAX_CALLS_PER_REPLY = 32
MAX_CALLS_PER_QUERY = 100


def system_prompt(memory_prompt: str) -> str:
    # The module names only: what each module does is in its tools, loaded on request; every request of
    # every query pays for what this prompt says.
    return load_prompt("agent").render(modules=", ".join(MODULES), memory=memory_prompt)


def score_world(query: Query, vehicle_calls: list[dict[str, Any]], call_count: int, world: World) -> TaskScore:
    """The query's score from the car the agent's calls left (the loop's own world, no replay)."""
    ref_world, _ = replay(list(query.calls))
    score = score_states(ref_world.flat(), world.flat(), query.calls, vehicle_calls,
                         task_id=query.id, reasoning_type=query.reasoning_type)
    return dataclasses.replace(score, n_calls=call_count)


def score_replayed(query: Query, vehicle_calls: list[dict[str, Any]], call_count: int) -> TaskScore:
    """The query's score with the stored calls replayed from the default car (rescoring a run)."""
    score = score_calls(query.calls, vehicle_calls, task_id=query.id, reasoning_type=query.reasoning_type)
    return dataclasses.replace(score, n_calls=call_count)


@dataclass
class Conversation:
    """What the agent loop leaves behind: the car, the messages, every call and request."""

    world: World
    messages: list[Message]
    rounds: list[Round] = field(default_factory=list)
    outcomes: list[tuple[int, ToolOutcome]] = field(default_factory=list)
    read_as: dict[str, str] = field(default_factory=dict)  # call id -> the text form a text call was read from
    text_calls: int = 0
    final_answer: str | None = None
    error: str | None = None  # a request that failed for good
    error_kind: str | None = None  # RequestFailed.kind of that request
    failed_requests: int = 0  # requests sent for it, retries included


async def converse(query: Query, model: Model, memory: QueryMemory, *, max_rounds: int,
                   text_calls: bool) -> Conversation:
    """The agent loop: rounds of model request and tool dispatch until an answer or the round limit."""
    world = World()
    box = ToolBox(world, memory.tools)
    talk = Conversation(world, [
        {"role": "system", "content": system_prompt(memory.prompt)},
        {"role": "user", "content": query.query},
    ])
    try:
        for round_no in range(max_rounds):
            reply = await model.complete(talk.messages, box.schemas())
            calls, outgoing = extract_calls(reply.message, text_calls=text_calls, id_prefix=f"text_{round_no}_")
            talk.rounds.append(Round(
                prompt_tokens=reply.usage.prompt_tokens,
                completion_tokens=reply.usage.completion_tokens,
                cached_tokens=reply.usage.cached_tokens,
                finish_reason=reply.finish_reason,
                cached=reply.cached,
                attempts=reply.attempts,
                seconds=round(reply.seconds, 4),
                queued=round(reply.queued, 4),
                original_seconds=round(reply.original_seconds, 4),
                reasoning=reply.message.get("reasoning_content") or reply.message.get("reasoning"),
            ))
            talk.messages.append(outgoing)
            if not calls:
                talk.final_answer = outgoing.get("content")
                break
            room = min(MAX_CALLS_PER_REPLY, MAX_CALLS_PER_QUERY - len(talk.outcomes))
            for number, call in enumerate(calls):
                if number >= room:
                    # Every call id still gets its tool message, as the chat protocol requires.
                    talk.messages.append({"role": "tool", "tool_call_id": call.id, "content": (
                        f"error: not executed: at most {MAX_CALLS_PER_REPLY} calls of one reply and "
                        f"{MAX_CALLS_PER_QUERY} of one query are run")})
                    continue
                talk.text_calls += call.from_text
                if call.read_as is not None:
                    talk.read_as[call.id] = call.read_as
                if call.error is not None:
                    # Kept as the kind of tool it names, so a known tool's garbled arguments count as refused.
                    outcome = ToolOutcome(call.id, call.name, box.kind(call.name), call.arguments, None, False,
                                          f"error: {call.error}")
                else:
                    outcome = await box.dispatch(call.id, call.name, call.arguments)
                talk.outcomes.append((round_no, outcome))
                talk.messages.append({"role": "tool", "tool_call_id": call.id, "content": outcome.content})
            if len(calls) > room:
                talk.rounds[-1] = dataclasses.replace(talk.rounds[-1], capped=len(calls) - room)
            if len(talk.outcomes) >= MAX_CALLS_PER_QUERY:
                break
    except RequestFailed as failure:
        talk.error = str(failure)
        talk.error_kind = failure.kind
        talk.failed_requests = failure.attempts
    return talk


def calls_by_kind(outcomes: list[tuple[int, ToolOutcome]]) -> dict[str, list[RecordedCall]]:
    by_kind = empty_calls()
    for _, outcome in outcomes:
        entry = RecordedCall(outcome.name, outcome.args, None if outcome.args is not None else outcome.arguments)
        # A vehicle call whose arguments did not parse never reached the car: keep it out of scoring.
        kind = "invalid" if outcome.kind == "vehicle" and outcome.args is None else outcome.kind
        by_kind[kind].append(entry)
    return by_kind


def _result_entry(round_no: int, outcome: ToolOutcome, read_as: str | None) -> ToolResult:
    return ToolResult(round=round_no, id=outcome.call_id, name=outcome.name, kind=outcome.kind, args=outcome.args,
                      ok=outcome.ok, arguments=None if outcome.args is not None else outcome.arguments,
                      changes=outcome.changes, read_as=read_as)


def build_record(query: Query, memory: QueryMemory, talk: Conversation, seconds: float) -> QueryRecord:
    """The query's record, scored from the loop's car when no request failed."""
    from vmb.tokens import count_tokens

    retrievals = ([memory.injected] if memory.injected is not None else [])
    retrievals += [o.memory_text for _, o in talk.outcomes if o.memory_text is not None]
    by_kind = calls_by_kind(talk.outcomes)
    rounds = talk.rounds
    ok = talk.error is None
    return QueryRecord(
        id=query.id,
        group=query.group,
        index=query.index,
        reasoning_type=query.reasoning_type,
        status=OK if ok else ERROR,
        error=talk.error,
        error_kind=talk.error_kind,
        query=query.query,
        final_answer=talk.final_answer,
        round_limit_hit=ok and talk.final_answer is None,
        calls=by_kind,
        call_count=len(talk.outcomes),
        text_calls=talk.text_calls,
        tool_results=[_result_entry(r, o, talk.read_as.get(o.call_id)) for r, o in talk.outcomes],
        final_diff=talk.world.diff(),
        mem_tokens=[count_tokens(text) for text in retrievals],
        rounds=rounds,
        usage=Usage(prompt_tokens=sum(r.prompt_tokens for r in rounds),
                    completion_tokens=sum(r.completion_tokens for r in rounds),
                    cached_tokens=sum(r.cached_tokens for r in rounds),
                    # Requests sent to the endpoint (retries and a request that failed included; cache hits not).
                    requests=sum(r.attempts for r in rounds if not r.cached) + talk.failed_requests,
                    seconds=round(sum(r.seconds for r in rounds), 4)),
        cache_hits=sum(r.cached for r in rounds),
        seconds=round(seconds, 4),
        queue_seconds=round(sum(r.queued for r in rounds), 4),
        messages=[dict(m) for m in talk.messages],
        score=score_world(query, [c.to_json() for c in by_kind["vehicle"]], len(talk.outcomes), talk.world)
        if ok else None,
    )


async def run_query(query: Query, model: Model, memory: QueryMemory, *, max_rounds: int,
                    text_calls: bool) -> QueryRecord:
    start = time.perf_counter()
    talk = await converse(query, model, memory, max_rounds=max_rounds, text_calls=text_calls)
    return build_record(query, memory, talk, time.perf_counter() - start)
