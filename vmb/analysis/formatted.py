"""How a table reads: the one formatter of the notebooks' tables and the report index's.

``format_table(frame)`` turns a DataFrame (as ``vmb.analysis.tables`` and the notebooks make them: machine
column names, full precision, interval bounds as ``X_low``/``X_high``) into a ``FormattedTable`` of text
cells, which a notebook displays as HTML (``_repr_html_``), a terminal prints as an aligned table, and the
report index embeds as the same HTML. The rules:

* counts are whole numbers (integer columns, the count columns named in ``COUNT_COLUMNS``, and the rows a
  ``kind`` or ``how`` column calls ``count``), with thousands separators;
* rates and percentages to one decimal; Calls (a mean of a few calls) to two; tokens whole; p-values to three
  decimals or ``< 0.001``; money to four significant digits;
* a value ``X`` with an interval (``X_low``, ``X_high``) prints as one cell ``64.8 [60.2, 69.4]``; where our
  value has none, the dash's footnote says why: a run's overall metric (``RUN_METRICS``) says it per row
  (``no interval: 3 queries of fewer than 2 groups``), a subset's (a reasoning type's) says ``NO_INTERVAL``;
* a run's coverage is one cell: beside a ``full_run`` column (``vmb.analysis.load_runs``: what a whole run
  scores), the count ``n`` (else ``scored``) of a run that scored part of it prints ``3/500``, a whole run's
  just ``500``, and ``full_run`` is not shown; so do ``X n`` beside ``X full_run`` (the wide Table 1's per setting);
* at most ``MAX_COLUMNS`` columns are shown (the caller's ``shown``, else the first ones), the rest named
  under the table as kept in the CSV; a value with its interval takes two lines in HTML, so a column stays
  narrow;
* no index column; readable headers and memory-setting labels; no cell is cut short;
* no ``NaN`` or ``None``: a missing value is a dash with a footnote saying why (the caller's reason for the
  column, else the reason known for it here), each reason numbered once below the table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from vmb import escape
from vmb.analysis.paper import PAPER
from vmb.analysis.runs import FULL_RUN
from vmb.analysis.style import REASONING_LABELS, memory_label
from vmb.data.reasoning import REASONING_TYPES
from vmb.results.metrics import METRICS, WITH_INTERVAL
from vmb.results.taxonomy import CATEGORIES
from vmb.textable import plain
from vmb.uncertainty import MIN_GROUPS

DASH = "—"
SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
# Rows a notebook shows of a longer table; the CSV keeps them all.
SHOWN_ROWS = 60
# Columns a notebook or the index shows of a wider table (the rest are in its CSV, said under it): about what a
# page of 1,100 pixels holds.
MAX_COLUMNS = 10

_HEADERS = {**{m.key: m.label for m in METRICS}, "reasoning_type": "reasoning type", **REASONING_LABELS,
            **{f"{m.key}_{side}": f"{m.name} {side.upper()}" for m in METRICS for side in ("a", "b")}}
# Columns that count things: whole numbers even where a gap (or a CSV) made them floats.
COUNT_COLUMNS = frozenset({
    "n", "rows", "selected", "scored", "errors", "failures", "failed", "retrievals", "only_a", "only_b", "both",
    "neither", "shared", "searching", "n_seen", "n_not_seen", "pending", "trials", "queries", "solved", "tasks",
    "groups", "apis", "hits", "misses", "items_retrieved",
    *(m.key for m in METRICS if m.aggregation == "sum"),
})
# A column saying what a row holds (Table 3's ``kind``, the resemblance table's ``how``): "count" rows are whole.
COUNT_ROW_MARKERS = ("kind", "how")
# Token counts are whole: the metrics over a query's memory tokens, and the runs' token columns.
MEMORY_TOKEN_METRICS = frozenset(m.key for m in METRICS if m.column == "mem_tokens")
TOKEN_COLUMNS = MEMORY_TOKEN_METRICS | {"tokens", "prompt_tokens", "completion_tokens"}
TWO_DECIMALS = frozenset({"calls"})
# Why a value is missing, by column, where nobody said otherwise.
WHY = {
    **{m.key: "no query to measure it on (none scored, or none it is defined on)" for m in METRICS},
    "n": "the paper prints no count: its numbers are over all 500 queries",
    "cost_per_query": "no price for this model (give one: $VMB_PRICES, or vmb score --prices FILE)",
    "cost_per_solved_query": "no price for this model, or no query solved",
    "cost_total": "no price for this model (give one: $VMB_PRICES, or vmb score --prices FILE)",
    "currency": "no price for this model (give one: $VMB_PRICES, or vmb score --prices FILE)",
    **{key: "no memory was given or retrieved" for key in MEMORY_TOKEN_METRICS},
    "pass_hat_k": "no trial scored",
    "pass_at_k": "no trial scored",
    **{kind: "no scored query of this reasoning type in the run" for kind in REASONING_TYPES},
    **{category: "no failed query in this row" for category in CATEGORIES},
}
PAPER_WHY = "the paper prints no such figure"
NO_INTERVAL = f"no interval: fewer than {MIN_GROUPS} groups scored (the interval resamples whole groups)"
FALLBACK_WHY = "not recorded for this row"
# The metrics a row gives over all its run's scored queries (``n``, else ``scored``): a missing interval of
# one of them says how many queries that was.
RUN_METRICS = frozenset(m.key for m in WITH_INTERVAL)
SCORED_COLUMNS = ("n", "scored")  # a row's count of scored queries, the first present
PARTIAL_NOTE = ("n/N: a run that scored n of the N queries of a whole run (its benchmark's queries × trials); "
                "its numbers cover part of the benchmark.")


def coverage_columns(columns: Sequence[str]) -> dict[str, str]:
    """Each count column printed as a run's coverage, with its whole-run column: ``n`` (else ``scored``) beside
    ``full_run``, and ``X n`` beside ``X full_run``."""
    found = {f"{c[:-len(FULL_RUN)]}n": c for c in columns if c.endswith(f" {FULL_RUN}")}
    plain = next((c for c in SCORED_COLUMNS if c in columns), None)
    if FULL_RUN in columns and plain is not None:
        found[plain] = FULL_RUN
    return {count: full for count, full in found.items() if count in columns}


def partial(scored: Any, full: Any) -> str:
    """``3/500`` for a run that scored part of what a whole run scores; empty for a whole run or no counts."""
    if is_missing(scored) or is_missing(full) or scored >= full:
        return ""
    return f"{int(scored):,}/{int(full):,}"


def no_interval(scored: Any) -> str:
    """Why a run's metric over its ``scored`` queries has no interval: they are of fewer groups than the group
    bootstrap needs (``vmb.uncertainty``); ``NO_INTERVAL`` where the count is not known."""
    if is_missing(scored):
        return NO_INTERVAL
    queries = int(scored)
    return f"no interval: {queries:,} quer{'y' if queries == 1 else 'ies'} of fewer than {MIN_GROUPS} groups"


def header(column: str) -> str:
    """A column's readable header: the metric's label, the reasoning type's, else the name with spaces."""
    return _HEADERS.get(column, column.replace("_", " "))


