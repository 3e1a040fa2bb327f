"""Run directories (``vmb run``'s output) loaded into tidy DataFrames.

``load_runs(paths)`` reads every run's ``config.json`` and ``results.jsonl`` once and returns a
``RunSet``:

* ``queries``: one row per (run, query): the run's agent, model and memory setting; the query's
  group, reasoning type and target modules; status; the scores; the calls by kind; tokens and
  Mem Token; for a failed query, its error type from ``vmb.results.taxonomy``; and for every
  scored query its stage (``vmb.results.stages``: not in memory, not retrieved, retrieved but not
  used, tool failure, solved) with what its memory tool results retrieved of the evidence;
* ``runs``: one row per run with the paper's summary numbers over its scored queries;
* ``record(run, query_id)``: the query's ``QueryRecord`` (messages, tool results, diff), read from disk
  when asked, so loading stays small even for runs whose prompts hold a whole history.

The queries are joined to the benchmark the runs ran on: ``runs_benchmark`` finds it by the data
checksum each run's header records (in the directory given, else the one the header names, else the
usual places), and ``load_runs`` refuses a benchmark whose checksum is not the runs' (``RunDataError``,
one line naming the run and both checksums): a run is never read against another benchmark's queries.

What a run adds is derived once and kept (``vmb.analysis.runcache``, keyed by the run's files and the code):
every later load of an unchanged run reads its stored rows and parses no record. ``paths`` is one path (a
string or a ``Path``) or several; a string is never walked character by character.

Notebooks read runs only through this module. Each run counts exactly the records its metric.json counts
(``vmb.harness.counted``: the last record of each key its header selects); every line left out (damaged,
outside the selection, of a query the benchmark does not have) is one line of ``RunSet.notes``.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

import pandas as pd

from vmb.analysis import runcache
from vmb.analysis.style import AGENT_LABELS, memory_label, memory_rank
from vmb.data import Benchmark
from vmb.data.locate import DataIdentity, RunDataError, data_identity, run_data_dir, short_checksum
from vmb.harness.attribution import attribution_of, facts_of, prompt_memory, run_stores, system_text
from vmb.harness.counted import counted_run
from vmb.prices import PriceTable
from vmb.results import metrics
from vmb.results.header import RunHeader
from vmb.results.record import CALL_KINDS, QueryRecord
from vmb.results.record_parts import Attribution
from vmb.results.rundir import CONFIG, MEMORY, RESULTS, parse_record_line, read_header, read_record
from vmb.results.stages import Fact
from vmb.results.stores import Stores, memory_results
from vmb.results.summary import QueryRow, cost_of, coverage, memory_cost, summarize
from vmb.results.taxonomy import ATTEMPT_KINDS, Failure, record_failure
from vmb.score import target_modules

# The metrics with a 95% interval: their ``X_low`` and ``X_high`` columns.
INTERVAL_KEYS = tuple(m.key for m in metrics.WITH_INTERVAL)
# Columns given a dtype, so an all-missing column (no scored query) keeps it: the scores (nullable
# where a query was not scored) and the seconds.
_DTYPES = {**{m.column: m.dtype for m in metrics.METRICS if m.dtype != "int64"}, "seconds": "float64"}


@dataclass(frozen=True)
class Run:
    path: Path
    name: str  # the directory name: unique among the runs of one report
    agent: str  # "model", "oracle" or "noop"
    model: str | None
    memory: str
    selected: int | None  # (query, trial) pairs the run selected (None: not recorded)
    header: RunHeader

    @property
    def label(self) -> str:
        """Who answered: the model's name, or what an offline agent is."""
        if self.agent == "model":
            return self.model or "unknown model"
        return AGENT_LABELS.get(self.agent, self.agent)


def is_run(path: Path) -> bool:
    return (path / CONFIG).is_file()


# One path (a string or a PathLike) or several: a string is one path, never the characters it is made of.
RunPaths = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]


def as_paths(paths: RunPaths) -> list[Path]:
    """``paths`` as a list of paths: one path given as a string or ``Path`` is that one path."""
    if isinstance(paths, (str, os.PathLike)):
        return [Path(paths)]
    return [Path(p) for p in paths]


