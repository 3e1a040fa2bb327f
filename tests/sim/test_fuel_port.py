"""fuelPort: locked by default; opening needs it unlocked first."""

from __future__ import annotations

from vmb.sim import World

FP = "carcontrol_fuelPort_"


def test_opening_a_locked_fuel_door_is_refused() -> None:
    for raw in (True, "true", 1):
        world = World()
        assert world.call(FP + "set_open", {"open_state": raw})["success"] is False
        assert world.diff() == {}


def test_closing_is_always_accepted() -> None:
    world = World()
    assert world.call(FP + "set_open", {"open_state": False})["success"] is True
    assert world.diff() == {}


def test_unlock_then_open() -> None:
    world = World()
    assert world.call(FP + "set_locked", {"locked": False})["success"] is True
    assert world.call(FP + "set_open", {"open_state": True})["success"] is True
    assert world.diff() == {"fuelPort.is_locked": False, "fuelPort.is_open": True}


def test_open_coerces_flag() -> None:
    for raw in ("true", 1):
        world = World()
        world.call(FP + "set_locked", {"locked": False})
        assert world.call(FP + "set_open", {"open_state": raw})["success"] is True
        assert world.flat()["fuelPort.is_open"] is True


def test_set_locked_coerces_flag() -> None:
    for raw in ("true", 1):
        world = World()
        world.call(FP + "set_locked", {"locked": False})
        assert world.call(FP + "set_locked", {"locked": raw})["success"] is True
        assert world.flat()["fuelPort.is_locked"] is True
        assert world.diff() == {}


def test_locking_does_not_close_an_open_door() -> None:
    world = World()
    world.call(FP + "set_locked", {"locked": False})
    world.call(FP + "set_open", {"open_state": 1})
    assert world.call(FP + "set_locked", {"locked": True})["success"] is True
    assert world.diff() == {"fuelPort.is_open": True}
