"""Calls written as text in the formats of the common open-model families are all read, in order.

The samples are written the way each family's models answer when the server passes their text
through (llama.cpp without a tool-call parser for the model, or a template that does not know it).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.scripted import ReferenceScript, ScriptedServer
from vmb.doubles.scripted_replies import TEXT_FORMATS
from vmb.llm.textcalls import INVALID_CALL, extract_calls, parse_text_calls

from .conftest import RunFn

HUD = "carcontrol_HUD_switch"
BRIGHT = "carcontrol_HUD_set_brightness"

SAMPLES: dict[str, tuple[str, str]] = {
    # Qwen2.5 / Qwen3 (also what llama.cpp passes through for them without --jinja)
    "qwen": ("<tool_call>\n{\"name\": \"carcontrol_HUD_switch\", \"arguments\": {\"switch\": true}}\n</tool_call>\n"
             "<tool_call>\n{\"name\": \"carcontrol_HUD_set_brightness\", \"arguments\": {\"value\": 3}}\n</tool_call>",
             "tool_call"),
    # Hermes 2 Pro puts the arguments first
    "hermes": ("<tool_call>\n{\"arguments\": {\"switch\": true}, \"name\": \"carcontrol_HUD_switch\"}\n</tool_call>"
               "<tool_call>\n{\"arguments\": {\"value\": 3}, \"name\": \"carcontrol_HUD_set_brightness\"}\n</tool_call>",
               "tool_call"),
    # Llama 3.1/3.2 JSON tool calls after the python tag, joined by semicolons
    "llama3": ("<|python_tag|>{\"name\": \"carcontrol_HUD_switch\", \"parameters\": {\"switch\": true}}; "
               "{\"name\": \"carcontrol_HUD_set_brightness\", \"parameters\": {\"value\": 3}}<|eom_id|>", "python_tag"),
    # Llama 3.1's function tag
    "llama3_function": ("<function=carcontrol_HUD_switch>{\"switch\": true}</function>"
                        "<function=carcontrol_HUD_set_brightness>{\"value\": 3}</function>", "function_tag"),
    # Mistral 7B v0.3 / Nemo
    "mistral": ("[TOOL_CALLS] [{\"name\": \"carcontrol_HUD_switch\", \"arguments\": {\"switch\": true}}, "
                "{\"name\": \"carcontrol_HUD_set_brightness\", \"arguments\": {\"value\": 3}}]</s>", "mistral"),
    # Mistral Small 3.x / tokenizer v11
    "mistral_v11": ("[TOOL_CALLS]carcontrol_HUD_switch[ARGS]{\"switch\": true}"
                    "[TOOL_CALLS]carcontrol_HUD_set_brightness[ARGS]{\"value\": 3}", "mistral"),
    # what small models write when no template tells them how (Qwen2.5-Coder-0.5B on llama.cpp)
    "json_comma": ("{\"name\": \"carcontrol_HUD_switch\", \"arguments\": {\"switch\": true}}, "
                   "{\"name\": \"carcontrol_HUD_set_brightness\", \"arguments\": {\"value\": 3}}", "json"),
    "json_lines": ("{\"name\": \"carcontrol_HUD_switch\", \"arguments\": {\"switch\": true}}\n"
                   "{\"name\": \"carcontrol_HUD_set_brightness\", \"arguments\": {\"value\": 3}}\n", "json"),
    "json_list": ("[{\"name\": \"carcontrol_HUD_switch\", \"arguments\": {\"switch\": true}}, "
                  "{\"name\": \"carcontrol_HUD_set_brightness\", \"arguments\": {\"value\": 3}}]", "json_list"),
    "prose": ("Sure: {\"name\": \"carcontrol_HUD_switch\", \"arguments\": {\"switch\": true}} and then "
              "{\"name\": \"carcontrol_HUD_set_brightness\", \"arguments\": {\"value\": 3}}", "json"),
    "fenced_openai_shape": ("```json\n[{\"type\": \"function\", \"function\": {\"name\": \"carcontrol_HUD_switch\", "
                            "\"arguments\": \"{\\\"switch\\\": true}\"}}, {\"type\": \"function\", \"function\": "
                            "{\"name\": \"carcontrol_HUD_set_brightness\", \"arguments\": {\"value\": 3}}}]\n```",
                            "json_list"),
}


@pytest.mark.parametrize("family", list(SAMPLES))
def test_every_call_of_each_family_is_read_in_order(family: str) -> None:
    text, form = SAMPLES[family]
    calls, rest = parse_text_calls(text)
    assert [(c.name, json.loads(c.arguments)) for c in calls] == [(HUD, {"switch": True}), (BRIGHT, {"value": 3})]
    assert {c.form for c in calls} == {form} and all(c.error is None for c in calls)
    assert rest == ("Sure:  and then" if family == "prose" else "")


def test_json_that_is_not_a_call_stays_text_and_only_the_calls_are_taken() -> None:
    calls, rest = parse_text_calls('The cabin is {"temperature": 22}. {"name": "a", "arguments": {}} [1, 2]')
    assert [c.name for c in calls] == ["a"] and rest == 'The cabin is {"temperature": 22}.  [1, 2]'
    assert parse_text_calls('{"name": "Alice"} likes 22 degrees')[0] == []


def test_model_json_is_parsed_strictly_and_within_bounds() -> None:
    calls, _ = parse_text_calls("<tool_call>" + '{"name": "a", "arguments": ' + "[" * 100_000 + "</tool_call>")
    assert len(calls) == 1 and calls[0].name is None and "nests deeper" in (calls[0].error or "")
    calls, _ = parse_text_calls('{"name": "a", "arguments": ' + "[" * 100_000 + "]" * 100_000 + "}")
    assert len(calls) == 1 and "nests deeper" in (calls[0].error or "")
    calls, _ = parse_text_calls('<tool_call>{"name": "a", "arguments": {"switch": NaN}}</tool_call>')
    assert calls[0].name is None and "NaN is not a JSON value" in (calls[0].error or "")
    calls, _ = parse_text_calls("<function=a>{oops}</function>")
    assert calls[0].name is None and "not valid JSON" in (calls[0].error or "")


def test_each_call_records_how_it_was_read() -> None:
    message = {"role": "assistant", "content": SAMPLES["llama3"][0]}
    calls, outgoing = extract_calls(message, text_calls=True, id_prefix="t_")
    assert [c.read_as for c in calls] == ["python_tag", "python_tag"] and outgoing["content"] is None
    native = {"role": "assistant", "tool_calls": [{"function": {"name": HUD, "arguments": "{}"}}]}
    assert extract_calls(native, text_calls=True, id_prefix="n_")[0][0].read_as is None


@pytest.mark.parametrize("shape", [["oops"], "carcontrol_HUD_switch", [{"function": HUD}], [{"id": "x"}],
                                   [{"function": {"arguments": "{}"}}], [None], {"function": {}}])
def test_native_calls_of_any_shape_become_attempted_calls_with_an_error(shape: Any) -> None:
    calls, outgoing = extract_calls({"role": "assistant", "tool_calls": shape}, text_calls=True, id_prefix="n_")
    assert len(calls) == 1 and calls[0].name == INVALID_CALL and calls[0].error
    sent = outgoing["tool_calls"][0]
    assert sent["type"] == "function" and isinstance(sent["function"]["arguments"], str)


def test_a_text_only_model_of_each_family_gets_all_its_calls_executed(bench: Any, run: RunFn, tmp_path: Path) -> None:
    for family in TEXT_FORMATS:
        with ScriptedServer(ReferenceScript(bench, text_format=family)) as server:
            result = run(server.url, family, memory="gold", groups=[1], limit=3)
        assert result.metric.overall.value("esm") == 100.0, family
        records = [json.loads(line) for line in (tmp_path / family / "results.jsonl").read_text().splitlines()]
        forms = {entry.get("read_as") for r in records for entry in r["tool_results"]}
        assert None not in forms and len(forms) == 1, (family, forms)
        assert sum(r["text_calls"] for r in records) == sum(r["call_count"] for r in records) > 0
