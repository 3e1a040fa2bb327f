""""Repeating itself" is said on evidence of a loop (a reply cut off repeating one call or one run of
text), never because a request is slow: a long prompt on a busy CPU takes minutes by itself."""

from __future__ import annotations

import json
from typing import Any

import pytest

from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer
from vmb.llm.repetition import REPEATS, SPAN, repeats_itself

from .conftest import RunFn

HINT = "repeating themselves"


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"type": "function", "function": {"name": name, "arguments": json.dumps(args)}}


def test_a_reply_cut_off_holding_one_call_again_and_again_repeats_itself() -> None:
    same = [call("carcontrol_seat_set_heating", seat="driver", level=2)] * REPEATS
    assert repeats_itself({"role": "assistant", "tool_calls": same}, "length")
    assert not repeats_itself({"role": "assistant", "tool_calls": same}, "tool_calls")  # finished on its own
    seats = [call("carcontrol_seat_set_heating", seat=s, level=2) for s in ("driver", "passenger", "rear_left")]
    assert not repeats_itself({"role": "assistant", "tool_calls": seats}, "length")  # cut off, not looping


def test_a_reply_cut_off_in_a_loop_of_text_repeats_itself() -> None:
    loop = " ".join(['{"name": "carcontrol_music_set_play_mode", "arguments": {"mode": "single_loop"}}'] * 26)
    assert repeats_itself({"role": "assistant", "content": loop}, "length")
    assert repeats_itself({"role": "assistant", "content": "the day was " * 20}, "length")
    calls = ", ".join(f'{{"name": "carcontrol_seat_set_heating", "arguments": {{"seat": "{s}", "level": 2}}}}'
                      for s in ("driver", "passenger", "rear_left", "rear_right"))
    assert not repeats_itself({"role": "assistant", "content": calls}, "length")
    prose = " ".join(f"word{n}" for n in range(SPAN * REPEATS * 2))
    assert not repeats_itself({"role": "assistant", "content": prose}, "length")
    assert not repeats_itself({"role": "assistant", "content": None}, "length")


def progress_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    return [line for line in capsys.readouterr().err.splitlines() if line.startswith("progress:")]


def test_a_slow_request_is_named_slow_but_not_repeating(bench: Any, run: RunFn,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    reference = ReferenceScript(bench)

    def slow(body: dict[str, Any]) -> Scripted:
        reply = reference(body)
        reply.delay = 0.6  # a long prompt being read: slow, and a sane reply at the end
        return reply

    with ScriptedServer(slow) as server:
        result = run(server.url, memory="gold", groups=[1], limit=1, progress_every=0.1, slow_after=0.2)
    lines = progress_lines(capsys)
    assert result.metric.scored == 1
    assert any("running for over 0 s" in line and "--timeout bounds each request" in line for line in lines)
    assert not any("repeating" in line for line in lines)


def test_a_reply_cut_off_repeating_a_call_is_said_to_repeat_itself(bench: Any, run: RunFn,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    reference = ReferenceScript(bench)
    answered: list[int] = []

    def looping(body: dict[str, Any]) -> Scripted:
        answered.append(1)
        if len(answered) == 1:  # the first reply loops on one call until the token limit
            same = [{"id": f"c{k}", **call("carcontrol_seat_set_heating", seat="driver", level=2)} for k in range(9)]
            return Scripted({"role": "assistant", "content": None, "tool_calls": same}, finish_reason="length")
        reply = reference(body)
        reply.delay = 0.3
        return reply

    with ScriptedServer(looping) as server:
        run(server.url, memory="gold", groups=[1], limit=2, progress_every=0.1, concurrency=1)
    lines = progress_lines(capsys)
    assert any(f"1 reply(ies) cut off at --max-tokens {HINT}" in line and "repeating 1" in line for line in lines)
