"""The LLM path's checks read a value back from what was written: literal, end of range, step,
back, replies; queries carry the plan's clock, names and step without the value."""

from __future__ import annotations

import pytest

from vmb.maker.generate.llm.briefs import LinePlan, QueryPlan, chain_request
from vmb.maker.generate.llm.checks import (
    InvalidOutput,
    check_answer,
    check_chain,
    narrated,
    read_line,
    spoken,
    step_said,
)
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.procedural.backend import ProceduralBackend
from vmb.maker.generate.settings import settings
from vmb.maker.writer import PlanWriter

HUD = settings()["carcontrol_HUD_set_brightness_level"]  # levels 1-10
LIGHT = settings()["carcontrol_light_set_ambient_enabled"]


def problem(text: str, form: str, value: object, before: object = None, offset: int | None = None,
            setting: object = HUD) -> str | None:
    return read_line(text, LinePlan("Ann", "", form, value, before, offset), setting, [], before)  # type: ignore[arg-type]


def test_every_planned_chain_reads_back_as_written_by_the_plan_writer() -> None:
    options = GenerateOptions(groups=40, seed=3, history_lines=200, background_chains=2, vehicle_chains=10)
    draft, writer = ProceduralBackend(), PlanWriter()
    forms: set[str] = set()
    every = {"literal", "end", "described", "step", "back", "from-to", "none", "reply"}
    for group in range(1, 41):  # until every form has occurred (a revert is rare)
        personas = draft.personas(options, group)
        for chain in draft.chains(options, personas).chains:
            payload, plans, values = chain_request(options, personas, chain)
            written = check_chain(writer.chains(payload), chain, plans, values)
            assert [e.id for e in written.events] == [e.id for e in chain.events]
            forms |= {line.form for plan in plans or [] for line in plan.lines}
        if forms == every:
            break
    assert forms == every


def test_a_step_is_read_as_size_and_direction_and_never_says_its_result() -> None:
    assert problem("Too bright, take the HUD two lower.", "step", 3, before=5, offset=-2) is None
    assert step_said("go a notch higher") == 1 and step_said("two up or down") is None
    assert "states 3" in (problem("Two lower, so 3.", "step", 3, before=5, offset=-2) or "")
    assert "is not 3" in (problem("Make the HUD two higher.", "step", 3, before=5, offset=-2) or "")
    assert "one step size" in (problem("Bit lower please.", "step", 3, before=5, offset=-2) or "")


def test_literal_end_back_and_reply_lines() -> None:
    assert problem("The HUD at 7 for me.", "literal", 7) is None
    assert "also states [4]" in (problem("The HUD at 7, or 4.", "literal", 7) or "")
    assert "must state 7" in (problem("The HUD bright, please.", "literal", 7) or "")
    assert problem("Put the HUD all the way up.", "end", 10) is None
    assert problem("Put the HUD all the way up.", "end", 1) is not None
    assert problem("No, put it back the way it was.", "back", 5) is None
    assert problem("Back to 6.", "back", 5) is not None
    assert problem("Sure, noted.", "reply", 7) is None
    assert "must not change" in (problem("I'd say 4.", "reply", 7) or "")
    assert problem("Switch the mood lighting on.", "literal", True, setting=LIGHT) is None
    assert problem("Switch it on, no, off.", "literal", True, setting=LIGHT) is not None
    assert problem("On the way home, the mood lighting off.", "literal", False, setting=LIGHT) is None
    assert problem("The mood lighting off. Or maybe turn it on.", "literal", False, setting=LIGHT) is not None


def test_a_query_carries_the_plan_without_the_value() -> None:
    calls = [HUD.call(8)]
    plan = QueryPlan("Ann Lee", "7:40 AM", ["Ann", "Bo"], -1, None)
    good = {"query": "At 7:40 AM, Ann got in with Bo. Ann said: 'The projection the way Bo has it, one lower.'",
            "new_answer": ["carcontrol_HUD_set_brightness_level(level=8)"]}
    assert check_answer(good, calls, [8], plan, HUD.phrase).query == good["query"]
    for query, message in (("At 8:40 AM, Ann with Bo: one lower.", "time as '7:40 AM'"),
                           ("At 7:40 AM, Ann: the projection, one lower.", "must name 'Bo'"),
                           ("At 7:40 AM, Ann and Bo: level 8, one lower.", "says the value 8"),
                           (f"At 7:40 AM, Ann and Bo: the {HUD.phrase}, one lower.", "catalog phrase"),
                           ("At 7:40 AM, Ann and Bo: the projection, one higher.", "the step 'one lower'")):
        with pytest.raises(InvalidOutput, match=message):
            check_answer({**good, "query": query}, calls, [8], plan, HUD.phrase)
    with pytest.raises(InvalidOutput, match="does not carry out"):
        check_answer({**good, "new_answer": ["carcontrol_HUD_set_brightness_level(level=7)"]}, calls, [8], plan,
                     HUD.phrase)
    # A query that adds a step the plan does not have asks for another value (what Qwen2.5-Coder-1.5B
    # wrote, copying an example: "..., the way we agreed for rainy days, but one lower.").
    unstepped = QueryPlan("Ann Lee", "7:40 AM", ["Ann", "Bo"], None, None)
    with pytest.raises(InvalidOutput, match="adds a step"):
        check_answer(good, calls, [8], unstepped, HUD.phrase)


def test_a_line_written_as_a_script_is_read_as_said() -> None:
    """A speaker label or quotes around the whole line are the script's, not the speaker's words."""
    assert spoken('Ann Lee: "Put it at four."', "Ann Lee") == "Put it at four."
    assert spoken("ann: Put it at four.", "Ann Lee") == "Put it at four."
    assert spoken("\u201cPut it at four.\u201d", "Ann Lee") == "Put it at four."
    # a name elsewhere, or quotes inside the line, are what was said
    assert spoken("Bo: he said 'four'", "Ann Lee") == "Bo: he said 'four'"
    assert spoken('"Four", not "five"', "Ann Lee") == '"Four", not "five"'


def test_a_line_that_narrates_its_speaker_is_not_speech() -> None:
    """What a real model wrote for a day's talk and a chain's line (Qwen2.5-Coder-1.5B)."""
    assert narrated("Sandra Wright takes a deep breath and looks at the weather forecast.", "Sandra Wright")
    assert narrated("Rita says they need to set the AC temperature to 18 degrees.", "Rita Russell")
    assert not narrated("Rita, can you turn it down?", "Sandra Wright")
    assert not narrated("Rita Russell, you again?", "Rita Russell") and not narrated("I said so.", "Rita Russell")
