"""vmb show, vmb score and vmb compare over damaged runs: one line naming the file, nothing dropped unsaid."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.harness.conftest import RunFn
from vmb.cli import main
from vmb.results.rundir import RESULTS


def test_show_names_a_damaged_config(run: RunFn, capsys: pytest.CaptureFixture[str]) -> None:
    path = run(None, "a", agent="oracle", groups=[1]).path
    (path / "config.json").write_text("{")
    assert main(["show", str(path)]) == 2
    assert f"vmb show: {path / 'config.json'} is damaged" in capsys.readouterr().err


def test_show_and_compare_warn_of_lines_they_leave_out(run: RunFn, bench: Any,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    torn = len(bench.group(1).queries) + 1
    a = run(None, "a", agent="oracle", groups=[1]).path
    b = run(None, "b", agent="noop", groups=[1]).path
    with (a / RESULTS).open("a", encoding="utf-8") as handle:
        handle.write('{"id": "qa_1#0", "sta\n')
    assert main(["show", str(a)]) == 0
    assert f"vmb show: warning: {a / RESULTS} line {torn}: not complete JSON" in capsys.readouterr().err
    assert main(["compare", str(a), str(b)]) == 0
    assert f"vmb compare: warning: {a / RESULTS} line {torn}" in capsys.readouterr().err


def test_score_keeps_damaged_lines_aside_and_names_a_missing_data_dir(run: RunFn, tmp_path: Path, bench: Any,
                                                                      small_benchmark: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = run(None, "a", agent="oracle", groups=[1]).path
    size = len(bench.group(1).queries)
    assert main(["score", str(path), "--data", str(tmp_path / "nowhere")]) == 2
    assert "vmb score: " in capsys.readouterr().err
    with (path / RESULTS).open("a", encoding="utf-8") as handle:
        handle.write("garbage\n")
    before = (path / RESULTS).read_text()
    assert main(["score", str(path), "--data", str(small_benchmark)]) == 0
    err = capsys.readouterr().err
    assert f"{path / RESULTS} line {size + 1}: not complete JSON" in err and "kept as results.jsonl.damaged" in err
    assert (path / f"{RESULTS}.damaged").read_text() == before
    assert len((path / RESULTS).read_text().splitlines()) == size
    assert json.loads((path / "metric.json").read_text())["scored"] == size
