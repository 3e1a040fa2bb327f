"""One query of a bundle re-executed: its recorded conversation played back through vmb's own agent loop.

The model's turns are the assistant messages the record holds, given back in order by ``Playback``
(a ``Model`` that answers from the record and nothing else); the loop (``vmb.harness.agent.converse``)
reads their calls as a run does (native ones, or calls written as text where the run read them),
dispatches each through the one ``ToolBox`` onto a default car of ``vmb.sim``, and the record
``build_record`` makes of it is compared with the recorded one: the conversation (every tool result
the car gives), the calls by kind, the tool results, the final state and the score. A call in the
record that no message made, a message's call missing from the record, a tool result the car would
not give, a score that does not follow: each is a reason naming what differs.

Memory tools cannot be re-run without the built memory, which a bundle does not hold: a call of the
memory kind gets its recorded result back (``_recorded_tools``). Mem Token (the tokens of each retrieval: the
memory placed in the prompt, then the memory content of each memory tool's result) is compared too where the
conversation shows all the memory given (``placed``: the query's gold memory under gold, nothing under none), so
a record whose Mem Token was edited down is a reason; for the other settings it is taken as recorded.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vmb.data import Query
from vmb.harness.agent import build_record, converse, system_prompt
from vmb.harness.imported import imported_record
from vmb.llm.model import Message, Reply
from vmb.llm.textcalls import INVALID_CALL
from vmb.memory.base import MemoryResult, MemoryTool, QueryMemory
from vmb.results.record import QueryRecord
from vmb.sim.registry import API_BY_NAME, DISCOVERY
from vmb.usage import Usage

# Fields of a record that the replay must reproduce exactly (Mem Token and timing are taken as recorded).
COMPARED = ("final_answer", "round_limit_hit", "calls", "call_count", "text_calls", "tool_results", "final_diff",
            "usage", "cache_hits", "rounds", "score")


class PlaybackEnded(Exception):
    """The loop asked for a turn the record does not hold."""


def _arguments(arguments: str) -> str:
    """The arguments as written into a text call, so that reading them back gives ``arguments`` again."""
    try:
        if json.dumps(json.loads(arguments), ensure_ascii=False) == arguments:
            return arguments
    except (ValueError, RecursionError):
        pass
    return json.dumps(arguments, ensure_ascii=False)  # the model wrote them as a string: kept as one


def _written(call: Message, form: str) -> str:
    """One normalised call as the text form ``form`` writes it (``vmb.llm.textcalls`` reads each)."""
    function = call.get("function") or {}
    name, arguments = str(function.get("name")), str(function.get("arguments"))
    if name == INVALID_CALL:  # a block that did not read: its text as the model wrote it
        return f"<tool_call>{arguments}</tool_call>"
    field = "parameters" if form == "python_tag" else "arguments"
    obj = f'{{"name": {json.dumps(name, ensure_ascii=False)}, "{field}": {_arguments(arguments)}}}'
    forms = {"tool_call": f"<tool_call>{obj}</tool_call>", "python_tag": f"<|python_tag|>{obj}",
             "function_tag": f"<function={name}>{_arguments(arguments)}</function>",
             "mistral": f"[TOOL_CALLS] [{obj}]", "json_list": f"[{obj}]"}
    return forms.get(form, obj)


def as_written(message: Message, forms: dict[str, str]) -> Message:
    """An assistant message whose calls were read from its text, written back as text (``forms``: call id ->
    the form it was read from; the record keeps the calls normalised into ``tool_calls``)."""
    calls = message.get("tool_calls") or []
    if not any(isinstance(c, dict) and c.get("id") in forms for c in calls):
        return message
    form, pieces = "tool_call", []
    for call in calls:
        form = forms.get(str(call.get("id")), form)  # a call not run (capped) was read as the one before it
        pieces.append(_written(call, form))
    text = "\n".join([message["content"], *pieces] if message.get("content") else pieces)
    return {"role": "assistant", "content": text}


class Playback:
    """A model whose turns are a record's assistant messages and rounds, in order (calls the run read from
    text written back as text, so that the loop reads them again as it did)."""

    def __init__(self, turns: Sequence[Message], record: QueryRecord) -> None:
        forms = {r.id: r.read_as for r in record.tool_results if r.read_as is not None}
        self.turns = [as_written(turn, forms) for turn in turns]
        self.record = record
        self.asked = 0

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        if self.asked >= len(self.turns):
            raise PlaybackEnded
        message = dict(self.turns[self.asked])
        rounds = self.record.rounds
        round_ = rounds[self.asked] if self.asked < len(rounds) else None
        self.asked += 1
        if round_ is None:
            return Reply(message)
        if round_.reasoning is not None:
            message["reasoning_content"] = round_.reasoning
        return Reply(message, Usage(round_.prompt_tokens, round_.completion_tokens, round_.cached_tokens), round_.finish_reason,
                     cached=round_.cached, seconds=round_.seconds, queued=round_.queued, attempts=round_.attempts,
                     original_seconds=round_.original_seconds)


def _recorded_tools(record: QueryRecord, messages: Sequence[Message]) -> list[MemoryTool]:
    """The memory tools the record's calls used, each answering with the result the record holds for the call."""
    results = {m.get("tool_call_id"): m.get("content") for m in messages if m.get("role") == "tool"}
    verdicts = {r.id: r.ok for r in record.tool_results if r.kind == "memory"}
    names = {r.name for r in record.tool_results
             if r.kind == "memory" and r.name != DISCOVERY and r.name not in API_BY_NAME}
    # The calls that reach a tool (their arguments parsed to an object), in the order they were made.
    order = [r.id for r in record.tool_results if r.kind == "memory" and r.args is not None]

    def tool(name: str) -> MemoryTool:
        async def run(args: dict[str, Any]) -> MemoryResult:
            call_id = order.pop(0) if order else ""
            return MemoryResult(str(results.get(call_id, "")), ok=verdicts.get(call_id, False))

        # Every argument the record's calls passed: the call reaches the tool, which answers as recorded.
        seen = {key for r in record.tool_results if r.kind == "memory" and r.name == name for key in r.args or {}}
        return MemoryTool(name, "recorded", {"type": "object", "properties": {key: {} for key in sorted(seen)}}, run)

    return [tool(name) for name in sorted(names)]