def find_runs(*roots: str | os.PathLike[str]) -> list[Path]:
    """Run directories at or below ``roots`` (two levels deep, never above them), in name order.

    A run's ``superseded/`` results (set aside by ``--force``) are not runs of their own.
    """
    found: dict[Path, None] = {}
    for root in map(Path, roots):
        if is_run(root):
            found.setdefault(root, None)
            continue
        if not root.is_dir():
            continue
        for child in sorted(p for p in root.iterdir() if p.is_dir()):
            if is_run(child):
                found.setdefault(child, None)
            else:
                for grandchild in sorted(p for p in child.iterdir() if p.is_dir()):
                    if is_run(grandchild):
                        found.setdefault(grandchild, None)
    return list(found)


def read_run(path: str | Path) -> Run:
    path = Path(path)
    header = read_header(path)
    return Run(path=path, name=path.name, agent=header.agent, model=header.model, memory=header.memory,
               selected=header.selection.attempts, header=header)


class QueryContext:
    """What the taxonomy and the stages need of the benchmark and of each run's memory."""

    def __init__(self, bench: Benchmark) -> None:
        self.bench = bench
        self._stores: dict[str, Stores] = {}

    def facts(self, record: QueryRecord) -> tuple[Fact, ...]:
        return facts_of(self.bench, self.bench.query(record.id))

    def attribution(self, run: Run, record: QueryRecord) -> Attribution:
        """The stage of a scored record that does not carry one (a run from before stages were stored)."""
        if run.name not in self._stores:
            self._stores[run.name] = run_stores(self.bench, run.memory, run.path / MEMORY,
                                                run.header.determining.memory_days)
        return attribution_of(record, self.bench, self._stores[run.name], run.path)

    def gold_memory(self, query_id: str) -> str:
        return self.bench.query(query_id).gold_memory

    def people(self, group: int) -> list[str]:
        return self.bench.group(group).speakers

    def ref_calls(self, query_id: str) -> list[dict[str, Any]]:
        return self.bench.query(query_id).calls


@dataclass(frozen=True)
class QueryFacts:
    """What one row of ``RunSet.queries`` is made from: the run, the record, its metrics row with the
    registry's per-query values (``metrics.task_values``), and the taxonomy's verdict on a failure."""

    run: Run
    record: QueryRecord
    row: QueryRow
    tasks: dict[str, Any]
    failure: Failure | None


Column = Callable[[QueryFacts], Any]


def _part(whole: Column, name: str) -> Column:
    """A column holding one attribute of what ``whole`` picks out of a query's facts (None where it has none)."""
    def column(q: QueryFacts) -> Any:
        picked = whole(q)
        return None if picked is None else getattr(picked, name)
    return column


def _record_fields(*names: str) -> dict[str, Column]:
    """Columns holding the record's fields as they are, under their names (as ``QueryRecord`` declares them)."""
    missing = set(names) - {f.name for f in fields(QueryRecord)}
    assert not missing, f"not fields of QueryRecord: {missing}"
    return {name: _part(lambda q: q.record, name) for name in names}


def _of_run(get: Callable[[Run], Any]) -> Column:
    return lambda q: get(q.run)


def _task(column: str) -> Column:
    return lambda q: q.tasks[column]


def _calls_of(kind: str) -> Column:
    return lambda q: len(q.record.calls.get(kind, []))


# Who ran: the first columns of both frames.
RUN_FIELDS: dict[str, Callable[[Run], Any]] = {
    "run": lambda run: run.name,
    "agent": lambda run: run.agent,
    "model": lambda run: run.label,
    "memory": lambda run: run.memory,
    "memory_label": lambda run: memory_label(run.memory),
}
# Every column of ``RunSet.queries``, in order, and how one query's row fills it: declared once here.
QUERY_FIELDS: dict[str, Column] = {
    **{name: _of_run(get) for name, get in RUN_FIELDS.items()},
    "query_id": lambda q: q.record.id,
    **_record_fields("group", "index", "trial", "reasoning_type"),
    "modules": lambda q: list(q.row.modules),
    "status": lambda q: q.row.status,
    "error": lambda q: q.row.error,
    **{column: _task(column) for column in metrics.TASK_COLUMNS},
    **{f"{kind}_calls": _calls_of(kind) for kind in CALL_KINDS},
    "refused_calls": lambda q: sum(1 for r in q.record.tool_results if r.kind in ATTEMPT_KINDS and not r.ok),
    **_record_fields("text_calls", "round_limit_hit"),
    "answered_in_text": lambda q: bool(q.record.final_answer) and not q.record.calls.get("vehicle"),
    **{name: _part(lambda q: q.record.usage, name) for name in ("prompt_tokens", "completion_tokens", "requests")},
    **_record_fields("seconds"),
    # The taxonomy's verdict on a scored query that failed (``vmb.results.taxonomy.Failure``).
    **{column: _part(lambda q: q.failure, part) for column, part in (
        ("error_type", "error_type"), ("value_source", "value_source"), ("error_category", "category"),
        ("error_path", "path"), ("error_detail", "detail"))},
    # A scored query's stored stage (``vmb.results.stages``).
    **{column: _part(lambda q: q.record.attribution, part) for column, part in (("stage", "stage"),
                                                                                ("stage_detail", "detail"))},
}
QUERY_COLUMNS = list(QUERY_FIELDS)


