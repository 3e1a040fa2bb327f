"""The scripted model learns a setting's memory tools from its declarations, never from their names."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.scripted import ReferenceScript
from vmb.harness.tools import discovery_schema
from vmb.memory import REGISTERED, find, memory_names
from vmb.memory.base import DayRequest, MemorySetting, tool_schema
from vmb.memory.kv import KeyValueMemory
from vmb.prompts import load_prompt

LINES = "[2026-01-02 08:00] Anna: warmer, please\n[2026-01-02 08:01] Ben: not for me"


def _calls(reply: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in reply["tool_calls"]]


def _string_tool(name: str, *required: str) -> dict[str, Any]:
    properties = {arg: {"type": "string"} for arg in required}
    return tool_schema(name, name, {"type": "object", "properties": properties, "required": list(required)})


def test_every_declared_day_prompt_shows_the_fields_the_script_reads() -> None:
    days = [day for name in memory_names() if (cls := find(name)) is not None and (day := cls.day) is not None]
    assert days
    for day in days:
        placeholders = set(re.findall(r"\$(\w+)", load_prompt(day.prompt).body))
        assert {"date", "lines"} <= placeholders and (day.current is None or day.current in placeholders)


def test_an_agents_memory_tools_are_called_first_whatever_their_names(bench: Any) -> None:
    query = bench.queries[0]
    tools = [discovery_schema(), _string_tool("recall_notes", "topic"), _string_tool("list_notes")]
    body = {"messages": [{"role": "system", "content": query.gold_memory}, {"role": "user", "content": query.query}],
            "tools": tools}
    reply = ReferenceScript(bench)(body).message
    assert reply is not None
    assert _calls(reply) == [("recall_notes", {"topic": query.query}), ("list_notes", {})]


def test_a_plugins_build_days_are_answered_with_its_declared_write(bench: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    class Jotter(KeyValueMemory):
        name = "jotter"
        day = DayRequest("kv_day", "jot")

    monkeypatch.setitem(REGISTERED, "jotter", Jotter)
    user = load_prompt("kv_day").render(keys="(none)", date="2026-01-02", lines=LINES)
    body = {"messages": [{"role": "system", "content": "build"}, {"role": "user", "content": user}],
            "tools": [_string_tool("jot", "when", "what")]}
    script = ReferenceScript(bench)
    reply = script(body).message
    assert reply is not None
    assert _calls(reply) == [("jot", {"when": "2026-01-02", "what": LINES.splitlines()[0]})]
    body["messages"].append({"role": "tool", "tool_call_id": "call_0_0", "content": "stored"})
    assert script(body).message == {"role": "assistant", "content": "Memory updated."}


def test_a_write_replacing_the_memory_keeps_what_the_day_prompt_shows(bench: Any) -> None:
    summary = find("summary")
    assert summary is not None and summary.day is not None and issubclass(summary, MemorySetting)
    day = summary.day
    assert day.current is not None
    prompt = load_prompt(day.prompt)
    body: dict[str, Any] = {"tools": [_string_tool(day.write, "text")]}
    first = prompt.render(**{day.current: day.empty, "date": "2026-01-01", "lines": LINES})
    body["messages"] = [{"role": "system", "content": "build"}, {"role": "user", "content": first}]
    reply = ReferenceScript(bench)(body).message
    assert reply is not None and _calls(reply) == [(day.write, {"text": "2026-01-01: 2 lines."})]
    second = prompt.render(**{day.current: "2026-01-01: 2 lines.", "date": "2026-01-02", "lines": "x"})
    body["messages"] = [{"role": "system", "content": "build"}, {"role": "user", "content": second}]
    reply = ReferenceScript(bench)(body).message
    assert reply is not None and _calls(reply) == [(day.write, {"text": "2026-01-01: 2 lines.\n2026-01-02: 1 lines."})]


def test_the_module_holds_no_memory_tool_name() -> None:
    source = (Path(__file__).parents[2] / "vmb" / "doubles" / "scripted.py").read_text(encoding="utf-8")
    for name in ("memory_update", "memory_add", "memory_list", "memory_search", "search_memory"):
        assert name not in source
