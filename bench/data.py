"""Benchmark suite ``data``: the release loaded and its dataset tables computed (``vmb stats``)."""

from __future__ import annotations

from bench.suite import BenchOptions, SuiteResult
from bench.timing import best_time, one_core


def data_suite(options: BenchOptions) -> SuiteResult:
    from vmb.data import load_benchmark, resolve_data_dir
    from vmb.stats import compute

    root = resolve_data_dir(options.data)
    with one_core() as pinning:
        seconds, bench = best_time(lambda: load_benchmark(root), options.rounds)
        stats_seconds, tables = best_time(lambda: compute(bench), options.rounds)
    groups = len(bench.groups)
    return SuiteResult(
        suite="data",
        tasks=groups,
        seconds=seconds,
        rounds=options.rounds,
        # The whole release within 2 s, a notebook's first cell.
        target=groups / 2.0,
        baseline="loading the release should take under 2 s",
        details=[
            f"{groups} groups, {len(bench.queries)} queries loaded in {seconds:.3f} s",
            f"{len(tables)} dataset tables (vmb stats) computed in {stats_seconds:.3f} s (target under 10 s)",
            pinning,
        ],
    )

