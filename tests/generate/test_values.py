"""What the generator reads off the simulator's declarations once: a setting's answerable values."""

from __future__ import annotations

from random import Random

import pytest

from vmb.maker.generate.plan.shares import has_switch
from vmb.maker.generate.plan.values import answerable, draw_values
from vmb.maker.generate.words.devices import DEVICES, usable
from vmb.sim import World
from vmb.sim.registry import API_BY_NAME


def test_default_answers_says_whether_the_default_value_alone_changes_the_car() -> None:
    found = {}
    for api, setting in usable().items():
        own = setting.default()
        world = World()
        found[api] = own is not None and world.call(api, setting.call(own)["args"])["success"] and bool(world.diff())
        assert setting.default_answers == found[api], api
    assert any(found.values()) and not all(found.values())


def test_planning_values_reads_the_settings_without_calling_the_simulator(monkeypatch: pytest.MonkeyPatch) -> None:
    made = usable()  # the simulator is asked once, when the settings are read

    def refuse(*_: object) -> None:
        raise AssertionError("planning values called the simulator again")

    monkeypatch.setattr(World, "call", refuse)
    rng = Random(3)
    for setting in made.values():
        if setting.kind == "text":
            continue
        assert (setting.default() in answerable(setting)) == setting.default_answers, setting.api
        draw_values(setting, rng, 3, default_share=1.0)


def test_a_switch_inside_its_setting_s_phrase_is_never_a_second_call() -> None:
    """The steering wheel's heating has its own switch, which its level setter makes redundant; like every
    switch whose phrase sits inside its setting's, no answer adds it (shares.has_switch)."""
    found = usable()
    level, switch = "carcontrol_steeringWheel_set_heating_level", "carcontrol_steeringWheel_set_heating_enabled"
    assert DEVICES[level].switch == switch and switch in API_BY_NAME
    alone, both = World(), World()
    alone.call(level, found[level].call(5)["args"])
    both.call(switch, {"enabled": True})
    both.call(level, found[level].call(5)["args"])
    assert alone.diff() == both.diff() == {"steeringWheel.heating_enabled": True, "steeringWheel.heating_level": 5}
    assert not has_switch(level)
    for api in found:
        own = DEVICES[api].switch
        if own in found:
            assert has_switch(api) == (found[own].phrase.lower() not in found[api].phrase.lower()), api
