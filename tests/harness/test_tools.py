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
    loaded = [t["function"]["name"] for t in box.schemas()[1:]]
    assert SEAT in loaded and outcome.content == f"Loaded {len(loaded)} seat tools."


def test_the_model_is_sent_every_name_type_enum_and_range() -> None:
    # Compact schemas drop descriptions that repeat the schema, never what the model needs to act.
    from vmb.harness.agent import system_prompt
    from vmb.sim.registry import MODULES
    from vmb.sim.spec import Enum, Int, Zone

    prompt = system_prompt("")
    box = ToolBox(World(), [])
    for module in MODULES:
        assert module in prompt and module in box.schemas()[0]["function"]["parameters"]["properties"]["module_name"]["enum"]
        dispatch(box, DISCOVERY, {"module_name": module})
    sent = {t["function"]["name"]: t["function"] for t in box.schemas()}
    for module in MODULES.values():
        for api in module.apis.values():
            function = sent[api.name]
            assert function["description"] == api.description
            properties = function["parameters"]["properties"]
            assert set(properties) == set(api.params)
            assert function["parameters"].get("required", []) == [n for n, p in api.params.items() if p.required]
            for name, param in api.params.items():
                assert properties[name]["type"] == param.json_type
                if isinstance(param, Int):
                    assert (properties[name].get("minimum"), properties[name].get("maximum")) == (param.minimum,
                                                                                                 param.maximum)
                if isinstance(param, Enum):
                    assert properties[name]["enum"] == list(param.values)
                if isinstance(param, Zone):
                    assert properties[name]["enum"] == [v for v in param.groups if v]


def test_vehicle_replies_are_compact() -> None:
    box = ToolBox(World(), [])
    dispatch(box, DISCOVERY, {"module_name": "seat"})
    done = dispatch(box, SEAT, {"seat": "driver", "value": 44})
    assert json.loads(done.content) == {"success": True, "changes": {"seat.driver.headrest_height": 44}}
    assert ", " not in done.content and ": " not in done.content
    refused = json.loads(dispatch(box, SEAT, {"seat": "driver", "value": 400}).content)
    assert refused["success"] is False and "at most 100" in refused["error"]


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
