"""A query record's rounds, calls and tool results are typed, and every stored layout reads back."""

from __future__ import annotations

import json
from typing import Any

import pytest

from vmb.results.record import QueryRecord
from vmb.results.record_parts import Attribution, RecordedCall, RecordFormatError, Round, ToolResult
from vmb.usage import Usage

SEAT = {"name": "carcontrol_seat_set_headrest_height", "args": {"seat": "driver", "value": 44}}


def line(**changes: Any) -> dict[str, Any]:
    """A record in the version 1 layout, with every kind of part (an error record: an ok one needs a score)."""
    return {
        "id": "qa_1#0", "group": 1, "index": 0, "reasoning_type": "state_shift", "status": "error", "error": "gave up",
        "error_kind": None, "query": "q", "final_answer": "done", "round_limit_hit": False,
        "calls": {"vehicle": [SEAT], "discovery": [{"name": "get_module_docs", "args": {"module_name": "seat"}}],
                  "memory": [], "invalid": [{"name": "carcontrol_seat_fly", "arguments": "{not json"}]},
        "call_count": 3, "text_calls": 1,
        "tool_results": [
            {"round": 0, "id": "c0", "name": "get_module_docs", "kind": "discovery",
             "args": {"module_name": "seat"}, "ok": True},
            {"round": 1, "id": "text_1_0", "name": "carcontrol_seat_fly", "kind": "invalid", "args": None,
             "ok": False, "arguments": "{not json", "read_as": "json block"},
            {"round": 1, "id": "c2", "name": SEAT["name"], "kind": "vehicle", "args": SEAT["args"], "ok": True,
             "changes": {"seat.driver.headrest_height": [50, 44]}},
        ],
        "final_diff": {"seat.driver.headrest_height": 44}, "mem_tokens": [12],
        "rounds": [{"prompt_tokens": 900, "completion_tokens": 30, "finish_reason": "tool_calls", "cached": False,
                    "attempts": 2, "seconds": 0.25, "queued": 0.0, "reasoning": "think"}],
        "requests": 2, "cache_hits": 0, "prompt_tokens": 900, "completion_tokens": 30, "seconds": 0.3,
        "model_seconds": 0.25, "queue_seconds": 0.0, "messages": [], "score": None, "trial": 1, "version": 1,
        **changes,
    }


def test_a_record_reads_typed_and_writes_back_the_same_line() -> None:
    data = line()
    record = QueryRecord.from_json(json.loads(json.dumps(data)))
    assert record.rounds == [Round(900, 30, "tool_calls", False, 2, 0.25, 0.0, "think")]
    assert record.calls["invalid"] == [RecordedCall("carcontrol_seat_fly", None, "{not json")]
    assert record.vehicle_calls == [SEAT]
    assert [r.kind for r in record.tool_results] == ["discovery", "invalid", "vehicle"]
    assert isinstance(record.tool_results[1], ToolResult) and record.tool_results[1].read_as == "json block"
    # A version-1 line keeps its usage flat: it reads into one Usage (none cached) and writes back as version 2.
    assert record.usage == Usage(prompt_tokens=900, completion_tokens=30, requests=2, seconds=0.25)
    flat = ("requests", "prompt_tokens", "completion_tokens", "model_seconds")
    written = {k: v for k, v in data.items() if k not in flat} | {"version": 2, "usage": record.usage.to_json()}
    keys = list(record.to_json())
    assert record.to_json() == written and keys.index("usage") == keys.index("rounds") + 1
    assert QueryRecord.from_json(json.loads(json.dumps(record.to_json()))) == record


def test_a_record_keeps_its_cached_tokens() -> None:
    rounds = [{"prompt_tokens": 900, "completion_tokens": 30, "cached_tokens": 700}]
    usage = {"prompt_tokens": 900, "completion_tokens": 30, "cached_tokens": 700, "requests": 1, "seconds": 0.5}
    record = QueryRecord.from_json(line(rounds=rounds, usage=usage, version=2))
    assert record.usage.cached_tokens == 700 and record.rounds[0].cached_tokens == 700
    assert record.to_json()["usage"] == usage and record.to_json()["rounds"][0]["cached_tokens"] == 700
    with pytest.raises(RecordFormatError, match="usage.cached_tokens is text, not a whole number"):
        QueryRecord.from_json(line(usage={**usage, "cached_tokens": "many"}, version=2))
    with pytest.raises(RecordFormatError, match="requests is text, not a whole number"):
        QueryRecord.from_json(line(requests="two"))  # a version-1 line's flat usage, checked as declared


def test_a_stored_stage_reads_back_and_a_line_without_one_has_none() -> None:
    stored = {"stage": "not retrieved", "detail": "in memory, but the agent was not given seat(level=3)",
              "evidence_in_memory": True, "evidence_seen": False, "searches": 2, "items_retrieved": 10,
              "items_relevant": 0, "hits": [False, False, False]}
    record = QueryRecord.from_json(json.loads(json.dumps(line(attribution=stored))))
    assert record.attribution == Attribution("not retrieved", stored["detail"], True, False, 2, 10, 0,
                                             (False, False, False))
    assert record.attribution.hit_at(3) is False and record.to_json()["attribution"] == stored
    assert QueryRecord.from_json(line()).attribution is None


def test_parts_an_earlier_line_lacks_read_as_defaults() -> None:
    record = QueryRecord.from_json(line(rounds=[{"prompt_tokens": 5}], calls={"vehicle": [SEAT]}))
    assert record.rounds == [Round(prompt_tokens=5)]
    assert record.calls["memory"] == [] and record.vehicle_calls == [SEAT]


@pytest.mark.parametrize(("change", "message"), [
    ({"rounds": "many"}, "rounds is text, not a list"),
    ({"rounds": [3]}, r"rounds\[0\] is a whole number, not an object"),
    ({"calls": {"vehicle": {"name": "x"}}}, "calls.vehicle is an object, not a list"),
    ({"tool_results": [{"round": "first"}]}, r"tool_results\[0\]: tool result.round is text, not a whole number"),
    ({"status": "ok"}, "an ok record without score"),
    ({"attribution": {"detail": "x"}}, "an attribution has no stage"),
    ({"attribution": {"stage": "solved", "hits": [True]}}, "attribution.hits is not 3 true/false values"),
])
def test_a_damaged_part_is_named(change: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordFormatError, match=message):
        QueryRecord.from_json(line(**change))


def test_older_shapes_of_the_parts_still_read() -> None:
    # Records written before the parts were typed: cached as 0/1, null for a default, whole seconds.
    old = Round.from_json({"prompt_tokens": None, "completion_tokens": 5, "cached": 1, "seconds": 2, "attempts": None})
    assert (old.prompt_tokens, old.completion_tokens, old.cached, old.seconds, old.attempts) == (0, 5, True, 2, 0)
    result = ToolResult.from_json({"round": None, "changes": None, "args": None})
    assert (result.round, result.changes, result.args) == (0, {}, None)
    with pytest.raises(RecordFormatError, match="round.cached is text, not true or false or a whole number"):
        Round.from_json({"cached": "yes"})
    with pytest.raises(RecordFormatError, match="an attribution is a list, not an object"):
        Attribution.from_json([])
