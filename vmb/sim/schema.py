"""OpenAI function-calling schemas derived from the API declarations."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vmb.sim.registry import MODULES
from vmb.sim.spec import Api


def api_schema(api: Api) -> dict[str, Any]:
    """The ``{"type": "function", "function": {...}}`` tool schema of one API.

    Compact: every parameter's type, enum and range, nothing that repeats them (see
    ``Param.schema``), ``required`` only when something is, and no ``additionalProperties``: an
    unknown parameter comes back to the model as a tool error either way (``ToolBox.dispatch``).
    """
    parameters: dict[str, Any] = {
        "type": "object",
        "properties": {name: param.schema() for name, param in api.params.items()},
    }
    required = [name for name, param in api.params.items() if param.required]
    if required:
        parameters["required"] = required
    return {"type": "function", "function": {"name": api.name, "description": api.description,
                                             "parameters": parameters}}


def module_schemas(module: str) -> list[dict[str, Any]]:
    """Schemas of every API of ``module`` in declaration order (``[]`` if unknown)."""
    found = MODULES.get(module)
    if found is None:
        return []
    return [api_schema(api) for api in found.apis.values()]


def all_schemas() -> dict[str, list[dict[str, Any]]]:
    return {name: module_schemas(name) for name in MODULES}


SNAPSHOT_PATH = Path(__file__).resolve().parents[2] / "tests" / "sim" / "tool_schemas.snapshot.json"


def main() -> int:
    """Rewrite the schema snapshot that the tests compare against."""
    SNAPSHOT_PATH.write_text(json.dumps(all_schemas(), indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {SNAPSHOT_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
