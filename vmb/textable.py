"""Text tables: the one formatter behind ``vmb stats``, ``vmb show`` and the report's Markdown tables.

Cells come in as text already (each caller decides how a number reads); this module only lays them
out: columns as wide as their widest cell, numeric columns right-aligned. Every cell and heading is written
through its medium's escaper (``vmb.escape``): ``vmb.escape.markdown`` in a Markdown table (a ``|`` in a
name cannot split the row), ``vmb.terminal.safe`` in a terminal's.
"""

from __future__ import annotations

from collections.abc import Sequence

from vmb.escape import markdown
from vmb.terminal import safe


def _widths(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    return [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(heads)]


def markdown_lines(heads: Sequence[str], rows: Sequence[Sequence[str]], numeric: Sequence[bool]) -> list[str]:
    """A Markdown pipe table (header, rule, rows); numeric columns right-aligned, also in the rule. Every cell
    and heading is escaped (``vmb.escape.markdown``): a name from outside stays one plain cell."""
    heads = [markdown(h) for h in heads]
    rows = [[markdown(v) for v in r] for r in rows]
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
