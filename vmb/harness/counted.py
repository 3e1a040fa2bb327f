"""Which records of a run count: exactly the (query, trial) pairs metric.json counts, for every reader.

A run directory may hold more lines than its selection: records left from an earlier, wider run of the
same ``--out`` (``--limit 12``, then ``--limit 3``), a record of a query the benchmark does not have, a
line that is not a record at all, a record whose group, index, reasoning type or query text is not its
query's in the benchmark (an edited record: per-type figures take a record's reasoning type, so a record
claiming another type, or a name no type has, would move a query between rows or out of them). ``counted_run`` reads ``results.jsonl`` once (``vmb.results.rundir``,
which checks every field's type) and keeps the last record of each key the run's header selects, as
``vmb.harness.plan.select_queries`` selects them from the benchmark whose checksum the header records
(``vmb.data.locate.run_data_dir``). Everything it leaves out is named in ``notes``, one line each (a
damaged line by file and line; the records outside the selection in one line), which ``vmb show``,
``compare``, ``view`` and ``vmb.analysis`` print as warnings: nothing is left out without a word.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from vmb.data.locate import run_data_dir
from vmb.errors import OptionError
from vmb.harness.plan import load_benchmark_once, select_queries
from vmb.harness.shard import parse_shard
from vmb.results.header import RunHeader
from vmb.results.record import QueryRecord, attempt_key
from vmb.results.rundir import CONFIG, RESULTS, RunDirError, iter_results, read_header

if TYPE_CHECKING:
    from vmb.data import Benchmark
    from vmb.data.loader import Query


@dataclass
class CountedRun:
    """A run's header, its selected (query, trial) pairs in order, and the records that count."""

    path: Path
    header: RunHeader
    selected: list[tuple[str, int]]
    records: dict[str, QueryRecord] = field(default_factory=dict)  # by key, in the order of the file
    offsets: dict[str, int] = field(default_factory=dict)  # each counted record's byte offset in results.jsonl
    notes: list[str] = field(default_factory=list)  # what was left out, one line each


def run_bench(header: RunHeader, path: Path, data: str | None = None) -> Benchmark:
    """The benchmark a run ran on (by the checksum its header records), loaded once per process."""
    return load_benchmark_once(str(run_data_dir(header.data_sha256, [header.data_dir], data, path)))


def selected_attempts(header: RunHeader, bench: Benchmark, path: Path) -> list[tuple[str, int]]:
    """Every (query id, trial) the run's header selects of ``bench``: what metric.json counts."""
    selection = header.selection
    try:
        shard = None if selection.shard is None else parse_shard(selection.shard)
        queries = select_queries(bench, selection.groups, selection.limit, shard)
    except (OptionError, ValueError) as error:
        raise RunDirError(f"{path / CONFIG} is damaged (selection: {error})") from None
    return [(q.id, trial) for q in queries for trial in range(1, selection.trials + 1)]


def _not_its_query(record: QueryRecord, query: Query) -> str:
    """The fields of ``record`` that say other than its query in the benchmark ('' when none does)."""
    return ", ".join(key for key in ("group", "index", "reasoning_type", "query")
                     if getattr(record, key) != getattr(query, key))


def counted_run(path: Path, bench: Benchmark | None = None, data: str | None = None) -> CountedRun:
    """Read a run as metric.json counts it (see the module docstring); ``bench`` when it is loaded already."""
    header = read_header(path)
    bench = bench if bench is not None else run_bench(header, path, data)
    selected = selected_attempts(header, bench, path)
    wanted = {attempt_key(q, t) for q, t in selected}
    run = CountedRun(path, header, selected)
    outside: list[str] = []
    known = {q.id: q for q in bench.queries}
    results = path / RESULTS
    for number, offset, record, problem in iter_results(results):
        if record is None:
            run.notes.append(f"{results} line {number}: {problem}; not counted")
        elif record.id in known and (wrong := _not_its_query(record, known[record.id])):
            run.notes.append(f"{results} line {number}: {record.id}'s {wrong} is not the benchmark's; not counted")
        elif record.key not in wanted:
            if record.id in known:
                outside.append(record.key)
            else:
                run.notes.append(f"{results} line {number}: {record.id} is not a query of the benchmark; not counted")
        else:
            run.records.pop(record.key, None)  # the last record of a key is the one that counts
            run.records[record.key] = record
            run.offsets[record.key] = offset
    if outside:
        kept = sorted(set(outside))
        run.notes.append(f"{results}: {len(kept)} record(s) outside the selection {CONFIG} records ({kept[0]}, ...), "
                         "from an earlier run of this directory with another selection; not counted")
    return run
