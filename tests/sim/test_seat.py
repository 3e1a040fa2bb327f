"""Seat module: positions, comfort levels, folding, zones and the reference quirks."""

from __future__ import annotations

import pytest

from vmb.sim import World

POSITION_APIS = [
    ("carcontrol_seat_set_backrest_angle", "backrest_angle"),
    ("carcontrol_seat_set_cushion_angle", "cushion_angle"),
    ("carcontrol_seat_set_cushion_extension", "cushion_extension"),
    ("carcontrol_seat_set_foot_support_height", "foot_support_height"),
    ("carcontrol_seat_set_headrest_height", "headrest_height"),
    ("carcontrol_seat_set_horizontal_position", "horizontal_position"),
    ("carcontrol_seat_set_leg_support_height", "leg_support_height"),
    ("carcontrol_seat_set_vertical_position", "vertical_position"),
]

# (API, level parameter, level leaf, on/off leaf, lowest, highest)
LEVEL_APIS = [
    ("carcontrol_seat_set_heating_level", "level", "heating_level", "heating_mode", 1, 3),
    ("carcontrol_seat_set_massage_level", "level", "massage_level", "massage_mode", 1, 3),
    ("carcontrol_seat_set_ventilation_speed", "speed", "ventilation_speed", "ventilation_enabled", 1, 5),
]

SWITCH_APIS = [
    ("carcontrol_seat_set_heating_mode", "heating_mode"),
    ("carcontrol_seat_set_massage_mode", "massage_mode"),
    ("carcontrol_seat_set_ventilation_enabled", "ventilation_enabled"),
]


@pytest.mark.parametrize("api,leaf", POSITION_APIS)
def test_position_accepts_a_value_for_one_seat(api: str, leaf: str) -> None:
    world = World()
    result = world.call(api, {"seat": "driver", "value": 73})
    assert result["success"] is True
    assert world.diff() == {f"seat.driver.{leaf}": 73}


@pytest.mark.parametrize("api,leaf", POSITION_APIS)
def test_position_range_is_0_to_100(api: str, leaf: str) -> None:
    world = World()
    assert world.call(api, {"seat": "passenger", "value": 0})["success"] is True
    assert world.flat()[f"seat.passenger.{leaf}"] == 0
    assert world.call(api, {"seat": "passenger", "value": 100})["success"] is True
    assert world.flat()[f"seat.passenger.{leaf}"] == 100
    assert world.call(api, {"seat": "passenger", "value": -1})["success"] is False
    assert world.call(api, {"seat": "passenger", "value": 101})["success"] is False
    assert world.flat()[f"seat.passenger.{leaf}"] == 100


@pytest.mark.parametrize("api,leaf", POSITION_APIS)
def test_position_refuses_strings_and_floats(api: str, leaf: str) -> None:
    world = World()
    assert world.call(api, {"seat": "driver", "value": "5"})["success"] is False
    assert world.call(api, {"seat": "driver", "value": 3.5})["success"] is False
    assert world.diff() == {}


def test_seat_groups_all_front_and_rear() -> None:
    world = World()
    assert world.call("carcontrol_seat_set_headrest_height", {"seat": "all", "value": 44})["success"]
    assert world.diff() == {
        "seat.driver.headrest_height": 44,
        "seat.passenger.headrest_height": 44,
        "seat.rear_left.headrest_height": 44,
        "seat.rear_right.headrest_height": 44,
    }
    world = World()
    assert world.call("carcontrol_seat_set_horizontal_position", {"seat": "front", "value": 100})["success"]
    assert world.diff() == {"seat.driver.horizontal_position": 100, "seat.passenger.horizontal_position": 100}
    world = World()
    assert world.call("carcontrol_seat_set_vertical_position", {"seat": "rear", "value": 10})["success"]
    assert world.diff() == {"seat.rear_left.vertical_position": 10, "seat.rear_right.vertical_position": 10}


@pytest.mark.parametrize("seat", ["", "Driver", "DRIVER", "right", "front_left", "feet"])
def test_unknown_empty_or_wrong_case_seat_is_refused(seat: str) -> None:
    world = World()
    result = world.call("carcontrol_seat_set_backrest_angle", {"seat": seat, "value": 40})
    assert result["success"] is False
    assert world.diff() == {}


def test_unknown_parameter_is_refused() -> None:
    world = World()
    result = world.call("carcontrol_seat_set_backrest_angle", {"seat": "driver", "value": 40, "bogus": 1})
    assert result["success"] is False
    assert world.diff() == {}


