"""Memory builds against the scripted server: per-day progress while building, and the build's own
health (calls, tokens, replies cut off, loops, a memory left empty) in build.json, metric.json and
``vmb show``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.offline import assistant_calls
from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer, tool_names
from vmb.harness.show import comparison
from vmb.memory import kv, register, summary
from vmb.memory.base import LOOP_CALLS
from vmb.memory.options import NoOptions
from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, by_day

from .conftest import RunFn

DAYS = 3  # --memory-days: the builds read the first three days of group 1


def looping_kv(bench: Any) -> Any:
    """A kv build that adds and removes one key over and over, every round of every day, ending empty."""
    reference = ReferenceScript(bench)

    def script(body: dict[str, Any]) -> Scripted:
        if kv.ADD not in tool_names(body):
            return reference(body)
        churn = [(kv.ADD, {"key": "seat", "value": "warm"}), (kv.REMOVE, {"key": "seat"})] * 3
        return Scripted(assistant_calls(churn, 0))

    return script


def silent_summary(bench: Any) -> Any:
    """A summary build whose every reply is cut off at the token limit without an update: nothing kept."""
    reference = ReferenceScript(bench)

    def script(body: dict[str, Any]) -> Scripted:
        if summary.UPDATE not in tool_names(body):
            return reference(body)
        return Scripted({"role": "assistant", "content": "The day was the day was the day was"},
                        finish_reason="length")

    return script


def build_json(run: Path) -> dict[str, Any]:
    return json.loads((run / "memory" / "group_1" / "build.json").read_text())


def test_a_looping_kv_build_is_named_with_its_key_and_its_empty_store(bench: Any, run: RunFn,
                                                                     tmp_path: Path) -> None:
    with ScriptedServer(looping_kv(bench)) as server:
        result = run(server.url, memory="kv", groups=[1], limit=1, memory_days=DAYS)
    rounds = kv.KeyValueOptions().kv_rounds  # the churn never stops on its own: every round is used
    health = build_json(tmp_path / "run")["health"]
    assert health["days"] == DAYS and health["empty"] is True and health["refused"] == 0
    dates = [day.date.isoformat() for day in bench.group(1).days[:DAYS]]
    assert health["loops"] == [{"date": d, "target": "key 'seat'", "calls": 6 * rounds} for d in dates]

    build = result.metric.memory_build
    assert build["model_calls"] == DAYS * rounds and build["prompt_tokens"] > 0
    assert build["empty_stores"] == [1]
    assert [(loop["group"], loop["calls"]) for loop in build["loops"]] == [(1, 6 * rounds)] * DAYS
    shown = comparison([tmp_path / "run"])
    assert f"{DAYS} loop(s), worst {6 * rounds} calls on key 'seat' (group 1, {dates[0]})" in shown
    assert "memory empty at the end: group(s) 1" in shown
    assert f"{DAYS * rounds:,} model calls" in shown


def test_a_summary_build_cut_off_every_day_counts_its_truncations_and_its_empty_summary(
        bench: Any, run: RunFn, tmp_path: Path) -> None:
    with ScriptedServer(silent_summary(bench)) as server:
        result = run(server.url, memory="summary", groups=[1], limit=1, memory_days=DAYS)
    health = build_json(tmp_path / "run")["health"]
    assert health == {"days": DAYS, "truncated": DAYS, "refused": 0, "loops": [], "empty": True, "copied": 0.0,
                      "unchanged": DAYS, "warnings": [{"kind": "empty", "text": "the memory is empty: the build kept nothing"}]}
    build = result.metric.memory_build
    assert (build["truncated"], build["loops"], build["empty_stores"]) == (DAYS, [], [1])
    shown = comparison([tmp_path / "run"])
    assert f"{DAYS} replies cut off at the output limit" in shown and "memory empty at the end" in shown
    assert "loop" not in shown


def test_a_sane_build_reports_no_loop_and_a_kept_memory(bench: Any, run: RunFn, tmp_path: Path) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        result = run(server.url, memory="kv", groups=[1], limit=1, memory_days=DAYS)
    build = result.metric.memory_build
    assert (build["truncated"], build["refused"], build["loops"], build["empty_stores"]) == (0, 0, [], [])
    assert build["per_group"][0]["health"]["days"] == DAYS
    shown = comparison([tmp_path / "run"])
    assert "memory build: 1 group(s)" in shown and "loop" not in shown and "empty" not in shown


def test_loops_need_as_many_writes_as_the_threshold(bench: Any, run: RunFn, tmp_path: Path) -> None:
    reference = ReferenceScript(bench)

    def script(body: dict[str, Any]) -> Scripted:
        if kv.ADD not in tool_names(body):
            return reference(body)
        if any(m["role"] == "tool" for m in body["messages"]):
            return Scripted({"role": "assistant", "content": "done"})
        writes = [(kv.ADD, {"key": "seat", "value": str(n)}) for n in range(LOOP_CALLS - 1)]
        return Scripted(assistant_calls(writes, 0))

    with ScriptedServer(script) as server:
        result = run(server.url, memory="kv", groups=[1], limit=1, memory_days=DAYS)
    assert result.metric.memory_build["loops"] == [] and result.metric.memory_build["empty_stores"] == []


@pytest.mark.parametrize("memory", ["summary", "kv"])
def test_progress_counts_the_days_of_a_build_as_they_are_read(memory: str, bench: Any, run: RunFn,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    reference = ReferenceScript(bench)

    def slow_build(body: dict[str, Any]) -> Scripted:
        reply = reference(body)
        if {summary.UPDATE, kv.ADD} & tool_names(body):
            reply.delay = 0.5  # a day's round takes long enough for a progress line or more
        return reply

    with ScriptedServer(slow_build) as server:
        run(server.url, memory=memory, groups=[1], limit=1, memory_days=DAYS, progress_every=0.1)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("progress:")]
    shown = {f"memory 0/1 (day {day}/{DAYS}" for day in range(DAYS)}  # then the time left, once a day is read
    assert {s for s in shown if any(s in line for line in lines)} == shown


@register
class DailyBank(MemorySystem[NoOptions]):
    """Keeps each day's lines, reading the chunks day by day as the shipped systems do."""

    name = "toy-daily"

    async def ingest(self, chunks: list[Chunk]) -> None:
        days = [chunk.start.date().isoformat() for chunk in by_day(chunks, self.env.build)]
        (self.env.store_dir / "days.json").write_text(json.dumps(sorted(set(days))))

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        return [MemoryItem(day) for day in json.loads((self.env.store_dir / "days.json").read_text())[:top_k]]


def test_an_external_system_reports_each_day_it_ingests(bench: Any, run: RunFn, tmp_path: Path) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        result = run(server.url, memory="toy-daily", groups=[1], limit=1, memory_days=DAYS)
    health = build_json(tmp_path / "run")["health"]
    assert health["days"] == DAYS and health["empty"] is None  # a system does not say what it kept
    assert result.metric.memory_build["empty_stores"] == []
