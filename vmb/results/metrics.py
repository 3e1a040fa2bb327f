"""The metric registry: every metric a run reports, declared once.

Each ``Metric`` names its key (in ``metric.json``, the DataFrames and the tables), its labels, the
per-query column it comes from and the function that reads it off a scored row, how the rows are
aggregated, how many decimals ``metric.json`` keeps and whether it carries a 95% interval. The
aggregation (``aggregate``), ``metric.json`` (``vmb.results.summary``), ``vmb show``, the analysis
DataFrames, the tables and the figure labels iterate ``METRICS``; a metric's key is spelled here and in
the formula that computes its per-task number (the scorer's ``vmb.score.formulas.Metrics``, read off a
row's ``score`` by name; ``vmb.results.behaviour.Behaviour``'s counts), nowhere else
(``tests/results/test_metric_keys.py`` checks it). Adding a metric is one declaration here.

Aggregations (how a group's rows become one number):

* ``percent``: 100 × the sum of the per-query values / the denominator (the scored queries, or a
  given total under which a query that never ran counts as 0), as the paper prints ESM and the F1s;
* ``mean``: the sum / the scored queries (a query that never ran made no known number of calls);
* ``per_weight``: the sum / the sum of the per-query weights (Mem Token: tokens per retrieval), None
  without weight; the weight total is reported under ``weight_key``;
* ``share``: 100 × the sum / the sum of the per-query weights, None without weight: a percent
  over the queries a figure is defined on (recall@k over the queries that searched with the evidence
  in the store, precision over the items retrieved, ESM over the queries whose evidence was seen);
* ``sum``: the sum over the scored queries (the counts of ``vmb.results.behaviour``: truncated
  rounds, repeated calls, ...; the queries at each stage of ``vmb.results.stages``), shown apart
  from the paper's metrics.

The stage and retrieval metrics read the record's stored ``Attribution`` (computed once, as the
query finished or was re-scored); a row without one counts in none of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from vmb.results import stages
from vmb.results.behaviour import Behaviour
from vmb.results.record_parts import Attribution
from vmb.score import target_modules
from vmb.score.formulas import Metrics

Aggregation = Literal["percent", "mean", "per_weight", "share", "sum"]


class Scored(Protocol):
    """What the registry reads of one scored query (``vmb.results.summary.QueryRow`` fits)."""

    @property
    def reasoning_type(self) -> str | None: ...
    @property
    def modules(self) -> Sequence[str]: ...
    @property
    def score(self) -> Metrics | None: ...  # the scorer's numbers, None unless scored
    @property
    def exact_match(self) -> bool | None: ...  # solved: the score's, None unless scored
    @property
    def call_count(self) -> int: ...
    @property
    def mem_tokens(self) -> Sequence[int]: ...
    @property
    def behaviour(self) -> Behaviour: ...
    @property
    def attribution(self) -> Attribution | None: ...


@dataclass(frozen=True)
class Metric:
    key: str  # metric.json, run DataFrames and tables
    name: str  # the paper's short name, as `vmb show` and the table headers print it
    label: str  # axis and column label, with the unit
    column: str  # the per-query DataFrame column holding ``task``'s value
    task: Callable[[Scored], float | int | bool | None]  # the per-query value of a scored row
    aggregation: Aggregation
    dtype: str  # pandas dtype of the per-query column
    digits: int = 2  # decimals in metric.json
    interval: bool = False  # a 95% group-bootstrap interval (``vmb.uncertainty``)
    shown: bool = True  # a column of `vmb show` and the run comparison
    paper_table1: bool = False  # a column of the paper's Table 1
    weight: Callable[[Scored], int] | None = None  # ``per_weight``, ``share``: the per-query denominator
    weight_key: str | None = None  # ``per_weight``, ``share``: where the weight total is reported
    weight_column: str | None = None  # ``per_weight``, ``share``: the per-query DataFrame column of the weight

    def value(self, row: Scored) -> float:
        """The per-query value as a number (True is 1)."""
        return float(self.task(row) or 0)


def _scored(key: str, name: str, dtype: str, column: str | None = None, **options: Any) -> Metric:
    """A percent of one of the scorer's per-task numbers: ``column`` (default: the key) is its name in
    ``vmb.score.formulas.Metrics``, where the formula computes it."""
    number = column or key
    return Metric(key, name, f"{name} (%)", number, lambda r: None if r.score is None else getattr(r.score, number),
                  "percent", dtype, **options)


METRICS: tuple[Metric, ...] = (
    _scored("esm", "ESM", "boolean", "exact_match", interval=True, paper_table1=True),
    _scored("field_f1", "F-F1", "float64", interval=True, paper_table1=True),
    _scored("value_f1", "V-F1", "float64", interval=True, paper_table1=True),
    _scored("tool_f1", "Tool F1", "float64", shown=False),
    Metric("calls", "Calls", "Calls", "calls", lambda r: r.call_count, "mean", "int64", paper_table1=True),
    Metric("mem_token", "Mem Token", "Mem Token", "mem_tokens", lambda r: sum(r.mem_tokens), "per_weight",
           "int64", weight=lambda r: len(r.mem_tokens), weight_key="retrievals", weight_column="retrievals"),
)
COUNTS: tuple[Metric, ...] = tuple(
    Metric(key, name, name, key, task, "sum", "int64", digits=0, shown=False) for key, name, task in (
        ("truncated_rounds", "truncated rounds", lambda r: r.behaviour.truncated_rounds),
        ("repeated_calls", "repeated calls", lambda r: r.behaviour.repeated_calls),
        ("unknown_tools", "unknown tools", lambda r: r.behaviour.unknown_tools),
        ("near_misses", "near misses", lambda r: r.behaviour.near_misses),
        ("not_loaded", "not loaded", lambda r: r.behaviour.not_loaded),
        ("refused_arguments", "refused arguments", lambda r: r.behaviour.refused_arguments),
        ("capped_replies", "capped replies", lambda r: r.behaviour.capped_replies),
        ("no_call_queries", "no-call queries", lambda r: r.behaviour.no_call),
        ("echoed_answers", "echoed answers", lambda r: r.behaviour.echoed_answer),
        ("degenerate_queries", "degenerate queries", lambda r: r.behaviour.degenerate),
    ))
METRICS += COUNTS


def _at_stage(stage: str) -> Callable[[Scored], bool]:
    return lambda r: r.attribution is not None and r.attribution.stage == stage


def _seen(r: Scored) -> bool:
    return r.attribution is not None and r.attribution.evidence_seen


def _searched(r: Scored) -> bool:
    """Searched memory with the evidence in the store: the queries recall@k is defined on."""
    return r.attribution is not None and r.attribution.searches > 0 and r.attribution.evidence_in_memory


def _hit(k: int) -> Callable[[Scored], bool | None]:
    return lambda r: None if r.attribution is None or not _searched(r) else r.attribution.hit_at(k)


# The scored queries at each stage (``vmb.results.stages.STAGES``, in its order).
STAGE_COUNTS: tuple[Metric, ...] = tuple(
    Metric(key, stage, stage, key, _at_stage(stage), "sum", "int64", digits=0, shown=False) for key, stage in zip((
        "stage_not_in_memory", "stage_not_retrieved", "stage_wrong_target", "stage_wrong_value", "stage_no_action",
        "stage_tool_failure", "stage_solved"), stages.STAGES, strict=True))
RETRIEVAL: tuple[Metric, ...] = (
    Metric("evidence_recall", "evidence recall", "evidence recall: in memory (%)", "evidence_in_memory",
           lambda r: r.attribution is not None and r.attribution.evidence_in_memory, "percent", "boolean", shown=False),
    Metric("evidence_given", "evidence seen", "evidence seen (%)", "evidence_seen", _seen, "percent", "boolean",
           shown=False),
    *(Metric(key, f"recall@{k}", f"recall@{k} (%)", f"hit_at_{k}", _hit(k), "share", "boolean", shown=False,
             weight=lambda r: int(_searched(r)), weight_key="searching", weight_column="searching")
      for key, k in (("recall_at_1", 1), ("recall_at_3", 3), ("recall_at_5", 5))),
    Metric("precision", "precision", "precision of retrieval (%)", "items_relevant",
           lambda r: 0 if r.attribution is None else r.attribution.items_relevant, "share", "int64", shown=False,
           weight=lambda r: 0 if r.attribution is None else r.attribution.items_retrieved,
           weight_key="items_retrieved", weight_column="items_retrieved"),
    Metric("tokens_per_hit", "tokens per hit", "tokens per hit: memory tokens per query whose evidence was seen", "mem_tokens",
           lambda r: sum(r.mem_tokens), "per_weight", "int64", shown=False, weight=lambda r: int(_seen(r)),
           weight_key="hits"),
    Metric("esm_seen", "ESM seen", "ESM seen: evidence seen (%)", "solved_seen",
           lambda r: bool(r.exact_match) and _seen(r), "share", "boolean", shown=False,
           weight=lambda r: int(_seen(r)), weight_key="hits"),
    Metric("esm_not_seen", "ESM not seen", "ESM not seen: evidence not seen (%)", "solved_not_seen",
           lambda r: bool(r.exact_match) and r.attribution is not None and not r.attribution.evidence_seen, "share",
           "boolean", shown=False, weight=lambda r: int(r.attribution is not None and not r.attribution.evidence_seen),
           weight_key="misses"),
)
METRICS += STAGE_COUNTS + RETRIEVAL
BY_KEY: dict[str, Metric] = {m.key: m for m in METRICS}
ESM, FIELD_F1, VALUE_F1, TOOL_F1, CALLS, MEM_TOKEN = METRICS[:6]
SHOWN = tuple(m for m in METRICS if m.shown)
TABLE1 = tuple(m for m in METRICS if m.paper_table1)
WITH_INTERVAL = tuple(m for m in METRICS if m.interval)
# Every key of a summary entry the metrics fill (metric keys and weight totals), in metric.json's order.
SUMMARY_KEYS = tuple(dict.fromkeys(k for m in METRICS for k in (m.key, m.weight_key) if k is not None))
# The per-query DataFrame columns the metrics fill, in order (metrics with the same per-query value share one).
TASK_COLUMNS = tuple(dict.fromkeys(c for m in METRICS for c in (m.column, m.weight_column) if c is not None))


def task_values(row: Scored) -> dict[str, Any]:
    """The per-query columns of one row (``TASK_COLUMNS``)."""
    out: dict[str, Any] = {}
    for metric in METRICS:
        out[metric.column] = metric.task(row)
        if metric.weight is not None and metric.weight_column is not None:
            out[metric.weight_column] = metric.weight(row)
    return out


# The paper's tables head their columns with a metric's printed name (``ESM``, ``V-F1``, ``Mem Token``).
_PRINTED = {m.name: m.key for m in (*TABLE1, MEM_TOKEN)}


def paper_table(name: str) -> list[dict[str, str]]:
    """A table of the paper's printed figures (``vmb.paper``), each printed metric column under its key."""
    from vmb.paper import read_table

    return [{_PRINTED.get(column, column): value for column, value in row.items()} for row in read_table(name)]


