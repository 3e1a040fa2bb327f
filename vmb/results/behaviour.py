"""What a query's replies did besides their score: degenerate output and protocol mistakes, counted.

Read off the stored record alone (its rounds, tool results, final answer and conversation), so a run
made before these counts existed is counted too. The counts are metrics of the registry
(``vmb.results.metrics``, aggregation ``sum``), so ``metric.json``, ``vmb show`` and the report carry them:

* truncated rounds: replies cut off by the output-token limit (``finish_reason`` ``length``);
* repeated calls: calls identical (name and arguments) to an earlier call of the same reply; they are
  executed as the reference harness executes them, and counted here;
* unknown tools: calls naming no tool at all; near misses: those whose name is close to a real tool's
  (``vmb.sim.registry.closest_apis``, the names the tool result suggested);
* not loaded: calls to a real vehicle API whose module was not loaded first;
* refused arguments: calls to an available tool refused for their arguments (not JSON, the wrong
  parameters, a value the car refuses);
* capped replies: replies with calls left unexecuted by the caps (``vmb.harness.agent``);
* no-call queries: queries that ended without a single call;
* echoed answers: a final answer that repeats a tool result (at least ``ECHO_MIN`` characters of it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from vmb.results.record import QueryRecord
from vmb.results.record_parts import ToolResult
from vmb.sim.registry import API_BY_NAME, closest_apis

ECHO_MIN = 20  # characters of a tool result an answer must repeat to count as its echo
# What a refused call got wrong (the failure taxonomy's kinds of invalid call, in its tie order).
UNKNOWN_TOOL = "unknown tool"
NOT_LOADED = "not loaded"
REFUSED_ARGUMENTS = "refused arguments"


@dataclass(frozen=True)
class Behaviour:
    truncated_rounds: int = 0
    repeated_calls: int = 0
    unknown_tools: int = 0
    near_misses: int = 0
    not_loaded: int = 0
    refused_arguments: int = 0
    capped_replies: int = 0
    no_call: int = 0  # 1 when the query made no call
    echoed_answer: int = 0  # 1 when the final answer repeats a tool result

    @property
    def degenerate(self) -> bool:
        """Output that is not an attempt at the task: cut off, repeating itself, runaway, or an echo."""
        return bool(self.truncated_rounds or self.repeated_calls or self.capped_replies or self.echoed_answer)


def _signature(name: str, args: dict[str, Any] | None, arguments: str | None) -> str:
    return name + "\0" + (json.dumps(args, sort_keys=True) if args is not None else str(arguments))


def _echoes(answer: str | None, messages: list[dict[str, Any]]) -> bool:
    if not answer:
        return False
    said = " ".join(answer.split())
    for message in messages:
        content = message.get("content") if message.get("role") == "tool" else None
        if isinstance(content, str):
            text = " ".join(content.split())
            if len(text) >= ECHO_MIN and text in said:
                return True
    return False


def mistake_of(result: ToolResult) -> str | None:
    """What a refused call got wrong: ``unknown tool``, ``not loaded`` or ``refused arguments``."""
    if result.ok:
        return None
    if result.kind == "invalid":
        return NOT_LOADED if result.name in API_BY_NAME else UNKNOWN_TOOL
    return REFUSED_ARGUMENTS


def described(behaviour: Behaviour) -> str:
    """One line naming a degenerate query's counts (``2 truncated round(s), 61 repeated call(s)``)."""
    parts = [(behaviour.truncated_rounds, "truncated round(s)"), (behaviour.repeated_calls, "repeated call(s)"),
             (behaviour.capped_replies, "capped reply(ies)")]
    said = [f"{count} {what}" for count, what in parts if count]
    if behaviour.echoed_answer:
        said.append("a final answer echoing a tool result")
    return ", ".join(said)


def behaviour_of(record: QueryRecord) -> Behaviour:
    seen: dict[int, set[str]] = {}
    repeated = unknown = near = not_loaded = refused = 0
    for result in record.tool_results:
        signature = _signature(result.name, result.args, result.arguments)
        earlier = seen.setdefault(result.round, set())
        repeated += signature in earlier
        earlier.add(signature)
        mistake = mistake_of(result)
        if mistake == NOT_LOADED:
            not_loaded += 1
        elif mistake == UNKNOWN_TOOL:
            unknown += 1
            near += bool(closest_apis(result.name))
        elif mistake is not None:
            refused += 1
    return Behaviour(
        truncated_rounds=sum(r.finish_reason == "length" for r in record.rounds),
        repeated_calls=repeated, unknown_tools=unknown, near_misses=near, not_loaded=not_loaded,
        refused_arguments=refused, capped_replies=sum(r.capped > 0 for r in record.rounds),
        no_call=int(record.ok and record.call_count == 0),
        echoed_answer=int(_echoes(record.final_answer, record.messages)),
    )
