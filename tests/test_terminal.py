"""Text from outside printed to a terminal shows its control characters escaped (issue 32, item 9)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmb.cli import main
from vmb.terminal import safe

HOSTILE = "\x1b[2J\x1b[H all queries passed\r\x07\b\u202eevil\x9b"


def test_every_control_character_is_shown_not_obeyed() -> None:
    shown = safe(HOSTILE + "\nnext")
    assert shown == "\\x1b[2J\\x1b[H all queries passed\\r\\x07\\b\\u202eevil\\x9b\\nnext"
    assert safe("a\tb\nc", newlines=True) == "a\tb\nc"


def test_an_error_naming_hostile_text_reaches_the_terminal_escaped(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    where = tmp_path / f"run{HOSTILE}"
    where.mkdir()
    assert main(["show", str(where)]) != 0
    out, err = capsys.readouterr()
    assert len(err.strip().splitlines()) == 1 and "\\x1b[2J" in err
    assert not any(ch in out + err for ch in "\x1b\r\x07\b\u202e\x9b")


def test_tables_show_text_from_outside_escaped() -> None:
    from vmb.textable import plain

    table = plain(["run", "ESM"], [["evil\x1b[2Jrun", "1.0"]], [False, True])
    assert "\x1b" not in table and "\\x1b[2Jrun" in table
