"""Issue 46's second pass: every CSV vmb writes (the report's tables, `vmb stats`, the board) keeps a cell opening
with ``= + - @``, a tab or a CR as text behind a ``'``, whatever column it stands in; numbers stay numbers."""

from __future__ import annotations

import csv
from pathlib import Path

import pandas as pd
import pytest

from vmb.analysis.outputs import to_csv
from vmb.publish.boardtext import csv_text
from vmb.stats import Table, write_tables

FORMULAS = ["=HYPERLINK(\"http://x\")", "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(A1)", "\t=1", "\r=1"]


def _cells(path: Path) -> list[str]:
    with path.open(newline="", encoding="utf-8") as handle:
        return [cell for row in csv.reader(handle) for cell in row]


def _number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _guarded(cells: list[str]) -> None:
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r") and not _number(c)], cells
    for formula in FORMULAS:
        assert any(c.startswith("'") and formula.strip("\t\r")[:4] in c for c in cells), formula


def test_the_reports_tables_guard_every_text_cell_and_heading(tmp_path: Path) -> None:
    frame = pd.DataFrame({"run": FORMULAS, "-esm": [1.5, -2.0, 3.0, 4.0, 5.0, 6.0], "mixed": [*FORMULAS[:5], 7]})
    to_csv(frame, tmp_path / "t.csv")
    cells = _cells(tmp_path / "t.csv")
    _guarded(cells)
    assert "-2.0000" in cells and "'-esm" in cells  # a number keeps its sign; a heading is a cell too


def test_vmb_stats_tables_guard_every_text_cell(tmp_path: Path) -> None:
    table = Table("hostile", "title", ["name", "value"], [{"name": f, "value": -1.25} for f in FORMULAS], [])
    (path, _) = write_tables([table], tmp_path / "out")
    _guarded(_cells(path))
    assert "-1.25" in _cells(path)


@pytest.mark.publish
def test_the_boards_csv_guards_every_text_cell(tmp_path: Path) -> None:
    text = csv_text(["run", "model"], [{"run": f, "model": f} for f in FORMULAS])
    (tmp_path / "b.csv").write_text(text, encoding="utf-8")
    _guarded(_cells(tmp_path / "b.csv"))
