"""OpenAI function-calling schemas derived from the API declarations."""

from __future__ import annotations

from typing import Any

from vmb.sim.registry import MODULES
from vmb.sim.spec import Api


def api_schema(api: Api) -> dict[str, Any]:
    """The ``{"type": "function", "function": {...}}`` tool schema of one API."""
    properties = {name: param.schema() for name, param in api.params.items()}
    required = [name for name, param in api.params.items() if param.required]
    return {
        "type": "function",
        "function": {
            "name": api.name,
            "description": api.description,
            "parameters": {
                "type": "object",
                "properties": properties,
                "required": required,
                "additionalProperties": False,
            },
        },
    }


def module_schemas(module: str) -> list[dict[str, Any]]:
    """Schemas of every API of ``module`` in declaration order (``[]`` if unknown)."""
    found = MODULES.get(module)
    if found is None:
        return []
    return [api_schema(api) for api in found.apis.values()]


def all_schemas() -> dict[str, list[dict[str, Any]]]:
    return {name: module_schemas(name) for name in MODULES}
