"""One dispatch path: model mistakes come back as tool results, the car changes only through vmb.sim."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from vmb.harness.tools import DISCOVERY, ToolBox, ToolOutcome
from vmb.llm.args import check_args
from vmb.memory.base import MemoryResult, MemoryTool
from vmb.sim import World

SEAT = "carcontrol_seat_set_headrest_height"


def dispatch(box: ToolBox, name: str, arguments: Any) -> ToolOutcome:
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    return asyncio.run(box.dispatch("id", name, text))


def test_discovery_loads_a_modules_tools_into_the_tool_list() -> None:
    box = ToolBox(World(), [])
    assert [t["function"]["name"] for t in box.schemas()] == [DISCOVERY]
    outcome = dispatch(box, DISCOVERY, {"module_name": "seat"})
    assert outcome.ok and outcome.kind == "discovery"
    listed = [t["name"] for t in json.loads(outcome.content)["tools"]]
    assert SEAT in listed
    assert SEAT in [t["function"]["name"] for t in box.schemas()]


def test_model_mistakes_are_tool_errors() -> None:
    world = World()
    box = ToolBox(world, [])
    before = dispatch(box, SEAT, {"seat": "driver", "value": 44})
    assert not before.ok and before.kind == "invalid" and 'list_module_tools(module_name="seat")' in before.content
    assert not dispatch(box, DISCOVERY, {"module_name": "Seat"}).ok
    assert not dispatch(box, DISCOVERY, {}).ok
    assert not dispatch(box, "no_such_tool", {}).ok
    dispatch(box, DISCOVERY, {"module_name": "seat"})
    bad_json = dispatch(box, SEAT, '{"seat": "driver", ')
    assert not bad_json.ok and bad_json.args is None and "not valid JSON" in bad_json.content
    assert not dispatch(box, SEAT, "[1]").ok
    unknown = dispatch(box, SEAT, {"seat": "driver", "value": 44, "speed": 1})
    assert not unknown.ok and unknown.kind == "vehicle"
    assert world.diff() == {}


def test_vehicle_calls_run_on_the_world_and_report_changes() -> None:
    world = World()
    box = ToolBox(world, [])
    dispatch(box, DISCOVERY, {"module_name": "seat"})
    outcome = dispatch(box, SEAT, {"seat": "driver", "value": 44})
    assert outcome.ok and outcome.changes == {"seat.driver.headrest_height": 44}
    assert json.loads(outcome.content)["success"] is True
    assert world.diff() == {"seat.driver.headrest_height": 44}


def test_memory_tools_get_validated_arguments() -> None:
    seen: list[dict[str, Any]] = []

    async def handler(args: dict[str, Any]) -> MemoryResult:
        seen.append(args)
        return MemoryResult("k: v", memory_text="k: v")

    params = {"type": "object", "properties": {"key": {"type": "string"}}, "required": ["key"]}
    box = ToolBox(World(), [MemoryTool("memory_search", "search", params, handler)])
    assert not dispatch(box, "memory_search", {}).ok
    assert not dispatch(box, "memory_search", {"key": 3}).ok
    ok = dispatch(box, "memory_search", {"key": "Anna"})
    assert ok.ok and ok.kind == "memory" and ok.memory_text == "k: v" and seen == [{"key": "Anna"}]


def test_check_args() -> None:
    schema = {"properties": {"n": {"type": "integer"}, "s": {"type": "string", "enum": ["a", "b"]}},
              "required": ["n"]}
    assert check_args(schema, {"n": 1, "s": "a"}) is None
    assert "missing" in (check_args(schema, {}) or "")
    assert "unknown" in (check_args(schema, {"n": 1, "x": 0}) or "")
    assert "integer" in (check_args(schema, {"n": True}) or "")
    assert "one of" in (check_args(schema, {"n": 1, "s": "c"}) or "")
