"""`vmb memory ingest` again over stores whose files are damaged (issue 35 leftover): every file a built store holds,
made not JSON, nested 100,000 deep, not UTF-8 or empty, is rebuilt or refused in one line naming it; never a
traceback, and the other group's store is reused. (A damaged build.json was a JSONDecodeError traceback: the
store is now built again, as a killed build is.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from vmb.cli import main

pytestmark = pytest.mark.systems  # MemoryBank's store

DAMAGES = {"not JSON": b'{"a": ', "nested 100,000 deep": b"[" * 100000 + b"]" * 100000, "not UTF-8": b"\xff\xfe",
           "empty": b""}


@pytest.fixture(scope="module")
def ingested(tiny_benchmark: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("ingest-damage")
    assert main(["memory", "ingest", *_args(root, tiny_benchmark)]) == 0
    return root


def _args(root: Path, data: Path) -> list[str]:
    return ["--memory", "memorybank", "--memory-option", "summaries=false", "--agent", "noop", "--groups", "1-2",
            "--data", str(data), "--out", str(root / "run"), "--cache-dir", str(root / ".cache"), "--no-progress"]


def test_every_file_of_a_store_damaged_is_rebuilt_or_one_line(ingested: Path, tiny_benchmark: Path, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    (store,) = (ingested / ".cache" / "memory" / "memorybank").glob("*/group_1")
    files = sorted(p.relative_to(ingested) for p in store.rglob("*") if p.is_file())
    assert any(p.name == "build.json" for p in files) and len(files) >= 2
    tried = 0
    # build.json, which ingest reads, with every damage; each other file of the store with one, in turn
    others = [p for p in files if p.name != "build.json"]
    cases = [(p, what) for p in files if p.name == "build.json" for what in DAMAGES]
    cases += [(p, list(DAMAGES)[n % len(DAMAGES)]) for n, p in enumerate(others[:3])]
    for relative, what in cases:
        data = DAMAGES[what]
        root = tmp_path / "copy"
        shutil.rmtree(root, ignore_errors=True)
        shutil.copytree(ingested, root)
        (root / relative).write_bytes(data)
        status = main(["memory", "ingest", *_args(root, tiny_benchmark)])
        captured = capsys.readouterr()
        text = captured.out + captured.err
        where = f"{relative} {what}"
        assert "Traceback" not in text and "RecursionError" not in text, (where, text[-1500:])
        lines = captured.out.splitlines()
        assert any(line.startswith("group  2:") and "reused" in line for line in lines), (where, text[-1500:])
        if status == 0:
            assert any(line.startswith("group  1:") for line in lines), (where, text)
        else:
            assert str(relative.name) in text, (where, text)  # the damaged file is named
        tried += 1
    assert tried >= 5
