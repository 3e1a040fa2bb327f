"""A browser of failed queries for notebooks: filter, search, pick one, read everything about it, beside another run.

``failure_html`` renders one query of one run as HTML: the query, its gold memory, the memory the
agent actually saw (the memory part of its system prompt and every memory tool result), the
predicted calls beside the reference calls, the state diff leaf by leaf, and the full message trace;
``side_by_side_html`` puts the same query of two runs next to each other. ``browser`` wraps them in
ipywidgets: filters by run, memory setting, reasoning type and error type that narrow each other
(each dropdown offers only the values the other filters leave, with their counts), a text search over
the queries and the model's replies, the list of matching failures, the chosen one below, and a
"beside" dropdown of the other runs that have the same query. The logic (``filter_failures``,
``filter_options``, ``SearchIndex``, ``other_runs``) is plain pandas, testable without a browser;
``failure_html`` alone works anywhere HTML shows, including an executed notebook saved as HTML.

Every text from a run (query, replies, tool arguments and results, memory) is hostile data: it goes through
``vmb.results.record_view``'s escaping, never into markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pandas as pd

from vmb import escape
from vmb.analysis import runs
from vmb.analysis.runs import RunSet
from vmb.analysis.style import memory_label, reasoning_label
from vmb.data import Benchmark
from vmb.results.record import QueryRecord, attempt_key
from vmb.results.record_parts import ToolResult
from vmb.results.record_view import call_text, diff_table, message_text, pre

ALL = "(all)"
NONE = "(none)"
# Each filter: the failures' column it matches, the dropdown's description.
FILTERS = {"run": "run", "memory": "memory", "reasoning_type": "reasoning", "error_category": "error type"}
_STYLE = """<style>
.vmb-failure {font-family: sans-serif; font-size: 13px; max-width: 1100px}
.vmb-failure h3 {margin: 14px 0 4px 0; font-size: 14px}
.vmb-failure pre {white-space: pre-wrap; background: #f6f6f6; padding: 6px 8px; margin: 2px 0; font-size: 12px}
.vmb-failure table {border-collapse: collapse; font-size: 12px}
.vmb-failure td, .vmb-failure th {border: 1px solid #ccc; padding: 2px 6px; vertical-align: top; text-align: left}
.vmb-failure .bad {background: #fde2e1} .vmb-failure .good {background: #e3f4e1}
.vmb-pair {display: flex; gap: 12px; align-items: flex-start} .vmb-pair > div {flex: 1 1 0; min-width: 0}
.vmb-pair .vmb-failure table {table-layout: fixed; width: 100%}
.vmb-failure td, .vmb-failure th, .vmb-failure pre {overflow-wrap: anywhere}
</style>"""


def system_text(runset: RunSet, run: str, record: QueryRecord) -> str:
    """The system prompt of a record (stored once per run under ``system_prompts/``)."""
    return runs.system_text(runset.run(run).path, record)


def memory_seen(runset: RunSet, run: str, record: QueryRecord) -> tuple[str, list[str]]:
    """What the agent was given of memory: the prompt's memory part, and each memory tool call with its result."""
    injected, replies = runs.memory_seen(runset.run(run), record)
    calls = [r for r in record.tool_results if r.kind == "memory"]
    return injected, [f"{call_text(call.to_json())} → {reply}" for call, reply in zip(calls, replies)]


def _calls_table(predicted: list[dict[str, Any]], reference: list[dict[str, Any]]) -> str:
    rows = []
    for i in range(max(len(predicted), len(reference))):
        p = predicted[i] if i < len(predicted) else None
        r = reference[i] if i < len(reference) else None
        mark = "good" if p is not None and r is not None and p == r else "bad"
        cells = "".join(f"<td>{escape.html(call_text(c))}</td>" for c in (p, r))
        rows.append(f"<tr class='{mark}'>{cells}</tr>")
    return "<table><tr><th>predicted (in order)</th><th>reference</th></tr>" + "".join(rows) + "</table>"


def _tool_table(results: list[ToolResult]) -> str:
    rows = [
        f"<tr class='{'good' if r.ok else 'bad'}'><td>{r.round}</td>"
        f"<td>{escape.html(r.kind)}</td><td>{escape.html(call_text(r.to_json()))}</td>"
        f"<td>{'accepted' if r.ok else 'refused'}</td></tr>"
        for r in results
    ]
    return "<table><tr><th>round</th><th>kind</th><th>call</th><th>result</th></tr>" + "".join(rows) + "</table>"


def _trace(runset: RunSet, run: str, record: QueryRecord) -> str:
    parts = []
    for message in record.messages:
        role, body = message_text(message)
        if message.get("role") == "system":
            body = system_text(runset, run, record)
        parts.append(f"<b>{escape.html(role)}</b>{pre(body)}")
    return "<details><summary>full message trace</summary>" + "".join(parts) + "</details>"


def _row(runset: RunSet, run: str, key: str) -> pd.Series:
    query_id, _, trial = key.partition("~")
    frame = runset.queries
    chosen = frame[(frame["run"] == run) & (frame["query_id"] == query_id) & (frame["trial"] == int(trial or 1))]
    return chosen.iloc[0]


def failure_html(runset: RunSet, run: str, query_id: str, bench: Benchmark, styled: bool = True) -> str:
    """Everything about one query of one run (``query_id`` is the record's key: ``~T`` for trial T > 1), as one
    HTML fragment; ``styled=False`` leaves out the style sheet (a page that has it already)."""
    record = runset.record(run, query_id)
    row = _row(runset, run, query_id)
    query = bench.query(record.id)
    info = runset.run(run)
    injected, memory_results = memory_seen(runset, run, record)
    verdict = row["error_category"] if pd.notna(row["error_category"]) else (
        "passed" if row["status"] == "ok" else f"not run: {row['error']}")
    parts = [
        _STYLE if styled else "", "<div class='vmb-failure'>",
        f"<h3>{escape.html(query_id)} · {escape.html(reasoning_label(query.reasoning_type))} · run "
        f"{escape.html(run)} ({escape.html(info.label)}, {escape.html(memory_label(info.memory))})</h3>",
        f"<p><b>{escape.html(verdict)}</b>"
        + (f": {escape.html(row['error_detail'])}" if pd.notna(row["error_detail"]) else "") + "</p>",
        "<h3>Query</h3>", pre(query.query),
        "<h3>Gold memory</h3>", pre(query.gold_memory),
        "<h3>Memory the agent saw</h3>", pre(injected or "(nothing in the prompt)"),
    ]
    if memory_results:
        parts += ["<p>memory tool results:</p>", *(pre(r) for r in memory_results)]
    parts += ["<h3>Calls</h3>", _calls_table(record.vehicle_calls, query.calls)]
    if record.tool_results:
        parts += ["<p>every tool call, in order:</p>", _tool_table(record.tool_results)]
    if record.final_answer:
        parts += ["<p>final answer:</p>", pre(record.final_answer)]
    if record.score is not None:
        parts += ["<h3>State diff</h3>", diff_table(record.score)]
    parts += ["<h3>Messages</h3>", _trace(runset, run, record), "</div>"]
    return "".join(parts)


def side_by_side_html(runset: RunSet, key: str, runs_shown: Iterable[str], bench: Benchmark) -> str:
    """The same query (record key ``key``) of each of ``runs_shown``, in columns side by side."""
    columns = "".join(f"<div>{failure_html(runset, run, key, bench, styled=False)}</div>" for run in runs_shown)
    return f"{_STYLE}<div class='vmb-pair'>{columns}</div>"


def filter_failures(runset: RunSet, run: str = ALL, memory: str = ALL, reasoning_type: str = ALL,
                    category: str = ALL, text: str = "", search: SearchIndex | None = None) -> pd.DataFrame:
    """The failed queries matching the filters (``ALL`` leaves a filter open) and containing ``text`` (any case)
    in their query or the model's replies (``search``: the index to look in; made here when not given)."""
    chosen = {"run": run, "memory": memory, "reasoning_type": reasoning_type, "error_category": category}
    failures = _narrowed(runset.failures, chosen)
    if text.strip():
        failures = failures[(search or SearchIndex(runset)).contains(failures, text)]
    return failures


def _narrowed(frame: pd.DataFrame, chosen: Mapping[str, str], skip: str | None = None) -> pd.DataFrame:
    for column, value in chosen.items():
        if column != skip and value != ALL:
            frame = frame[frame[column] == value]
    return frame


def _label(column: str, value: str) -> str:
    if column == "memory":
        return memory_label(value)
    if column == "reasoning_type":
        return reasoning_label(value)
    return value


def filter_options(failures: pd.DataFrame, chosen: Mapping[str, str]) -> dict[str, list[tuple[str, str]]]:
    """Each filter's dropdown options, ``(label, value)``: the values left by the *other* filters' choices, each
    with its count of failures, after ``ALL``. A chosen value the others leave nothing of stays, counted 0."""
    out = {}
    for column in FILTERS:
        counts = _narrowed(failures, chosen, skip=column)[column].dropna().value_counts()
        values = sorted(counts.index)
        if chosen.get(column, ALL) != ALL and chosen[column] not in counts.index:
            values = sorted([*values, chosen[column]])
        total = int(counts.sum())
        out[column] = [(f"{ALL} ({total})", ALL),
                       *((f"{_label(column, v)} ({int(counts.get(v, 0))})", v) for v in values)]
    return out


class SearchIndex:
    """The searchable text of each failed record: its query and every reply of the model (each assistant message
    and the final answer), lower-cased; each record read from its run once, when a search first reaches it (a
    search within one run's failures reads that run's alone, not every run's)."""

    def __init__(self, runset: RunSet) -> None:
        self.runset = runset
        self._texts: dict[tuple[str, str], str] = {}

    def text(self, run: str, key: str) -> str:
        if (run, key) not in self._texts:
            record = self.runset.record(run, key)
            replies = [str(m.get("content") or "") for m in record.messages if m.get("role") == "assistant"]
            self._texts[(run, key)] = "\n".join([record.query, *replies, record.final_answer or ""]).lower()
        return self._texts[(run, key)]

    def contains(self, failures: pd.DataFrame, text: str) -> pd.Series:
        """Which rows of ``failures`` hold ``text`` (any case) in their query or replies."""
        needle = text.strip().lower()
        found = [needle in self.text(run, attempt_key(q, int(t)))
                 for run, q, t in zip(failures["run"], failures["query_id"], failures["trial"])]
        return pd.Series(found, index=failures.index, dtype=bool)


def other_runs(runset: RunSet, run: str, key: str) -> list[str]:
    """The runs other than ``run`` with a record of the same query and trial (key), in the runs table's order."""
    query_id, _, trial = key.partition("~")
    frame = runset.queries
    having = set(frame[(frame["query_id"] == query_id) & (frame["trial"] == int(trial or 1))]["run"])
    return [name for name in runset.runs["run"] if name in having and name != run]


def browser(runset: RunSet, bench: Benchmark) -> Any:
    """An ipywidgets browser of the failures (filters and search on top, the list, the chosen failure below,
    optionally beside the same query of another run)."""
    return Explorer(runset, bench).widget


class Explorer:
    """The widgets of ``browser`` and how they follow each other (a class, so tests can drive it)."""

    def __init__(self, runset: RunSet, bench: Benchmark) -> None:
        import ipywidgets as widgets

        self.runset, self.bench = runset, bench
        self.search_index = SearchIndex(runset)
        self.filters = {column: widgets.Dropdown(options=[(ALL, ALL)], value=ALL, description=label)
                        for column, label in FILTERS.items()}
        self.search = widgets.Text(placeholder="words in the query or the replies", description="search",
                                   continuous_update=False)
        self.count = widgets.HTML()
        self.chooser = widgets.Select(options=[], rows=10, layout=widgets.Layout(width="100%"))
        self.beside = widgets.Dropdown(options=[(NONE, NONE)], value=NONE, description="beside")
        self.view = widgets.HTML()
        self._updating = False
        for widget in [*self.filters.values(), self.search]:
            widget.observe(self.refresh, names="value")
        self.chooser.observe(self.choose, names="value")
        self.beside.observe(self.show, names="value")
        self.refresh()
        column = list(self.filters.values())
        self.widget = widgets.VBox([widgets.HBox(column[:2]), widgets.HBox(column[2:]), self.search, self.count,
                                    self.chooser, self.beside, self.view])

    def chosen(self) -> dict[str, str]:
        return {column: widget.value for column, widget in self.filters.items()}

    def refresh(self, *_: Any) -> None:
        """Narrow every dropdown to what the others leave, then list the failures that match."""
        if self._updating:
            return
        self._updating = True
        try:
            chosen = self.chosen()
            for column, options in filter_options(self.runset.failures, chosen).items():
                self.filters[column].options = options
                self.filters[column].value = chosen[column]
            found = filter_failures(self.runset, chosen["run"], chosen["memory"], chosen["reasoning_type"],
                                    chosen["error_category"], text=self.search.value, search=self.search_index)
            self.count.value = f"<b>{len(found)}</b> failed queries match"
            self.chooser.options = [
                (f"{r.run} · {attempt_key(r.query_id, int(r.trial))} · {r.error_category}",
                 (r.run, attempt_key(r.query_id, int(r.trial)))) for r in found.itertuples()]
        finally:
            self._updating = False
        self.choose()

    def choose(self, *_: Any) -> None:
        """A failure chosen: offer the other runs that have its query, then show it."""
        if self._updating:
            return
        self._updating = True
        try:
            others = other_runs(self.runset, *self.chooser.value) if self.chooser.value else []
            keep = self.beside.value if self.beside.value in others else NONE
            self.beside.options = [(NONE, NONE), *((f"{name} ({self.runset.run(name).label})", name)
                                                   for name in others)]
            self.beside.value = keep
        finally:
            self._updating = False
        self.show()

    def show(self, *_: Any) -> None:
        if self._updating:
            return
        if not self.chooser.value:
            self.view.value = ""
            return
        run, key = self.chooser.value
        if self.beside.value == NONE:
            self.view.value = failure_html(self.runset, run, key, self.bench)
        else:
            self.view.value = side_by_side_html(self.runset, key, [run, self.beside.value], self.bench)
