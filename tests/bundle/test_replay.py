"""Calls a run read from text are written back as text and read again as the run read them, in every form."""

from __future__ import annotations

import pytest

from vmb.doubles.scripted_replies import TEXT_FORMATS
from vmb.llm.textcalls import extract_calls
from vmb.publish.replay import as_written

CALLS = [("list_module_tools", {"module_name": "seat"}),
         ("carcontrol_seat_set_headrest_height", {"seat": "driver", "value": 44})]


@pytest.mark.parametrize("family", sorted(TEXT_FORMATS))
def test_every_text_form_reads_back_to_the_same_calls(family: str) -> None:
    message = {"role": "assistant", "content": "Setting it now. " + TEXT_FORMATS[family](CALLS)}
    calls, outgoing = extract_calls(message, text_calls=True, id_prefix="text_1_")
    assert [c.read_as for c in calls] and all(c.read_as for c in calls)
    again = as_written(outgoing, {c.id: c.read_as for c in calls if c.read_as})
    assert "tool_calls" not in again
    assert extract_calls(again, text_calls=True, id_prefix="text_1_") == (calls, outgoing)


@pytest.mark.parametrize("text", [
    '<tool_call>{"name": "carcontrol_HUD_switch", "arguments": "{\\"switch\\":true}"}</tool_call>',  # a string
    '<tool_call>{"name": "carcontrol_HUD_switch", "arguments": {"switch": tru}}</tool_call>',  # not JSON
    '<tool_call>{"arguments": {}}</tool_call> and <tool_call>{"name": "x", "arguments": {"ä": 1}}</tool_call>',
])
def test_odd_text_calls_read_back_as_they_were_read(text: str) -> None:
    calls, outgoing = extract_calls({"role": "assistant", "content": text}, text_calls=True, id_prefix="text_0_")
    again = as_written(outgoing, {c.id: c.read_as for c in calls if c.read_as})
    assert extract_calls(again, text_calls=True, id_prefix="text_0_") == (calls, outgoing)


def test_a_native_message_is_played_back_as_it_is() -> None:
    message = {"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "carcontrol_HUD_switch", "arguments": "{}"}}]}
    assert as_written(message, {}) is message
