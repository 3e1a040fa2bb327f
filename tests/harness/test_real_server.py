"""What a real server needs of the runner: queries one after another, runaway replies capped,
degenerate output counted (not scored as work), the server's own time, intervals only where they mean something."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vmb.doubles.offline import assistant_calls
from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer
from vmb.harness.agent import MAX_CALLS_PER_REPLY
from vmb.harness.show import comparison, metric_line
from vmb.harness.tools import DISCOVERY
from vmb.results.behaviour import behaviour_of
from vmb.results.record import QueryRecord

from .conftest import RunFn

HEADREST = "carcontrol_seat_set_headrest_height"


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (path / "results.jsonl").read_text().splitlines()]


def test_at_concurrency_1_each_query_runs_its_rounds_back_to_back(bench: Any, run: RunFn) -> None:
    reference = ReferenceScript(bench)
    order: list[str] = []

    def script(body: dict[str, Any]) -> Scripted:
        order.append(reference.query_of(body["messages"]).id)
        return reference(body)

    with ScriptedServer(script) as server:
        result = run(server.url, memory="gold", groups=[1, 2], limit=6, concurrency=1)
    assert result.metric.scored == 6 and len(order) > 6
    runs = [q for i, q in enumerate(order) if i == 0 or order[i - 1] != q]
    assert runs == sorted(set(order), key=order.index)  # no query came back after another had started
    assert len(runs) == 6


def test_a_runaway_reply_is_capped_flagged_and_its_repeats_counted(bench: Any, run: RunFn, tmp_path: Path) -> None:
    same = [(HEADREST, {"seat": "driver", "value": 44})] * (MAX_CALLS_PER_REPLY + 8)
    turns = [assistant_calls([(DISCOVERY, {"module_name": "seat"})], 0), assistant_calls(same, 1),
             {"role": "assistant", "content": "Done."}]

    def script(body: dict[str, Any]) -> Scripted:
        return Scripted(turns[sum(m["role"] == "assistant" for m in body["messages"])],
                        finish_reason="length" if len(body["messages"]) > 3 else None)

    with ScriptedServer(script) as server:
        result = run(server.url, memory="none", groups=[1], limit=2)
    record = next(r for r in lines(tmp_path / "run") if r["id"] == "qa_1#1")
    assert record["call_count"] == 1 + MAX_CALLS_PER_REPLY  # the rest were not executed
    assert record["rounds"][1]["capped"] == 8
    tool_messages = [m for m in record["messages"] if m["role"] == "tool"]
    assert len(tool_messages) == 1 + MAX_CALLS_PER_REPLY + 8  # every call id answered
    assert tool_messages[-1]["content"].startswith("error: not executed: at most 32 calls of one reply")
    overall = result.metric.overall
    assert overall is not None
    assert overall.value("repeated_calls") == 2 * (MAX_CALLS_PER_REPLY - 1) and overall.value("capped_replies") == 2
    assert overall.value("truncated_rounds") == 4 and overall.value("degenerate_queries") == 2
    line = metric_line(result.metric)
    assert "degenerate output and protocol mistakes: 4 truncated rounds, 62 repeated calls" in line


def test_unknown_tools_get_the_closest_names_and_mistakes_are_told_apart(bench: Any, run: RunFn,
                                                                         tmp_path: Path) -> None:
    turns = [assistant_calls([("set_music_play_mode", {"mode": "single_loop"}), ("get_weather", {}),
                              (HEADREST, {"seat": "driver", "value": 44})], 0),
             assistant_calls([(DISCOVERY, {"module_name": "seat"})], 1),
             assistant_calls([(HEADREST, {"seat": "driver", "value": 400})], 2),
             {"role": "assistant", "content": 'I ran {"success": false, "message": "value out of range"}'}]

    def script(body: dict[str, Any]) -> Scripted:
        return Scripted(turns[sum(m["role"] == "assistant" for m in body["messages"])])

    with ScriptedServer(script) as server:
        result = run(server.url, memory="none", groups=[1], limit=1)
    record = lines(tmp_path / "run")[0]
    tool_texts = [m["content"] for m in record["messages"] if m["role"] == "tool"]
    assert tool_texts[0] == ("error: there is no tool named 'set_music_play_mode'; the closest tools: "
                             "carcontrol_music_set_play_mode (load it with list_module_tools(module_name=\"music\"))")
    assert tool_texts[1] == "error: there is no tool named 'get_weather'"
    assert record["calls"]["vehicle"][0]["args"]["value"] == 400  # nothing auto-corrected
    counts = behaviour_of(QueryRecord.from_json(record))
    assert (counts.unknown_tools, counts.near_misses, counts.not_loaded, counts.refused_arguments) == (2, 1, 1, 1)
    echoed = '{"success": false, "message": "value out of range"}' in tool_texts[-1]
    assert counts.echoed_answer == int(echoed)
    assert result.metric.overall.value("unknown_tools") == 2


def test_one_group_prints_no_interval_and_the_servers_time_is_the_model_time(run: RunFn, tmp_path: Path,
                                                                             bench: Any) -> None:
    reference = ReferenceScript(bench)

    def script(body: dict[str, Any]) -> Scripted:
        reply = reference(body)
        message = reply.message or {}
        return Scripted(payload={"choices": [{"message": message, "finish_reason": "stop"}],
                                 "usage": {"prompt_tokens": 10, "completion_tokens": 5},
                                 "timings": {"prompt_ms": 1500.0, "predicted_ms": 250.0}})

    with ScriptedServer(script) as server:
        result = run(server.url, memory="gold", groups=[3], limit=2)
        again = run(server.url, "again", memory="gold", groups=[3], limit=2)  # every request from the cache
    first = lines(tmp_path / "run")[0]
    assert all(r["seconds"] == 1.75 for r in first["rounds"]) and first["usage"]["seconds"] == 1.75 * len(first["rounds"])
    cached = lines(tmp_path / "again")[0]
    assert all(r["cached"] and r["seconds"] == 0 and r["original_seconds"] == 1.75 for r in cached["rounds"])
    assert result.metric.overall.interval("esm") is None
    assert "ESM 100.00 ± n/a" in metric_line(result.metric) and again.metric.scored == 2
    assert "100.00 ± n/a" in comparison([tmp_path / "run"])
