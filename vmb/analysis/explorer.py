"""A browser of failed queries for notebooks: filter, pick one, read everything about it.

``failure_html`` renders one query of one run as HTML: the query, its gold memory, the memory the
agent actually saw (the memory part of its system prompt and every memory tool result), the
predicted calls beside the reference calls, the state diff leaf by leaf, and the full message trace.
``browser`` wraps it in ipywidgets (filters by run, memory setting, reasoning type and error type);
``failure_html`` alone works anywhere HTML shows, including an executed notebook saved as HTML.
"""

from __future__ import annotations

import html
import json
from typing import Any

import pandas as pd

from vmb.analysis import runs
from vmb.analysis.runs import RunSet
from vmb.analysis.style import memory_label, reasoning_label
from vmb.data import Benchmark
from vmb.results.record import QueryRecord
from vmb.results.record_parts import ToolResult
from vmb.score import TaskScore

ALL = "(all)"
_STYLE = """<style>
.vmb-failure {font-family: sans-serif; font-size: 13px; max-width: 1100px}
.vmb-failure h3 {margin: 14px 0 4px 0; font-size: 14px}
.vmb-failure pre {white-space: pre-wrap; background: #f6f6f6; padding: 6px 8px; margin: 2px 0; font-size: 12px}
.vmb-failure table {border-collapse: collapse; font-size: 12px}
.vmb-failure td, .vmb-failure th {border: 1px solid #ccc; padding: 2px 6px; vertical-align: top; text-align: left}
.vmb-failure .bad {background: #fde2e1} .vmb-failure .good {background: #e3f4e1}
</style>"""


# A history-sized prompt (~400,000 characters) would swamp the page; the head is what one reads.
CLIP = 20_000


def _pre(text: Any) -> str:
    text = str(text)
    if len(text) > CLIP:
        text = text[:CLIP] + f"\n… ({len(text) - CLIP:,} more characters)"
    return f"<pre>{html.escape(text)}</pre>"


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def system_text(runset: RunSet, run: str, record: QueryRecord) -> str:
    """The system prompt of a record (stored once per run under ``system_prompts/``)."""
    return runs.system_text(runset.run(run).path, record)


def memory_seen(runset: RunSet, run: str, record: QueryRecord) -> tuple[str, list[str]]:
    """What the agent was given of memory: the prompt's memory part, and each memory tool call with its result."""
    injected, replies = runs.memory_seen(runset.run(run), record)
    calls = [r for r in record.tool_results if r.kind == "memory"]
    return injected, [f"{_call_text(call.to_json())} → {reply}" for call, reply in zip(calls, replies)]


def _calls_table(predicted: list[dict[str, Any]], reference: list[dict[str, Any]]) -> str:
    rows = []
    for i in range(max(len(predicted), len(reference))):
        p = predicted[i] if i < len(predicted) else None
        r = reference[i] if i < len(reference) else None
        mark = "good" if p is not None and r is not None and p == r else "bad"
        cells = "".join(f"<td>{html.escape(_call_text(c))}</td>" for c in (p, r))
        rows.append(f"<tr class='{mark}'>{cells}</tr>")
    return "<table><tr><th>predicted (in order)</th><th>reference</th></tr>" + "".join(rows) + "</table>"


def _call_text(call: dict[str, Any] | None) -> str:
    if call is None:
        return ""
    args = call.get("args")
    if not isinstance(args, dict):  # arguments that did not parse: shown as the model wrote them
        return f"{call.get('name')}({call.get('arguments', '')})"
    shown = ", ".join(f"{k}={_json(v)}" for k, v in args.items())
    return f"{call.get('name')}({shown})"


def _tool_table(results: list[ToolResult]) -> str:
    rows = [
        f"<tr class='{'good' if r.ok else 'bad'}'><td>{r.round}</td>"
        f"<td>{html.escape(r.kind)}</td><td>{html.escape(_call_text(r.to_json()))}</td>"
        f"<td>{'accepted' if r.ok else 'refused'}</td></tr>"
        for r in results
    ]
    return "<table><tr><th>round</th><th>kind</th><th>call</th><th>result</th></tr>" + "".join(rows) + "</table>"


def _diff_table(score: TaskScore) -> str:
    correct, wrongly = set(score.correct), set(score.wrongly_changed)
    should, changed = set(score.should_change), set(score.changed)
    rows = []
    for path, values in sorted(score.leaves.items()):
        if path in correct:
            verdict = "right"
        elif path in wrongly:
            verdict = "changed, should not"
        elif path in should and path not in changed:
            verdict = "should change, did not"
        else:
            verdict = "wrong value"
        cells = "".join(f"<td>{html.escape(_json(values[k])) if k in values else '—'}</td>"
                        for k in ("default", "expected", "predicted"))
        rows.append(f"<tr class='{'good' if verdict == 'right' else 'bad'}'><td>{html.escape(path)}</td>{cells}"
                    f"<td>{verdict}</td></tr>")
    if not rows:
        return "<p>No leaf should change and none changed.</p>"
    return ("<table><tr><th>leaf</th><th>default</th><th>expected</th><th>predicted</th><th>verdict</th></tr>"
            + "".join(rows) + "</table>")


