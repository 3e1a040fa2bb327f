"""The light module: switches, low beam level, ambient colour and reading lights."""

from __future__ import annotations

from typing import Any

import pytest

from vmb.sim import World


def call(world: World, action: str, **args: Any) -> dict[str, Any]:
    return world.call(f"carcontrol_light_{action}", args)


SWITCHES = {
    "set_fog_light": "light.fog_light.is_on",
    "set_high_beam": "light.high_beam.is_on",
    "set_low_beam_enabled": "light.low_beam.is_on",
    "set_daytime_running": "light.daytime_running.is_on",
    "set_left_turn": "light.left_turn.is_on",
    "set_right_turn": "light.right_turn.is_on",
    "set_auto_headlight": "light.auto_headlight.is_on",
    "set_hazard": "light.hazard.is_on",
    "set_position": "light.position.is_on",
    "set_tail": "light.tail.is_on",
    "set_ambient_enabled": "light.ambient.is_on",
}


@pytest.mark.parametrize("action,leaf", SWITCHES.items())
def test_switch_turns_its_light_on_and_off(action: str, leaf: str) -> None:
    world = World()
    assert call(world, action, enabled=True)["success"]
    assert world.diff() == {leaf: True}
    assert call(world, action, enabled=False)["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("action,leaf", SWITCHES.items())
@pytest.mark.parametrize("raw", ["true", 1, "false"])
def test_switch_converts_truthy_values_to_true(action: str, leaf: str, raw: Any) -> None:
    # Stored as bool(raw): even the string "false" is truthy and switches the light on.
    world = World()
    assert call(world, action, enabled=raw)["success"]
    assert world.diff() == {leaf: True}
    assert world.flat()[leaf] is True


def test_switch_converts_falsy_values_to_false() -> None:
    world = World()
    call(world, "set_hazard", enabled=True)
    assert call(world, "set_hazard", enabled=0)["success"]
    assert world.flat()["light.hazard.is_on"] is False


def test_switch_refuses_unknown_and_missing_parameters() -> None:
    world = World()
    assert not call(world, "set_tail", enabled=True, bogus_param=1)["success"]
    assert not call(world, "set_tail")["success"]
    assert world.diff() == {}


def test_ambient_color_sets_colour_and_switches_ambient_on() -> None:
    world = World()
    assert call(world, "set_ambient_color", color="blue")["success"]
    assert world.diff() == {"light.ambient.color": "blue", "light.ambient.is_on": True}


@pytest.mark.parametrize(
    "color", ["red", "orange", "yellow", "green", "cyan", "blue", "purple", "white", "pink"]
)
def test_ambient_color_accepts_each_colour(color: str) -> None:
    world = World()
    assert call(world, "set_ambient_color", color=color)["success"]
    assert world.flat()["light.ambient.color"] == color


@pytest.mark.parametrize("color", ["Blue", "BLUE", "", "magenta", "2D"])
def test_refused_ambient_color_still_switches_ambient_on(color: str) -> None:
    world = World()
    result = call(world, "set_ambient_color", color=color)
    assert not result["success"]
    assert world.diff() == {"light.ambient.is_on": True}
    assert result["changes"] == {"light.ambient.is_on": True}


def test_low_beam_level_sets_level_and_switches_low_beam_on() -> None:
    world = World()
    assert call(world, "set_low_beam_level", level="highest")["success"]
    assert world.diff() == {"light.low_beam.is_on": True, "light.low_beam.level": "highest"}


@pytest.mark.parametrize("level", ["lowest", "low", "medium", "high", "highest"])
def test_low_beam_level_accepts_each_level(level: str) -> None:
    world = World()
    assert call(world, "set_low_beam_level", level=level)["success"]
    assert world.flat()["light.low_beam.level"] == level
    assert world.flat()["light.low_beam.is_on"] is True


@pytest.mark.parametrize("level", ["Highest", "max", "purple", ""])
def test_refused_low_beam_level_still_switches_low_beam_on(level: str) -> None:
    world = World()
    assert not call(world, "set_low_beam_level", level=level)["success"]
    assert world.diff() == {"light.low_beam.is_on": True}


def test_reading_light_single_position() -> None:
    world = World()
    assert call(world, "set_reading_light", light="passenger", enabled=True)["success"]
    assert world.diff() == {"light.reading_light.passenger.is_on": True}


@pytest.mark.parametrize(
    "light,lit",
    [
        ("front", ["driver", "passenger"]),
        ("rear", ["rear_left", "rear_right"]),
        ("all", ["driver", "passenger", "rear_left", "rear_right"]),
        ("", ["driver"]),
    ],
)
def test_reading_light_groups_and_empty_string(light: str, lit: list[str]) -> None:
    world = World()
    assert call(world, "set_reading_light", light=light, enabled="true")["success"]
    assert world.diff() == {f"light.reading_light.{p}.is_on": True for p in lit}


@pytest.mark.parametrize("light", ["Driver", "left", "rear-left", "windshield"])
def test_reading_light_refuses_unknown_position(light: str) -> None:
    world = World()
    assert not call(world, "set_reading_light", light=light, enabled=True)["success"]
    assert world.diff() == {}


def test_reading_light_brightness_sets_level_and_switches_on() -> None:
    world = World()
    assert call(world, "set_reading_light_brightness", light="driver", brightness=9)["success"]
    assert world.diff() == {
        "light.reading_light.driver.brightness": 9,
        "light.reading_light.driver.is_on": True,
    }


@pytest.mark.parametrize("brightness", [1, 10])
def test_reading_light_brightness_range_edges_accepted(brightness: int) -> None:
    world = World()
    result = call(world, "set_reading_light_brightness", light="rear_right", brightness=brightness)
    assert result["success"]
    assert world.flat()["light.reading_light.rear_right.brightness"] == brightness


@pytest.mark.parametrize("brightness", [0, 11, -5, 3.5, "5"])
def test_refused_brightness_does_not_switch_the_lamp_on(brightness: Any) -> None:
    world = World()
    result = call(world, "set_reading_light_brightness", light="driver", brightness=brightness)
    assert not result["success"]
    assert world.diff() == {}


def test_reading_light_brightness_groups() -> None:
    world = World()
    assert call(world, "set_reading_light_brightness", light="front", brightness=10)["success"]
    assert world.diff() == {
        "light.reading_light.driver.brightness": 10,
        "light.reading_light.driver.is_on": True,
        "light.reading_light.passenger.brightness": 10,
        "light.reading_light.passenger.is_on": True,
    }


def test_reading_light_brightness_refuses_unknown_position() -> None:
    world = World()
    assert not call(world, "set_reading_light_brightness", light="All", brightness=5)["success"]
    assert world.diff() == {}
