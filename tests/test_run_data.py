"""A run is read against the benchmark it ran on, found by the data checksum its header records: never
joined to another benchmark's queries without a word (``vmb.analysis.runs.runs_benchmark``)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from vmb.analysis import RunDataError, load_runs, runs_benchmark
from vmb.cli import main
from vmb.data import load_benchmark
from vmb.data.locate import data_checksum


@pytest.fixture(scope="module")
def small_runs(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> Path:
    """An oracle and a noop run of the harness over the small benchmark's first group."""
    from vmb.harness import run_benchmark

    root = tmp_path_factory.mktemp("run-data")
    common = {"groups": [1], "data": str(small_benchmark), "cache_dir": str(root / ".cache"), "progress": False}
    run_benchmark(out=str(root / "oracle-gold"), agent="oracle", memory="gold", **common)
    run_benchmark(out=str(root / "noop-none"), agent="noop", memory="none", **common)
    return root


def one_run(small_runs: Path, tmp_path: Path, name: str = "oracle-gold", *, recorded: bool = True) -> Path:
    run = tmp_path / "runs" / name
    shutil.copytree(small_runs / name, run)
    if not recorded:  # as a run made before headers named their benchmark directory
        config = json.loads((run / "config.json").read_text())
        del config["operational"]["data"]
        (run / "config.json").write_text(json.dumps(config))
    return run


def test_the_header_names_the_benchmark_it_read(small_runs: Path, small_benchmark: Path) -> None:
    config = json.loads((small_runs / "oracle-gold" / "config.json").read_text())
    assert config["operational"]["data"] == str(small_benchmark.resolve())
    assert config["determining"]["data_sha256"] == data_checksum(small_benchmark)


def test_the_runs_benchmark_is_found_by_their_header(small_runs: Path, small_benchmark: Path,
                                                     tiny_benchmark: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VMB_DATA", str(tiny_benchmark))  # a default elsewhere does not win over the header
    run = one_run(small_runs, tmp_path)
    assert runs_benchmark([run]).root == small_benchmark.resolve()
    assert len(load_runs([run]).queries) > 0


def test_an_old_header_finds_its_benchmark_among_the_usual_places(small_runs: Path, small_benchmark: Path,
                                                                  tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    run = one_run(small_runs, tmp_path, recorded=False)
    monkeypatch.setenv("VMB_DATA", str(small_benchmark))
    assert runs_benchmark([run]).root == small_benchmark


@pytest.mark.parametrize("recorded", [True, False])
def test_another_benchmark_is_refused_in_one_line(small_runs: Path, small_benchmark: Path, tiny_benchmark: Path,
                                                  tmp_path: Path, recorded: bool) -> None:
    run = one_run(small_runs, tmp_path, recorded=recorded)
    wanted, found = data_checksum(small_benchmark)[:12], data_checksum(tiny_benchmark)[:12]
    for load in (lambda: runs_benchmark([run], str(tiny_benchmark)),
                 lambda: load_runs([run], data=str(tiny_benchmark)),
                 lambda: load_runs([run], bench=load_benchmark(tiny_benchmark))):
        with pytest.raises(RunDataError) as caught:
            load()
        message = str(caught.value)
        assert str(run) in message and wanted in message and found in message and "\n" not in message


def test_a_header_naming_a_moved_benchmark_says_what_it_expected(small_runs: Path, small_benchmark: Path,
                                                                 tiny_benchmark: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    run = one_run(small_runs, tmp_path)
    config = json.loads((run / "config.json").read_text())
    config["operational"]["data"] = str(tmp_path / "moved")
    (run / "config.json").write_text(json.dumps(config))
    monkeypatch.setenv("VMB_DATA", str(tiny_benchmark))
    with pytest.raises(RunDataError, match=r"ran on benchmark data sha256 \w{12}, but .* holds sha256") as caught:
        runs_benchmark([run])
    assert str(tmp_path / "moved") in str(caught.value)


def test_runs_of_two_benchmarks_are_not_loaded_together(small_runs: Path, tmp_path: Path) -> None:
    one = one_run(small_runs, tmp_path, "oracle-gold")
    other = one_run(small_runs, tmp_path, "noop-none")
    config = json.loads((other / "config.json").read_text())
    config["determining"]["data_sha256"] = "0" * 64
    (other / "config.json").write_text(json.dumps(config))
    with pytest.raises(RunDataError, match="load runs of different benchmarks separately"):
        load_runs([one, other])


@pytest.mark.parametrize("command", ["view", "show"])
def test_the_commands_refuse_another_benchmark_in_one_line(small_runs: Path, tiny_benchmark: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str], command: str) -> None:
    run = one_run(small_runs, tmp_path)
    extra = ["--out", str(tmp_path / "view")] if command == "view" else ["--by", "stage"]
    assert main([command, str(run), "--data", str(tiny_benchmark), *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"vmb {command}: {run} ran on benchmark data sha256") and "\n" not in err
    assert "Traceback" not in err


def test_the_report_viewer_reads_the_runs_benchmark(small_runs: Path, tiny_benchmark: Path, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VMB_DATA", str(tiny_benchmark))  # the header's directory wins over a default
    from vmb.report.index import write_report_viewer

    logged: list[Any] = []
    run = one_run(small_runs, tmp_path)
    index = write_report_viewer([run], tmp_path / "view", None, logged.append)
    assert index.is_file() and logged


def test_rescoring_reads_the_benchmark_the_run_read(small_runs: Path, tiny_benchmark: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`vmb score RUN` without --data re-scores against the benchmark the header names, not the one the
    usual places hold (which used to re-score every record against another benchmark's references)."""
    from vmb.harness.rescore import rescore_run

    monkeypatch.setenv("VMB_DATA", str(tiny_benchmark))
    run = one_run(small_runs, tmp_path)
    before = json.loads((run / "metric.json").read_text())
    metric, warnings = rescore_run(run)
    assert warnings == [] and metric.to_json()["overall"] == before["overall"]


def test_rescoring_finds_the_runs_benchmark_by_checksum_where_the_header_names_another(
        small_runs: Path, small_benchmark: Path, tiny_benchmark: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The directory a header names may hold another benchmark now (made again in place): re-scoring reads
    the one whose checksum the run recorded, as every reader of runs does."""
    from vmb.harness.rescore import rescore_run

    run = one_run(small_runs, tmp_path)
    config = json.loads((run / "config.json").read_text())
    config["operational"]["data"] = str(tiny_benchmark)
    (run / "config.json").write_text(json.dumps(config))
    monkeypatch.setenv("VMB_DATA", str(small_benchmark))
    before = json.loads((run / "metric.json").read_text())
    metric, warnings = rescore_run(run)
    assert warnings == [] and metric.to_json()["overall"] == before["overall"]


def test_the_report_refuses_runs_of_two_benchmarks_in_one_line_before_any_notebook(
        small_runs: Path, tmp_path: Path) -> None:
    from vmb.report import ReportError, make_report

    one = one_run(small_runs, tmp_path, "oracle-gold")
    other = one_run(small_runs, tmp_path, "noop-none")
    config = json.loads((other / "config.json").read_text())
    config["determining"]["data_sha256"] = "0" * 64
    (other / "config.json").write_text(json.dumps(config))
    with pytest.raises(ReportError, match="load runs of different benchmarks separately") as caught:
        make_report(runs=[one, other], out=tmp_path / "report", figures=tmp_path / "figures", log=lambda _: None)
    assert "\n" not in str(caught.value) and not (tmp_path / "report" / "notebooks").exists()
