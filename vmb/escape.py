"""The one escaping writer per medium: text from outside (a run's, a bundle's, a benchmark's or a model's names,
query text, replies, tool arguments, reasons) shown as text, never obeyed, wherever vmb shows it.

===============  ====================  ==================================================================
medium           function              what it keeps from acting
===============  ====================  ==================================================================
terminal         ``vmb.terminal.safe``  ESC sequences, CR, BEL, the other C0/C1 controls, bidi overrides
HTML             ``html``              elements, attributes, entities (element content or a quoted value)
Markdown         ``markdown``          a table row split by ``|``, links, code spans, emphasis, raw HTML
LaTeX            ``latex``             commands, groups, math, comments, alignment tabs, a broken row
CSV              ``csv``               a spreadsheet formula (a cell opening with ``= + - @``)
===============  ====================  ==================================================================

Every medium starts from the terminal's rule: a control character is written as a visible escape
(``\\x1b``, ``\\u202e``), so a name reads the same in a terminal, a page and a table. Text vmb writes itself
(headings, units, its own Markdown) needs none of this; every value that came in from a file or a model does.
"""

from __future__ import annotations

import html as _html
import re

from vmb.terminal import safe

# Characters Markdown (GitHub's, CommonMark, Jupyter's with its $math$) reads as markup wherever they stand inline,
# each backslash-escaped; ``markdown`` also escapes a value's first character when it would open a heading, a list
# or a setext underline at a line's start (# - + =), and ``> <`` are entities.
_MARKDOWN_MARKUP = re.compile(r"([\\`*_\[\]|~$])")
_MARKDOWN_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_LATEX_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}",
                  "~": r"\textasciitilde{}", "^": r"\textasciicircum{}", "\\": r"\textbackslash{}", "—": "--",
                  "±": r"$\pm$", "<": r"\textless{}", ">": r"\textgreater{}", "|": r"\textbar{}"}
# A spreadsheet reads a cell opening with one of these as a formula (=HYPERLINK(...), +cmd|...).
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?(\d[\d,]*)?\.?\d+([eE][-+]?\d+)?%?")


def _one_line(text: object) -> str:
    """``text`` with its control characters escaped and every run of whitespace (newlines too) one space."""
    return " ".join(safe(text, newlines=True).split())


def html(text: object) -> str:
    """``text`` as HTML element content or a quoted attribute value: ``& < > " '`` as entities, control
    characters shown escaped; newlines kept (a ``<pre>`` shows them, elsewhere they are spaces)."""
    return _html.escape(safe(text, newlines=True), quote=True)


def markdown(text: object) -> str:
    """``text`` as inline Markdown (a sentence's word, a table cell, a heading), shown as written: one line,
    every markup character backslash-escaped (a ``|`` cannot split a table row, a backtick open a code span,
    ``[x](y)`` make a link, ``$`` start math in Jupyter), ``& < >`` as entities (no HTML), and a leading
    character that would open a heading, list or quote at a line's start escaped too."""
    escaped = _MARKDOWN_MARKUP.sub(r"\\\1", _one_line(text))
    escaped = "".join(_MARKDOWN_ENTITIES.get(char, char) for char in escaped)
    if escaped[:1] in ("#", "+", "-", "=") and not _NUMBER.fullmatch(escaped):
        escaped = "\\" + escaped
    return escaped


def latex(text: object) -> str:
    """``text`` as LaTeX text in a table cell or a caption: one line (a blank line would end the table's row),
    every special character a command that prints it."""
    return "".join(_LATEX_SPECIAL.get(char, char) for char in _one_line(text))


def csv(text: str) -> str:
    """A text cell of a CSV file: control characters shown escaped (newlines kept: the writer quotes them), and
    a cell a spreadsheet would read as a formula kept as text behind a leading ``'`` (numbers are written as
    numbers, never through here)."""
    shown = safe(text, newlines=True)
    return "'" + shown if shown.startswith(_FORMULA_START) else shown
