"""Every memory setting end to end against the scripted server: building, reuse, evaluation, Mem Token."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.scripted import ReferenceScript, ScriptedServer, tool_names
from vmb.results.rundir import SHARED_PROMPT_CHARS
from vmb.tokens import count_tokens

from .conftest import RunFn
from .helpers import SECRET, files_containing


def records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (path / "results.jsonl").read_text().splitlines()]


@pytest.mark.parametrize("memory", ["none", "gold", "summary", "kv", "history"])
def test_memory_setting_end_to_end(memory: str, bench: Any, run: RunFn, tmp_path: Path) -> None:
    group = bench.group(1)
    with ScriptedServer(ReferenceScript(bench)) as server:
        result = run(server.url, memory=memory, groups=[1], limit=3)
        made = len(server.received)
        again = run(server.url, memory=memory, groups=[1], limit=3)
        other = run(server.url, "other", memory=memory, groups=[1], limit=3)
    metric = result.metric
    assert (metric.selected, metric.scored, metric.errors) == (3, 3, 0)
    assert metric.overall is not None and metric.overall.value("esm") == 100.0
    # A finished run resumes to nothing; another run of the same settings is served by the cache.
    assert again.stats.usage.requests == 0 and other.stats.usage.requests == 0 and len(server.received) == made
    assert other.metric == replace(metric, run=other.metric.run)

    rows = sorted(records(tmp_path / "run"), key=lambda r: r["index"])  # written in finishing order
    assert [r["id"] for r in rows] == ["qa_1#0", "qa_1#1", "qa_1#2"]
    row = rows[0]
    assert row["status"] == "ok" and row["score"]["metrics"]["exact_match"] is True
    assert row["calls"]["discovery"] and row["calls"]["vehicle"]
    assert row["call_count"] == sum(len(v) for v in row["calls"].values())
    assert all({"prompt_tokens", "completion_tokens", "cached"} <= set(r) for r in row["rounds"])
    first = row["messages"][0]
    system = first["content"] if "content" in first else (tmp_path / "run" / first["content_file"]).read_text()
    # A short prompt stays in the record; a long one (the history, a long summary) is stored once.
    assert ("content_file" in first) == (len(system) >= SHARED_PROMPT_CHARS)
    assert "list_module_tools" in system and "seat" in system

    built = tmp_path / "run" / "memory" / "group_1"
    if memory == "gold":
        assert metric.overall.value("mem_token") == pytest.approx(
            sum(count_tokens(q.gold_memory) for q in group.queries[:3]) / 3, abs=0.01)
    if memory == "history":
        assert metric.overall.value("mem_token") == count_tokens(group.history_text.strip())
        assert group.history_text.strip()[:200] in system
    if memory == "summary":
        days = (built / "days.jsonl").read_text().splitlines()
        assert len(days) == len(group.days)
        summary = json.loads((built / "summary.json").read_text())["summary"]
        assert summary and summary in system and json.loads(days[-1])["summary"] == summary
        cost = json.loads((built / "build.json").read_text())["cost"]
        assert cost["model_calls"] == len(group.days) == metric.memory_build["model_calls"]
        assert metric.overall.value("mem_token") == count_tokens(summary)
    if memory == "kv":
        store = json.loads((built / "store.json").read_text())
        assert len(store) == len(group.days)
        assert row["calls"]["memory"] and {c["name"] for c in row["calls"]["memory"]} == {"memory_list",
                                                                                          "memory_search"}
        assert metric.overall.value("retrievals") == 6 and metric.overall.value("mem_token") > 0
        log = json.loads((built / "days.jsonl").read_text().splitlines()[0])
        assert log["calls"][0]["name"] == "memory_add" and log["store"]
    if memory in ("none", "gold", "history"):
        assert not built.exists()
    assert files_containing(tmp_path, SECRET) == []


def test_built_memory_is_reused_by_later_runs_without_model_calls(bench: Any, run: RunFn, tmp_path: Path) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        run(server.url, "first", memory="summary", groups=[2], limit=1)
        builds = sum("memory_update" in tool_names(r.body) for r in server.received)
        assert builds == len(bench.group(2).days)
        (tmp_path / "cache" / "requests.sqlite").unlink()
        second = run(server.url, "second", memory="summary", groups=[2], limit=2)
        assert sum("memory_update" in tool_names(r.body) for r in server.received) == builds
    assert second.metric.scored == 2
    assert (tmp_path / "second" / "memory" / "group_2" / "days.jsonl").exists()


def test_a_killed_build_leaves_no_half_memory(bench: Any, run: RunFn, tmp_path: Path) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        run(server.url, memory="kv", groups=[3], limit=1, use_cache=False)
        built = tmp_path / "run" / "memory" / "group_3"
        shutil.rmtree(built)
        (built.parent / "group_3.building").mkdir()  # what a kill during the build leaves
        result = run(server.url, memory="kv", groups=[3], limit=2, use_cache=False)
    assert result.metric.scored == 2 and (built / "store.json").exists()
    assert not (built.parent / "group_3.building").exists()