def _trace(runset: RunSet, run: str, record: QueryRecord) -> str:
    parts = []
    for message in record.messages:
        role = message.get("role", "?")
        if role == "system":
            body = system_text(runset, run, record)
        elif message.get("tool_calls"):
            calls = [f"{c['function']['name']}({c['function'].get('arguments', '')})" for c in message["tool_calls"]]
            body = "\n".join(filter(None, [message.get("content") or "", *calls]))
        else:
            body = message.get("content") or ""
        parts.append(f"<b>{html.escape(role)}</b>{_pre(body)}")
    return "<details><summary>full message trace</summary>" + "".join(parts) + "</details>"


def failure_html(runset: RunSet, run: str, query_id: str, bench: Benchmark) -> str:
    """Everything about one query of one run, as one HTML fragment."""
    record = runset.record(run, query_id)
    row = runset.queries[(runset.queries["run"] == run) & (runset.queries["query_id"] == query_id)].iloc[0]
    query = bench.query(query_id)
    info = runset.run(run)
    injected, memory_results = memory_seen(runset, run, record)
    verdict = row["error_category"] if pd.notna(row["error_category"]) else (
        "passed" if row["status"] == "ok" else f"not run: {row['error']}")
    parts = [
        _STYLE, "<div class='vmb-failure'>",
        f"<h3>{html.escape(query_id)} · {html.escape(reasoning_label(query.reasoning_type))} · run "
        f"{html.escape(run)} ({html.escape(info.label)}, {html.escape(memory_label(info.memory))})</h3>",
        f"<p><b>{html.escape(str(verdict))}</b>"
        + (f": {html.escape(str(row['error_detail']))}" if pd.notna(row["error_detail"]) else "") + "</p>",
        "<h3>Query</h3>", _pre(query.query),
        "<h3>Gold memory</h3>", _pre(query.gold_memory),
        "<h3>Memory the agent saw</h3>", _pre(injected or "(nothing in the prompt)"),
    ]
    if memory_results:
        parts += ["<p>memory tool results:</p>", *(_pre(r) for r in memory_results)]
    parts += ["<h3>Calls</h3>", _calls_table(record.vehicle_calls, query.calls)]
    if record.tool_results:
        parts += ["<p>every tool call, in order:</p>", _tool_table(record.tool_results)]
    if record.final_answer:
        parts += ["<p>final answer:</p>", _pre(record.final_answer)]
    if record.score is not None:
        parts += ["<h3>State diff</h3>", _diff_table(record.score)]
    parts += ["<h3>Messages</h3>", _trace(runset, run, record), "</div>"]
    return "".join(parts)


def filter_failures(runset: RunSet, run: str = ALL, memory: str = ALL, reasoning_type: str = ALL,
                    category: str = ALL) -> pd.DataFrame:
    """The failed queries matching the filters (``ALL`` leaves a filter open)."""
    failures = runset.failures
    for column, value in (("run", run), ("memory", memory), ("reasoning_type", reasoning_type),
                          ("error_category", category)):
        if value != ALL:
            failures = failures[failures[column] == value]
    return failures


def browser(runset: RunSet, bench: Benchmark) -> Any:
    """An ipywidgets browser of the failures (filters on top, a list, the chosen failure below)."""
    import ipywidgets as widgets

    failures = runset.failures

    def options(column: str) -> list[str]:
        return [ALL, *sorted(failures[column].dropna().unique())]

    filters = {
        "run": widgets.Dropdown(options=options("run"), description="run"),
        "memory": widgets.Dropdown(options=options("memory"), description="memory"),
        "reasoning_type": widgets.Dropdown(options=options("reasoning_type"), description="reasoning"),
        "category": widgets.Dropdown(options=options("error_category"), description="error type"),
    }
    chooser = widgets.Select(options=[], rows=10, layout=widgets.Layout(width="100%"))
    view = widgets.HTML()
    count = widgets.HTML()

    def refresh(*_: Any) -> None:
        chosen = filter_failures(runset, **{k: w.value for k, w in filters.items()})
        count.value = f"<b>{len(chosen)}</b> failed queries match"
        chooser.options = [(f"{r.run} · {r.query_id} · {r.error_category}", (r.run, r.query_id))
                           for r in chosen.itertuples()]
        show()

    def show(*_: Any) -> None:
        if not chooser.value:
            view.value = ""
            return
        run, query_id = chooser.value
        view.value = failure_html(runset, run, query_id, bench)

    for widget in filters.values():
        widget.observe(refresh, names="value")
    chooser.observe(show, names="value")
    refresh()
    return widgets.VBox([widgets.HBox(list(filters.values())[:2]), widgets.HBox(list(filters.values())[2:]),
                         count, chooser, view])
