"""vmb.textable.markdown_cell: the one escaper of outside text in a Markdown table cell (board, audit)."""

from __future__ import annotations

import pytest

from vmb.textable import markdown_cell


@pytest.mark.parametrize(("text", "cell"), [
    ("a|b", "a\\|b"),  # a pipe cannot split the row
    ("a\nb\r\nc", "a b\\\\r c"),  # one line: newlines a space, a carriage return shown
    ("`code`", "\\`code\\`"),
    ("[x](http://e.test) *b* _i_ ~s~", "\\[x\\](http://e.test) \\*b\\* \\_i\\_ \\~s\\~"),
    ("<img src=x onerror=alert(1)> & co", "&lt;img src=x onerror=alert(1)&gt; &amp; co"),
    ("back\\slash", "back\\\\slash"),
    ("\x1b[2Jfake\x07 \u202eevil", "\\\\x1b\\[2Jfake\\\\x07 \\\\u202eevil"),
    ("-1.5", "-1.5"), ("plain words", "plain words"), ("", ""),
])
def test_markdown_cell_keeps_outside_text_one_plain_cell(text: str, cell: str) -> None:
    assert markdown_cell(text) == cell


def test_markdown_cell_output_has_no_control_character_nor_unescaped_pipe() -> None:
    hostile = "".join(chr(c) for c in range(0, 0xA0)) + "\u202a\u202e\u2066\u2028|"
    cell = markdown_cell(hostile)
    assert not any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 or c in "\u202a\u202e\u2066\u2028" for c in cell)
    assert "|" not in cell.replace("\\|", "")
