"""The door module: lock, open (refused while locked) and open-door warning."""

from __future__ import annotations

from typing import Any

import pytest

from vmb.sim import World

ALL = ["driver", "passenger", "rear_left", "rear_right"]


def call(world: World, action: str, **args: Any) -> dict[str, Any]:
    return world.call(f"carcontrol_door_{action}", args)


@pytest.mark.parametrize(
    "door,targets",
    [
        ("driver", ["driver"]),
        ("front", ["driver", "passenger"]),
        ("rear", ["rear_left", "rear_right"]),
        ("all", ALL),
        ("", ["driver"]),
    ],
)
def test_lock_zones_groups_and_empty_string(door: str, targets: list[str]) -> None:
    world = World()
    assert call(world, "set_locked", door=door, locked=True)["success"]
    assert world.diff() == {f"door.{d}.is_locked": True for d in targets}


@pytest.mark.parametrize("raw", ["true", 1])
def test_lock_converts_truthy_values(raw: Any) -> None:
    world = World()
    assert call(world, "set_locked", door="all", locked=raw)["success"]
    assert all(world.flat()[f"door.{d}.is_locked"] is True for d in ALL)


def test_unlock() -> None:
    world = World()
    call(world, "set_locked", door="all", locked=True)
    assert call(world, "set_locked", door="all", locked=False)["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("door", ["Driver", "ALL", "trunk", "left"])
def test_unknown_door_is_refused(door: str) -> None:
    world = World()
    assert not call(world, "set_locked", door=door, locked=True)["success"]
    assert not call(world, "set_open", door=door, is_open=True)["success"]
    assert not call(world, "set_open_warning", door=door, enabled=True)["success"]
    assert world.diff() == {}


def test_open_unlocked_door() -> None:
    world = World()
    assert call(world, "set_open", door="rear_left", is_open=True)["success"]
    assert world.diff() == {"door.rear_left.is_open": True}


def test_open_converts_string_and_empty_zone_means_driver() -> None:
    world = World()
    assert call(world, "set_open", door="", is_open="true")["success"]
    assert world.diff() == {"door.driver.is_open": True}
    assert world.flat()["door.driver.is_open"] is True


def test_opening_a_locked_door_is_refused() -> None:
    world = World()
    call(world, "set_locked", door="all", locked=True)
    result = call(world, "set_open", door="", is_open=True)
    assert not result["success"]
    assert result["changes"] == {}
    assert "door.driver.is_open" not in world.diff()


def test_opening_a_group_is_refused_if_any_door_is_locked() -> None:
    world = World()
    call(world, "set_locked", door="passenger", locked=True)
    assert not call(world, "set_open", door="front", is_open=True)["success"]
    assert world.diff() == {"door.passenger.is_locked": True}


def test_closing_a_locked_door_is_allowed() -> None:
    world = World()
    call(world, "set_open", door="driver", is_open=True)
    call(world, "set_locked", door="driver", locked=True)
    assert call(world, "set_open", door="driver", is_open=False)["success"]
    assert world.diff() == {"door.driver.is_locked": True}


def test_string_false_counts_as_opening_a_locked_door() -> None:
    # The precondition looks at the raw value's truthiness: "false" is a non-empty string.
    world = World()
    call(world, "set_locked", door="driver", locked=True)
    assert not call(world, "set_open", door="driver", is_open="false")["success"]


def test_open_warning() -> None:
    world = World()
    assert call(world, "set_open_warning", door="front", enabled="true")["success"]
    assert world.diff() == {"door.driver.open_warning": True, "door.passenger.open_warning": True}
    assert call(world, "set_open_warning", door="front", enabled=False)["success"]
    assert world.diff() == {}


def test_unknown_parameter_is_refused() -> None:
    world = World()
    assert not call(world, "set_locked", door="all", locked=True, bogus_param=1)["success"]
    assert world.diff() == {}
