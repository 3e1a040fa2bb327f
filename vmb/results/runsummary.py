"""``metric.json``, typed: ``RunSummary``, written by ``to_json`` and read back by ``from_json`` alone.

Every reader of a run's summary (``vmb show``, ``vmb run``'s last line, ``vmb score``, ``vmb merge``, the
bundle's pack, validate, board and card, the report, the benchmark suites) takes a ``RunSummary``: the one
made from the records (``vmb.results.summary.compute_metric``) or the one a file reads as (``from_json``),
never the file's keys. Its parts are declared here and checked against their
declarations by ``vmb.jsontypes``; a summary entry's numbers are those of the metric registry
(``vmb.results.metrics.SUMMARY_KEYS``), each typed by its aggregation (a count is a whole number, the rest
a number or null).

Format versions (``version`` in the file):

1. the first layout. A file written before the key existed carries none and reads as version 1, as it
   stands. A file without one of the registry's metrics (written before the metric was declared) does
   not read: one line naming it (``vmb pack`` adds ``vmb score RUN``, which writes the file again from the
   records).
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypedDict

from vmb.errors import VmbError
from vmb.jsontypes import JsonTypeError, check, check_fields, declared_types, is_typed_dict, json_kind
from vmb.results import metrics
from vmb.results.header import RunIdentity

SUMMARY_VERSION = 1
METRIC = "metric.json"  # the file of a run directory that holds it


class SummaryFormatError(VmbError, ValueError):
    """A summary that does not read as this vmb's ``RunSummary``: the message names the field."""


class Interval(TypedDict):
    low: float
    high: float


class Tokens(TypedDict):
    prompt: int
    completion: int


class ErrorQuery(TypedDict):
    id: str  # the record's key
    error: str | None
    kind: str  # why its request failed (``RequestFailed.kind``), ``request_failed`` when unknown


class _Loop(TypedDict):
    date: str
    target: str
    calls: int


class BuildLoopEntry(_Loop, total=False):
    """A day of one group's build on which the model kept writing one target (``BuildLoop``)."""

    group: int  # in the run's list of loops (not in a group's own health)


class BuildWarningEntry(TypedDict):
    """A warning of the health check of what a build kept (``vmb.memory.health.BuildWarning``)."""

    kind: str
    text: str


class GroupWarning(BuildWarningEntry):
    group: int


class _Health(TypedDict):
    days: int
    truncated: int
    refused: int
    loops: list[BuildLoopEntry]
    empty: bool | None


class Health(_Health, total=False):
    """A group's build health as its build.json records it (``vmb.memory.base.BuildHealth``); the health check's
    measures and warnings since build.json's version 2."""

    copied: float | None
    unchanged: int | None
    warnings: list[BuildWarningEntry]


class _GroupCost(TypedDict):
    group: int
    model_calls: int
    prompt_tokens: int
    completion_tokens: int
    embedding_calls: int


class GroupBuild(_GroupCost, total=False):
    health: Health  # where the build recorded it


class _MemoryBuild(TypedDict):
    groups: int
    model_calls: int
    prompt_tokens: int
    completion_tokens: int
    embedding_calls: int
    truncated: int
    refused: int
    loops: list[BuildLoopEntry]
    empty_stores: list[int]
    per_group: list[GroupBuild]


class MemoryBuild(_MemoryBuild, total=False):
    """The memory construction's cost and health, per group and in total (``vmb.results.summary.memory_cost``);
    the health check's warnings, each with its group (a metric.json written before them has none)."""

    warnings: list[GroupWarning]


class PriceUsed(TypedDict):
    input: float
    output: float
    per: str
    source: str


class _Price(TypedDict):
    price: PriceUsed | None


class Cost(_Price, total=False):
    """What the run cost (``vmb.prices.cost_figures``): a priced one's figures, or ``price`` null and a ``note``."""

    note: str
    currency: str
    queries: float
    memory_build: float
    total: float
    per_query: float | None
    per_solved_query: float | None


def _value_type(key: str) -> Any:
    """The JSON type of a summary entry's number: a count (a ``sum`` metric, a weight total) is a whole number."""
    metric = metrics.BY_KEY.get(key)
    return int if metric is None or metric.aggregation == "sum" else float | None


# Every number of a summary entry, in metric.json's order, with its type (from the metric registry).
VALUE_TYPES: dict[str, Any] = {key: _value_type(key) for key in metrics.SUMMARY_KEYS}


@dataclass(frozen=True)
class SummaryEntry:
    """One entry of a summary (overall, or one group of a grouping): the registry's numbers over its scored
    queries, the 95% intervals of those that have one, and the trial figures (``vmb.uncertainty``)."""

    group: str
    n: int  # scored (query, trial) pairs
    intervals: dict[str, Interval | None]
    trials: int
    esm_by_trial: list[float]
    pass_hat_k: list[float]
    pass_at_k: list[float]
    values: dict[str, float | int | None] = field(default_factory=dict)  # every key of VALUE_TYPES

    def value(self, key: str) -> float | int | None:
        """The number of a metric (or a weight total) by its registry key."""
        return self.values[key]

    def interval(self, key: str) -> Interval | None:
        return self.intervals.get(key)

    def to_json(self) -> dict[str, Any]:
        return {"group": self.group, "n": self.n, **self.values, "intervals": self.intervals, "trials": self.trials,
                "esm_by_trial": self.esm_by_trial, "pass_hat_k": self.pass_hat_k, "pass_at_k": self.pass_at_k}

    @classmethod
    def from_json(cls, data: Any, where: str = "entry") -> SummaryEntry:
        """An entry of a summary; ``JsonTypeError`` naming the field (``where.key``) missing or of the wrong type."""
        if not isinstance(data, Mapping):
            raise JsonTypeError(f"{where} is {json_kind(data)}, not an object")
        check_fields(cls, data, where)
        missing = [key for key in VALUE_TYPES if key not in data]
        if missing:
            raise JsonTypeError(f"{where} lacks {', '.join(missing)}")
        for key, hint in VALUE_TYPES.items():
            check(data[key], hint, f"{where}.{key}")
        return cls.of(data)

    @classmethod
    def of(cls, entry: Mapping[str, Any]) -> SummaryEntry:
        """The entry of a summary as ``vmb.results.summary.summarize`` makes it (rounded), or as checked above."""
        return cls(group=entry["group"], n=entry["n"], intervals=entry["intervals"], trials=entry["trials"],
                   esm_by_trial=entry["esm_by_trial"], pass_hat_k=entry["pass_hat_k"], pass_at_k=entry["pass_at_k"],
                   values={key: entry[key] for key in VALUE_TYPES})


