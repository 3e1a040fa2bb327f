"""The typed parts of a query record: each model request (``Round``), each call by kind
(``RecordedCall``), each tool result in order (``ToolResult``) and a scored query's stage
(``Attribution``), with their JSON layouts.

Readers are lenient where earlier lines were: a field a line does not carry reads as its default.
A part that is not an object, or holds a field of the wrong type, is a ``RecordFormatError``, so the
line is named and dropped (and its query rerun) rather than half read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from vmb.errors import VmbError
from vmb.jsontypes import describe, fits, json_kind


class RecordFormatError(VmbError, ValueError):
    """A ``results.jsonl`` line that is not a query record this version can read."""


def _object(data: Any, what: str) -> Mapping[str, Any]:
    if not fits(data, dict):
        raise RecordFormatError(f"{what} is {json_kind(data)}, not an object")
    return data


# The parts read older records as they were written: null stands for a field's default (``_typed`` skips
# it), ``cached`` may be a number (it was 0/1) and a count or time true or false, as this reader has
# always let them be; what fits is vmb.jsontypes' to say.
_COUNT = int | bool
_SECONDS = float | bool  # a float's hint takes whole numbers too
_FLAG = bool | int


def _typed(data: Mapping[str, Any], key: str, hint: Any, default: Any, what: str) -> Any:
    value = data.get(key, default)
    if value is not None and not fits(value, hint):
        raise RecordFormatError(f"{what}.{key} is {json_kind(value)}, not {describe(hint)}")
    return value


@dataclass(frozen=True)
class Round:
    """One model request of the agent loop: its usage, whether the cache answered, its timing."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    finish_reason: str | None = None
    cached: bool = False
    attempts: int = 1  # requests sent for it, retries included
    seconds: float = 0.0  # the model's time for this request (0 when the cache answered)
    queued: float = 0.0  # waiting for a free request slot
    reasoning: str | None = None  # the model's reasoning text, when the server returns one
    original_seconds: float = 0.0  # the cache answered: the model's time when it first answered
    capped: int = 0  # calls of the reply not executed (vmb.harness.agent's caps on calls)
    cached_tokens: int = 0  # of the prompt tokens, those the server read from its prompt cache

    def to_json(self) -> dict[str, Any]:
        out = {"prompt_tokens": self.prompt_tokens, "completion_tokens": self.completion_tokens,
               "finish_reason": self.finish_reason, "cached": self.cached, "attempts": self.attempts,
               "seconds": self.seconds, "queued": self.queued, "reasoning": self.reasoning}
        if self.cached_tokens:
            out["cached_tokens"] = self.cached_tokens
        if self.original_seconds:
            out["original_seconds"] = self.original_seconds
        if self.capped:
            out["capped"] = self.capped
        return out

    @classmethod
    def from_json(cls, data: Any) -> Round:
        d = _object(data, "a round")
        return cls(prompt_tokens=_typed(d, "prompt_tokens", _COUNT, 0, "round") or 0,
                   completion_tokens=_typed(d, "completion_tokens", _COUNT, 0, "round") or 0,
                   cached_tokens=_typed(d, "cached_tokens", _COUNT, 0, "round") or 0,
                   finish_reason=_typed(d, "finish_reason", str, None, "round"),
                   cached=bool(_typed(d, "cached", _FLAG, False, "round")),
                   attempts=_typed(d, "attempts", _COUNT, 1, "round") or 0,
                   seconds=_typed(d, "seconds", _SECONDS, 0.0, "round") or 0.0,
                   queued=_typed(d, "queued", _SECONDS, 0.0, "round") or 0.0,
                   reasoning=_typed(d, "reasoning", str, None, "round"),
                   original_seconds=_typed(d, "original_seconds", _SECONDS, 0.0, "round") or 0.0,
                   capped=_typed(d, "capped", _COUNT, 0, "round") or 0)


@dataclass(frozen=True)
class RecordedCall:
    """One call as the record keeps it under its kind: parsed arguments, or the text that did not parse."""

    name: str
    args: dict[str, Any] | None
    arguments: str | None = None  # as the model wrote them, when they did not parse to an object

    def to_json(self) -> dict[str, Any]:
        """``{name, args}`` (the shape the scorer and the reference take), or ``{name, arguments}``."""
        if self.args is not None:
            return {"name": self.name, "args": self.args}
        return {"name": self.name, "arguments": self.arguments}

    @classmethod
    def from_json(cls, data: Any) -> RecordedCall:
        d = _object(data, "a call")
        return cls(name=str(d.get("name", "")), args=_typed(d, "args", dict, None, "call"),
                   arguments=_typed(d, "arguments", str, None, "call"))


