"""`vmb board` as a forger and a careless user try it (issue 35): invalid rows never ranked, partial runs ranked
below complete ones, one run given twice is one row, every bundle has its row, every cell is safe text, and
a board written again touches only its own files."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.bundle.conftest import reseal
from vmb import escape
from vmb.cli import main
from vmb.errors import Exit
from vmb.publish.board import write_board
from vmb.publish.pack import pack_runs

HOSTILE_MODEL = "-cmd\x1b[2J\x07\u202eevil\t=1+2"


@pytest.fixture(scope="module")
def bundles(bundle_runs: dict[str, Path], partial_runs: dict[str, Path],
            tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("board-rows")
    noop = pack_runs([bundle_runs["noop"]], root / "noop").directory
    partial = pack_runs([partial_runs["limited"]], root / "partial", partial=True).directory
    forged = pack_runs([bundle_runs["oracle"]], root / "forged").directory
    metric = forged / "runs/oracle/metric.json"
    data = json.loads(metric.read_text(encoding="utf-8"))
    data["overall"]["esm"] = 99.0
    metric.write_text(json.dumps(data), encoding="utf-8")
    manifest = json.loads((forged / "manifest.json").read_text(encoding="utf-8"))
    manifest["runs"][0]["model"] = HOSTILE_MODEL
    (forged / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    reseal(forged)
    undecodable = pack_runs([bundle_runs["baseline"]], root / "undecodable").directory
    (undecodable / "runs/baseline/metric.json").write_bytes(b'{"overall": {"esm": \xff\xfe}}')
    reseal(undecodable)
    return {"noop": noop, "partial": partial, "forged": forged, "undecodable": undecodable}


@pytest.fixture(scope="module")
def board(bundles: dict[str, Path], tmp_path_factory: pytest.TempPathFactory,
          small_benchmark: Path) -> tuple[Path, list[Any]]:
    out = tmp_path_factory.mktemp("board-out") / "board"
    given = [bundles["forged"], bundles["partial"], bundles["noop"], bundles["noop"].with_name("noop.tar.gz"),
             bundles["undecodable"], bundles["noop"].with_name("missing.tar.gz")]
    return out, write_board(given, out, str(small_benchmark))


def test_invalid_rows_come_last_and_unranked_and_partial_runs_under_complete_ones(
        board: tuple[Path, list[Any]]) -> None:
    _, rows = board
    assert [(r.bundle, r.rank, r.section) for r in rows] == [
        ("noop", "1", "complete"), ("partial", "partial 1", "partial"),
        ("forged", "", "invalid"), ("undecodable", "", "invalid"), ("missing", "", "invalid")]
    forged = rows[2]
    assert forged.metrics is not None and forged.metrics.value("esm") == 99.0 and forged.verdict.startswith("INVALID")
    assert rows[1].coverage == "5 / 40" and rows[1].metrics is not None and rows[1].metrics.value("esm") == 100.0  # above noop's ESM, ranked below it
    assert rows[0].versus_next is None  # nothing compared across sections


def test_one_run_given_twice_is_one_row_naming_both(board: tuple[Path, list[Any]]) -> None:
    _, rows = board
    (noop,) = [r for r in rows if r.run == "noop"]
    assert noop.cells()["bundle"] == "noop, noop"  # the directory and its archive


def test_every_bundle_gets_its_row_and_the_command_exits_1(bundles: dict[str, Path], board: tuple[Path, list[Any]],
                                                           tmp_path: Path, small_benchmark: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    _, rows = board
    undecodable = next(r for r in rows if r.bundle == "undecodable")
    assert undecodable.run == "baseline" and undecodable.verdict.startswith("INVALID")
    missing = next(r for r in rows if r.bundle == "missing")
    assert "no such bundle" in missing.verdict
    status = main(["board", str(bundles["undecodable"]), str(bundles["noop"]), "--out", str(tmp_path / "b"),
                   "--data", str(small_benchmark)])
    assert status == Exit.FAILURES
    assert "2 run(s) from 2 bundle(s), 1 invalid" in capsys.readouterr().out
    assert main(["validate", str(bundles["noop"]), "--data", str(small_benchmark)]) == Exit.OK  # nothing written in it


def test_every_text_is_safe_in_csv_markdown_and_the_page(board: tuple[Path, list[Any]]) -> None:
    out, rows = board
    for name in ("board.csv", "board.md", "index.html"):
        text = (out / name).read_text(encoding="utf-8")
        assert not any(char in text for char in "\x1b\x07\u202e"), name
        shown = escape.markdown(HOSTILE_MODEL) if name == "board.md" else "\\x1b[2J\\x07\\u202eevil"
        assert shown in text, name
    table = list(csv.DictReader(io.StringIO((out / "board.csv").read_text(encoding="utf-8"))))
    forged = next(t for t in table if t["bundle"] == "forged")
    assert forged["model"].startswith("'-cmd")  # a cell opening with - is kept as text
    assert forged["rank"] == "" and forged["cost"] == "" and "'" not in {t["cost"] for t in table}
    guarded = [c for t in table for c in t.values() if c[:1] in ("=", "+", "-", "@", "\t")]
    assert guarded == []
    assert [escape.csv(text) for text in ("\t=1", "@x", "+1", "", "a-b")] == ["'\t=1", "'@x", "'+1", "", "a-b"]


def test_a_board_written_again_touches_only_its_own_files(board: tuple[Path, list[Any]], bundles: dict[str, Path],
                                                          small_benchmark: Path) -> None:
    out, rows = board
    (out / "cards" / "my-review.md").write_text("mine", encoding="utf-8")
    (out / "view" / "drafts").mkdir()
    (out / "view" / "drafts" / "a.txt").write_text("mine", encoding="utf-8")
    again = write_board([bundles["noop"]], out, str(small_benchmark))
    assert (out / "cards" / "my-review.md").read_text(encoding="utf-8") == "mine"
    assert (out / "view" / "drafts" / "a.txt").read_text(encoding="utf-8") == "mine"
    assert [r.run for r in again] == ["noop"]
    assert sorted(p.name for p in (out / "cards").iterdir()) == ["my-review.md", f"{again[0].slug}.md"]
    assert not (out / "view" / rows[1].slug).exists()  # the partial run's view was the last board's: gone
    shutil.rmtree(out / "view" / "drafts")
