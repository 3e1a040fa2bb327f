"""vmb.escape: the one escaping writer per medium (issue 46 item 1). Text from outside is shown as written, never
obeyed: no markup in HTML or Markdown, no command in LaTeX, no formula in CSV, no control character anywhere."""

from __future__ import annotations

import pytest

from vmb import escape

CONTROLS = "".join(chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)] if chr(c) not in "\t\n") + "\u202a\u202e\u2066\u2028"


@pytest.mark.parametrize(("text", "cell"), [
    ("a|b", "a\\|b"),  # a pipe cannot split the row
    ("a\nb\r\nc", "a b\\\\r c"),  # one line: newlines a space, a carriage return shown
    ("`code`", "\\`code\\`"),
    ("[x](http://e.test) *b* _i_ ~s~", "\\[x\\](http://e.test) \\*b\\* \\_i\\_ \\~s\\~"),
    ("<img src=x onerror=alert(1)> & co", "&lt;img src=x onerror=alert(1)&gt; &amp; co"),
    ("back\\slash", "back\\\\slash"),
    ("\x1b[2Jfake\x07 \u202eevil", "\\\\x1b\\[2Jfake\\\\x07 \\\\u202eevil"),
    ("$x$ costs $5", "\\$x\\$ costs \\$5"),  # no math in Jupyter's Markdown
    ("# heading", "\\# heading"), ("- item", "\\- item"), ("=x", "\\=x"),  # a line's start is no block
    ("-1.5", "-1.5"), ("+0.0", "+0.0"), ("-12%", "-12%"), ("plain words", "plain words"), ("", ""),
])
def test_markdown_keeps_outside_text_one_plain_cell(text: str, cell: str) -> None:
    assert escape.markdown(text) == cell


def test_markdown_output_has_no_control_character_nor_unescaped_pipe() -> None:
    cell = escape.markdown(CONTROLS + "|")
    assert not [c for c in cell if c in CONTROLS]
    assert "|" not in cell.replace("\\|", "")


def test_html_escapes_markup_quotes_and_controls() -> None:
    assert escape.html("<b a='1' b=\"2\">&</b>") == "&lt;b a=&#x27;1&#x27; b=&quot;2&quot;&gt;&amp;&lt;/b&gt;"
    assert escape.html("line\nnext\x1b[2J") == "line\nnext\\x1b[2J"  # newlines kept for <pre>
    assert not [c for c in escape.html(CONTROLS) if c in CONTROLS]


@pytest.mark.parametrize(("text", "latex"), [
    ("a_b & 50% #1 $x$ {y} ~ ^", r"a\_b \& 50\% \#1 \$x\$ \{y\} \textasciitilde{} \textasciicircum{}"),
    ("\\input{/etc/passwd}", r"\textbackslash{}input\{/etc/passwd\}"),
    ("row\n\nbreak", "row break"),  # a blank line would end the table's row
    ("<b>—±", r"\textless{}b\textgreater{}--$\pm$"),
])
def test_latex_turns_every_special_character_into_a_command_that_prints_it(text: str, latex: str) -> None:
    assert escape.latex(text) == latex


@pytest.mark.parametrize(("text", "cell"), [
    ("=HYPERLINK(\"http://e.test\")", "'=HYPERLINK(\"http://e.test\")"),
    ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"), ("@SUM(A1)", "'@SUM(A1)"), ("-2+3", "'-2+3"),
    ("\tx", "'\tx"), ("+3", "'+3"), ("a-b", "a-b"), ("gold", "gold"), ("", ""),
    ("ok\x1b[2J\x07", "ok\\x1b[2J\\x07"), ("two\nlines", "two\nlines"),
])
def test_csv_keeps_a_formula_text_and_shows_controls(text: str, cell: str) -> None:
    assert escape.csv(text) == cell
