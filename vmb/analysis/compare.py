"""Two runs over the same queries, compared pair by pair: is the difference more than noise?

On the queries both runs scored: each run's ESM (the mean over trials of each query's exact match,
in percent), the difference A - B with a paired group-bootstrap interval, the numbers of queries only
A solves and only B solves (a query counts as solved when it passes in more than half its trials),
and the exact McNemar p-value on those two counts; overall and per reasoning type. Queries of one
group have no interval (``n/a``), and without one no difference is called significant.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vmb.data import REASONING_TYPES, Benchmark
from vmb.errors import VmbError
from vmb.harness.counted import counted_run
from vmb.results.header import RunHeader
from vmb.results.record import QueryRecord
from vmb.results.rundir import RunDirError, read_header
from vmb.uncertainty import METHOD, mcnemar_exact, paired_bootstrap

if TYPE_CHECKING:
    import pandas as pd

ALPHA = 0.05


@dataclass(frozen=True)
class Outcome:
    """One query of one run: its exact-match rate over the run's trials (0 to 1)."""

    query_id: str
    group: int
    reasoning_type: str
    pass_rate: float

    @property
    def solved(self) -> bool:
        return self.pass_rate > 0.5


def _row(label: str, a: Mapping[str, Outcome], b: Mapping[str, Outcome], keys: list[str]) -> dict[str, Any]:
    esm_a = {k: 100 * a[k].pass_rate for k in keys}
    esm_b = {k: 100 * b[k].pass_rate for k in keys}
    diff = paired_bootstrap(esm_a, esm_b, {k: a[k].group for k in keys})  # None with one group
    only_a = sum(a[k].solved and not b[k].solved for k in keys)
    only_b = sum(b[k].solved and not a[k].solved for k in keys)
    p_value = mcnemar_exact(only_a, only_b)
    return {
        "group": label,
        "n": len(keys),
        "esm_a": round(sum(esm_a.values()) / len(keys), 2) if keys else None,
        "esm_b": round(sum(esm_b.values()) / len(keys), 2) if keys else None,
        "difference": round(sum(esm_a[k] - esm_b[k] for k in keys) / len(keys), 2) if keys else None,
        "low": None if diff is None else round(diff.low, 2),
        "high": None if diff is None else round(diff.high, 2),
        "only_a": only_a,
        "only_b": only_b,
        "both": sum(a[k].solved and b[k].solved for k in keys),
        "neither": sum(not a[k].solved and not b[k].solved for k in keys),
        "p_value": p_value,
        "significant": diff is not None and p_value < ALPHA and not diff.low <= 0 <= diff.high,
    }


def compare_outcomes(a: Iterable[Outcome], b: Iterable[Outcome]) -> dict[str, Any]:
    """The comparison of run A with run B on the queries both scored (see the module docstring)."""
    by_a = {o.query_id: o for o in a}
    by_b = {o.query_id: o for o in b}
    shared = sorted(set(by_a) & set(by_b))
    kinds = [t for t in REASONING_TYPES if any(by_a[k].reasoning_type == t for k in shared)]
    return {
        "method": f"paired {METHOD}; exact McNemar test on queries solved in more than half the trials",
        "shared": len(shared),
        "only_in_a": len(set(by_a) - set(by_b)),
        "only_in_b": len(set(by_b) - set(by_a)),
        "overall": _row("overall", by_a, by_b, shared),
        "by_reasoning_type": [_row(t, by_a, by_b, [k for k in shared if by_a[k].reasoning_type == t])
                              for t in kinds],
    }


class CompareError(VmbError, ValueError):
    """The two runs cannot be compared (different benchmark data, say)."""


def run_outcomes(path: Path, warn: Callable[[str], None] | None = None,
                 bench: Benchmark | None = None) -> list[Outcome]:
    """Each scored query of a run with its pass rate over the trials it has, of the records metric.json counts
    (``vmb.harness.counted``); ``warn`` hears each record left out; ``bench``: its benchmark, when loaded."""
    passes: dict[str, list[bool]] = {}
    first: dict[str, QueryRecord] = {}
    counted = counted_run(path, bench)
    for note in counted.notes:
        if warn is not None:
            warn(note)
    for record in counted.records.values():
        if record.ok and record.score is not None:
            passes.setdefault(record.id, []).append(record.score.exact_match)
            first.setdefault(record.id, record)
    return [Outcome(q, first[q].group, first[q].reasoning_type, sum(p) / len(p)) for q, p in passes.items()]


def compare_runs(a: Path, b: Path, warn: Callable[[str], None] | None = None) -> dict[str, Any]:
    """``compare_outcomes`` of two run directories; refuses runs over different benchmark data. ``warn`` hears
    each record left out of the comparison."""
    try:
        headers = [read_header(path) for path in (a, b)]
    except RunDirError as error:
        raise CompareError(str(error)) from None
    data = [h.data_sha256 for h in headers]
    twin = twin_of(headers[0], headers[1]) or twin_of(headers[1], headers[0])
    if data[0] != data[1] and twin is None:
        raise CompareError(f"{a} and {b} ran on different benchmark data (sha256 {data[0][:12]} vs {data[1][:12]}); "
                           "a paired comparison needs the same queries (or a benchmark and its twin, vmb twin)")
    result = compare_outcomes(run_outcomes(a, warn), run_outcomes(b, warn))
    if result["shared"] == 0:
        raise CompareError(f"{a} and {b} have no scored query in common")
    trials = {"a": headers[0].selection.trials, "b": headers[1].selection.trials}
    return {"a": str(a), "b": str(b), "trials": trials, **({"twin": twin} if twin else {}), **result}


