"""One ``QueryRecord`` for a reader: a short line for a terminal, an HTML fragment for a notebook.

``record_line`` is the record's ``repr``/``str``: id, trial, reasoning type, outcome, calls, the query's
head. ``record_html`` is its ``_repr_html_`` (what a notebook shows for ``runset.record(run, key)``): the
verdict (solved, failed or not run; the stage; the scores), the query, the conversation message by
message (a stored system prompt named, not read: the record alone does not hold it), every tool call in
order with how it was read and its result, the final answer, the reference calls and the state diff
leaf by leaf, as ``vmb view`` shows one query.

Everything in a record comes from a run: model replies, tool arguments and results, the query text are
hostile data. Each text goes through ``vmb.escape.html`` (quotes too) before it reaches the page; nothing
from the record becomes markup, an attribute or a link.
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from vmb import escape
from vmb.score import TaskScore
from vmb.terminal import safe

# The functions below take a ``vmb.results.record.QueryRecord``, which imports this module to show itself: the
# type is named, not imported (an import back would be a cycle).
QueryRecord = Any

# A prompt holding a whole history (~400,000 characters) would swamp the page; its head is what one reads.
CLIP = 20_000
QUERY_HEAD = 60  # characters of the query in the one-line form

STYLE = """<style>
.vmb-record {font-family: sans-serif; font-size: 13px; max-width: 1100px}
.vmb-record h4 {margin: 12px 0 4px 0; font-size: 14px}
.vmb-record pre {white-space: pre-wrap; background: #f6f6f6; padding: 6px 8px; margin: 2px 0; font-size: 12px}
.vmb-record table {border-collapse: collapse; font-size: 12px}
.vmb-record td, .vmb-record th {border: 1px solid #ccc; padding: 2px 6px; vertical-align: top; text-align: left}
.vmb-record .bad {background: #fde2e1} .vmb-record .good {background: #e3f4e1}
.vmb-record .tag {display: inline-block; border: 1px solid #999; border-radius: 3px; padding: 0 5px; margin-right: 6px}
</style>"""


def pre(value: Any, clip: int = CLIP) -> str:
    """A text as a ``<pre>`` block, cut to its first ``clip`` characters."""
    text = str(value)
    if len(text) > clip:
        text = text[:clip] + f"\n… ({len(text) - clip:,} more characters)"
    return f"<pre>{escape.html(text)}</pre>"


def call_text(call: dict[str, Any] | None) -> str:
    """A call as one line, ``name(key=value, ...)``; arguments that did not parse as the model wrote them."""
    if call is None:
        return ""
    args = call.get("args")
    if not isinstance(args, dict):
        return f"{call.get('name')}({call.get('arguments') or ''})"
    shown = ", ".join(f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in args.items())
    return f"{call.get('name')}({shown})"


def leaf_verdict(path: str, score: TaskScore) -> str:
    """What the scorer found at one leaf of the state diff."""
    if path in score.correct:
        return "right"
    if path in score.wrongly_changed:
        return "changed, should not"
    if path in score.should_change and path not in score.changed:
        return "should change, did not"
    return "wrong value"


def outcome(record: QueryRecord) -> str:
    """solved, failed, or not run (a request failed for good)."""
    if not record.ok or record.score is None:
        return "not run"
    return "solved" if record.score.exact_match else "failed"


def record_line(record: QueryRecord) -> str:
    """The record in one line, control characters escaped (a terminal shows it as it is):
    ``QueryRecord(qa_1#0, trial 1, preference_conflict: failed, 0 vehicle calls, 0 calls in all, "At 10:00 AM, …")``."""
    query = " ".join(record.query.split())
    if len(query) > QUERY_HEAD:
        query = query[:QUERY_HEAD - 1] + "…"
    error = " ".join(str(record.error).split())
    said = f"not run: {error[:QUERY_HEAD]}{'…' if len(error) > QUERY_HEAD else ''}" if not record.ok else (
        f"{outcome(record)}, {len(record.calls['vehicle'])} vehicle calls, {record.call_count} calls in all")
    return safe(f"QueryRecord({record.id}, trial {record.trial}, {record.reasoning_type}: {said}, \"{query}\")")


def diff_table(score: TaskScore) -> str:
    """The state diff leaf by leaf: default, expected and predicted value, and the verdict."""
    rows = []
    for path, values in sorted(score.leaves.items()):
        verdict = leaf_verdict(path, score)
        cells = "".join(f"<td>{escape.html(json.dumps(values[k], ensure_ascii=False)) if k in values else '—'}</td>"
                        for k in ("default", "expected", "predicted"))
        rows.append(f"<tr class='{'good' if verdict == 'right' else 'bad'}'><td>{escape.html(path)}</td>{cells}"
                    f"<td>{escape.html(verdict)}</td></tr>")
    if not rows:
        return "<p>No leaf should change and none changed.</p>"
    return ("<table><tr><th>leaf</th><th>default</th><th>expected</th><th>predicted</th><th>verdict</th></tr>"
            + "".join(rows) + "</table>")


def message_text(message: dict[str, Any]) -> tuple[str, str]:
    """A message of the conversation as (role, text): its content, then each tool call it asked for (a stored
    system prompt named, not read). Malformed parts (a run's file is hostile) are shown as far as they read."""
    role = str(message.get("role", "?"))
    if "content_file" in message:
        body = f"(stored once per run: system_prompts/{message['content_file']})"
    else:
        body = str(message.get("content") or "")
    calls = message.get("tool_calls")
    if isinstance(calls, list):
        for call in calls:
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict):
                body += f"\n→ {function.get('name')}({function.get('arguments') or ''})"
    if role == "tool":
        role = f"tool ({message.get('tool_call_id', '?')})"
    return role, body.strip()


def _message(message: dict[str, Any]) -> str:
    role, body = message_text(message)
    return f"<b>{escape.html(role)}</b>{pre(body or '(empty)')}"


def _tool_rows(record: QueryRecord) -> str:
    replies = {m.get("tool_call_id"): m.get("content") for m in record.messages if m.get("role") == "tool"}
    rows = []
    for result in record.tool_results:
        read = f" (read from text as {result.read_as})" if result.read_as else ""
        reply = replies.get(result.id)
        rows.append(f"<tr class='{'good' if result.ok else 'bad'}'><td>{result.round + 1}</td>"
                    f"<td>{escape.html(result.kind)}</td><td>{escape.html(call_text(result.to_json()) + read)}</td>"
                    f"<td>{'accepted' if result.ok else 'refused'}</td>"
                    f"<td>{pre(reply, 2_000) if reply is not None else ''}</td></tr>")
    return ("<table><tr><th>round</th><th>kind</th><th>call</th><th>verdict</th><th>result</th></tr>"
            + "".join(rows) + "</table>")


def record_html(record: QueryRecord) -> str:
    """Everything one record holds, as one HTML fragment (every text from the run escaped)."""
    tags = [outcome(record)]
    if record.attribution is not None:
        tags.append(f"stage: {record.attribution.stage}")
    parts = [STYLE, "<div class='vmb-record'>",
             f"<h4>{escape.html(record.id)} · trial {record.trial} · {escape.html(record.reasoning_type)}</h4>",
             "<p>" + "".join(f"<span class='tag'>{escape.html(tag)}</span>" for tag in tags) + "</p>"]
    if record.error:
        parts.append(f"<p>error: {escape.html(record.error)}</p>")
    if record.attribution is not None:
        parts.append(f"<p>{escape.html(record.attribution.detail)}</p>")
    score = record.score
    if score is not None:
        # The scorer's F1s as its formula names them (the registry, which labels them, sits above records).
        f1s = [f.name for f in fields(score.metrics) if f.name.endswith("_f1")]
        numbers = " · ".join([f"exact match {int(score.exact_match)}",
                              *(f"{name.replace('_', ' ')} {getattr(score.metrics, name):.3f}" for name in f1s)])
        parts.append(f"<p>{numbers} · {record.call_count} calls, {record.requests} requests, "
                     f"{record.prompt_tokens + record.completion_tokens:,} tokens</p>")
    parts += ["<h4>Query</h4>", pre(record.query)]
    parts += ["<h4>Conversation</h4>", *(_message(m) for m in record.messages)] if record.messages else []
    if record.tool_results:
        parts += ["<h4>Tool calls, in order</h4>", _tool_rows(record)]
    parts += ["<h4>Final answer</h4>", pre("(none)" if record.final_answer is None else record.final_answer)]
    if score is not None:
        parts += ["<h4>Reference calls</h4>", pre("\n".join(call_text(c) for c in score.ref_calls) or "(none)"),
                  "<h4>State diff, leaf by leaf</h4>", diff_table(score)]
    parts.append("</div>")
    return "".join(parts)