def _entries(data: Any, where: str) -> list[SummaryEntry]:
    if not isinstance(data, list):
        raise JsonTypeError(f"{where} is {json_kind(data)}, not a list")
    return [SummaryEntry.from_json(item, f"{where}[{i}]") for i, item in enumerate(data)]


@dataclass(frozen=True)
class RunSummary:
    """A run's ``metric.json``: coverage, the numbers overall and per group, tokens, build, cost, errors."""

    run: RunIdentity
    interval_method: str
    selected: int  # (query, trial) pairs the run's header selects
    scored: int
    solved: int
    errors: int  # pairs whose requests failed: neither scored nor counted as model failures
    context_overflows: int  # of the errors, prompts beyond the model's context
    pending: int  # selected pairs with no record yet
    overall: SummaryEntry | None  # None when nothing was scored
    by_reasoning_type: list[SummaryEntry]
    by_module: list[SummaryEntry]
    text_calls: int  # calls read from text rather than native tool calls, over the scored queries
    round_limit_hit: int  # scored queries that used every round
    tokens: Tokens
    memory_build: MemoryBuild | None  # None for a run that built no memory
    cost: Cost
    error_queries: list[ErrorQuery]
    paper: list[dict[str, str]]  # the paper's printed rows for the memory setting
    version: int = SUMMARY_VERSION

    def by(self, grouping: str) -> list[SummaryEntry]:
        """The entries of one grouping of ``vmb.results.metrics.GROUPINGS`` (``reasoning_type``, ``module``)."""
        entries: list[SummaryEntry] = getattr(self, f"by_{grouping}")
        return entries

    def to_json(self) -> dict[str, Any]:
        """The file: every field in its declared order, entries as they write themselves, the version last."""
        doc: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, SummaryEntry):
                value = value.to_json()
            elif f.name in _GROUPED:
                value = [entry.to_json() for entry in value]
            doc[f.name] = value
        return doc

    @classmethod
    def from_json(cls, data: Any) -> RunSummary:
        """The summary of a parsed ``metric.json``; ``SummaryFormatError`` naming the field that is missing or
        of the wrong type (every field checked against its declaration, ``vmb.jsontypes``)."""
        if not isinstance(data, Mapping):
            raise SummaryFormatError(f"{json_kind(data)}, not a run's summary")
        version = data.get("version", 1)
        if type(version) is not int or not 1 <= version <= SUMMARY_VERSION:
            raise SummaryFormatError(f"format version {version!r}; this vmb reads versions 1 to {SUMMARY_VERSION}")
        try:
            check_fields(cls, data, "", "it")  # the entries only as objects here: they read themselves
            values = {f.name: data[f.name] for f in fields(cls) if f.name in data}
            values["overall"] = None if data["overall"] is None else SummaryEntry.from_json(data["overall"], "overall")
            values.update({name: _entries(data[name], name) for name in _GROUPED})
        except JsonTypeError as error:
            raise SummaryFormatError(str(error)) from None
        return cls(**values)


# The groupings' fields (``by_reasoning_type``, ``by_module``): one per grouping of the registry
# (tests/results/test_run_summary.py holds the two together).
_GROUPED = tuple(f"by_{by}" for by in metrics.GROUPINGS if by is not None)


def summary_hints() -> dict[str, Any]:
    """The declared type of every field of ``metric.json`` by its path (``overall.esm``, ``tokens.prompt``,
    ``memory_build.per_group[0].health.days``): what the fuzz of run files gives every wrong JSON type."""
    out: dict[str, Any] = {}
    for name, hint in declared_types(RunSummary).items():
        if name in ("overall", *_GROUPED):
            where = name if name == "overall" else f"{name}[0]"
            out[name] = hint
            out |= {f"{where}.{key}": value for key, value in _entry_hints().items()}
        else:
            out |= _paths(name, hint)
    return out


def _entry_hints() -> dict[str, Any]:
    return {**{k: v for k, v in declared_types(SummaryEntry).items() if k != "values"}, **VALUE_TYPES}


def _paths(where: str, hint: Any) -> dict[str, Any]:
    """``where`` with its type, then every key of a declared object inside it (a list's by its first item)."""
    out = {where: hint}
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    for arg in typing.get_args(hint) if union else (hint,):  # each member of a union, or the type itself
        at, inner = where, typing.get_args(arg)
        if typing.get_origin(arg) is list and inner and is_typed_dict(inner[0]):
            arg, at = inner[0], f"{where}[0]"
        if is_typed_dict(arg):
            for key, value in declared_types(arg).items():
                out |= _paths(f"{at}.{key}", value)
    return out