def memory_part(system: str) -> str | None:
    """The memory part of a system prompt vmb's agent prompt made, or None when it is not one."""
    bare = system_prompt("")
    if system == bare:
        return ""
    head = bare + "\n\n"
    return system[len(head):] if system.startswith(head) and system_prompt(system[len(head):]) == system else None


def _shown(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= limit else text[:limit] + "..."


def first_difference(recorded: Any, replayed: Any, where: str, made: str = "re-executed") -> str:
    """Where two JSON values first differ, shown briefly (``made``: how the second one was made)."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in [*recorded, *(k for k in replayed if k not in recorded)]:
            if recorded.get(key) != replayed.get(key):
                return first_difference(recorded.get(key), replayed.get(key), f"{where}.{key}", made)
    if isinstance(recorded, list) and isinstance(replayed, list) and len(recorded) == len(replayed):
        for n, (a, b) in enumerate(zip(recorded, replayed)):
            if a != b:
                return first_difference(a, b, f"{where}[{n}]", made)
    before, after = _shown(recorded), _shown(replayed)
    if before == after:  # they differ past what is shown: show them from where they part
        first = json.dumps(recorded, ensure_ascii=False, sort_keys=True, default=str)
        second = json.dumps(replayed, ensure_ascii=False, sort_keys=True, default=str)
        at = len(os.path.commonprefix([first, second]))
        start = max(0, at - 40)

        def part(text: str) -> str:
            return f"...{text[start:start + 120]}" + ("..." if len(text) > start + 120 else "")

        return f"{where}: differs from character {at}: recorded {part(first)}, {made} {part(second)}"
    return f"{where}: recorded {before}, {made} {after}"


@dataclass(frozen=True)
class Replay:
    problems: list[str]  # why the record does not follow from its conversation (empty: it does)


def replay_record(record: QueryRecord, messages: list[Message], query: Query, *, max_rounds: int,
                  text_calls: bool, compare_prompt: bool, placed: tuple[str | None] | None = None) -> Replay:
    """Re-execute one scored record (``messages``: its conversation, the system prompt read back) and compare.

    ``compare_prompt``: the run used this vmb's agent prompt, so its system prompt must be the one this vmb makes.
    ``placed``: the memory text the setting placed in the prompt (None in it: nothing), when known; its Mem Token
    is then compared too.
    """
    identity = {"group": query.group, "index": query.index, "reasoning_type": query.reasoning_type,
                "query": query.query}
    wrong = [key for key, value in identity.items() if getattr(record, key) != value]
    if wrong:
        return Replay([f"its {', '.join(wrong)} is not the benchmark's query {query.id}'s"])
    if len(messages) < 2 or messages[0].get("role") != "system" or messages[1] != {"role": "user",
                                                                                     "content": query.query}:
        return Replay(["its conversation does not open with a system prompt and the query"])
    system = messages[0].get("content")
    memory_prompt = memory_part(system) if isinstance(system, str) else None
    if memory_prompt is None and compare_prompt:
        return Replay(["its system prompt is not the one vmb's agent prompt makes"])
    turns = [m for m in messages[2:] if m.get("role") == "assistant"]
    memory = QueryMemory(memory_prompt or "", injected=None if placed is None else placed[0],
                         tools=_recorded_tools(record, messages))
    try:
        talk = asyncio.run(converse(query, Playback(turns, record), memory, max_rounds=max_rounds,
                                    text_calls=text_calls))
    except PlaybackEnded:
        return Replay([f"its conversation ends after {len(turns)} model turn(s), where the loop goes on"])
    talk.messages[0] = messages[0]  # compared above, as far as this vmb's prompt allows
    rebuilt = build_record(query, memory, talk, record.seconds).to_json()
    problems = []
    if talk.messages != messages:
        problems.append(first_difference(messages, talk.messages, "messages"))
    stored = record.to_json()
    compared = (*COMPARED, "mem_tokens") if placed is not None else COMPARED
    problems += [first_difference(stored[key], rebuilt[key], key) for key in compared if stored[key] != rebuilt[key]]
    return Replay(problems)


def replay_calls(record: QueryRecord, query: Query) -> list[str]:
    """Why a record without a conversation (``vmb import``'s) does not follow from its calls, re-executed on the
    default car in the order it made them and scored (empty: it does)."""
    identity = {"group": query.group, "index": query.index, "reasoning_type": query.reasoning_type,
                "query": query.query}
    wrong = [key for key, value in identity.items() if getattr(record, key) != value]
    if wrong:
        return [f"its {', '.join(wrong)} is not the benchmark's query {query.id}'s"]
    calls = [{"name": result.name, "args": result.args if result.args is not None else {}}
             for result in record.tool_results]
    rebuilt = imported_record(query, calls).to_json()
    stored = record.to_json()
    return [first_difference(stored[key], rebuilt[key], key) for key in COMPARED if stored[key] != rebuilt[key]]
