"""Text tables: the one formatter behind ``vmb stats``, ``vmb show`` and the report's Markdown tables.

Cells come in as text already (each caller decides how a number reads); this module only lays them
out: columns as wide as their widest cell, numeric columns right-aligned. ``markdown_cell`` is the one
escaper of text from outside (a benchmark's or a model's name, a reason) placed in a Markdown table
cell: every table vmb writes puts such text through it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vmb.terminal import safe

# Characters Markdown (GitHub's, CommonMark) reads as markup inside a table cell, wherever they stand, each
# backslash-escaped (those that are markup only at a line's start, # - + 1., cannot open a cell's text).
_MARKUP = re.compile(r"([\\`*_\[\]|~])")
_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def markdown_cell(text: object) -> str:
    """``text`` as one cell of a Markdown table, shown as written: control characters escaped
    (``vmb.terminal.safe``), whitespace runs and newlines one space, every markup character backslash-escaped
    (a ``|`` cannot split the row, a backtick open a code span, ``[x](y)`` make a link), ``& < >`` as
    entities (no HTML)."""
    flat = " ".join(safe(text, newlines=True).split())
    escaped = _MARKUP.sub(r"\\\1", flat)
    return "".join(_ENTITIES.get(char, char) for char in escaped)


def _widths(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    return [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(heads)]


def markdown_lines(heads: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> list[str]:
    """A Markdown pipe table (header, rule, rows); numeric columns right-aligned, also in the rule. Text from
    outside in a cell has been through ``markdown_cell`` (the caller knows which cells hold it)."""
    widths = _widths(heads, rows)

    def line(values: Sequence[str]) -> str:
        return "| " + " | ".join(v.rjust(w) if n else v.ljust(w) for v, w, n in zip(values, widths, numeric)) + " |"

    rule = "|" + "|".join("-" * (w + 1) + ":" if n else "-" * (w + 2) for w, n in zip(widths, numeric)) + "|"
    return [line(heads), rule, *(line(r) for r in rows)]


def plain(heads: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> str:
    """A plain aligned table for a terminal: two spaces between columns, a dashed rule under the header.
    Every cell goes through ``vmb.terminal.safe`` (a run's or a model's name with ESC in it shows escaped)."""
    heads = [safe(h) for h in heads]
    rows = [[safe(v) for v in r] for r in rows]
    widths = _widths(heads, rows)

    def line(values: Sequence[str]) -> str:
        return "  ".join(v.rjust(w) if n else v.ljust(w) for v, w, n in zip(values, widths, numeric))

    return "\n".join([line(heads), "  ".join("-" * w for w in widths), *(line(r) for r in rows)])
