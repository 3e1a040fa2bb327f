"""Checking a tool call's arguments against its (flat) JSON schema."""

from __future__ import annotations

import json
from typing import Any

_JSON_TYPES: dict[str, tuple[type, ...]] = {"string": (str,), "integer": (int,), "boolean": (bool,),
                                            "number": (int, float)}


def check_args(parameters: dict[str, Any], args: dict[str, Any]) -> str | None:
    """Validate arguments against a (flat) JSON schema; an error text for the model, or None."""
    props: dict[str, Any] = parameters.get("properties", {})
    unknown = [k for k in args if k not in props]
    if unknown:
        return f"unknown parameter(s): {', '.join(unknown)}; expected {', '.join(props) or 'none'}"
    missing = [k for k in parameters.get("required", []) if k not in args]
    if missing:
        return f"missing required parameter(s): {', '.join(missing)}"
    for key, value in args.items():
        spec = props[key]
        types = _JSON_TYPES.get(spec.get("type", ""), ())
        bad_bool = isinstance(value, bool) and spec.get("type") in ("integer", "number")
        if types and (not isinstance(value, types) or bad_bool):
            return f"{key} must be of type {spec['type']}, got {json.dumps(value)}"
        if "enum" in spec and value not in spec["enum"]:
            return f"{key} must be one of {', '.join(map(str, spec['enum']))}, got {json.dumps(value)}"
    return None
