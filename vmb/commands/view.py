"""Write a static viewer of runs: one folder that opens from the file system, no server needed.

A table of every (run, query) with filters (run, memory setting, reasoning type, target module,
failure type, stage, solved / failed) and text search, counts updating with the filters; one query
in full (query, gold evidence, the memory the agent saw with the evidence marked, every round with
its tool calls and results, the final answer, the state diff leaf by leaf, score, failure type,
stage); two runs side by side with their paired comparison (as `vmb compare`).

examples:
  vmb view runs/*/                      # writes build/view/index.html
  vmb view runs/qwen-gold runs/qwen-kv --out /tmp/view
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

DEFAULT_OUT = Path("build") / "view"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", type=Path, metavar="RUN",
                        help="a run directory, or a directory holding runs")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"where to write it (default {DEFAULT_OUT})")
    parser.add_argument("--data", default=None, help="the benchmark directory the runs used (default: the one their "
                        "config.json names, else the usual places; its checksum must be theirs)")


def run(args: argparse.Namespace) -> int:
    from vmb.analysis.runs import find_runs, load_runs, runs_benchmark
    from vmb.analysis.viewer import write_viewer
    from vmb.data import DataError

    found = find_runs(*args.runs)
    if not found:
        print(f"vmb view: no run directories (with config.json) in {', '.join(map(str, args.runs))}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    try:
        bench = runs_benchmark(found, args.data)
        runset = load_runs(found, bench=bench)
        for note in runset.notes:  # the viewer shows the records metric.json counts: name each one left out
            print(f"vmb view: warning: {note}", file=sys.stderr)
        result = write_viewer(runset, bench, args.out)
    except (DataError, ValueError, OSError) as error:
        print(f"vmb view: {error}", file=sys.stderr)
        return 2
    print(f"{result.runs} run(s), {result.rows} (run, query) rows, {result.files} files, "
          f"{result.bytes / 1e6:.1f} MB in {time.perf_counter() - start:.1f} s -> {result.index}")
    return 0
