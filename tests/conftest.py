"""Shared fixtures: the reference's recorded behaviour (shipped in the package) and the release (found where vmb
finds it: $VMB_DATA, data/vehiclemembench, ../shared/vehiclemembench); small benchmarks made by ``vmb generate``
and committed (tests/data, ``fixtures/benchmarks.py``) for tests whose subject is not the release; the test markers
of the extras; how ``make test``'s two workers share the suite."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fixtures.benchmarks import SMALL_BENCHMARK, TINY_BENCHMARK, FixtureBenchmark

from vmb.data.errors import DataError
from vmb.data.locate import POINT_AT_A_COPY, resolve_data_dir
from vmb.sim.conformance import conformance_dir as shipped_conformance_dir

pytest_plugins = ["fixtures.extras"]
REPO = Path(__file__).resolve().parents[1]
# Under make test's two workers (pytest-xdist, --dist loadfile) each module runs on one worker, its module-scoped
# fixtures made once. The longest modules start first, so that neither worker is left finishing one alone: the real
# model's test, then the report's notebooks, then the notebooks in JupyterLab.
FIRST = tuple(REPO / "tests" / name for name in ("test_local_model.py", "test_notebooks.py", "test_lab.py"))
# Libraries computing on threads of their own (torch's, OpenBLAS's) would spin against the other worker.
ONE_THREAD = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


# Suite time (make test on a fresh clone within 6 minutes, its venv included) as the Python processes the tests
# start: each costs its imports again (0.3 s for vmb's, 10 s of CPU for torch's), and they are most of what
# grows the suite's time besides the tests' own work: 66 today (2 workers, notebook kernels, `python -m vmb` runs,
# probes, and since issue 45 vmb serve's servers and the MCP clients that drive them, each in its own process as an
# outside agent is, and the HTTP memory's reference server); the budget is a quarter more.
PYTHON_PROCESSES = 82
_python_started = [0]


def _count_python(event: str, args: tuple[Any, ...]) -> None:
    if event == "subprocess.Popen":
        program = args[0] if args[0] is not None else (args[1][0] if isinstance(args[1], (list, tuple)) else args[1])
        if Path(os.fspath(program)).name.startswith("python"):
            _python_started[0] += 1


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):  # before any test module imports numpy or torch
        for name in ONE_THREAD:
            os.environ.setdefault(name, "1")
    sys.addaudithook(_count_python)  # an audit hook stays for the process: it only counts


def budget(request: pytest.FixtureRequest, what: str, figure: float, limit: float) -> None:
    """Fail unless ``figure`` is at most ``limit``; the figure goes to the run's summary (one line if over)."""
    request.node.user_properties.append(("budget", json.dumps([what, figure, limit])))
    assert figure <= limit, f"over budget: {what}: {figure:,.4g} > {limit:,.4g}"


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:  # xdist: a worker's count, on the controller
    _python_started[0] += node.workeroutput.get("python_processes", 0)


# What `git status` shows of the checkout (ignored files too: runs/, build/ and data/ are ignored), less the caches
# Python and pytest keep: the suite must leave the rest as it found it (a test writes into a temporary folder).
_CACHES = ("__pycache__/", ".pytest_cache/", ".hypothesis/", ".mypy_cache/", ".ruff_cache/", ".pyc")
# The source people edit, perhaps while the suite runs: a test writes its outputs (runs/, build/, figures/, data/,
# notebooks/, or anything git ignores), not source, so edits there are no test's.
_SOURCE = ("vmb/", "tests/", "docs/", "bench/", ".ci/", "README.md", "Makefile", "pyproject.toml", "requirements.txt")


def checkout_status() -> set[str]:
    shown = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain", "--ignored", "--untracked-files=all"],
                           capture_output=True, text=True, check=False).stdout
    return {line for line in shown.splitlines() if not any(cache in line for cache in _CACHES)
            and not (line[:2] != "!!" and line[3:].startswith(_SOURCE))}


_checkout_before: list[set[str]] = []
_checkout_changed: list[str] = []


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput") and (REPO / ".git").exists():  # the controller (or no xdist)
        _checkout_before.append(checkout_status())


