"""Tool calls written as text instead of in the ``tool_calls`` field.

Small local models (and servers without a tool-call parser for them) often answer with
``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` blocks, or with a bare JSON object or
list of them. This module finds such calls with the JSON parser only; nothing the model writes is
ever evaluated as code. A ``<tool_call>`` block that is not valid JSON still counts as an attempted
call: the agent loop sends the parse error back to the model as that call's result.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

_BLOCK = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.DOTALL)
_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


@dataclass(frozen=True)
class TextCall:
    name: str | None  # None when the block could not be read
    arguments: str  # JSON text of the arguments, as the tool_calls field would carry it
    error: str | None = None


def _as_call(obj: Any) -> TextCall | None:
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str):
        return None
    if "arguments" in obj:
        args = obj["arguments"]
    elif "parameters" in obj:
        args = obj["parameters"]
    else:
        return None
    # Some models put the arguments in as a JSON string already; keep it as written.
    arguments = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
    return TextCall(obj["name"], arguments)


def _calls_in(value: Any) -> list[TextCall] | None:
    """Calls in a parsed JSON value (an object or a list of objects), or None if it is not calls."""
    items = value if isinstance(value, list) else [value]
    calls = [_as_call(item) for item in items]
    if not calls or any(c is None for c in calls):
        return None
    return [c for c in calls if c is not None]


def parse_text_calls(content: str | None) -> tuple[list[TextCall], str]:
    """Calls found in ``content`` and the text left once they are removed."""
    if not content:
        return [], content or ""
    if "<tool_call>" in content:
        calls: list[TextCall] = []
        for block in _BLOCK.findall(content):
            text = block.strip()
            fenced = _FENCE.match(text)
            if fenced:
                text = fenced.group(1)
            try:
                found = _calls_in(json.loads(text))
            except ValueError as error:
                calls.append(TextCall(None, text, f"the tool call is not valid JSON ({error})"))
                continue
            if found is None:
                calls.append(TextCall(None, text, 'a tool call needs "name" and "arguments"'))
            else:
                calls.extend(found)
        return calls, _BLOCK.sub("", content).strip()
    text = content.strip()
    fenced = _FENCE.match(text)
    if fenced:
        text = fenced.group(1)
    if not text.startswith(("{", "[")):
        return [], content
    try:
        found = _calls_in(json.loads(text))
    except ValueError:
        return [], content
    return (found, "") if found else ([], content)


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str
    from_text: bool = False
    error: str | None = None  # set when a text call could not be read


INVALID_CALL = "invalid_tool_call"


def extract_calls(message: dict[str, Any], *, text_calls: bool, id_prefix: str) -> tuple[list[ToolCall], dict[str, Any]]:
    """The calls of an assistant message, and the message to append to the conversation.

    Native calls are normalised (a missing id or type added, dict arguments serialised). With
    ``text_calls``, calls written in the content are turned into native ones with ids
    ``{id_prefix}{k}``, and their text is removed from the content, so the conversation the model
    sees next reads as if it had used the tool-calls field.
    """
    content = message.get("content")
    calls: list[ToolCall] = []
    for k, raw in enumerate(message.get("tool_calls") or []):
        function = raw.get("function") or {}
        arguments = function.get("arguments")
        if not isinstance(arguments, str):
            arguments = json.dumps(arguments if arguments is not None else {}, ensure_ascii=False)
        calls.append(ToolCall(str(raw.get("id") or f"{id_prefix}{k}"), str(function.get("name") or ""), arguments))
    if not calls and text_calls:
        found, rest = parse_text_calls(content if isinstance(content, str) else None)
        if found:
            content = rest or None
            calls = [ToolCall(f"{id_prefix}{k}", c.name or INVALID_CALL, c.arguments, True, c.error)
                     for k, c in enumerate(found)]
    outgoing: dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        outgoing["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}} for c in calls
        ]
    return calls, outgoing