def label(key: str) -> str:
    """A column's label: the metric's label for a metric key, the key itself otherwise."""
    metric = BY_KEY.get(key)
    return key if metric is None else metric.label


def rounded(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A summary entry as metric.json and the paper print it: each metric to its decimals."""
    return {k: (round(v, BY_KEY[k].digits) if k in BY_KEY and v is not None else v) for k, v in entry.items()}


def empty_summary(group: str = "all") -> dict[str, Any]:
    """A summary over no scored query."""
    return {"group": group, "n": 0, **{k: (None if k in BY_KEY else 0) for k in SUMMARY_KEYS}}


# ---------------------------------------------------------------------------------------------
# Aggregation

ALL = "all"
GROUPINGS = (None, "reasoning_type", "module")


class TaskInfo(Protocol):
    """What ``group_totals`` needs of a benchmark query (``vmb.data.Query`` fits)."""

    reasoning_type: str
    calls: list[dict[str, Any]]


def group_keys(reasoning_type: str | None, modules: Sequence[str], by: str | None) -> list[str]:
    """The groups one task counts in under a grouping (``modules``: its target modules)."""
    if by is None:
        return [ALL]
    if by == "reasoning_type":
        return [reasoning_type or "unknown"]
    if by == "module":
        # A task that touches several modules counts once in each, as in the paper's Table 4.
        return list(modules) or ["none"]
    raise ValueError(f"unknown grouping {by!r}; use one of {GROUPINGS}")


def group_totals(queries: Iterable[TaskInfo], by: str | None = None) -> dict[str, int]:
    """How many benchmark queries fall in each group: the denominators of a full run.

    ``group_totals(bench.queries)`` is ``{"all": 500}``. With ``by="module"`` it counts tasks
    (navigation 85, seat 83, ...), not calls: the paper's Table 4 counts reference calls
    (navigation 96, seat 85, ...), so its figures are larger.
    """
    totals: dict[str, int] = {}
    for query in queries:
        for key in group_keys(query.reasoning_type, target_modules(query.calls), by):
            totals[key] = totals.get(key, 0) + 1
    return totals


class _Sums:
    """One group's running sums: a value and a weight per metric."""

    __slots__ = ("n", "values", "weights")

    def __init__(self) -> None:
        self.n = 0
        self.values = [0.0] * len(METRICS)
        self.weights = [0] * len(METRICS)

    def add(self, row: Scored) -> None:
        self.n += 1
        for i, metric in enumerate(METRICS):
            self.values[i] += metric.value(row)
            if metric.weight is not None:
                self.weights[i] += metric.weight(row)

    def entry(self, group: str, denominator: int) -> dict[str, Any]:
        out: dict[str, Any] = {"group": group, "n": self.n, "denominator": denominator}
        for i, metric in enumerate(METRICS):
            total = self.values[i]
            if metric.aggregation == "percent":
                out[metric.key] = 100.0 * total / denominator if denominator else None
            elif metric.aggregation == "sum":
                out[metric.key] = int(total)
            elif metric.aggregation == "mean":
                out[metric.key] = total / self.n if self.n else None
            elif metric.aggregation == "share":
                out[metric.key] = 100.0 * total / self.weights[i] if self.weights[i] else None
            else:
                out[metric.key] = total / self.weights[i] if self.weights[i] else None
            if metric.weight_key is not None:
                out[metric.weight_key] = self.weights[i]
        return out


def aggregate(
    rows: Iterable[Scored],
    by: str | None = None,
    total: int | Mapping[str, int] | None = None,
) -> list[dict[str, Any]]:
    """The paper's summary numbers over scored rows: one entry overall (``by=None``) or per group.

    Each entry: ``group``, ``n`` (tasks scored), ``denominator`` (what the ``percent`` metrics were
    divided by), then every metric of ``METRICS`` (and each ``weight_key``). ``total`` sets the
    denominator. The paper divides by all 500 queries, so a task that failed to run counts as 0:
    pass ``total=500`` overall, or ``group_totals(bench.queries, by)`` per group. Without it the
    denominator is ``n``. A metric over a zero denominator is None. Per group, largest groups first.
    """
    if by not in GROUPINGS:
        raise ValueError(f"unknown grouping {by!r}; use one of {GROUPINGS}")
    totals: Mapping[str, int] | None
    if isinstance(total, int):
        if by is not None:
            raise ValueError("per-group denominators need a mapping: total=group_totals(queries, by)")
        totals = {ALL: total}
    else:
        totals = total

    sums: dict[str, _Sums] = {ALL: _Sums()} if by is None else {}
    for row in rows:
        for key in group_keys(row.reasoning_type, row.modules, by):
            acc = sums.get(key)
            if acc is None:
                acc = sums[key] = _Sums()
            acc.add(row)
    for key in totals or {}:
        sums.setdefault(key, _Sums())

    out: list[dict[str, Any]] = []
    for key, acc in sums.items():
        if totals is None:
            denominator = acc.n
        elif key in totals:
            denominator = totals[key]
        else:
            raise ValueError(f"group {key!r} has {acc.n} scored task(s) but no denominator in total")
        if acc.n > denominator:
            raise ValueError(f"group {key!r}: {acc.n} scored tasks exceed the denominator {denominator}")
        out.append(acc.entry(key, denominator))
    if by is not None:
        # Largest groups first, as the paper's tables list them.
        out.sort(key=lambda e: (-e["denominator"], e["group"]))
    return out
