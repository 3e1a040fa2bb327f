"""The per-query record of ``results.jsonl``: one typed value, built here and read back here.

Every line of ``results.jsonl`` is a ``QueryRecord.to_json()``; the agent loop builds the record of a
query that ran (``QueryRecord.ran``), the runner the record of a query that could not run
(``QueryRecord.failed``), and every reader (resume, rescoring, ``vmb show``, ``vmb.analysis``) goes
through ``QueryRecord.from_json``. Its rounds, calls by kind and tool results are typed too
(``vmb.results.record_parts``).

Format versions (``version`` in each line):

1. the first layout. Lines written before the key existed carry none and read as version 1; their
   error records hold only the query's identity, the error and zero counts, and load with the other
   fields empty. ``trial`` (repeated trials, ``vmb run --trials``) came later within this version: a
   line without it is trial 1. ``attribution`` (a scored query's stage and what its memory held,
   retrieved and used of the evidence, ``vmb.results.stages``) came later too: a scored line without
   it is attributed when it is read for analysis (``vmb.analysis.load_runs``) or re-scored.

A run directory holds one record per ``key``: the query id for trial 1 (as always), ``qa_N#i~T``
for trial T > 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vmb.results.record_parts import Attribution, RecordedCall, RecordFormatError, Round, ToolResult
from vmb.score import TaskScore

if TYPE_CHECKING:
    from vmb.data import Query

RECORD_VERSION = 1
OK = "ok"
ERROR = "error"
CALL_KINDS = ("vehicle", "discovery", "memory", "invalid")


def attempt_key(query_id: str, trial: int) -> str:
    """The key of one trial of a query in a run directory (the bare id for trial 1)."""
    return query_id if trial == 1 else f"{query_id}~{trial}"


def empty_calls() -> dict[str, list[RecordedCall]]:
    return {kind: [] for kind in CALL_KINDS}


def _listed(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key) or []
    if not isinstance(value, list):
        raise RecordFormatError(f"query record {data.get('id')!r}: {key} is not a list")
    return value


def _calls(data: Mapping[str, Any]) -> dict[str, list[RecordedCall]]:
    stored = data.get("calls") or {}
    if not isinstance(stored, Mapping):
        raise RecordFormatError(f"query record {data.get('id')!r}: calls is not an object of call lists")
    calls = empty_calls()
    for kind, entries in stored.items():
        if not isinstance(entries, list):
            raise RecordFormatError(f"query record {data.get('id')!r}: calls.{kind} is not a list")
        calls[kind] = [RecordedCall.from_json(entry) for entry in entries]
    return calls


@dataclass
class QueryRecord:
    """What one query did and how it scored (``score`` is None unless ``status`` is ``ok``)."""

    id: str  # stable query id, ``qa_N#i``
    group: int
    index: int
    reasoning_type: str
    status: str  # OK, or ERROR: a request failed for good (never scored, retried on resume)
    error: str | None
    query: str
    error_kind: str | None = None  # why a request failed (``RequestFailed.kind``), for an error record
    final_answer: str | None = None
    round_limit_hit: bool = False
    calls: dict[str, list[RecordedCall]] = field(default_factory=empty_calls)  # by kind (CALL_KINDS)
    call_count: int = 0  # every tool invocation (discovery and memory included)
    text_calls: int = 0  # calls read from text rather than native tool calls
    tool_results: list[ToolResult] = field(default_factory=list)  # per call, in order, with its round
    final_diff: dict[str, Any] = field(default_factory=dict)  # the car's leaves that left the default
    mem_tokens: list[int] = field(default_factory=list)  # tokens of memory content per retrieval
    rounds: list[Round] = field(default_factory=list)  # per model request: usage, timing
    requests: int = 0
    cache_hits: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0
    model_seconds: float = 0.0  # waiting for the model
    queue_seconds: float = 0.0  # waiting for a free request slot
    messages: list[dict[str, Any]] = field(default_factory=list)  # the conversation
    score: TaskScore | None = None
    trial: int = 1  # which repeated run of the query (1..K)
    attribution: Attribution | None = None  # a scored query's stage (``vmb.results.stages``)

    @property
    def ok(self) -> bool:
        return self.status == OK

    @property
    def key(self) -> str:
        return attempt_key(self.id, self.trial)

    @property
    def vehicle_calls(self) -> list[dict[str, Any]]:
        """The calls that reached the car, as the scorer takes them (``{name, args}``)."""
        return [call.to_json() for call in self.calls["vehicle"]]

    @classmethod
    def failed(cls, query: Query, reason: str, kind: str | None = None, trial: int = 1) -> QueryRecord:
        """The record of a query that could not run (its memory could not be built, say)."""
        return cls(id=query.id, group=query.group, index=query.index, reasoning_type=query.reasoning_type,
                   status=ERROR, error=reason, error_kind=kind, query=query.query, trial=trial)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "group": self.group,
            "index": self.index,
            "reasoning_type": self.reasoning_type,
            "status": self.status,
            "error": self.error,
            "error_kind": self.error_kind,
            "query": self.query,
            "final_answer": self.final_answer,
            "round_limit_hit": self.round_limit_hit,
            "calls": {kind: [c.to_json() for c in calls] for kind, calls in self.calls.items()},
            "call_count": self.call_count,
            "text_calls": self.text_calls,
            "tool_results": [r.to_json() for r in self.tool_results],
            "final_diff": self.final_diff,
            "mem_tokens": self.mem_tokens,
            "rounds": [r.to_json() for r in self.rounds],
            "requests": self.requests,
            "cache_hits": self.cache_hits,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "seconds": self.seconds,
            "model_seconds": self.model_seconds,
            "queue_seconds": self.queue_seconds,
            "messages": self.messages,
            "score": None if self.score is None else self.score.to_dict(),
            "trial": self.trial,
            **({} if self.attribution is None else {"attribution": self.attribution.to_json()}),
            "version": RECORD_VERSION,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> QueryRecord:
        version = data.get("version", 1)
        if not isinstance(version, int) or not 1 <= version <= RECORD_VERSION:
            raise RecordFormatError(f"query record {data.get('id')!r} has format version {version!r}; "
                                    f"this vmb reads versions 1 to {RECORD_VERSION}")
        missing = [k for k in ("id", "group", "index", "reasoning_type", "status") if k not in data]
        if missing:
            raise RecordFormatError(f"query record {data.get('id')!r} lacks {', '.join(missing)}")
        score = data.get("score")
        return cls(
            id=data["id"],
            group=int(data["group"]),
            index=int(data["index"]),
            reasoning_type=data["reasoning_type"],
            status=data["status"],
            error=data.get("error"),
            error_kind=data.get("error_kind"),
            query=data.get("query", ""),
            final_answer=data.get("final_answer"),
            round_limit_hit=bool(data.get("round_limit_hit", False)),
            calls=_calls(data),
            call_count=data.get("call_count", 0),
            text_calls=data.get("text_calls", 0),
            tool_results=[ToolResult.from_json(r) for r in _listed(data, "tool_results")],
            final_diff=dict(data.get("final_diff") or {}),
            mem_tokens=list(data.get("mem_tokens") or []),
            rounds=[Round.from_json(r) for r in _listed(data, "rounds")],
            requests=data.get("requests", 0),
            cache_hits=data.get("cache_hits", 0),
            prompt_tokens=data.get("prompt_tokens", 0),
            completion_tokens=data.get("completion_tokens", 0),
            seconds=data.get("seconds", 0.0),
            model_seconds=data.get("model_seconds", 0.0),
            queue_seconds=data.get("queue_seconds", 0.0),
            messages=list(data.get("messages") or []),
            score=None if score is None else TaskScore.from_dict(score),
            trial=int(data.get("trial", 1)),
            attribution=None if data.get("attribution") is None else Attribution.from_json(data["attribution"]),
        )
