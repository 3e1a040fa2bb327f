"""What every report notebook does first: its parameters read as paths, its runs loaded, its outputs opened.

A notebook's path parameters are strings (papermill's ``-p runs DIR`` gives one) or lists of them: a string is
one path, never a sequence of characters (``vmb.analysis.runs.as_paths``). Over no runs the notebook says so in
its first output, one line naming what to run, and writes nothing: its ``Outputs`` only shows (the report's
tables and committed figures stay as they were, never replaced by empty ones).

A notebook finds its benchmark as every command does (``vmb.data.locate``: its ``data`` parameter, ``$VMB_DATA``,
the checkout's places, the copy ``make test`` or ``make report`` last found), then in what the checkout's runs
recorded; never relative to the kernel's working folder. Where none is found, ``NoData`` stops the notebook with
one Markdown line saying what to set: no traceback, and Run All runs no later cell.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from vmb import escape
from vmb.analysis.outputs import Outputs
from vmb.analysis.runs import RunPaths, RunSet, as_paths, find_runs, load_runs, read_run, runs_benchmark
from vmb.data import Benchmark, DataError, load_benchmark
from vmb.data.locate import ENV_VAR, PROJECT_ROOT, resolve_data_dir, run_data_dir
from vmb.errors import VmbError
from vmb.prices import PriceTable
from vmb.usercache import cache_root, code_digest

MAKE_RUNS = ("`make report` (it makes the oracle, noop and shortcut baseline runs; no model needed) or "
             "`vmb run --agent oracle --memory gold --out runs/oracle-gold`")


class NoData(VmbError):
    """No benchmark to read: the notebook stops here with its message as one Markdown line (``_stop``)."""


def no_data_line(error: DataError) -> str:
    """The one line a notebook that finds no benchmark shows (Markdown, the error's text escaped): what was looked
    at, then what to set in a notebook (the command line's ``--data`` is no way here)."""
    looked = str(error).split(": pass --data DIR", 1)[0]
    return (f"**No benchmark data:** {escape.markdown(looked)}. Set `data` in this notebook's parameters cell, or "
            f"start `make lab` with `{ENV_VAR}=DIR` (`make test` and `make report` remember the copy they find; "
            "`vmb data fetch` downloads one into the checkout), then Restart Kernel and Run All. The rest of this "
            "notebook is skipped.")


def _show_line(shell: object, etype: type, value: BaseException, tb: object, tb_offset: object = None) -> list[str]:
    """IPython's handler of ``NoData``: the one Markdown line, and no traceback."""
    from IPython.display import Markdown, display

    display(Markdown(str(value)))
    return []


def stop(line: str) -> NoData:
    """``NoData`` saying ``line`` (Markdown), which IPython shows as that one line with no traceback; Run All then
    runs no later cell (outside IPython it is an ordinary exception)."""
    try:
        from IPython import get_ipython
    except ImportError:  # not in a notebook
        return NoData(line)
    shell = get_ipython()
    if shell is not None:
        shell.set_custom_exc((NoData,), _show_line)
    return NoData(line)


def recorded_data_dir(runs_root: Path) -> Path | None:
    """The benchmark the runs under ``runs_root`` recorded (``config.json``), the first still holding its data."""
    for path in find_runs(runs_root):
        try:
            header = read_run(path).header
            return run_data_dir(header.data_sha256, [header.data_dir], None, path)
        except (DataError, VmbError, ValueError, OSError):
            continue
    return None


def benchmark_dir(data: str | None, runs_root: Path | None = None) -> Path:
    """The benchmark a notebook that reads no runs describes: ``data`` or where every command finds one, else the
    one the checkout's runs (``runs/``) recorded; ``NoData`` (one Markdown line, the rest skipped) for none."""
    try:
        return resolve_data_dir(data)
    except DataError as error:
        recorded = None if data or os.environ.get(ENV_VAR) else recorded_data_dir(runs_root or PROJECT_ROOT / "runs")
        if recorded is None:
            raise stop(no_data_line(error)) from None
        return recorded


def small_benchmark_dir() -> Path:
    """Where notebook 06 makes (and reuses) the small benchmark it generates when given none: the user's cache, in a
    folder of this vmb's source (another vmb makes its own), else a temporary folder; never the checkout."""
    root = cache_root("generated-small")
    return (root if root is not None else Path(tempfile.gettempdir()) / "vmb-generated-small") / code_digest()[:16]


def no_runs_line(paths: list[Path], until: str = "Until then it shows the paper's numbers alone and writes no "
                 "file.") -> str:
    """The one line a notebook over no runs shows first (``until``: what it does meanwhile)."""
    where = ", ".join(str(p.resolve()) for p in paths) or "no folder given"
    return f"No runs in {where}: run {MAKE_RUNS}, then run this notebook again. {until}"


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
    bench, runset = read_runs(runs, data, say, prices)
    return Opened(bench, runset, Outputs(notebook, Path(out_dir), Path(figures_dir), write=not runset.runs.empty))


def read_runs(runs: RunPaths, data: str | None, say: Callable[[str], None],
              prices: PriceTable | None = None) -> tuple[Benchmark, RunSet]:
    """The runs at or below ``runs`` and the benchmark they ran on (with no run: the one ``benchmark_dir``
    finds); ``say`` what was loaded, or the line saying what to run, then each run left out. ``NoData`` where
    the benchmark is nowhere to be found."""
    paths = as_paths(runs)
    found = find_runs(*paths)
    try:
        bench = runs_benchmark(found, data) if found else load_benchmark(benchmark_dir(data))
    except DataError as error:  # runs whose benchmark is nowhere to be found
        raise stop(no_data_line(error)) from None
    runset = load_runs(found, bench=bench, prices=prices)
    say(f"{len(runset.runs)} runs, {len(runset.queries):,} query records, data: {bench.root}" if found
        else no_runs_line(paths))
    for note in runset.notes:
        say(note)
    return bench, runset


def runs_to_explore(runs: RunPaths, data: str | None, say: Callable[[str], None]) -> tuple[Benchmark, RunSet]:
    """``read_runs`` for the explorer, which has nothing to show without a run: over none, ``NoData`` with the
    line saying what to run (Markdown), the rest of the notebook skipped."""
    said: list[str] = []
    bench, runset = read_runs(runs, data, said.append)
    if runset.runs.empty:
        raise stop(escape.markdown(no_runs_line(as_paths(runs), "The rest of this notebook is skipped.")))
    for line in said:
        say(line)
    return bench, runset