def query_row(run: Run, record: QueryRecord, row: QueryRow, context: QueryContext) -> dict[str, Any]:
    """One tidy row for one record (an ``ok`` or an ``error`` one) and its metrics row."""
    failure = record_failure(record, row.behaviour, context.gold_memory(record.id), context.people(record.group))
    facts = QueryFacts(run, record, row, metrics.task_values(row), failure)
    return {column: fill(facts) for column, fill in QUERY_FIELDS.items()}


def memory_seen(run: Run, record: QueryRecord) -> tuple[str, list[str]]:
    """What the agent was given of memory: its prompt's memory part, and each memory tool result's text."""
    return prompt_memory(system_text(run.path, record)), memory_results(record)


class RunSet:
    """Runs loaded for analysis (see the module docstring)."""

    def __init__(self, runs: list[Run], rows: list[dict[str, Any]], offsets: dict[tuple[str, str], int],
                 metric_rows: dict[str, list[QueryRow]], prices: PriceTable | None = None,
                 notes: list[str] | None = None) -> None:
        self.runs_by_name = {run.name: run for run in runs}
        self.notes = notes or []  # each line of a run left out (damaged, outside its selection), one line each
        self._offsets = offsets
        self.metric_rows = metric_rows  # run name → its rows for ``vmb.results.summary``
        self.queries = _typed(pd.DataFrame(rows, columns=QUERY_COLUMNS))
        self.runs = run_table(runs, metric_rows, self.queries, prices)

    def run(self, name: str) -> Run:
        return self.runs_by_name[name]

    def record(self, run: str, query_id: str) -> QueryRecord:
        """``query_id`` is the record's key: the query id, with ``~T`` for trial T > 1."""
        """The full record of one query of one run, read from its ``results.jsonl``."""
        results = self.runs_by_name[run].path / RESULTS
        record = read_record(results, self._offsets[(run, query_id)])
        # An offset that points at another record (a cache entry damaged in a way its types cannot show) is
        # never believed: the record is then found by its key, the last one as the run counts it.
        return record if record.key == query_id else _last_record(results, query_id)

    @property
    def failures(self) -> pd.DataFrame:
        """Scored queries that missed the exact state match, with their error type."""
        return self.queries[self.queries["error_category"].notna()]


def _last_record(results: Path, key: str) -> QueryRecord:
    """The last record of ``key`` in ``results.jsonl`` (``KeyError`` when it holds none)."""
    found: QueryRecord | None = None
    with results.open("rb") as handle:
        for line in handle:
            record, _ = parse_record_line(line)
            if record is not None and record.key == key:
                found = record
    if found is None:
        raise KeyError(f"{results} holds no record {key}")
    return found


def _typed(frame: pd.DataFrame) -> pd.DataFrame:
    for column, dtype in _DTYPES.items():
        values = frame[column] if dtype == "boolean" else pd.to_numeric(frame[column], errors="coerce")
        frame[column] = values.astype(dtype)
    return frame