def pytest_sessionfinish(session: pytest.Session) -> None:
    if hasattr(session.config, "workeroutput"):  # an xdist worker hands its count on
        session.config.workeroutput["python_processes"] = _python_started[0]
        return
    if _python_started[0] > PYTHON_PROCESSES:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
    if _checkout_before and (changed := sorted(checkout_status() ^ _checkout_before[0])):
        _checkout_changed.extend(changed)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    counted = [json.loads(value) for reports in terminalreporter.stats.values() for report in reports
               if getattr(report, "when", None) == "call"
               for key, value in getattr(report, "user_properties", ()) if key == "budget"]
    over = [(what, figure, limit) for what, figure, limit in counted if figure > limit]
    processes = ("Python processes started by the tests", _python_started[0], PYTHON_PROCESSES)
    if processes[1] > processes[2]:
        over.append(processes)
    for what, figure, limit in over:
        terminalreporter.write_line(f"OVER BUDGET: {what}: {figure:,.4g} > {limit:,.4g}")
    if _checkout_changed:
        terminalreporter.write_line(f"THE SUITE CHANGED THE CHECKOUT (git status, before ^ after; a test must write "
                                    f"into a temporary folder): {'; '.join(_checkout_changed[:20])}")
    terminalreporter.write_line(f"budgets: {len(counted) + 1} counted figures, {len(over)} over budget "
                                f"({processes[1]} Python processes started, budget {processes[2]})")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Stable: the order within each part is kept.
    items.sort(key=lambda item: FIRST.index(item.path) if item.path in FIRST else len(FIRST))


def find_release() -> Path:
    """The release the tests read, found as every vmb command finds a benchmark (``vmb.data.locate``), else
    one line naming the ways to point at a copy (``make test`` downloads one first where it can)."""
    try:
        return resolve_data_dir()
    except DataError as error:
        said = str(error) if error.file else POINT_AT_A_COPY  # error.file: a $VMB_DATA naming no directory
        pytest.fail(f"the VehicleMemBench release is not found: {said}", pytrace=False)


@pytest.fixture(scope="session")
def conformance_dir() -> Path:
    """The reference's recorded behaviour as the package ships it (vmb/sim/conformance_data)."""
    return shipped_conformance_dir()


@pytest.fixture(scope="session")
def release_dir() -> Path:
    return find_release()


def copied(tmp_path_factory: pytest.TempPathFactory, fixture: FixtureBenchmark) -> Path:
    """A copy of a committed fixture benchmark, once per worker (a test may write beside a benchmark it runs on)."""
    out = tmp_path_factory.mktemp(fixture.name) / "benchmark"
    shutil.copytree(fixture.path, out)
    return out


@pytest.fixture(scope="session")
def small_benchmark(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A benchmark directory in the release's layout (history/, qa_data/) made by ``vmb generate --backend
    procedural`` with :data:`SMALL_BENCHMARK`'s options and committed: for tests of the harness, grid, memory and
    report, whose subject is not the release."""
    return copied(tmp_path_factory, SMALL_BENCHMARK)


@pytest.fixture(scope="session")
def tiny_benchmark(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """As :func:`small_benchmark` with :data:`TINY_BENCHMARK`: 2 groups of 3 queries and 90 lines."""
    return copied(tmp_path_factory, TINY_BENCHMARK)


@pytest.fixture(scope="session")
def oracle_run(tmp_path_factory: pytest.TempPathFactory, tiny_benchmark: Path) -> Path:
    """A finished run of the oracle agent with gold memory on the first group of :func:`tiny_benchmark`, made once
    per worker; tests read it, or damage a copy of it."""
    from vmb.cli import main

    out = tmp_path_factory.mktemp("oracle-run") / "run"
    assert main(["run", "--agent", "oracle", "--memory", "gold", "--data", str(tiny_benchmark), "--out", str(out),
                 "--groups", "1"]) == 0
    return out


@pytest.fixture(scope="session")
def bench(small_benchmark: Path) -> Any:
    """:func:`small_benchmark`, loaded; a module whose subject is another benchmark defines its own."""
    from vmb.data import load_benchmark

    return load_benchmark(small_benchmark)


@pytest.fixture(scope="session")
def tiny_runs(tmp_path_factory: pytest.TempPathFactory, bench: Any, small_benchmark: Path) -> Path:
    """The scripted runs of ``fixtures/scripted_runs.py`` on :func:`small_benchmark`, made once per worker."""
    from fixtures.scripted_runs import build_runs

    root = tmp_path_factory.getbasetemp() / "tiny_runs"
    build_runs(root, bench, small_benchmark)
    return root


@pytest.fixture(scope="session")
def runset(tiny_runs: Path, bench: Any) -> Any:
    """:func:`tiny_runs`, loaded."""
    from vmb.analysis.runs import load_runs

    return load_runs([tiny_runs], bench=bench)
