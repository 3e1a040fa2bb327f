"""Tool calls written as text, and native tool calls of any shape a server sends.

Small local models (and servers without a tool-call parser for them) write their calls into the
content. The formats of the common open models are read here, every well-formed call in order:

- Qwen and Hermes: ``<tool_call>{"name": ..., "arguments": {...}}</tool_call>`` blocks;
- Llama 3: ``<|python_tag|>{"name": ..., "parameters": {...}}`` (several joined by ``;``), or
  ``<function=NAME>{...}</function>``;
- Mistral: ``[TOOL_CALLS] [{"name": ..., "arguments": {...}}, ...]`` or ``[TOOL_CALLS]NAME[ARGS]{...}``;
- plain JSON: one object, ``{...}, {...}``, one object per line, a list, inside a code fence, or
  after a prose prefix ("Sure: {...}").

Everything goes through the JSON parser only (``vmb.boundedjson``); nothing the model writes is
evaluated. Each call keeps how it was read (``form``). A ``<tool_call>`` block that holds no readable
call still counts as an attempted call: the agent loop sends the problem back as that call's result.
Native ``tool_calls`` entries that are not call objects become such attempted calls too, so no reply
shape can stop a run.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from vmb.boundedjson import JsonTooDeep, decode_prefix, loads_model_json

_MARKER = re.compile(r"<tool_call>|<function=[\w.\-]+>|\[TOOL_CALLS\]|<\|python_tag\|>|[{\[]")
_BLOCK = re.compile(r"<tool_call>(.*?)(?:</tool_call>|\Z)", re.DOTALL)
_FUNCTION_TAG = re.compile(r"<function=([\w.\-]+)>\s*")
_FUNCTION_END = re.compile(r"\s*</function>")
_MISTRAL_NAMED = re.compile(r"\[TOOL_CALLS\]\s*([A-Za-z_][\w.\-]*)\s*(?:\[CALL_ID\]\s*\w+\s*)?\[ARGS\]\s*")
_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*(?:```)?$", re.DOTALL)
# Left over once the calls are removed: fences, end-of-turn tokens and separators are not an answer.
_NOISE = re.compile(r"```(?:json)?|<\|eom_id\|>|<\|eot_id\|>|</s>|</tool_call>|</function>")
_PREFIX_FORMS = {"<|python_tag|>": "python_tag", "[TOOL_CALLS]": "mistral"}


@dataclass(frozen=True)
class TextCall:
    name: str | None  # None when the call could not be read
    arguments: str  # JSON text of the arguments, as the tool_calls field would carry it
    form: str  # how it was read: tool_call, function_tag, python_tag, mistral, json, json_list
    error: str | None = None


def _arguments_text(args: Any) -> str:
    # Some models put the arguments in as a JSON string already; keep it as written.
    return args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)


def _as_call(obj: Any) -> tuple[str, str] | None:
    """(name, arguments) of one call object, in the shapes models write, or None."""
    if not isinstance(obj, dict):
        return None
    if isinstance(obj.get("function"), dict):  # OpenAI's own shape, written out as text
        return _as_call(obj["function"])
    if not isinstance(obj.get("name"), str):
        return None
    for field_name in ("arguments", "parameters"):
        if field_name in obj:
            return obj["name"], _arguments_text(obj[field_name])
    return None


def _calls_in(value: Any) -> list[tuple[str, str]] | None:
    """The calls a parsed JSON value holds (a call, a list of calls, ``{"tool_calls": [...]}``), or None."""
    if isinstance(value, dict) and isinstance(value.get("tool_calls"), list):
        value = value["tool_calls"]
    items = value if isinstance(value, list) else [value]
    calls = [_as_call(item) for item in items]
    if not calls or any(c is None for c in calls):
        return None
    return [c for c in calls if c is not None]


class _Scan:
    """One pass over a text: the calls in order and the spans they occupied."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.calls: list[TextCall] = []
        self.spans: list[tuple[int, int]] = []
        self.prefix_form: str | None = None
        pos = 0
        while pos < len(text):
            match = _MARKER.search(text, pos)
            if match is None:
                break
            pos = self._at(match)

    def _at(self, match: re.Match[str]) -> int:
        token, start = match.group(), match.start()
        if token == "<tool_call>":
            return self._block(start)
        if token.startswith("<function="):
            named = _FUNCTION_TAG.match(self.text, start)
            assert named is not None
            return self._named(named.group(1), start, named.end(), "function_tag", _FUNCTION_END)
        mistral = _MISTRAL_NAMED.match(self.text, start) if token == "[TOOL_CALLS]" else None
        if mistral is not None:
            return self._named(mistral.group(1), start, mistral.end(), "mistral", None)
        if token in _PREFIX_FORMS:
            self.prefix_form = _PREFIX_FORMS[token]
            self.spans.append((start, match.end()))
            return match.end()
        return self._json(start)

    def _json(self, start: int) -> int:
        try:
            value, end = decode_prefix(self.text, start)
        except JsonTooDeep as error:
            # Everything from here on is inside the one over-deep value: report it, read no further.
            self._failed(self.text[start:start + 80], "json", str(error), start, len(self.text))
            return len(self.text)
        except ValueError:
            return start + 1
        found = _calls_in(value)
        if found is None:
            return end  # JSON that is not a call (a setting, a list of numbers): part of the answer
        form = self.prefix_form or ("json_list" if isinstance(value, list) else "json")
        self.calls.extend(TextCall(name, arguments, form) for name, arguments in found)
        self.spans.append((start, end))
        return end

    def _named(self, name: str, start: int, args_at: int, form: str, closing: re.Pattern[str] | None) -> int:
        try:
            args, end = decode_prefix(self.text, args_at)
        except ValueError as error:
            self._failed(self.text[args_at:args_at + 80], form, f"the arguments of {name} are not valid JSON ({error})",
                         start, args_at)
            return args_at
        closed = closing.match(self.text, end) if closing is not None else None
        end = closed.end() if closed is not None else end
        self.calls.append(TextCall(name, _arguments_text(args), form))
        self.spans.append((start, end))
        return end

    def _block(self, start: int) -> int:
        block = _BLOCK.match(self.text, start)
        assert block is not None
        inner = block.group(1).strip()
        fenced = _FENCE.match(inner)
        inner = fenced.group(1) if fenced else inner
        found = _Scan(inner).calls
        if found:
            self.calls.extend(TextCall(c.name, c.arguments, "tool_call", c.error) for c in found)
        else:
            try:
                loads_model_json(inner)
                problem = 'a tool call needs "name" and "arguments"'
            except ValueError as error:
                problem = f"the tool call is not valid JSON ({error})"
            self._failed(inner, "tool_call", problem, start, block.end())
        self.spans.append((start, block.end()))
        return block.end()

    def _failed(self, text: str, form: str, problem: str, start: int, end: int) -> None:
        self.calls.append(TextCall(None, text, form, problem))
        self.spans.append((start, end))

    def rest(self) -> str:
        pieces, pos = [], 0
        for start, end in sorted(self.spans):
            pieces.append(self.text[pos:start])
            pos = max(pos, end)
        pieces.append(self.text[pos:])
        rest = _NOISE.sub("", "".join(pieces)).strip()
        return rest if any(ch.isalnum() for ch in rest) else ""


