"""Foot pedal module: per-position switch, groups, the empty-string quirk and bool coercion."""

from __future__ import annotations

import pytest

from vmb.sim import World

API = "carcontrol_footPedal_set_switch"


def test_driver_pedal_on_and_off() -> None:
    world = World()
    assert world.call(API, {"position": "driver", "switch": True})["success"] is True
    assert world.diff() == {"footPedal.driver.is_on": True}
    assert world.call(API, {"position": "driver", "switch": False})["success"] is True
    assert world.diff() == {}


def test_passenger_pedal() -> None:
    world = World()
    assert world.call(API, {"position": "passenger", "switch": True})["success"] is True
    assert world.diff() == {"footPedal.passenger.is_on": True}


def test_all_switches_both_pedals() -> None:
    world = World()
    assert world.call(API, {"position": "all", "switch": True})["success"] is True
    assert world.diff() == {"footPedal.driver.is_on": True, "footPedal.passenger.is_on": True}


def test_empty_position_means_the_driver() -> None:
    world = World()
    assert world.call(API, {"position": "", "switch": True})["success"] is True
    assert world.diff() == {"footPedal.driver.is_on": True}


@pytest.mark.parametrize("position", ["Driver", "ALL", "front", "rear_left", "left"])
def test_unknown_or_wrong_case_position_is_refused(position: str) -> None:
    world = World()
    assert world.call(API, {"position": position, "switch": True})["success"] is False
    assert world.diff() == {}


@pytest.mark.parametrize("raw", ["true", 1])
def test_truthy_switch_values_are_stored_as_true(raw: object) -> None:
    world = World()
    assert world.call(API, {"position": "driver", "switch": raw})["success"] is True
    assert world.flat()["footPedal.driver.is_on"] is True


def test_unknown_parameter_is_refused() -> None:
    world = World()
    assert world.call(API, {"position": "driver", "switch": True, "bogus_param": 1})["success"] is False
    assert world.diff() == {}
