"""The wiper module: on/off and speed."""

from __future__ import annotations

from typing import Any

import pytest

from vmb.sim import World


def call(world: World, action: str, **args: Any) -> dict[str, Any]:
    return world.call(f"carcontrol_wiper_{action}", args)


@pytest.mark.parametrize(
    "wiper,targets",
    [("front", ["front"]), ("rear", ["rear"]), ("all", ["front", "rear"]), ("", ["front"])],
)
def test_switch_on_zones_groups_and_empty_string(wiper: str, targets: list[str]) -> None:
    world = World()
    assert call(world, "set_open", wiper=wiper, is_on=True)["success"]
    assert world.diff() == {f"wiper.{w}.is_on": True for w in targets}


def test_switch_converts_string_true() -> None:
    world = World()
    assert call(world, "set_open", wiper="front", is_on="true")["success"]
    assert world.flat()["wiper.front.is_on"] is True


def test_switch_off() -> None:
    world = World()
    call(world, "set_open", wiper="all", is_on=True)
    assert call(world, "set_open", wiper="all", is_on=False)["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("wiper", ["Front", "ALL", "driver", "windshield"])
def test_unknown_wiper_is_refused(wiper: str) -> None:
    world = World()
    assert not call(world, "set_open", wiper=wiper, is_on=True)["success"]
    assert not call(world, "set_speed", wiper=wiper, speed=2)["success"]
    assert world.diff() == {}


def test_speed_sets_level_and_switches_on() -> None:
    world = World()
    assert call(world, "set_speed", wiper="all", speed=4)["success"]
    assert world.diff() == {
        "wiper.front.is_on": True,
        "wiper.front.speed": 4,
        "wiper.rear.is_on": True,
        "wiper.rear.speed": 4,
    }


def test_speed_empty_string_means_front() -> None:
    world = World()
    assert call(world, "set_speed", wiper="", speed=2)["success"]
    assert world.diff() == {"wiper.front.is_on": True, "wiper.front.speed": 2}


@pytest.mark.parametrize("speed", [1, 5])
def test_speed_range_edges_accepted(speed: int) -> None:
    world = World()
    assert call(world, "set_speed", wiper="rear", speed=speed)["success"]
    assert world.flat()["wiper.rear.speed"] == speed
    assert world.flat()["wiper.rear.is_on"] is True


@pytest.mark.parametrize("speed", [0, 6, -5, 3.5, "5"])
def test_refused_speed_does_not_switch_the_wiper_on(speed: Any) -> None:
    world = World()
    assert not call(world, "set_speed", wiper="front", speed=speed)["success"]
    assert world.diff() == {}


def test_unknown_parameter_is_refused() -> None:
    world = World()
    assert not call(world, "set_speed", wiper="front", speed=2, bogus_param=1)["success"]
    assert world.diff() == {}