def is_missing(value: Any) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, float) and math.isnan(value)


def _scalar(value: Any) -> Any:
    return value.item() if hasattr(value, "item") and not isinstance(value, (str, list, tuple)) else value


def number(value: Any, column: str, whole: bool = False) -> str:
    """One value as the table shows it (``value`` is not missing)."""
    value = _scalar(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(number(v, column, whole) for v in value)
    if isinstance(value, int):
        return f"{value:,}"
    if not isinstance(value, float):
        text = str(value)
        return memory_label(text) if column == "memory" else text
    if whole or column in COUNT_COLUMNS or column in TOKEN_COLUMNS:
        return f"{value:,.0f}"
    if column == "p_value":
        return "< 0.001" if value < 0.001 else f"{value:.3f}"
    if column.startswith("cost"):
        return f"{value:.4g}"
    if column in TWO_DECIMALS or column.endswith(" Calls"):
        return f"{value:,.2f}"
    return f"{value:,.1f}"


@dataclass
class FormattedTable:
    """A table of text cells: ``heads``, ``rows``, which columns are numbers, and the notes below it."""

    heads: list[str]
    rows: list[list[str]]
    numeric: list[bool]
    notes: list[str] = field(default_factory=list)
    total_rows: int = 0  # rows of the table; ``rows`` holds the first ``SHOWN_ROWS`` of them

    def footer(self) -> list[str]:
        shown = ([f"The first {len(self.rows):,} of {self.total_rows:,} rows; the CSV holds them all."]
                 if self.total_rows > len(self.rows) else [])
        return [*self.notes, *shown]

    def html(self) -> str:
        """The table as an HTML fragment (every cell escaped: model replies and names are data, not markup)."""
        def align(numeric: bool) -> str:
            # Text may break anywhere: a state path or a call has no space to wrap at, and would widen the table.
            return (" style='text-align:right;white-space:nowrap'" if numeric
                    else " style='text-align:left;overflow-wrap:anywhere'")

        def head_align(numeric: bool) -> str:  # a header may wrap: the column is as wide as its values
            return " style='text-align:right'" if numeric else " style='text-align:left;overflow-wrap:anywhere'"

        heads = "".join(f"<th{head_align(n)}>{escape.html(h)}</th>" for h, n in zip(self.heads, self.numeric))
        body = "".join("<tr>" + "".join(f"<td{align(n)}>{_html_cell(c, n)}</td>" for c, n in zip(row, self.numeric))
                       + "</tr>" for row in self.rows)
        notes = "".join(f"<li>{escape.html(note)}</li>" for note in self.footer())
        return (f"<div class='vmb-table' style='overflow-x:auto;max-width:100%'><table>"
                f"<thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>"
                + (f"<ul style='font-size:smaller;list-style:none;padding-left:0'>{notes}</ul>" if notes else "")
                + "</div>")

    def _repr_html_(self) -> str:
        return self.html()

    def text(self) -> str:
        """The table for a terminal (``vmb.textable.plain``), its notes below."""
        return "\n".join([plain(self.heads, self.rows, self.numeric), *self.footer()])

    def __repr__(self) -> str:
        return self.text()


def _html_cell(text: str, numeric: bool = False) -> str:
    """A cell as HTML: escaped, its line breaks kept; a number's interval (``64.8 [60.2, 69.4]``) on a line of its
    own, smaller, so the column is as narrow as its value."""
    value, bracket, interval = text.partition(" [")
    if numeric and bracket and text.endswith("]"):
        return f"{_html_cell(value)}<br><span style='font-size:smaller'>[{_html_cell(interval)}</span>"
    return escape.html(text).replace("\n", "<br>")


class _Footnotes:
    """The reasons of a table's dashes, numbered in the order they first appear."""

    def __init__(self) -> None:
        self.reasons: list[str] = []

    def dash(self, reason: str) -> str:
        if reason not in self.reasons:
            self.reasons.append(reason)
        return DASH + str(self.reasons.index(reason) + 1).translate(SUPERSCRIPTS)

    def lines(self) -> list[str]:
        return [f"{DASH}{str(i).translate(SUPERSCRIPTS)} {reason}" for i, reason in enumerate(self.reasons, 1)]


def _interval_columns(columns: Sequence[str]) -> dict[str, tuple[str, str]]:
    """Each column with an interval: ``X`` with ``X_low`` and ``X_high``, or the column just before a bare
    ``low`` and ``high`` (``vmb compare``'s difference)."""
    names = set(columns)
    found = {c: (f"{c}_low", f"{c}_high") for c in columns if {f"{c}_low", f"{c}_high"} <= names}
    if {"low", "high"} <= names and columns.index("low") > 0:
        found[columns[columns.index("low") - 1]] = ("low", "high")
    return found


def format_table(frame: pd.DataFrame, why: Mapping[str, str] | None = None, notes: Iterable[str] = (),
                 counts: Iterable[str] = (), rows: int = SHOWN_ROWS,
                 columns_shown: Sequence[str] | None = None) -> FormattedTable:
    """``frame`` as a reader wants it (see the module docstring). ``why``: the reason a column's value may be
    missing, by column (else the one known here); ``counts``: more columns to print whole; ``rows``: how many
    rows to show (the rest are counted below the table); ``columns_shown``: the columns to show of a table wider
    than ``MAX_COLUMNS`` (else its first ones), the others named under it as kept in the CSV."""
    columns = [str(c) for c in frame.columns]
    intervals = _interval_columns(columns)
    bounds = {b for pair in intervals.values() for b in pair}
    scored = next((c for c in SCORED_COLUMNS if c in columns), None)
    coverage = coverage_columns(columns)  # each count printed ``3/500`` for a partial run, beside its whole run's
    every = [c for c in columns if c not in bounds and c not in coverage.values()]
    # A run's coverage is always shown (a pilot never reads as a result), then the columns asked for, in order.
    kept = [c for c in every if c in coverage]
    chosen = kept + [c for c in (columns_shown or every) if c in every and c not in kept][:MAX_COLUMNS - len(kept)]
    shown = [c for c in every if c in chosen]
    hidden = [c for c in every if c not in chosen]
    reasons = {**WHY, **(why or {})}
    whole_columns = set(counts)
    footnotes = _Footnotes()
    paper_rows = list(frame["source"] == PAPER) if "source" in columns else [False] * len(frame)
    markers = [c for c in COUNT_ROW_MARKERS if c in columns]
    count_rows = list(frame[markers].eq("count").any(axis=1)) if markers else [False] * len(frame)
    records = frame.to_dict("records")
    body = []
    any_partial = False
    for record, paper, count_row in zip(records[:rows], paper_rows, count_rows):
        line = []
        for column in shown:
            value = record[column]
            if (len(value) == 0) if isinstance(value, (list, tuple)) else is_missing(value):
                given = (why or {}).get(column)
                reason = (given or (WHY["n"] if column in ("n", *coverage) else PAPER_WHY)) if paper else \
                    reasons.get(column, FALLBACK_WHY)
                line.append(footnotes.dash(reason))
                continue
            text = number(value, column, whole=count_row or column in whole_columns)
            if column in coverage and partial(value, record[coverage[column]]):
                text, any_partial = partial(value, record[coverage[column]]), True
            if column in intervals and not paper:
                low, high = (record[b] for b in intervals[column])
                why_none = no_interval(record[scored]) if column in RUN_METRICS and scored else NO_INTERVAL
                text += (f" [{footnotes.dash(why_none)}]" if is_missing(low) or is_missing(high)
                         else f" [{number(low, column)}, {number(high, column)}]")
            line.append(text)
        body.append(line)
    numeric = [_numeric(frame[c]) for c in shown]
    if hidden:
        notes = [*notes, f"{len(hidden)} more column{'s' if len(hidden) > 1 else ''} in the CSV: "
                 f"{', '.join(header(c) for c in hidden)}."]
    notes = [*notes, *([PARTIAL_NOTE] if any_partial else []), *(["Intervals: 95%, a bootstrap over whole groups; the paper prints none."]
                       if intervals and any(not p for p in paper_rows) else []), *footnotes.lines()]
    return FormattedTable([header(c) for c in shown], body, numeric, notes, len(frame))


def _numeric(values: pd.Series) -> bool:
    present = [_scalar(v) for v in values.tolist() if isinstance(v, (list, tuple)) or not is_missing(v)]
    return bool(present) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present)
