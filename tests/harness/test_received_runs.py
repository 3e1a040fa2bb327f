"""A run folder someone sends you is data: re-scoring, merging, showing or viewing it imports nothing it
names, and re-scores only against the benchmark whose checksum it recorded."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.results.rundir import CONFIG, METRIC, RESULTS

from .conftest import RunFn

PAYLOAD = "import pathlib\npathlib.Path({marker!r}).write_text('imported')\n"


def _edit_config(path: Path, edit: Any) -> None:
    doc = json.loads((path / CONFIG).read_text())
    edit(doc)
    (path / CONFIG).write_text(json.dumps(doc))


def test_no_reader_of_a_run_imports_the_plugins_its_config_names(
        run: RunFn, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    marker = tmp_path / "imported.txt"
    modules = tmp_path / "modules"
    modules.mkdir()
    (modules / "vmb_payload_r32a.py").write_text(PAYLOAD.format(marker=str(marker)))
    monkeypatch.syspath_prepend(str(modules))
    path = run(None, "a", agent="oracle", groups=[1], limit=3).path
    _edit_config(path, lambda doc: doc["operational"].update(plugins=["vmb_payload_r32a"]))
    commands = [["score", str(path)], ["merge", str(path), "--out", str(tmp_path / "merged")], ["show", str(path)],
                ["show", str(path), "--by", "stage"], ["view", str(path), "--out", str(tmp_path / "view")],
                ["compare", str(path), str(path)]]
    for command in commands:
        assert main(command) == 0, command
        assert not marker.exists(), command
    capsys.readouterr()
    # A plugin memory setting is loaded only when the user names its module, and one line says which.
    _edit_config(path, lambda doc: doc["determining"].update(memory="plugin-only-setting"))
    for command in (["score", str(path)], ["merge", str(path), "--out", str(tmp_path / "merged2")]):
        assert main(command) != 0
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "--plugin 'vmb_payload_r32a'" in err and "plugin-only-setting" in err
        assert not marker.exists()


def test_a_run_is_rescored_only_against_the_benchmark_it_recorded(
        run: RunFn, tmp_path: Path, small_benchmark: Path, tiny_benchmark: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "bench"
    shutil.copytree(small_benchmark, data)
    path = run(None, "a", agent="oracle", groups=[1], limit=3, data=str(data)).path
    moved = tmp_path / "moved"
    data.rename(moved)
    monkeypatch.setenv("VMB_DATA", str(tiny_benchmark))  # same query ids, other data
    before = {name: (path / name).read_bytes() for name in (RESULTS, METRIC)}
    capsys.readouterr()
    for command in (["score", str(path)], ["score", str(path), "--data", str(tiny_benchmark)],
                    ["merge", str(path), "--out", str(tmp_path / "merged")]):
        assert main(command) != 0, command
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "ran on benchmark data sha256" in err and "--data" in err, err
        assert {name: (path / name).read_bytes() for name in (RESULTS, METRIC)} == before
    assert not (tmp_path / "merged" / RESULTS).exists()
    assert main(["score", str(path), "--data", str(moved)]) == 0
    assert json.loads((path / METRIC).read_text())["scored"] == 3


def test_force_sets_the_old_run_aside_as_a_run_every_reader_reads(
        tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    base = ["run", "--agent", "oracle", "--data", str(small_benchmark), "--out", str(out), "--groups", "1",
            "--limit", "3"]
    assert main(base) == 0
    _edit_config(out, lambda doc: doc.update(hash="../../../escape"))
    old_config = (out / CONFIG).read_text()
    assert main([*base, "--max-rounds", "3", "--force"]) == 0
    aside = list((out / "superseded").iterdir())
    assert len(aside) == 1 and aside[0].name.startswith("escape-") and not (tmp_path.parent / "escape").exists()
    assert (aside[0] / CONFIG).read_text() == old_config and len((aside[0] / RESULTS).read_text().splitlines()) == 3
    capsys.readouterr()
    assert main(["show", str(aside[0])]) == 0
    out_text = capsys.readouterr().out
    assert " 3/3 " in out_text


def test_a_damaged_build_record_in_a_runs_memory_is_one_line(run: RunFn, capsys: pytest.CaptureFixture[str]) -> None:
    path = run(None, "a", agent="oracle", groups=[1], limit=2).path
    (path / "memory" / "group_1").mkdir(parents=True, exist_ok=True)
    (path / "memory" / "group_1" / "build.json").write_text("{")
    capsys.readouterr()
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "build.json is damaged" in err
