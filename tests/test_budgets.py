"""Every speed and size budget the project has claimed, kept by a count that a busy machine cannot move.

``make bench`` (``bench``) times each claim and prints the figure beside its target; a time depends on
the machine's load, so none of it is asserted here. Each budget is instead held by what the work does:
what a run reads (histories parsed), what it imports (``sys.modules``), its traced peak memory
(``tracemalloc``), the function calls it makes (``cProfile``: on CPython the CPU a pure-Python path
spends follows the calls it makes), the requests it sends and the tokens they carry, the Python
processes the suite starts. A count over its budget fails its test and is one line of ``make test``'s
summary (``budget`` in ``tests/conftest.py``). Each budget says what it stands for and where it came from.
"""

from __future__ import annotations

import asyncio
import cProfile
import json
import pstats
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, budget

MIB = 1024 * 1024
# What only the model, the memory systems, the analysis or the generator need: a gold run and `vmb --help` load none.
HEAVY = ("numpy", "pandas", "matplotlib", "torch", "transformers", "sentence_transformers", "pydantic", "openai",
         "httpx", "papermill", "jinja2")
NETWORK = ("http", "email", "ssl", "socket", "httpx", "httpx2", "openai", "urllib.request")


def _probe(mode: str, data: Path, out: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "tests.budget_probe", mode, str(data), str(out)], cwd=REPO,
                          capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["status"] == 0, done.stderr
    return figures


