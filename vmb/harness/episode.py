"""One episode: one query under one memory setting, from the default car to its scored record.

vmb's own agent loop (``vmb.harness.agent.converse``) and the MCP server (``vmb serve``,
``vmb.harness.serve``) both drive a query through this object, so what an agent is given, how each
call is dispatched and capped, the conversation recorded and the score cannot drift between them:

* start: ``Episode(query, memory, max_rounds=...)``: the system prompt (role, modules, rules, the
  memory the setting gives), the query as the user message, a default car and its ``ToolBox``;
* tools: ``tools()``, the schemas offered now (discovery, the memory's tools, the modules loaded);
* a turn (``begin_turn``) is one assistant message, a model request of the loop; ``call`` runs one of
  its calls through ``ToolBox.dispatch`` and appends the tool message; ``answer`` ends with a reply;
* end: ``record()``, the ``QueryRecord`` scored from the episode's own car (none when it ``failed``).

The caps are the loop's: at most ``max_rounds`` turns, ``MAX_CALLS_PER_REPLY`` calls of one turn and
``MAX_CALLS_PER_QUERY`` of the episode are executed; a call past a cap gets "not executed" as its
result and its turn is flagged ``capped``. Once ``over``, the episode takes no more turns.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vmb.harness.tools import ToolBox, ToolOutcome
from vmb.llm.model import Message
from vmb.memory.base import QueryMemory
from vmb.prompts import load_prompt
from vmb.results.record import ERROR, OK, QueryRecord, empty_calls
from vmb.results.record_parts import RecordedCall, Round, ToolResult
from vmb.score import TaskScore, score_states
from vmb.sim import World, replay
from vmb.sim.registry import MODULES
from vmb.usage import Usage

if TYPE_CHECKING:
    from vmb.data import Query
    from vmb.llm.textcalls import ToolCall

MAX_CALLS_PER_REPLY = 32
MAX_CALLS_PER_QUERY = 100


def system_prompt(memory_prompt: str) -> str:
    # The module names only: what each module does is in its tools, loaded on request; every request of
    # every query pays for what this prompt says.
    return load_prompt("agent").render(modules=", ".join(MODULES), memory=memory_prompt)


def score_world(query: Query, vehicle_calls: list[dict[str, Any]], call_count: int, world: World) -> TaskScore:
    """The query's score from the car the agent's calls left (the episode's own world, no replay)."""
    ref_world, _ = replay(list(query.calls))
    score = score_states(ref_world.flat(), world.flat(), query.calls, vehicle_calls,
                         task_id=query.id, reasoning_type=query.reasoning_type)
    return dataclasses.replace(score, n_calls=call_count)


@dataclass
class Conversation:
    """What an episode leaves behind: the car, the messages, every call and request."""

    world: World
    messages: list[Message]
    rounds: list[Round] = field(default_factory=list)
    outcomes: list[tuple[int, ToolOutcome]] = field(default_factory=list)
    read_as: dict[str, str] = field(default_factory=dict)  # call id -> the text form a text call was read from
    text_calls: int = 0
    final_answer: str | None = None
    error: str | None = None  # a request that failed for good (or an outside agent that went away)
    error_kind: str | None = None  # RequestFailed.kind of that request
    failed_requests: int = 0  # requests sent for it, retries included


def not_executed() -> str:
    return (f"error: not executed: at most {MAX_CALLS_PER_REPLY} calls of one reply and "
            f"{MAX_CALLS_PER_QUERY} of one query are run")


class Episode:
    """One query's episode: start, tools, turns of calls, an answer or a failure, the record."""

    def __init__(self, query: Query, memory: QueryMemory, *, max_rounds: int) -> None:
        self.query = query
        self.memory = memory
        self.max_rounds = max_rounds
        world = World()
        self.box = ToolBox(world, memory.tools)
        self.talk = Conversation(world, [
            {"role": "system", "content": system_prompt(memory.prompt)},
            {"role": "user", "content": query.query},
        ])
        self.started = time.perf_counter()
        self._turn_calls = 0  # calls of the current turn, executed or not
        self._turn_room = 0  # how many of them may run

    def tools(self) -> list[dict[str, Any]]:
        """The tool schemas offered now, in the order vmb's loop sends them."""
        return self.box.schemas()

    @property
    def over(self) -> bool:
        """Whether the episode takes no more turns: answered, failed, its rounds or its calls used up."""
        talk = self.talk
        return (talk.final_answer is not None or talk.error is not None or len(talk.rounds) >= self.max_rounds
                or len(talk.outcomes) >= MAX_CALLS_PER_QUERY)

    @property
    def round_no(self) -> int:
        """The current turn's number, from 0."""
        return len(self.talk.rounds) - 1

    def begin_turn(self, round_: Round, message: Message) -> None:
        """A new turn: its request's figures and the assistant message (its calls follow through ``call``)."""
        assert not self.over, "an episode that is over takes no turn"
        self.talk.rounds.append(round_)
        self.talk.messages.append(message)
        self._turn_calls = 0
        self._turn_room = min(MAX_CALLS_PER_REPLY, MAX_CALLS_PER_QUERY - len(self.talk.outcomes))

    async def call(self, call: ToolCall) -> tuple[str, bool]:
        """One call of the current turn: dispatched (or refused by a cap); its tool message appended.
        Returns the result text and whether the call succeeded."""
        talk = self.talk
        number = self._turn_calls
        self._turn_calls += 1
        if number >= self._turn_room:
            # Every call id still gets its tool message, as the chat protocol requires.
            content = not_executed()
            talk.messages.append({"role": "tool", "tool_call_id": call.id, "content": content})
            talk.rounds[-1] = dataclasses.replace(talk.rounds[-1], capped=talk.rounds[-1].capped + 1)
            return content, False
        talk.text_calls += call.from_text
        if call.read_as is not None:
            talk.read_as[call.id] = call.read_as
        if call.error is not None:
            # Kept as the kind of tool it names, so a known tool's garbled arguments count as refused.
            outcome = ToolOutcome(call.id, call.name, self.box.kind(call.name), call.arguments, None, False,
                                  f"error: {call.error}")
        else:
            outcome = await self.box.dispatch(call.id, call.name, call.arguments)
        talk.outcomes.append((self.round_no, outcome))
        talk.messages.append({"role": "tool", "tool_call_id": call.id, "content": outcome.content})
        return outcome.content, outcome.ok

    def answer(self, text: str | None) -> None:
        """The current turn made no call: its text is the final answer."""
        self.talk.final_answer = text

    def fail(self, error: str, kind: str | None, requests: int = 0) -> None:
        """The episode cannot go on (a request failed for good, the agent went away): an error, never scored."""
        self.talk.error = error
        self.talk.error_kind = kind
        self.talk.failed_requests = requests

    def record(self) -> QueryRecord:
        """The episode's record, scored from its car when it did not fail."""
        return build_record(self.query, self.memory, self.talk, time.perf_counter() - self.started)


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
    """The query's record, scored from the episode's car when no request failed."""
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