def parse_text_calls(content: str | None) -> tuple[list[TextCall], str]:
    """Calls found in ``content`` and the text left once they are removed."""
    if not content:
        return [], content or ""
    scan = _Scan(content)
    if not scan.calls:
        return [], content
    return scan.calls, scan.rest()


@dataclass(frozen=True)
class ToolCall:
    id: str
    name: str
    arguments: str
    read_as: str | None = None  # None for a native call, else the text form it was read from
    error: str | None = None  # set when the call could not be read

    @property
    def from_text(self) -> bool:
        return self.read_as is not None


INVALID_CALL = "invalid_tool_call"


def _native(raw: Any, call_id: str) -> ToolCall:
    """One entry of a native ``tool_calls`` list, whatever its shape."""
    if not isinstance(raw, dict):
        return ToolCall(call_id, INVALID_CALL, _short_json(raw), None,
                        "a tool call must be an object with a function (name and arguments)")
    function = raw.get("function")
    if not isinstance(function, dict) or not isinstance(function.get("name"), str) or not function["name"]:
        return ToolCall(str(raw.get("id") or call_id), INVALID_CALL, _short_json(raw), None,
                        "a tool call needs a function object with a name")
    arguments = function.get("arguments")
    if not isinstance(arguments, str):
        try:
            arguments = json.dumps(arguments if arguments is not None else {}, ensure_ascii=False, allow_nan=False)
        except (ValueError, RecursionError):
            return ToolCall(str(raw.get("id") or call_id), function["name"], "{}", None,
                            "the arguments are not a JSON object within bounds")
    return ToolCall(str(raw.get("id") or call_id), function["name"], arguments)


def _short_json(value: Any, limit: int = 200) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (ValueError, RecursionError, TypeError):
        text = repr(type(value).__name__)
    return text if len(text) <= limit else text[:limit] + "..."


def extract_calls(message: dict[str, Any], *, text_calls: bool, id_prefix: str) -> tuple[list[ToolCall], dict[str, Any]]:
    """The calls of an assistant message, and the message to append to the conversation.

    Native calls are normalised (a missing id or type added, dict arguments serialised, an entry
    that is not a call object turned into an attempted call with an error). With ``text_calls``,
    calls written in the content are turned into native ones with ids ``{id_prefix}{k}``, and their
    text is removed from the content, so the conversation the model sees next reads as if it had
    used the tool-calls field.
    """
    content = message.get("content")
    if not isinstance(content, str):
        content = None
    raw_calls = message.get("tool_calls") or []
    if not isinstance(raw_calls, list):
        raw_calls = [raw_calls]
    calls = [_native(raw, f"{id_prefix}{k}") for k, raw in enumerate(raw_calls)]
    if not calls and text_calls:
        found, rest = parse_text_calls(content)
        if found:
            content = rest or None
            calls = [ToolCall(f"{id_prefix}{k}", c.name or INVALID_CALL, c.arguments, c.form, c.error)
                     for k, c in enumerate(found)]
    outgoing: dict[str, Any] = {"role": "assistant", "content": content}
    if calls:
        outgoing["tool_calls"] = [
            {"id": c.id, "type": "function", "function": {"name": c.name, "arguments": c.arguments}} for c in calls
        ]
    return calls, outgoing