@pytest.fixture(scope="module")
def gold_memory_run(release_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """``vmb run --agent oracle --memory gold`` over the release's 500 queries, in a fresh interpreter, traced."""
    return _probe("memory", release_dir, tmp_path_factory.mktemp("gold-memory") / "run")


@pytest.fixture(scope="module")
def gold_calls_run(release_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The same run, profiled."""
    return _probe("calls", release_dir, tmp_path_factory.mktemp("gold-calls") / "run")


def test_a_gold_run_parses_no_history(gold_memory_run: dict[str, Any], request: pytest.FixtureRequest) -> None:
    """Oracle start-up (1.2 s for 500 queries, ``python -m bench startup``): ``--memory gold`` holds the gold memories,
    never a history. The stage attribution reads each group's speakers off its lines' heads
    (``vmb.data.loader.history_speakers``) to tell a name from a value; parsing the 2,700 lines of each of the
    50 histories took 1.4 s and 120 MiB (issue 28)."""
    budget(request, "histories parsed by a 500-query gold run", len(gold_memory_run["parsed"]), 0)


def test_a_gold_run_stays_within_its_traced_memory(gold_memory_run: dict[str, Any],
                                                   request: pytest.FixtureRequest) -> None:
    """Peak resident memory of a gold run, 150 MiB. About 98 MiB of it is outside tracemalloc's view (the
    interpreter, numpy, the tokenizer's tables: 124 MiB resident at a 26 MiB traced peak), so the Python
    objects a run holds at once have 48 MiB. With every history parsed the traced peak was 143 MiB."""
    budget(request, "traced peak of a 500-query gold run (MiB)", gold_memory_run["peak_bytes"] / MIB, 48)


def test_a_gold_run_makes_a_bounded_number_of_calls(gold_calls_run: dict[str, Any],
                                                    request: pytest.FixtureRequest) -> None:
    """Oracle start-up, 1.2 s wall: the run's CPU as the function calls it makes. The whole process made
    1.88 million calls when it ran in about 1.1 s on an idle core (after the speaker fix of issue 28); writing
    records from their declaration cost 2.24 million until each field's writer was made once per type (1.98
    million); parsing the histories adds 1.07 million. The budget leaves room for a tenth more work, no more."""
    budget(request, "function calls of a 500-query gold run (millions)", gold_calls_run["calls"] / 1e6, 2.1)


def test_a_gold_run_imports_no_heavy_package(gold_memory_run: dict[str, Any], request: pytest.FixtureRequest) -> None:
    """Start-up again: numpy is the one large package a gold run needs (the group bootstrap of its intervals);
    the model client, the memory systems' embedders, the analysis and the generator's schemas stay unloaded."""
    heavy = sorted({m.split(".")[0] for m in gold_memory_run["modules"]} & set(HEAVY) - {"numpy"})
    budget(request, f"heavy packages a gold run imports ({', '.join(heavy) or 'none'})", len(heavy), 0)


def test_a_gold_run_imports_and_opens_a_bounded_number_of_modules_and_files(
        gold_memory_run: dict[str, Any], request: pytest.FixtureRequest) -> None:
    """Start-up as what it loads (``python -m bench startup``: 1.2 s wall for 500 queries): a whole gold-run process
    imported 491 modules and opened 556 files at the end of issue 39: each QA file and history twice (the
    data's checksum, then the queries and each group's speakers), the run's own files, prompts, and the
    bytecode of the modules imported on the way. A module that pulls in a package on this path, or a reader
    that opens a file per query, is over: the budgets leave a tenth more."""
    budget(request, "modules a 500-query gold run imports", len(gold_memory_run["modules"]), 540)
    budget(request, "files a 500-query gold run opens", len(gold_memory_run["files"]), 610)


def _help_modules() -> list[str]:
    code = "import sys, vmb.cli; vmb.cli.build_parser(); print(' '.join(sorted(sys.modules)))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO).stdout.split()


def test_help_imports_a_bounded_set_of_modules(request: pytest.FixtureRequest) -> None:
    """``vmb --help`` in 150 ms: the parser is built from the commands' declarations without importing the
    simulator, a model client or any large package. 161 modules in all today (34 of vmb); a command whose parser
    pulls in numpy (+140 modules) or the simulator (+40) is over."""
    modules = _help_modules()
    loaded = sorted({m.split(".")[0] for m in modules} & set(HEAVY + NETWORK) | set(modules) & set(NETWORK))
    budget(request, f"large or network packages `vmb --help` imports ({', '.join(loaded) or 'none'})", len(loaded), 0)
    budget(request, "modules `vmb --help` imports", len(modules), 180)


def test_importing_the_analysis_loads_a_bounded_set_of_modules(request: pytest.FixtureRequest) -> None:
    """``import vmb.analysis`` in 0.8 s: the loader's pandas and numpy, never matplotlib, ipywidgets, the model
    client, an extra's code or package (its figures and explorer load on first use). 633 modules today; a
    top-level import of matplotlib (+~150), the maker or torch (+~1,500) is over."""
    code = ("import sys; before = set(sys.modules); import vmb.analysis; "
            "print(' '.join(sorted(set(sys.modules) - before)))")
    modules = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             cwd=REPO).stdout.split()
    unwanted = ("matplotlib", "ipywidgets", "openai", "torch", "transformers", "faker", "pydantic", "mcp")
    loaded = sorted({m.split(".")[0] for m in modules} & set(unwanted)
                    | {m for m in modules if m.startswith(("vmb.maker", "vmb.publish", "vmb.systems", "vmb.local"))})
    budget(request, f"packages `import vmb.analysis` should not load ({', '.join(loaded) or 'none'})", len(loaded), 0)
    budget(request, "modules `import vmb.analysis` imports", len(modules), 700)


def test_the_prompt_per_query_stays_at_or_below_the_reference(release_dir: Path, request: pytest.FixtureRequest) -> None:
    """Prompt tokens per query, per memory setting, against the reference release's recorded figures
    (``bench.prompt.REFERENCE``: its prompts and schemas through the same oracle policy, counted the same
    way). Tokens are a count already: the suite's own measurement, on every query of the release."""
    from bench.prompt import REFERENCE, SETTINGS, measure

    with tempfile.TemporaryDirectory(prefix="vmb-prompt-") as scratch:
        for setting in SETTINGS:
            figures = asyncio.run(measure(setting, str(release_dir), Path(scratch)))
            budget(request, f"o200k tokens per query, --memory {setting}", figures.per_query(figures.tokens),
                   REFERENCE[setting])


def test_the_harness_makes_a_bounded_number_of_calls_per_request(release_dir: Path,
                                                                 request: pytest.FixtureRequest) -> None:
    """The harness's CPU per request, at most half the reference harness's 9.1 ms (``python -m bench harness``), as
    the calls this process makes per model request of a gold run against the scripted server (which answers from
    its own thread, not profiled): the client's encoding and parsing, the tools, scoring, attribution and the
    record. 50 queries, 3 requests each as the reference's oracle pattern: 2,300 calls per request today, when
    the suite measures 1.3 ms; the budget, 3,000, is a third more (parsing the five groups' histories as the gold
    run did before issue 28 made it 3,230)."""
    from vmb.data import load_benchmark
    from vmb.doubles.scripted import ReferenceScript, ScriptedServer
    from vmb.harness.config import RunConfig
    from vmb.harness.runner import execute

    bench = load_benchmark(release_dir, parse_histories=False)
    with ScriptedServer(ReferenceScript(bench)) as server, tempfile.TemporaryDirectory(prefix="vmb-calls-") as tmp:
        config = RunConfig(out=str(Path(tmp) / "run"), model="scripted", base_url=server.url, memory="gold",
                           concurrency=10, use_cache=False, data=str(release_dir), limit=50)
        profile = cProfile.Profile()
        profile.enable()
        result = asyncio.run(execute(config, show_progress=False))
        profile.disable()
    requests = result.stats.usage.requests
    assert result.metric.errors == 0
    assert requests == 150, "the oracle policy asks three requests per query"
    calls = pstats.Stats(profile).total_calls  # type: ignore[attr-defined]
    budget(request, "harness function calls per model request", calls / requests, 3000)


def test_generation_memory_does_not_grow_with_the_groups(tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """``vmb generate`` in a few hundred MB at any number of groups (``python -m bench generate``: 300 MiB): groups
    stream through the stages to disk, so the traced peak of 6 full-size groups is that of 2, within 15%
    (4% today, 6.4 MiB), in a fresh interpreter. A pipeline holding every group grew by ~2.5 MiB a group
    (519 MB at 200 groups, issue 19); an unbounded cache of filled-in wording frames by half a MiB (a ratio
    of 1.49)."""
    peaks = _probe("generate", tmp_path, tmp_path)
    two, six = peaks["peak_bytes_2"] / MIB, peaks["peak_bytes_6"] / MIB
    budget(request, "traced peak of generating 6 groups over that of 2", six / two, 1.15)
    budget(request, "traced peak of generating 6 full-size groups (MiB)", six, 16)


def test_a_warm_load_of_the_runs_parses_no_record(release_dir: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """``make report`` in at most 60 s with its 11 runs present (``python -m bench report``; 2 min 05 s when every
    notebook and the viewer loaded every run again: 0.4 s of CPU per 500-query run, most of it parsing
    records). With the run cache warm (``vmb.analysis.runcache``), loading runs parses no record, and opens
    each file of a run once (its checksum), its config.json once more (the header) and its entry's two files:
    nothing else of the run, however many records it holds."""
    from vmb.analysis import runcache
    from vmb.analysis.runs import load_runs, runs_benchmark
    from vmb.harness import run_benchmark
    from vmb.results.record import QueryRecord

    monkeypatch.setenv(runcache.CACHE_ENV, str(tmp_path / "cache"))
    runs = tmp_path / "runs"
    for agent, memory in (("oracle", "gold"), ("noop", "none")):
        run_benchmark(out=str(runs / f"{agent}-{memory}"), agent=agent, memory=memory, data=str(release_dir),
                      limit=100, progress=False)
    bench = runs_benchmark(runs)
    cold = load_runs(runs, bench=bench)
    parsed: list[str] = []
    read = QueryRecord.from_json.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(QueryRecord, "from_json",
                        classmethod(lambda cls, data: parsed.append("record") or read(cls, data)))
    opened: list[Path] = []
    counting = [True]

    def hook(event: str, args: tuple[Any, ...]) -> None:
        if counting[0] and event == "open" and isinstance(args[0], (str, Path)) and str(args[0]).startswith(str(tmp_path)):
            opened.append(Path(args[0]))

    sys.addaudithook(hook)  # audit hooks stay for the process: this one counts only while counting[0]
    try:
        warm = load_runs(runs, bench=bench)
    finally:
        counting[0] = False
    assert len(warm.queries) == len(cold.queries) == 200
    files = [p for p in runs.rglob("*") if p.is_file() and p.name != "run.lock"]
    assert set(files) <= set(opened), "the key covers every file of each run"
    budget(request, "records parsed by a warm load of 2 runs of 100 queries", len(parsed), 0)
    budget(request, "files a warm load of 2 runs opens beyond its runs' files (each once)",
           len(opened) - len(files), 2 * (1 + 2))


def test_a_warm_audit_scores_no_baseline_and_measures_no_history(small_benchmark: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   request: pytest.FixtureRequest) -> None:
    """Notebook 08 and ``vmb audit`` spend about 30 s of CPU auditing the release; with its entry stored
    (``vmb.maker.audit.store``) the audit scores no baseline and measures no history: 0 calls of each."""
    from vmb.data import load_benchmark
    from vmb.maker.audit import audit, report
    from vmb.usercache import CACHE_ENV

    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    calls: list[str] = []
    score, measure = report.score_baseline, report.measure
    monkeypatch.setattr(report, "score_baseline", lambda *a: calls.append("baseline") or score(*a))
    monkeypatch.setattr(report, "measure", lambda *a, **k: calls.append("measure") or measure(*a, **k))
    audit(load_benchmark(small_benchmark), tokens=False)
    assert calls.count("measure") == 1 and calls.count("baseline") > 0
    calls.clear()
    audit(load_benchmark(small_benchmark), tokens=False)
    budget(request, "baselines scored and histories measured by a warm audit", len(calls), 0)