@pytest.mark.parametrize("api,param,leaf,switch_leaf,lowest,highest", LEVEL_APIS)
def test_level_setter_stores_level_and_switches_function_on(
    api: str, param: str, leaf: str, switch_leaf: str, lowest: int, highest: int
) -> None:
    world = World()
    assert world.call(api, {"seat": "driver", param: highest})["success"] is True
    assert world.diff() == {f"seat.driver.{leaf}": highest, f"seat.driver.{switch_leaf}": True}


@pytest.mark.parametrize("api,param,leaf,switch_leaf,lowest,highest", LEVEL_APIS)
def test_level_setter_at_the_default_level_still_switches_on(
    api: str, param: str, leaf: str, switch_leaf: str, lowest: int, highest: int
) -> None:
    # The default level is 1, so only the on/off leaf differs from the default car.
    world = World()
    assert world.call(api, {"seat": "driver", param: lowest})["success"] is True
    assert world.diff() == {f"seat.driver.{switch_leaf}": True}


@pytest.mark.parametrize("api,param,leaf,switch_leaf,lowest,highest", LEVEL_APIS)
def test_refused_level_does_not_switch_function_on(
    api: str, param: str, leaf: str, switch_leaf: str, lowest: int, highest: int
) -> None:
    world = World()
    assert world.call(api, {"seat": "driver", param: lowest - 1})["success"] is False
    assert world.call(api, {"seat": "driver", param: highest + 1})["success"] is False
    assert world.call(api, {"seat": "driver", param: "2"})["success"] is False
    assert world.call(api, {"seat": "driver", param: 1.5})["success"] is False
    assert world.diff() == {}


def test_level_setter_applies_to_a_seat_group() -> None:
    world = World()
    assert world.call("carcontrol_seat_set_heating_level", {"seat": "front", "level": 2})["success"]
    assert world.diff() == {
        "seat.driver.heating_level": 2,
        "seat.driver.heating_mode": True,
        "seat.passenger.heating_level": 2,
        "seat.passenger.heating_mode": True,
    }


@pytest.mark.parametrize("api,leaf", SWITCH_APIS)
def test_switch_turns_on_and_off(api: str, leaf: str) -> None:
    world = World()
    assert world.call(api, {"seat": "rear_left", "enabled": True})["success"] is True
    assert world.diff() == {f"seat.rear_left.{leaf}": True}
    assert world.call(api, {"seat": "rear_left", "enabled": False})["success"] is True
    assert world.diff() == {}


@pytest.mark.parametrize("api,leaf", SWITCH_APIS)
@pytest.mark.parametrize("raw", ["true", 1])
def test_switch_converts_truthy_values_to_true(api: str, leaf: str, raw: object) -> None:
    world = World()
    assert world.call(api, {"seat": "driver", "enabled": raw})["success"] is True
    stored = world.flat()[f"seat.driver.{leaf}"]
    assert stored is True


def test_switching_heating_off_keeps_the_level() -> None:
    world = World()
    world.call("carcontrol_seat_set_heating_level", {"seat": "driver", "level": 3})
    assert world.call("carcontrol_seat_set_heating_mode", {"seat": "driver", "enabled": False})["success"]
    assert world.diff() == {"seat.driver.heating_level": 3}


def test_fold_both_rear_seats() -> None:
    world = World()
    assert world.call("carcontrol_seat_set_folded", {"seat": "rear", "folded": True})["success"] is True
    assert world.diff() == {"seat.rear_left.folded": True, "seat.rear_right.folded": True}
    assert world.call("carcontrol_seat_set_folded", {"seat": "rear_right", "folded": False})["success"]
    assert world.diff() == {"seat.rear_left.folded": True}


@pytest.mark.parametrize("raw", ["true", 1])
def test_fold_converts_truthy_values_to_true(raw: object) -> None:
    world = World()
    assert world.call("carcontrol_seat_set_folded", {"seat": "rear", "folded": raw})["success"] is True
    assert world.flat()["seat.rear_left.folded"] is True


@pytest.mark.parametrize(
    "seat, folded",
    [("driver", ["driver"]), ("front", ["driver", "passenger"]), ("all", ["driver", "passenger", "rear_left", "rear_right"])],
)
def test_front_seats_fold_too(seat: str, folded: list[str]) -> None:
    # The reference folds any seat, not only the rear ones (domain_probes.jsonl: seat "driver").
    world = World()
    assert world.call("carcontrol_seat_set_folded", {"seat": seat, "folded": True})["success"] is True
    assert world.diff() == {f"seat.{s}.folded": True for s in folded}


@pytest.mark.parametrize("seat", ["", None, 0, "Rear", "rear-left"])
def test_fold_refuses_unknown_or_blank_seats(seat: object) -> None:
    world = World()
    assert world.call("carcontrol_seat_set_folded", {"seat": seat, "folded": True})["success"] is False
    assert world.diff() == {}
