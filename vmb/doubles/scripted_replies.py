"""What the scripted server can say besides a well-formed reply: calls written as text, and faults.

``TEXT_FORMATS`` writes a turn's calls into the content the way the common open-model families do
when a server has no tool-call parser for them (llama.cpp without ``--jinja``, a template that does
not know the model), so the text-call reader is exercised end to end. ``FAULTS`` are malformed
replies seen from misbehaving servers; each builds a complete 200 response body.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Calls = list[tuple[str, dict[str, Any]]]


def _objects(calls: Calls, args_field: str = "arguments") -> list[str]:
    return [json.dumps({"name": name, args_field: args}) for name, args in calls]


def _hermes(calls: Calls) -> str:
    # Hermes 2 Pro writes the arguments before the name.
    blocks = [json.dumps({"arguments": args, "name": name}) for name, args in calls]
    return "\n".join(f"<tool_call>\n{b}\n</tool_call>" for b in blocks)


TEXT_FORMATS: dict[str, Callable[[Calls], str]] = {
    "qwen": lambda calls: "\n".join(f"<tool_call>\n{b}\n</tool_call>" for b in _objects(calls)),
    "hermes": _hermes,
    "llama3": lambda calls: "<|python_tag|>" + "; ".join(_objects(calls, "parameters")) + "<|eom_id|>",
    "llama3_function": lambda calls: "".join(f"<function={name}>{json.dumps(args)}</function>" for name, args in calls),
    "mistral": lambda calls: "[TOOL_CALLS] " + json.dumps([{"name": n, "arguments": a} for n, a in calls]),
    "mistral_v11": lambda calls: "".join(f"[TOOL_CALLS]{name}[ARGS]{json.dumps(args)}" for name, args in calls),
    "json_list": lambda calls: json.dumps([{"name": n, "arguments": a} for n, a in calls]),
    "json_comma": lambda calls: ", ".join(_objects(calls)),
    "json_lines": lambda calls: "\n".join(_objects(calls)),
    "prose": lambda calls: "Sure, I will do that now:\n" + "\n".join(_objects(calls)),
    "fenced": lambda calls: "```json\n" + json.dumps([{"name": n, "arguments": a} for n, a in calls]) + "\n```",
}


def nested(depth: int) -> str:
    """JSON text nested ``depth`` lists deep (built without recursion)."""
    return "[" * depth + "]" * depth


def _deep_reply() -> bytes:
    """A reply whose arguments are a JSON object nested 100,000 deep (not a string): the body itself is deep."""
    head = (b'{"id": "chatcmpl-fault", "choices": [{"index": 0, "finish_reason": "tool_calls", "message": '
            b'{"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": '
            b'{"name": "carcontrol_HUD_switch", "arguments": ')
    return head + nested(100_000).encode() + b'}}]}}], "usage": {"prompt_tokens": 10, "completion_tokens": 5}}'


def _message(**fields: Any) -> dict[str, Any]:
    return {"role": "assistant", "content": None, **fields}


def _body(message: Any = None, *, usage: Any = None, choices: Any = None) -> dict[str, Any]:
    usage = {"prompt_tokens": 10, "completion_tokens": 5} if usage is None else usage
    if choices is None:
        choices = [{"index": 0, "message": message, "finish_reason": "tool_calls"}]
    return {"id": "chatcmpl-fault", "object": "chat.completion", "created": 0, "model": "scripted",
            "choices": choices, "usage": usage}


_HUD = "carcontrol_HUD_switch"
_DEEP_ARGS = '{"switch": ' + nested(100_000) + "}"

FAULTS: dict[str, Callable[[], dict[str, Any] | bytes]] = {
    "tool_calls_strings": lambda: _body(_message(tool_calls=["oops"])),
    "tool_calls_string": lambda: _body(_message(tool_calls=_HUD)),
    "function_string": lambda: _body(_message(tool_calls=[{"id": "c1", "type": "function", "function": _HUD}])),
    "no_function": lambda: _body(_message(tool_calls=[{"id": "c1", "type": "function"}])),
    "usage_strings": lambda: _body({"role": "assistant", "content": "Done."}, usage={"prompt_tokens": "many"}),
    "usage_list": lambda: _body({"role": "assistant", "content": "Done."}, usage=[1]),
    "deep_arguments": lambda: _body(_message(tool_calls=[
        {"id": "c1", "type": "function", "function": {"name": _HUD, "arguments": _DEEP_ARGS}}])),
    "deep_arguments_object": _deep_reply,
    "deep_text_call": lambda: _body({"role": "assistant",
                                     "content": f'<tool_call>{{"name": "{_HUD}", "arguments": {_DEEP_ARGS}}}</tool_call>'}),
    "choices_object": lambda: _body(choices={"0": {"message": {"role": "assistant", "content": "hi"}}}),
    "nan_arguments": lambda: _body(_message(tool_calls=[
        {"id": "c1", "type": "function", "function": {"name": _HUD, "arguments": '{"switch": NaN}'}}])),
}
