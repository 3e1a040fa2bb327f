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
2. what the query's model requests used is one ``usage`` (``vmb.usage.Usage``: prompt, completion and cached
   tokens, requests, the model's seconds), where version 1 kept ``requests``, ``prompt_tokens``,
   ``completion_tokens`` and ``model_seconds`` flat and no cached tokens; a version-1 line reads into a
   ``Usage`` with none cached.

A run directory holds one record per ``key``: the query id for trial 1 (as always), ``qa_N#i~T``
for trial T > 1.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import UnionType
from typing import TYPE_CHECKING, Any, TypedDict, Union, get_args, get_origin

from vmb.jsontypes import JsonTypeError, check_fields, declared_types, json_kind
from vmb.results.record_parts import Attribution, RecordedCall, RecordFormatError, Round, ToolResult
from vmb.results.record_view import record_html, record_line
from vmb.score import TaskScore
from vmb.usage import Usage

if TYPE_CHECKING:
    from vmb.data import Query

RECORD_VERSION = 2
OK = "ok"
ERROR = "error"
CALL_KINDS = ("vehicle", "discovery", "memory", "invalid")


def attempt_key(query_id: str, trial: int) -> str:
    """The key of one trial of a query in a run directory (the bare id for trial 1)."""
    return query_id if trial == 1 else f"{query_id}~{trial}"


def empty_calls() -> dict[str, list[RecordedCall]]:
    return {kind: [] for kind in CALL_KINDS}


def _read(hint: Any, value: Any, where: str) -> Any:
    """A checked JSON value as the declared type holds it: parts and scores read by their own readers."""
    if value is None:
        return None
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        return _read(next(arg for arg in args if arg is not type(None)), value, where)
    if isinstance(hint, type) and hasattr(hint, "from_json"):
        try:
            return hint.from_json(value)
        except RecordFormatError as error:
            raise RecordFormatError(f"{where}: {error}") from None
    if isinstance(hint, type) and hasattr(hint, "from_dict"):
        return hint.from_dict(value)
    if origin is list:
        return [_read(args[0], item, f"{where}[{i}]") for i, item in enumerate(value)]
    if origin is dict:
        return {key: _read(args[1], item, f"{where}.{key}") for key, item in value.items()}
    return value


def _plain(value: Any) -> Any:
    return value


@functools.cache
def _writer(hint: Any) -> Callable[[Any], Any]:
    """How a field of the declared type ``hint`` writes its value as JSON (``_read``'s inverse): parts and scores
    by their own writers, the rest as it stands. Made once per type, since every record writes every field."""
    origin, args = get_origin(hint), get_args(hint)
    if origin in (Union, UnionType):
        inner = _writer(next(arg for arg in args if arg is not type(None)))
        return lambda value: None if value is None else inner(value)
    if isinstance(hint, type) and hasattr(hint, "to_json"):
        return lambda value: None if value is None else value.to_json()
    if isinstance(hint, type) and hasattr(hint, "to_dict"):
        return lambda value: None if value is None else value.to_dict()
    if origin is list and _writes_itself(args[0]):
        item_writer = _writer(args[0])
        return lambda value: None if value is None else [item_writer(item) for item in value]
    if origin is dict and _writes_itself(args[1]):
        item_writer = _writer(args[1])
        return lambda value: None if value is None else {key: item_writer(item) for key, item in value.items()}
    return _plain


def _writes_itself(hint: Any) -> bool:
    """Whether values of ``hint`` (or nested in it) have a writer of their own; plain JSON is left as it is."""
    if isinstance(hint, type):
        return hasattr(hint, "to_json") or hasattr(hint, "to_dict")
    return any(_writes_itself(arg) for arg in get_args(hint))


@functools.cache
def _record_writers() -> tuple[tuple[str, Callable[[Any], Any]], ...]:
    """Each field of ``QueryRecord`` with its writer, in declared order (made once)."""
    hints = declared_types(QueryRecord)
    return tuple((f.name, _writer(hints[f.name])) for f in fields(QueryRecord))