# The interval columns of ``RunSet.runs``: ``esm_low``, ``esm_high``, ... (metric, end) by column.
INTERVAL_COLUMNS = {f"{metric}_{end}": (metric, end) for metric in INTERVAL_KEYS for end in ("low", "high")}
# The coverage of a run (``vmb.results.summary.coverage``) the runs frame shows.
COVERAGE_COLUMNS = ("selected", "scored", "errors")
# What a whole run scores: every query of its benchmark, each trial; a run with fewer scored covers part of it
# (``n=3/500`` on every figure where it appears).
FULL_RUN = "full_run"
# A summary entry's trial figures, with their value for a run with no scored query.
TRIAL_COLUMNS = {"trials": 0, "pass_hat_k": [], "pass_at_k": []}
# The cost columns, each from its entry of metric.json's ``cost`` (``vmb.prices.cost_figures``).
COST_COLUMNS = {"cost_total": "total", "cost_per_query": "per_query", "cost_per_solved_query": "per_solved_query",
                "currency": "currency"}
FAILURES = "failures"  # the scored queries the taxonomy classified


def run_table(runs: Iterable[Run], metric_rows: dict[str, list[QueryRow]], queries: pd.DataFrame,
              prices: PriceTable | None = None) -> pd.DataFrame:
    """One row per run (by memory setting, then model): the paper's numbers over its scored queries.

    The numbers are ``vmb.results.summary.summarize``'s, as in ``metric.json`` and ``vmb show``
    (unrounded here), with the 95% intervals of ESM, F-F1 and V-F1 (``esm_low``, ``esm_high``, ...),
    the trials with pass^k and pass@k (lists, k = 1..trials) and, under ``prices``, the cost of the
    run and per query (None without a price); ``failures`` counts the scored queries the taxonomy
    classified.
    """
    rows = []
    for run in sorted(runs, key=lambda r: (memory_rank(r.memory), r.label, r.name)):
        mine = metric_rows.get(run.name, [])
        overall = (summarize(mine) or [metrics.empty_summary()])[0]
        counts = coverage(mine, run.selected if run.selected is not None else len(mine))
        failed = queries[(queries["run"] == run.name) & queries["error_category"].notna()]
        intervals = overall.get("intervals") or {}
        cost = cost_of(mine, run.model, memory_cost(run.path / MEMORY), prices)
        rows.append({
            **{name: get(run) for name, get in RUN_FIELDS.items()},
            **{k: counts[k] for k in COVERAGE_COLUMNS},
            **{k: overall[k] for k in metrics.SUMMARY_KEYS},
            FAILURES: len(failed),
            **{column: (intervals.get(metric) or {}).get(end) for column, (metric, end) in INTERVAL_COLUMNS.items()},
            **{k: overall.get(k, empty) for k, empty in TRIAL_COLUMNS.items()},
            **{column: cost.get(entry) for column, entry in COST_COLUMNS.items()},
        })
    return pd.DataFrame(rows, columns=RUN_COLUMNS)


# The columns of ``RunSet.runs`` (see ``run_table``), in order.
RUN_COLUMNS = [*RUN_FIELDS, *COVERAGE_COLUMNS, *metrics.SUMMARY_KEYS, FAILURES, *INTERVAL_COLUMNS, *TRIAL_COLUMNS,
               *COST_COLUMNS]


def _checksums(runs: list[Run]) -> dict[str, Run]:
    """Each data checksum the runs record, with the first run recording it."""
    by_checksum: dict[str, Run] = {}
    for run in runs:
        by_checksum.setdefault(run.header.data_sha256, run)
    return by_checksum


def _one_benchmark(by_checksum: dict[str, Run], identity: DataIdentity, root: Path) -> None:
    """``RunDataError`` unless every checksum the runs record names the benchmark at ``root``: runs an earlier vmb
    made record its legacy form, and load beside today's runs of the same benchmark."""
    ours = [run for checksum, run in by_checksum.items() if identity.matches(checksum)]
    for checksum, run in by_checksum.items():
        if identity.matches(checksum):
            continue
        if ours:
            raise RunDataError(f"{ours[0].path} ran on benchmark data {short_checksum(ours[0].header.data_sha256)}, "
                               f"{run.path} on {short_checksum(checksum)}: load runs of different benchmarks separately")
        raise RunDataError(f"{run.path} ran on benchmark data {short_checksum(checksum)}, but {root} holds "
                           f"{short_checksum(identity.checksum)}: pass the benchmark it ran on")


