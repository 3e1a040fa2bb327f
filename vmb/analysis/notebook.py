"""What every report notebook does first: its parameters read as paths, its runs loaded, its outputs opened.

A notebook's path parameters are strings (papermill's ``-p runs DIR`` gives one) or lists of them: a string is
one path, never a sequence of characters (``vmb.analysis.runs.as_paths``). Over no runs the notebook says so in
its first output, one line naming what to run, and writes nothing: its ``Outputs`` only shows (the report's
tables and committed figures stay as they were, never replaced by empty ones).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vmb.analysis.outputs import Outputs
from vmb.analysis.runs import RunPaths, RunSet, as_paths, find_runs, load_runs, runs_benchmark
from vmb.data import Benchmark
from vmb.prices import PriceTable

MAKE_RUNS = ("`make report` (it makes the oracle, noop and shortcut baseline runs; no model needed) or "
             "`vmb run --agent oracle --memory gold --out runs/oracle-gold`")


def no_runs_line(paths: list[Path]) -> str:
    """The one line a notebook over no runs shows first."""
    where = ", ".join(str(p.resolve()) for p in paths) or "no folder given"
    return (f"No runs in {where}: run {MAKE_RUNS}, then run this notebook again. Until then it shows the paper's "
            "numbers alone and writes no file.")


@dataclass
class Opened:
    """A notebook's runs, the benchmark they ran on, and where its outputs go (shown only, without runs)."""

    bench: Benchmark
    runset: RunSet
    out: Outputs

    @property
    def empty(self) -> bool:
        return self.runset.runs.empty


def open_runs(notebook: str, runs: RunPaths, data: str | None, out_dir: str | Path,
              figures_dir: str | Path, say: Callable[[str], None], prices: PriceTable | None = None) -> Opened:
    """Load the runs at or below ``runs`` on their benchmark and open the notebook's ``Outputs``; ``say`` (the
    notebook's ``print``) the first line: what was loaded, or (no run found) the one line saying what to run,
    then each run left out."""
    paths = as_paths(runs)
    found = find_runs(*paths)
    bench = runs_benchmark(found, data)  # the benchmark the runs ran on (their data checksum)
    runset = load_runs(found, bench=bench, prices=prices)
    out = Outputs(notebook, Path(out_dir), Path(figures_dir), write=bool(found))
    say(f"{len(runset.runs)} runs, {len(runset.queries):,} query records, data: {bench.root}" if found
        else no_runs_line(paths))
    for note in runset.notes:
        say(note)
    return Opened(bench, runset, out)
