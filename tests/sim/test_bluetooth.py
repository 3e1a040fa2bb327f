"""Bluetooth module: connect/disconnect and bool coercion."""

from __future__ import annotations

import pytest

from vmb.sim import World

API = "carcontrol_bluetooth_set_connection"


def test_connect_and_disconnect() -> None:
    world = World()
    result = world.call(API, {"connected": True})
    assert result["success"] is True
    assert result["changes"] == {"bluetooth.is_connected": True}
    assert world.call(API, {"connected": False})["success"] is True
    assert world.diff() == {}


@pytest.mark.parametrize("raw", ["true", 1])
def test_truthy_values_are_stored_as_true(raw: object) -> None:
    world = World()
    assert world.call(API, {"connected": raw})["success"] is True
    assert world.flat()["bluetooth.is_connected"] is True


def test_unknown_parameter_is_refused() -> None:
    world = World()
    assert world.call(API, {"connected": True, "bogus_param": 1})["success"] is False
    assert world.diff() == {}


def test_missing_parameter_is_refused() -> None:
    assert World().call(API, {})["success"] is False