@dataclass(repr=False)
class QueryRecord:
    """What one query did and how it scored (``score`` is None unless ``status`` is ``ok``).

    Shown as one line in a terminal (``repr``) and in full as HTML in a notebook (``vmb.results.record_view``)."""

    id: str  # stable query id, ``qa_N#i``
    group: int
    index: int
    reasoning_type: str
    status: str  # OK, or ERROR: a request failed for good (never scored, retried on resume)
    error: str | None = None
    error_kind: str | None = None  # why a request failed (``RequestFailed.kind``), for an error record
    query: str = ""
    final_answer: str | None = None
    round_limit_hit: bool = False
    calls: dict[str, list[RecordedCall]] = field(default_factory=empty_calls)  # by kind (CALL_KINDS)
    call_count: int = 0  # every tool invocation (discovery and memory included)
    text_calls: int = 0  # calls read from text rather than native tool calls
    tool_results: list[ToolResult] = field(default_factory=list)  # per call, in order, with its round
    final_diff: dict[str, Any] = field(default_factory=dict)  # the car's leaves that left the default
    mem_tokens: list[int] = field(default_factory=list)  # tokens of memory content per retrieval
    rounds: list[Round] = field(default_factory=list)  # per model request: usage, timing
    usage: Usage = field(default_factory=Usage)  # what its model requests used (replies from the cache included)
    cache_hits: int = 0
    seconds: float = 0.0
    queue_seconds: float = 0.0  # waiting for a free request slot
    messages: list[dict[str, Any]] = field(default_factory=list)  # the conversation
    score: TaskScore | None = None
    trial: int = 1  # which repeated run of the query (1..K)
    attribution: Attribution | None = None  # a scored query's stage (``vmb.results.stages``)

    def __repr__(self) -> str:
        return record_line(self)

    def _repr_html_(self) -> str:
        return record_html(self)

    @property
    def ok(self) -> bool:
        return self.status == OK

    @property
    def key(self) -> str:
        return attempt_key(self.id, self.trial)

    @property
    def requests(self) -> int:
        """Requests sent to the endpoint (retries included; a reply from the cache sends none)."""
        return self.usage.requests

    @property
    def prompt_tokens(self) -> int:
        return self.usage.prompt_tokens

    @property
    def completion_tokens(self) -> int:
        return self.usage.completion_tokens

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
        """The line of ``results.jsonl``: every field in its declared order, each part as it writes itself
        (``attribution`` only when there is one), then the format version."""
        doc = {name: write(getattr(self, name)) for name, write in _record_writers()}
        if self.attribution is None:
            del doc["attribution"]
        doc["version"] = RECORD_VERSION
        return doc

    @classmethod
    def from_json(cls, data: Any) -> QueryRecord:
        """The record of a parsed line; ``RecordFormatError`` naming the field that is missing or of the wrong
        type (every field is checked against its declared type, ``vmb.jsontypes``)."""
        if not isinstance(data, Mapping):
            raise RecordFormatError(f"{json_kind(data)}, not a record")
        version = data.get("version", 1)
        if type(version) is not int or not 1 <= version <= RECORD_VERSION:
            raise RecordFormatError(f"format version {version!r}; this vmb reads versions 1 to {RECORD_VERSION}")
        try:
            check_fields(cls, data, "", "the record")
            if version == 1:
                check_fields(FlatUsage, data, "", "the record")
            elif isinstance(data.get("usage"), Mapping):
                check_fields(Usage, data["usage"], "usage")
        except JsonTypeError as error:
            raise RecordFormatError(str(error)) from None
        if data["status"] not in (OK, ERROR):
            raise RecordFormatError(f"status is {data['status']!r}, not {OK!r} or {ERROR!r}")
        if data["status"] == OK and data.get("score") is None:
            raise RecordFormatError("an ok record without score")
        if data.get("trial", 1) < 1:
            raise RecordFormatError(f"trial is {data['trial']}, not 1 or more")
        hints = declared_types(cls)
        values = {f.name: _read(hints[f.name], data[f.name], f.name) for f in fields(cls)
                  if data.get(f.name) is not None}
        values["calls"] = {**empty_calls(), **values.get("calls", {})}
        if version == 1:
            values["usage"] = Usage(prompt_tokens=data.get("prompt_tokens", 0),
                                    completion_tokens=data.get("completion_tokens", 0),
                                    requests=data.get("requests", 0), seconds=data.get("model_seconds", 0.0))
        return cls(**values)


class FlatUsage(TypedDict, total=False):
    """What a version-1 line kept of its usage, flat beside the other fields."""

    requests: int
    prompt_tokens: int
    completion_tokens: int
    model_seconds: float  # the model's time
