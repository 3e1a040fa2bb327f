"""`vmb report --runs`: every folder given is read or named; none is left out without a word (issue 46 item 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmb.cli import main
from vmb.errors import Exit


def test_a_missing_or_empty_runs_folder_is_one_line_and_nothing_is_made(
        oracle_run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: ``--runs GOOD --runs MISSING`` made the report of GOOD alone, MISSING dropped without a word."""
    missing, empty = tmp_path / "missing", tmp_path / "empty"
    empty.mkdir()
    for given, says in ([missing], f"{missing} does not exist"), ([empty], f"{empty} holds no run"), \
            ([missing, empty], f"{missing} does not exist; {empty} holds no run"):
        out = tmp_path / "out"
        args = ["report", "--runs", str(oracle_run), *(w for g in given for w in ("--runs", str(g))),
                "--out", str(out), "--figures", str(tmp_path / "figures")]
        assert main(args) == Exit.ERROR
        err = capsys.readouterr().err
        assert err.splitlines() == [err.rstrip("\n")] and f"vmb report: --runs: {says}" in err, err
        assert not (out / "notebooks").exists()
