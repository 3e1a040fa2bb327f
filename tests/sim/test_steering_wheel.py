"""Steering wheel module: heating on/off and level, view display, and the power-on quirk."""

from __future__ import annotations

import pytest

from vmb.sim import World


def test_heating_on_and_off() -> None:
    world = World()
    assert world.call("carcontrol_steeringWheel_set_heating_enabled", {"enabled": True})["success"]
    assert world.diff() == {"steeringWheel.heating_enabled": True}
    assert world.call("carcontrol_steeringWheel_set_heating_enabled", {"enabled": False})["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("raw", ["true", 1])
def test_heating_switch_converts_truthy_values(raw: object) -> None:
    world = World()
    assert world.call("carcontrol_steeringWheel_set_heating_enabled", {"enabled": raw})["success"]
    assert world.flat()["steeringWheel.heating_enabled"] is True


def test_heating_level_sets_level_and_switches_heating_on() -> None:
    world = World()
    assert world.call("carcontrol_steeringWheel_set_heating_level", {"level": 5})["success"] is True
    assert world.diff() == {"steeringWheel.heating_level": 5, "steeringWheel.heating_enabled": True}


def test_heating_level_range_is_0_to_10() -> None:
    world = World()
    assert world.call("carcontrol_steeringWheel_set_heating_level", {"level": 10})["success"] is True
    assert world.flat()["steeringWheel.heating_level"] == 10
    assert world.call("carcontrol_steeringWheel_set_heating_level", {"level": 0})["success"] is True
    assert world.flat()["steeringWheel.heating_level"] == 0
    assert world.call("carcontrol_steeringWheel_set_heating_level", {"level": 11})["success"] is False
    assert world.call("carcontrol_steeringWheel_set_heating_level", {"level": -1})["success"] is False
    assert world.flat()["steeringWheel.heating_level"] == 0


@pytest.mark.parametrize("level", [11, -5, 200, "5", 3.5])
def test_refused_heating_level_still_switches_heating_on(level: object) -> None:
    world = World()
    result = world.call("carcontrol_steeringWheel_set_heating_level", {"level": level})
    assert result["success"] is False
    assert result["changes"] == {"steeringWheel.heating_enabled": True}
    assert world.diff() == {"steeringWheel.heating_enabled": True}


def test_unknown_parameter_refused_before_power_on() -> None:
    world = World()
    result = world.call("carcontrol_steeringWheel_set_heating_level", {"level": 5, "bogus_param": 1})
    assert result["success"] is False
    assert world.diff() == {}


def test_turning_heating_off_keeps_the_level() -> None:
    world = World()
    world.call("carcontrol_steeringWheel_set_heating_level", {"level": 3})
    world.call("carcontrol_steeringWheel_set_heating_enabled", {"enabled": False})
    assert world.diff() == {"steeringWheel.heating_level": 3}


def test_view_display_on_and_off() -> None:
    world = World()
    assert world.call("carcontrol_steeringWheel_set_view_display_enabled", {"enabled": True})["success"]
    assert world.diff() == {"steeringWheel.view_display_enabled": True}
    assert world.call("carcontrol_steeringWheel_set_view_display_enabled", {"enabled": False})["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("raw", ["true", 1])
def test_view_display_converts_truthy_values(raw: object) -> None:
    world = World()
    assert world.call("carcontrol_steeringWheel_set_view_display_enabled", {"enabled": raw})["success"]
    assert world.flat()["steeringWheel.view_display_enabled"] is True
