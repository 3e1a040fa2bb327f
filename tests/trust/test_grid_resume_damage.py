"""`vmb grid` resumed over cells whose run files are damaged (issue 35 leftover): each damage of each file a cell
holds (config.json, results.jsonl, metric.json) is a line naming the cell's file, or is resumed over; the other
cell still runs; never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vmb.cli import main

SPEC = '''
root = "{root}"
memory = ["gold", "none"]
[run]
groups = "1"
data = "{data}"
cache_dir = "{root}/.cache"
[[models]]
agent = "oracle"
'''

DEEP = "[" * 100000 + "]" * 100000
DAMAGE = {
    "config.json": {"not JSON": '{"hash": "ab', "nested 100,000 deep": DEEP, "not UTF-8": b"\xff\xfe{}",
                    "a list": "[1, 2]", "a field of the wrong type": '{"hash": 7, "determining": []}'},
    "results.jsonl": {"a torn line": '{"id": "qa_1#0", "sta', "nested 100,000 deep": DEEP, "not UTF-8": b"\xff\xfe\n",
                      "a record of the wrong shape": '{"id": 5, "status": []}'},
    "metric.json": {"not JSON": "{", "nested 100,000 deep": DEEP, "not UTF-8": b"\xff", "a list": "[]"},
}


@pytest.fixture(scope="module")
def grid(tmp_path_factory: pytest.TempPathFactory, tiny_benchmark: Path) -> Path:
    root = tmp_path_factory.mktemp("grid-resume")
    spec = root / "grid.toml"
    spec.write_text(SPEC.format(root=root / "g", data=tiny_benchmark), encoding="utf-8")
    assert main(["grid", str(spec)]) == 0
    return root


def cases() -> list[tuple[str, str]]:
    return [(name, what) for name, damages in DAMAGE.items() for what in damages]


@pytest.mark.parametrize("name, what", cases())
def test_a_damaged_cell_file_is_a_line_and_the_other_cell_runs(grid: Path, tmp_path: Path, name: str, what: str,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "copy"
    shutil.copytree(grid, root)
    spec = root / "grid.toml"
    spec.write_text(spec.read_text(encoding="utf-8").replace(str(grid), str(root)), encoding="utf-8")
    cells = sorted(p for p in (root / "g").iterdir() if (p / "config.json").is_file())
    assert len(cells) == 2
    damaged, other = cells
    value = DAMAGE[name][what]
    path = damaged / name
    if name == "results.jsonl":  # a damaged line among sound ones
        sound = path.read_bytes()
        path.write_bytes((value if isinstance(value, bytes) else value.encode()) + b"\n" + sound)
    else:
        path.write_bytes(value if isinstance(value, bytes) else value.encode())
    (other / "metric.json").unlink()  # the other cell has its metric to write again: it must still run
    status = main(["grid", str(spec)])
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "Traceback" not in text and "RecursionError" not in text, text[-2000:]
    assert status in (0, 1, 2)
    assert (other / "metric.json").is_file(), text[-2000:]  # the sound cell ran to its end
    if name == "config.json":
        assert f"stopped: {damaged}" in text, text[-2000:]  # named, with what is wrong