@dataclass(frozen=True)
class ToolResult:
    """One tool call in the order it was made: its round, kind, arguments, whether it worked, what it changed.

    The result text itself is in the conversation (the tool message with this ``id``).
    """

    round: int
    id: str
    name: str
    kind: str  # "discovery", "vehicle", "memory" or "invalid"
    args: dict[str, Any] | None  # parsed, when they parsed to an object
    ok: bool
    arguments: str | None = None  # as the model wrote them, when they did not parse
    changes: dict[str, Any] = field(default_factory=dict)  # leaves of the car the call changed
    read_as: str | None = None  # the text form a call written as text was read from

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"round": self.round, "id": self.id, "name": self.name, "kind": self.kind,
                               "args": self.args, "ok": self.ok}
        if self.args is None:
            out["arguments"] = self.arguments
        if self.changes:
            out["changes"] = self.changes
        if self.read_as is not None:
            out["read_as"] = self.read_as
        return out

    @classmethod
    def from_json(cls, data: Any) -> ToolResult:
        d = _object(data, "a tool result")
        return cls(round=_typed(d, "round", _COUNT, 0, "tool result") or 0, id=str(d.get("id", "")),
                   name=str(d.get("name", "")), kind=str(d.get("kind", "invalid")),
                   args=_typed(d, "args", dict, None, "tool result"), ok=bool(d.get("ok", False)),
                   arguments=_typed(d, "arguments", str, None, "tool result"),
                   changes=_typed(d, "changes", dict, {}, "tool result") or {},
                   read_as=_typed(d, "read_as", str, None, "tool result"))


HIT_KS = (1, 3, 5)  # the k of recall@k


@dataclass(frozen=True)
class Attribution:
    """Where a scored query's memory failed (``vmb.results.stages``), computed once and stored.

    ``hits`` says, per k of ``HIT_KS``, whether the memory tool results stated every fact within
    their first k items; it is empty when the agent made no search.
    """

    stage: str  # one of vmb.results.stages.STAGES
    detail: str  # what decided it, for a reader
    evidence_in_memory: bool  # the store the agent could reach states every fact
    evidence_seen: bool  # what the agent was given (prompt memory, memory tool results) does
    searches: int = 0  # memory tool results
    items_retrieved: int = 0  # their items
    items_relevant: int = 0  # the items stating a fact
    hits: tuple[bool, ...] = ()

    def hit_at(self, k: int) -> bool | None:
        return self.hits[HIT_KS.index(k)] if self.hits else None

    def to_json(self) -> dict[str, Any]:
        return {"stage": self.stage, "detail": self.detail, "evidence_in_memory": self.evidence_in_memory,
                "evidence_seen": self.evidence_seen, "searches": self.searches,
                "items_retrieved": self.items_retrieved, "items_relevant": self.items_relevant,
                "hits": list(self.hits)}

    @classmethod
    def from_json(cls, data: Any) -> Attribution:
        d = _object(data, "an attribution")
        hits = _typed(d, "hits", list, [], "attribution") or []
        if len(hits) not in (0, len(HIT_KS)) or not fits(hits, list[bool]):
            raise RecordFormatError(f"attribution.hits is not {len(HIT_KS)} true/false values")
        stage = _typed(d, "stage", str, None, "attribution")
        if stage is None:
            raise RecordFormatError("an attribution has no stage")
        return cls(stage=stage, detail=_typed(d, "detail", str, "", "attribution") or "",
                   evidence_in_memory=bool(_typed(d, "evidence_in_memory", bool, False, "attribution")),
                   evidence_seen=bool(_typed(d, "evidence_seen", bool, False, "attribution")),
                   searches=_typed(d, "searches", _COUNT, 0, "attribution") or 0,
                   items_retrieved=_typed(d, "items_retrieved", _COUNT, 0, "attribution") or 0,
                   items_relevant=_typed(d, "items_relevant", _COUNT, 0, "attribution") or 0,
                   hits=tuple(hits))
