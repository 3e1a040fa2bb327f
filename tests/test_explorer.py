"""The library from a notebook cell: ``vmb.analysis``'s submodules by attribute, a ``QueryRecord`` as one line and as
HTML (hostile text escaped), and the explorer's logic (filters that narrow each other, text search, two runs side
by side) driven without a browser; on the scripted runs (``fixtures/scripted_runs.py``) over the small generated
benchmark (``small_benchmark``)."""

from __future__ import annotations

import html
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from vmb.analysis.explorer import (
    ALL,
    NONE,
    Explorer,
    SearchIndex,
    failure_html,
    filter_failures,
    filter_options,
    other_runs,
)
from vmb.analysis.runs import load_runs
from vmb.results.record import QueryRecord

HOSTILE = "</pre><script>window.__pwned = 1</script><img src=x onerror=\"alert(1)\"><!--"


def test_submodules_are_attributes_and_load_on_first_use() -> None:
    code = ("import sys, vmb.analysis as va; before = 'matplotlib' in sys.modules; "
            "print(before, va.figures.__name__, va.tables.__name__, va.style.__name__, va.explorer.__name__, "
            "'matplotlib' in sys.modules, 'figures' in dir(va))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO).stdout
    assert out.split() == ["False", "vmb.analysis.figures", "vmb.analysis.tables", "vmb.analysis.style",
                           "vmb.analysis.explorer", "True", "True"]
    import vmb.analysis as va

    with pytest.raises(AttributeError, match="no attribute 'figure'"):
        va.figure  # noqa: B018


def _record(tiny_runs: Path, run: str, query_id: str) -> dict[str, Any]:
    lines = (tiny_runs / run / "results.jsonl").read_text(encoding="utf-8").splitlines()
    return next(doc for doc in map(json.loads, lines) if doc["id"] == query_id)


def test_a_record_is_one_line_in_a_terminal(tiny_runs: Path) -> None:
    record = QueryRecord.from_json(_record(tiny_runs, "scripted-kv", "qa_1#1"))
    line = repr(record)
    assert line == str(record) and "\n" not in line and len(line) < 240
    assert line.startswith("QueryRecord(qa_1#1, trial 1, ") and ("failed" in line or "solved" in line)
    record.query = "a \x1b[31mred\x1b[0m query\nover lines"
    assert "\x1b" not in repr(record) and "\\x1b[31m" in repr(record)


def test_a_record_is_html_in_a_notebook_with_every_text_escaped(tiny_runs: Path) -> None:
    doc = _record(tiny_runs, "scripted-kv", "qa_1#1")
    doc["query"] = "hostile " + HOSTILE
    doc["final_answer"] = HOSTILE
    assistant = next(m for m in doc["messages"] if m["role"] == "assistant")
    assistant["content"] = HOSTILE
    doc["tool_results"][0]["args"] = {HOSTILE: HOSTILE}
    record = QueryRecord.from_json(doc)
    page = record._repr_html_()
    for heading in ("Query", "Conversation", "Tool calls, in order", "Final answer", "Reference calls",
                    "State diff, leaf by leaf"):
        assert f"<h4>{heading}</h4>" in page
    assert ("solved" if record.score.exact_match else "failed") in page
    assert page.count(html.escape(HOSTILE)) >= 3 and "<script>" not in page and "<img" not in page
    assert "<!--" not in page
    calls = [r.name for r in record.tool_results]
    assert all(name in page for name in calls)
    error = QueryRecord.from_json({**doc, "status": "error", "error": "endpoint said <b>no</b>", "score": None})
    assert "not run" in error._repr_html_() and "&lt;b&gt;no&lt;/b&gt;" in error._repr_html_()


def test_the_explorer_shows_a_hostile_record_as_text(tiny_runs: Path, tmp_path: Path, bench: Any) -> None:
    """A run's file is hostile: its texts are escaped and malformed tool calls are shown as far as they read."""
    shutil.copytree(tiny_runs / "scripted-kv", tmp_path / "runs" / "scripted-kv")
    results = tmp_path / "runs" / "scripted-kv" / "results.jsonl"
    lines = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    target = next(doc for doc in lines if doc["score"] and not doc["score"]["metrics"]["exact_match"])
    target["final_answer"] = HOSTILE
    assistant = next(m for m in target["messages"] if m["role"] == "assistant")
    assistant["content"] = HOSTILE
    assistant["tool_calls"] = ["not a call", {"function": 3}, {"function": {"name": HOSTILE, "arguments": HOSTILE}}]
    results.write_text("".join(json.dumps(doc) + "\n" for doc in lines), encoding="utf-8")
    runset = load_runs([tmp_path / "runs"], bench=bench)
    for page in (failure_html(runset, "scripted-kv", target["id"], bench),
                 runset.record("scripted-kv", target["id"])._repr_html_()):
        assert html.escape(HOSTILE) in page and "<script>" not in page and "<img" not in page


def test_filters_narrow_each_other(runset: Any) -> None:
    failures = runset.failures
    everything = filter_options(failures, {})
    assert everything["run"][0] == (f"{ALL} ({len(failures)})", ALL)
    chosen = {"run": "scripted-kv", "memory": ALL, "reasoning_type": ALL, "error_category": ALL}
    narrowed = filter_options(failures, chosen)
    kv = failures[failures["run"] == "scripted-kv"]
    assert [v for _, v in narrowed["memory"]] == [ALL, "kv"]
    assert {v for _, v in narrowed["error_category"]} - {ALL} == set(kv["error_category"])
    counts = dict((v, label) for label, v in narrowed["error_category"])
    category = kv["error_category"].iloc[0]
    assert counts[category].endswith(f"({(kv['error_category'] == category).sum()})")
    assert len(narrowed["run"]) == len(everything["run"]), "a filter's own choice does not narrow itself"
    one = {**chosen, "error_category": category}
    runs_left = {v for _, v in filter_options(failures, one)["run"]} - {ALL}
    assert runs_left == set(failures[failures["error_category"] == category]["run"])
    gone = {**chosen, "error_category": "no such type"}
    assert ("no such type (0)", "no such type") in filter_options(failures, gone)["error_category"]


def test_search_finds_queries_and_replies(runset: Any, bench: Any) -> None:
    failures = runset.failures
    row = failures.iloc[0]
    record = runset.record(row["run"], row["query_id"])
    words = " ".join(record.query.split()[2:5])
    index = SearchIndex(runset)
    found = filter_failures(runset, text=words.upper(), search=index)
    assert (row["run"], row["query_id"]) in set(zip(found["run"], found["query_id"]))
    assert all(words.lower() in runset.record(r, q).query.lower() or words.lower() in
               (runset.record(r, q).final_answer or "").lower() for r, q in zip(found["run"], found["query_id"]))
    answered = next(r for r in failures.itertuples() if runset.record(r.run, r.query_id).final_answer)
    reply = runset.record(answered.run, answered.query_id).final_answer
    assert answered.query_id in set(filter_failures(runset, text=reply[:25], search=index)["query_id"])
    assert filter_failures(runset, text="no query says zqxj", search=index).empty


def test_the_explorer_widgets_follow_each_other(runset: Any, bench: Any) -> None:
    explorer = Explorer(runset, bench)
    total = len(runset.failures)
    assert f"<b>{total}</b>" in explorer.count.value and len(explorer.chooser.options) == total
    explorer.filters["run"].value = "scripted-kv"
    assert [v for _, v in explorer.filters["memory"].options] == [ALL, "kv"]
    shown = len(explorer.chooser.options)
    assert shown == (runset.failures["run"] == "scripted-kv").sum() and explorer.filters["run"].value == "scripted-kv"
    explorer.chooser.value = explorer.chooser.options[0][1]
    run, key = explorer.chooser.value
    assert "State diff" in explorer.view.value and "class='vmb-pair'" not in explorer.view.value
    others = other_runs(runset, run, key)
    assert "oracle-gold" in others and run not in others
    assert [v for _, v in explorer.beside.options] == [NONE, *others]
    explorer.beside.value = "oracle-gold"
    assert "class='vmb-pair'" in explorer.view.value and explorer.view.value.count("State diff") == 2
    assert "oracle-gold" in explorer.view.value and "passed" in explorer.view.value
    record = runset.record(run, key)
    explorer.search.value = " ".join(record.query.split()[:4])
    assert 1 <= len(explorer.chooser.options) < shown
    explorer.search.value = "zqxj no such words"
    assert explorer.chooser.options == () and explorer.view.value == "" and "<b>0</b>" in explorer.count.value

