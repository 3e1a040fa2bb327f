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
    from vmb.errors import Exit
    from vmb.results.rundir import RunDirError
    from vmb.terminal import note

    found = find_runs(*args.runs)
    if not found:
        raise RunDirError(f"no run directories (with config.json) in {', '.join(map(str, args.runs))}")
    start = time.perf_counter()
    bench = runs_benchmark(found, args.data)
    runset = load_runs(found, bench=bench)
    for problem in runset.notes:  # the viewer shows the records metric.json counts: name each one left out
        note("view", f"warning: {problem}")
    result = write_viewer(runset, bench, args.out)
    print(f"{result.runs} run(s), {result.rows} (run, query) rows, {result.files} files, "
          f"{result.bytes / 1e6:.1f} MB in {time.perf_counter() - start:.1f} s -> {result.index}")
    return Exit.OK