def _data_dir_of(runs: list[Run], data: str | None) -> Path:
    """The directory holding the benchmark the runs ran on (see ``runs_benchmark``)."""
    from vmb.data import resolve_data_dir

    by_checksum = _checksums(runs)
    if not by_checksum:
        return resolve_data_dir(data)
    wanted, first = next(iter(by_checksum.items()))
    found = run_data_dir(wanted, [r.header.data_dir for r in runs], data, first.path)
    if len(by_checksum) > 1:
        _one_benchmark(by_checksum, data_identity(found), found)
    return found


def runs_data_dir(paths: RunPaths, data: str | None = None) -> Path:
    """The directory of the benchmark the runs at or below ``paths`` ran on (see ``runs_benchmark``)."""
    return _data_dir_of([read_run(p) for p in find_runs(*as_paths(paths))], data)


def runs_benchmark(paths: RunPaths, data: str | None = None) -> Benchmark:
    """The benchmark the runs at or below ``paths`` ran on, loaded.

    ``data`` names the directory to use; without it the one each run's header records, then
    ``$VMB_DATA`` and the usual places, are tried. The one chosen must hold the data whose checksum
    the runs' headers record, else ``RunDataError`` says which run expected what and what was found.
    """
    from vmb.data import load_benchmark

    return load_benchmark(runs_data_dir(paths, data))


def check_benchmark(runs: list[Run], bench: Benchmark) -> None:
    """``RunDataError`` unless every run ran on ``bench``'s data."""
    by_checksum = _checksums(runs)
    if by_checksum:  # a run made before the checksum's version 2 records the legacy form
        _one_benchmark(by_checksum, data_identity(bench.root), bench.root)


def load_runs(paths: RunPaths, bench: Benchmark | None = None, data: str | None = None,
              prices: PriceTable | None = None) -> RunSet:
    """Load run directories (or directories holding them) into a ``RunSet``.

    ``paths`` is one path (a string or a ``Path``) or several. ``bench`` is a loaded ``vmb.data.Benchmark``
    (``runs_benchmark``), checked to be the runs' own; without it the runs' benchmark is found as
    ``runs_benchmark`` finds it, ``data`` naming the directory. The taxonomy reads its gold memories and
    speakers. ``prices`` (``vmb.prices.price_table``) fills the runs' cost columns. What each run adds is
    read from ``vmb.analysis.runcache`` when the run and the code are as they were when it was stored.
    """
    runs = [read_run(p) for p in find_runs(*as_paths(paths))]
    if bench is None:
        from vmb.data import load_benchmark

        bench = load_benchmark(_data_dir_of(runs, data))
    else:
        check_benchmark(runs, bench)
    context = QueryContext(bench)
    names = [run.name for run in runs]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise RunDataError(f"two runs share the directory name {duplicated[0]!r}; runs are told apart by name")
    loaded = [runcache.cached(run.path, functools.partial(derive_run, run, context), QUERY_COLUMNS)
              for run in runs]
    runs = [replace(run, selected=one.selected) for run, one in zip(runs, loaded)]
    offsets = {(run.name, key): offset for run, one in zip(runs, loaded) for key, offset in one.offsets.items()}
    runset = RunSet(runs, [row for one in loaded for row in one.rows], offsets,
                    {run.name: one.metric_rows for run, one in zip(runs, loaded)}, prices,
                    [note for one in loaded for note in one.notes])
    full = {run.name: len(context.bench.queries) * run.header.selection.trials for run in runs}
    runset.runs.insert(runset.runs.columns.get_loc("errors") + 1, FULL_RUN, runset.runs["run"].map(full))
    return runset


def derive_run(run: Run, context: QueryContext) -> runcache.LoadedRun:
    """What one run adds to a ``RunSet``, read from its files: the records metric.json counts, each made a row."""
    counted = counted_run(run.path, context.bench)
    run = replace(run, selected=len(counted.selected))
    rows: list[dict[str, Any]] = []
    metric_rows: list[QueryRow] = []
    for record in counted.records.values():
        modules = None if record.ok else target_modules(context.ref_calls(record.id))
        if record.ok and record.score is not None and record.attribution is None:
            record.attribution = context.attribution(run, record)  # computed as the harness computes it
        row = QueryRow.of(record, modules)
        metric_rows.append(row)
        rows.append(query_row(run, record, row, context))
    return runcache.LoadedRun(selected=len(counted.selected), notes=counted.notes, rows=rows,
                              metric_rows=metric_rows, offsets=dict(counted.offsets))
