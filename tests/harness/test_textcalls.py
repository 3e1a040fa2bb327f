"""Tool calls written as text are read with the JSON parser, and native calls are normalised."""

from __future__ import annotations

import json

from vmb.llm.textcalls import INVALID_CALL, extract_calls, parse_text_calls


def test_tool_call_blocks_are_calls_and_leave_the_rest_of_the_text() -> None:
    content = ('Sure.\n<tool_call>\n{"name": "list_module_tools", "arguments": {"module_name": "seat"}}\n</tool_call>\n'
               '<tool_call>{"name": "x", "parameters": {"a": 1}}</tool_call>')
    calls, rest = parse_text_calls(content)
    assert [(c.name, json.loads(c.arguments)) for c in calls] == [
        ("list_module_tools", {"module_name": "seat"}), ("x", {"a": 1})]
    assert rest == "Sure."


def test_unclosed_block_and_fenced_json_inside_a_block() -> None:
    calls, _ = parse_text_calls('<tool_call>```json\n{"name": "a", "arguments": {}}\n```')
    assert [c.name for c in calls] == ["a"]


def test_bare_json_object_list_and_fence() -> None:
    assert [c.name for c in parse_text_calls('{"name": "a", "arguments": {"k": "v"}}')[0]] == ["a"]
    two = '[{"name": "a", "arguments": {}}, {"name": "b", "arguments": "{\\"x\\": 1}"}]'
    calls, rest = parse_text_calls(two)
    assert [c.name for c in calls] == ["a", "b"] and calls[1].arguments == '{"x": 1}' and rest == ""
    assert [c.name for c in parse_text_calls('```json\n{"name": "a", "arguments": {}}\n```')[0]] == ["a"]


def test_plain_text_and_other_json_are_not_calls() -> None:
    for text in ("I set the seat.", '{"temperature": 22}', "[1, 2]", "{not json", "", None):
        calls, _ = parse_text_calls(text)
        assert calls == []


def test_an_unreadable_block_is_an_attempted_call_with_an_error() -> None:
    calls, _ = parse_text_calls("<tool_call>{name: seat}</tool_call>")
    assert len(calls) == 1 and calls[0].name is None and "not valid JSON" in (calls[0].error or "")
    calls, _ = parse_text_calls('<tool_call>{"module": "seat"}</tool_call>')
    assert calls[0].error is not None


def test_extract_calls_normalises_native_calls() -> None:
    message = {"role": "assistant", "content": None, "tool_calls": [
        {"function": {"name": "a", "arguments": {"k": 1}}},
        {"id": "c2", "type": "function", "function": {"name": "b", "arguments": '{"x": 2}'}},
    ]}
    calls, outgoing = extract_calls(message, text_calls=True, id_prefix="p_")
    assert [(c.id, c.name, c.arguments, c.from_text) for c in calls] == [
        ("p_0", "a", '{"k": 1}', False), ("c2", "b", '{"x": 2}', False)]
    assert [t["id"] for t in outgoing["tool_calls"]] == ["p_0", "c2"]


def test_extract_calls_turns_text_calls_into_native_ones_only_when_enabled() -> None:
    message = {"role": "assistant", "content": 'ok <tool_call>{"name": "a", "arguments": {}}</tool_call>'}
    calls, outgoing = extract_calls(message, text_calls=True, id_prefix="t_")
    assert [(c.id, c.name, c.from_text) for c in calls] == [("t_0", "a", True)]
    assert outgoing["content"] == "ok" and outgoing["tool_calls"][0]["function"]["name"] == "a"
    calls, outgoing = extract_calls(message, text_calls=False, id_prefix="t_")
    assert calls == [] and "tool_calls" not in outgoing
    broken = {"role": "assistant", "content": "<tool_call>oops</tool_call>"}
    calls, outgoing = extract_calls(broken, text_calls=True, id_prefix="t_")
    assert calls[0].name == INVALID_CALL and calls[0].error
