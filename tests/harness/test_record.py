"""The query record: scored from the loop's own car, written and read back in one typed form."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from vmb.harness.agent import score_replayed, score_world
from vmb.harness.tools import DISCOVERY, ToolBox
from vmb.results.record import RECORD_VERSION, QueryRecord, RecordFormatError
from vmb.results.summary import QueryRow, compute_metric, summarize
from vmb.score.formulas import metrics_from_counts
from vmb.sim import World
from vmb.sim.conformance import open_record_file
from vmb.sim.registry import MODULES
from vmb.usage import Usage


async def _dispatch_all(calls: list[dict]) -> World:
    """The calls as the agent loop makes them: every module loaded, each call through the ToolBox."""
    world = World()
    box = ToolBox(world, [])
    for module in MODULES:
        await box.dispatch("d", DISCOVERY, json.dumps({"module_name": module}))
    for number, call in enumerate(calls):
        await box.dispatch(f"c{number}", call["name"], json.dumps(call["args"]))
    return world


def test_score_from_the_loops_car_equals_the_replayed_score(conformance_dir: Path) -> None:
    # The reference's recorded scoring cases, for their 2,000 predicted call lists (malformed and refused calls among
    # them): no generated set holds such a variety of wrong answers.
    with open_record_file(conformance_dir, "scoring_cases.jsonl") as handle:
        cases = [json.loads(line) for line in handle if line.strip()]
    assert len(cases) == 2000

    async def every_world() -> list[World]:  # one event loop for all: 2,000 loops of their own took half the time
        return [await _dispatch_all(case["pred_calls"]) for case in cases]

    for case, world in zip(cases, asyncio.run(every_world())):
        query = SimpleNamespace(id=case["id"], reasoning_type=None, calls=case["ref_calls"])
        from_loop = score_world(query, case["pred_calls"], 7, world)
        replayed = score_replayed(query, case["pred_calls"], 7)
        assert from_loop.to_dict() == replayed.to_dict(), case["id"]


def test_record_round_trips_and_old_records_load() -> None:
    query = SimpleNamespace(id="qa_3#4", group=3, index=4, reasoning_type="state_shift", query="q")
    record = QueryRecord.failed(query, "memory build failed: HTTP 500")
    data = record.to_json()
    assert data["version"] == RECORD_VERSION and data["status"] == "error"
    assert QueryRecord.from_json(json.loads(json.dumps(data))) == record
    # An error record as written before the record was typed: no version, few keys.
    old = {"id": "qa_3#4", "group": 3, "index": 4, "reasoning_type": "state_shift", "status": "error",
           "error": "memory build failed: HTTP 500", "query": "q", "text_calls": 0, "round_limit_hit": False,
           "call_count": 0, "mem_tokens": [], "prompt_tokens": 0, "completion_tokens": 0, "score": None}
    assert QueryRecord.from_json(old) == record


def test_unknown_record_versions_are_refused() -> None:
    with pytest.raises(RecordFormatError, match="format version 99"):
        QueryRecord.from_json({"id": "qa_1#0", "version": 99})
    with pytest.raises(RecordFormatError, match="lacks group"):
        QueryRecord.from_json({"id": "qa_1#0", "index": 0, "reasoning_type": "x", "status": "ok"})


def _row(query_id: str, trial: int, exact: bool, modules: tuple[str, ...] = ("seat",)) -> QueryRow:
    # One leaf should change; it did, to the reference value, when solved.
    score = metrics_from_counts(1, int(exact), 0, int(exact), [], [])
    return QueryRow(id=query_id, group=1, reasoning_type="state_shift", modules=modules, status="ok", error=None,
                    error_kind=None, score=score, call_count=2, mem_tokens=(10,), text_calls=0, round_limit_hit=False,
                    usage=Usage(5, 1), trial=trial)


def test_metrics_count_each_trial_of_a_query(tmp_path: Path) -> None:
    rows = [_row("qa_1#0", 0, True), _row("qa_1#0", 1, False), _row("qa_1#1", 0, True, ("seat", "light"))]
    metric = compute_metric(rows, [r.key for r in rows] + [("qa_1#2", 0)],
                            {"hash": "h", "agent": "model", "model": None, "memory": "gold"}, tmp_path)
    overall = metric.overall
    assert metric.scored == 3 and metric.pending == 1 and overall is not None and overall.value("esm") == 66.67
    assert overall.value("mem_token") == 10 and overall.value("retrievals") == 3
    by_module = {e.group: e for e in metric.by_module}
    assert by_module["seat"].n == 3 and by_module["light"].n == 1 and by_module["light"].value("esm") == 100
    assert summarize([]) == [] and summarize(rows, "module")[0]["group"] == "seat"