def twin_of(run: RunHeader, source: RunHeader) -> str | None:
    """How ``run``'s benchmark is a twin of ``source``'s (``vmb twin``: the same query ids, other names,
    dates and answers), or None: the twin's metadata names the source's data and its own as the run read them."""
    from vmb.data.metadata import read_twin

    if run.data_dir is None or not Path(run.data_dir).is_dir():
        return None
    twin = read_twin(Path(run.data_dir))
    if twin is None or twin.data_sha256 != run.data_sha256 or twin.source_sha256 != source.data_sha256:
        return None
    return (f"{run.data_dir} is a twin (seed {twin.seed}) of the benchmark of the other run: "
            f"{twin.summary.changed} of {twin.summary.queries} answers changed, paired by query id")


def _p(value: float) -> str:
    return f"{value:.4f}" if value >= 1e-4 else f"{value:.1e}"


def comparison_text(result: dict[str, Any]) -> str:
    """The comparison as a table: one line overall, one per reasoning type."""
    header = ["", "n", "ESM A", "ESM B", "A - B", "95% interval", "only A", "only B", "p (McNemar)", ""]
    rows = [header]
    for row in [result["overall"], *result["by_reasoning_type"]]:
        interval = "n/a" if row["low"] is None else f"[{row['low']:+.2f}, {row['high']:+.2f}]"
        rows.append([row["group"], str(row["n"]), f"{row['esm_a']:.2f}", f"{row['esm_b']:.2f}",
                     f"{row['difference']:+.2f}", interval, str(row["only_a"]),
                     str(row["only_b"]), _p(row["p_value"]), "significant" if row["significant"] else ""])
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = ["  ".join(c.ljust(w) if i in (0, 9) else c.rjust(w) for i, (c, w) in enumerate(zip(r, widths))).rstrip()
             for r in rows]
    lines.insert(1, "-" * len(lines[0]))
    notes = [f"A = {result['a']}", f"B = {result['b']}",
             f"{result['shared']} queries scored in both"
             + (f"; {result['only_in_a']} only in A, {result['only_in_b']} only in B (left out)"
                if result["only_in_a"] or result["only_in_b"] else ""),
             f"method: {result['method']}; significant: p < {ALPHA} and the interval excludes 0"]
    if result.get("twin"):
        notes.append(result["twin"] + "; a significant drop on the twin is evidence of memorisation (docs/twin.md)")
    trials = result.get("trials") or {}
    if trials.get("a") != trials.get("b"):
        notes.append(f"trials differ: A ran {trials.get('a')} per query, B {trials.get('b')}; each query counts by its "
                     "pass rate over its own trials (solved: passes in more than half), so a single trial is "
                     "a noisier measure than several")
    return "\n".join(notes[:2] + lines + notes[2:])


PAIR_COLUMNS = ["a", "b", "n", "esm_a", "esm_b", "difference", "low", "high", "only_a", "only_b", "p_value",
                "significant"]


def pairwise(runs: Sequence[Path], names: Sequence[str] | None = None) -> pd.DataFrame:
    """Every pair of runs over the same data with scored queries in common: one row per pair (overall).

    ``names`` labels the runs (default: their directory names). Pairs over different data, or with no
    query in common, are left out.
    """
    import pandas as pd

    labels = list(names) if names is not None else [Path(r).name for r in runs]
    outcomes = [run_outcomes(Path(r)) for r in runs]
    data = [read_header(Path(r)).data_sha256 for r in runs]
    rows = []
    for i in range(len(runs)):
        for j in range(i + 1, len(runs)):
            if data[i] != data[j]:
                continue
            result = compare_outcomes(outcomes[i], outcomes[j])
            if result["shared"] == 0:
                continue
            overall = result["overall"]
            rows.append({"a": labels[i], "b": labels[j], **{k: overall[k] for k in PAIR_COLUMNS[2:]}})
    return pd.DataFrame(rows, columns=PAIR_COLUMNS)


TWIN_COLUMNS = ["release", "twin", "seed", "changed", "n", "esm_release", "esm_twin", "difference", "low", "high",
                "p_value", "significant"]


def twin_pairs(runs: Sequence[Path], names: Sequence[str] | None = None) -> pd.DataFrame:
    """Every pair of runs of one agent, model and memory setting where one ran on a benchmark and the other
    on its twin (``vmb twin``): one row per pair, ESM on each, the paired difference (release - twin) with
    its interval and the McNemar p-value. A significant drop on the twin is evidence of memorisation
    (docs/twin.md). Empty when there is no such pair."""
    import pandas as pd

    from vmb.data.metadata import read_twin

    labels = list(names) if names is not None else [Path(r).name for r in runs]
    headers = [read_header(Path(r)) for r in runs]
    rows = []
    for i, source in enumerate(headers):
        for j, run in enumerate(headers):
            same = {k: v for k, v in run.determining.to_json().items() if k != "data_sha256"} == \
                {k: v for k, v in source.determining.to_json().items() if k != "data_sha256"}
            if i == j or not same or twin_of(run, source) is None:
                continue
            twin = read_twin(Path(str(run.data_dir)))
            result = compare_outcomes(run_outcomes(Path(runs[i])), run_outcomes(Path(runs[j])))
            if twin is None or result["shared"] == 0:
                continue
            overall = result["overall"]
            rows.append({"release": labels[i], "twin": labels[j], "seed": twin.seed,
                         "changed": f"{twin.summary.changed}/{twin.summary.queries}", "n": overall["n"],
                         "esm_release": overall["esm_a"], "esm_twin": overall["esm_b"],
                         **{k: overall[k] for k in TWIN_COLUMNS[7:]}})
    return pd.DataFrame(rows, columns=TWIN_COLUMNS)
