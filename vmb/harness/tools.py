"""The one dispatch path for every tool call of a query.

lookup → parse the JSON arguments → validate → call (``vmb.sim`` World, discovery, or a memory
tool) → shape the result text. Whatever the model got wrong (unknown tool, a module not loaded yet,
arguments that are not JSON, unknown or missing parameters, a refused value) comes back as a tool
result with ``ok = False`` so the model can react, and is recorded. Exceptions raised by our own
code are not caught here: a harness bug must stop the run, not look like a model failure.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any

from vmb.boundedjson import loads_model_json
from vmb.llm.args import check_args
from vmb.memory.base import MemoryTool
from vmb.sim import World
from vmb.sim.registry import API_BY_NAME, DISCOVERY, MODULES, closest_apis, module_of


@functools.cache
def discovery_schema() -> dict[str, Any]:
    """The discovery tool; its enum is the one place the module names are listed (never mutated)."""
    return {
        "type": "function",
        "function": {
            "name": DISCOVERY,
            "description": "Load a vehicle module's tools, callable from the next step on.",
            "parameters": {
                "type": "object",
                "properties": {"module_name": {"type": "string", "enum": list(MODULES)}},
                "required": ["module_name"],
            },
        },
    }


@dataclass
class ToolOutcome:
    call_id: str
    name: str
    kind: str  # "discovery", "vehicle", "memory" or "invalid"
    arguments: str  # as the model wrote them
    args: dict[str, Any] | None  # parsed, when they parsed to an object
    ok: bool
    content: str  # what goes back to the model
    changes: dict[str, Any] = field(default_factory=dict)
    memory_text: str | None = None  # memory content returned (counted for Mem Token)


class ToolBox:
    """The tools of one query: discovery, the memory setting's tools, and the modules loaded so far."""

    def __init__(self, world: World, memory_tools: list[MemoryTool]) -> None:
        self.world = world
        self.memory_tools = {tool.name: tool for tool in memory_tools}
        self.loaded: dict[str, list[dict[str, Any]]] = {}

    def schemas(self) -> list[dict[str, Any]]:
        out = [discovery_schema()]
        out.extend(tool.schema for tool in self.memory_tools.values())
        for schemas in self.loaded.values():
            out.extend(schemas)
        return out

    async def dispatch(self, call_id: str, name: str, arguments: str) -> ToolOutcome:
        kind = self.kind(name)
        if kind == "invalid":
            return ToolOutcome(call_id, name, kind, arguments, None, False, self._unknown(name))
        try:
            args = loads_model_json(arguments) if arguments.strip() else {}
        except ValueError as error:
            return ToolOutcome(call_id, name, kind, arguments, None, False,
                               f"error: the arguments are not valid JSON ({error})")
        if not isinstance(args, dict):
            return ToolOutcome(call_id, name, kind, arguments, None, False,
                               "error: the arguments must be a JSON object")
        if kind == "vehicle":
            return self._vehicle(call_id, name, arguments, args)
        if kind == "discovery":
            return self._discover(call_id, arguments, args)
        tool = self.memory_tools[name]
        problem = check_args(tool.schema["function"]["parameters"], args)
        if problem is not None:
            return ToolOutcome(call_id, name, kind, arguments, args, False, f"error: {problem}")
        result = await tool.run(args)
        return ToolOutcome(call_id, name, kind, arguments, args, result.ok, result.text,
                           memory_text=result.memory_text)

    def kind(self, name: str) -> str:
        if name == DISCOVERY:
            return "discovery"
        if name in self.memory_tools:
            return "memory"
        if name in API_BY_NAME and module_of(name) in self.loaded:
            return "vehicle"
        return "invalid"

    def _unknown(self, name: str) -> str:
        module = module_of(name) if name in API_BY_NAME else None
        if module is not None:
            return f"error: {name} is not loaded; call {DISCOVERY}(module_name=\"{module}\") first"
        closest = closest_apis(name)
        if not closest:
            return f"error: there is no tool named {name!r}"
        # The closest real names and how to load them; never corrected silently (the call is not run).
        hints = [f"{api} (loaded)" if module_of(api) in self.loaded else
                 f"{api} (load it with {DISCOVERY}(module_name=\"{module_of(api)}\"))" for api in closest]
        return f"error: there is no tool named {name!r}; the closest tools: {'; '.join(hints)}"

    def _vehicle(self, call_id: str, name: str, arguments: str, args: dict[str, Any]) -> ToolOutcome:
        result = self.world.call(name, args)
        return ToolOutcome(call_id, name, "vehicle", arguments, args, bool(result["success"]), vehicle_reply(result),
                           changes=dict(result["changes"]))

    def _discover(self, call_id: str, arguments: str, args: dict[str, Any]) -> ToolOutcome:
        problem = check_args(discovery_schema()["function"]["parameters"], args)
        if problem is not None:
            return ToolOutcome(call_id, DISCOVERY, "discovery", arguments, args, False, f"error: {problem}")
        module = args["module_name"]
        schemas, content = _module_tools(module)
        self.loaded[module] = schemas
        return ToolOutcome(call_id, DISCOVERY, "discovery", arguments, args, True, content)


def vehicle_reply(result: dict[str, Any]) -> str:
    """What a vehicle call returns to the model: compact JSON, the refusal's reason only when refused.

    An accepted call's message only repeats the tool's name (``...: done``); what it changed says more.
    """
    reply = {"success": result["success"], "changes": result["changes"]} if result["success"] else \
        {"success": False, "error": result["message"]}
    return json.dumps(reply, ensure_ascii=False, separators=(",", ":"))


@functools.cache
def _module_tools(module: str) -> tuple[list[dict[str, Any]], str]:
    """A module's schemas and the short reply discovery returns (built once; never mutated).

    The tools' names, descriptions, parameters, valid values and ranges travel once, in the request's
    tool list; the reply repeats none of them (tokens every later round of the query would pay again).
    """
    schemas = World.tool_schemas(module)
    return schemas, f"Loaded {len(schemas)} {module} tools."
