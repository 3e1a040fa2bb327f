"""vmb grid against the scripted server: every cell runs, resumes, shards and merges."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, ScriptedServer


def spec(tmp_path: Path, url: str, small_benchmark: Path) -> Path:
    path = tmp_path / "grid.toml"
    path.write_text(f'''
root = "grid"
memory = ["none", "gold"]
trials = 2
[run]
groups = "1-2"
data = "{small_benchmark}"
backoff = 0.01
[[models]]
name = "scripted"
base_url = "{url}"
[[models]]
agent = "oracle"
''', encoding="utf-8")
    return path


def test_grid_runs_every_cell_resumes_and_prints_intervals(bench: Any, tmp_path: Path, small_benchmark: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        path = spec(tmp_path, server.url, small_benchmark)
        assert main(["grid", str(path)]) == 0
        out = capsys.readouterr().out
        cells = ["scripted-none", "scripted-gold", "oracle-none", "oracle-gold"]
        assert all((tmp_path / "grid" / c / "metric.json").exists() for c in cells)
        assert (tmp_path / "grid/.cache/requests.sqlite").exists()
        assert "[4/4] oracle-gold" in out and "100.00 ± 0.00" in out and "2 trials" in out
        asked = len(server.received)
        assert main(["grid", str(path)]) == 0  # everything kept: no request
        assert len(server.received) == asked
        capsys.readouterr()

        for index in (1, 2):
            assert main(["grid", str(path), "--shard", f"{index}/2"]) == 0
        assert len(server.received) == asked  # the slices' requests come from the shared cache
        whole = {c: (tmp_path / "grid" / c / "metric.json").read_bytes() for c in cells}
        assert main(["grid", str(path), "--merge"]) == 0
        assert "merged 2 slices" in capsys.readouterr().out
        assert {c: (tmp_path / "grid" / c / "metric.json").read_bytes() for c in cells} == whole


def test_a_bad_spec_is_one_clear_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "grid.toml"
    path.write_text('root = "g"\nmemory = ["gold"]\n', encoding="utf-8")
    assert main(["grid", str(path)]) == 2
    assert "at least one [[models]] entry is required" in capsys.readouterr().err
