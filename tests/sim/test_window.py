"""The window module: open/close, opening degree, child lock and close-on-lock."""

from __future__ import annotations

from typing import Any

import pytest

from vmb.sim import World

ALL = ["driver", "passenger", "rear_left", "rear_right"]


def call(world: World, action: str, **args: Any) -> dict[str, Any]:
    return world.call(f"carcontrol_window_{action}", args)


def test_open_single_window() -> None:
    world = World()
    assert call(world, "set_open", window="rear_left", is_open=True)["success"]
    assert world.diff() == {"window.rear_left.is_open": True}
    assert call(world, "set_open", window="rear_left", is_open=False)["success"]
    assert world.diff() == {}


@pytest.mark.parametrize(
    "window,targets",
    [
        ("front", ["driver", "passenger"]),
        ("rear", ["rear_left", "rear_right"]),
        ("all", ALL),
        ("", ["driver"]),
    ],
)
def test_open_groups_and_empty_string(window: str, targets: list[str]) -> None:
    world = World()
    assert call(world, "set_open", window=window, is_open=True)["success"]
    assert world.diff() == {f"window.{w}.is_open": True for w in targets}


@pytest.mark.parametrize("raw", ["true", 1])
def test_open_converts_truthy_values(raw: Any) -> None:
    world = World()
    assert call(world, "set_open", window="driver", is_open=raw)["success"]
    assert world.flat()["window.driver.is_open"] is True


def test_open_leaves_degree_alone() -> None:
    world = World()
    call(world, "set_open_degree", window="driver", degree=40)
    assert call(world, "set_open", window="driver", is_open=False)["success"]
    assert world.diff() == {"window.driver.open_degree": 40}


@pytest.mark.parametrize("window", ["Driver", "ALL", "left", "windshield"])
def test_unknown_window_is_refused(window: str) -> None:
    world = World()
    assert not call(world, "set_open", window=window, is_open=True)["success"]
    assert not call(world, "set_child_lock", window=window, enabled=True)["success"]
    assert not call(world, "set_auto_close_on_lock", window=window, enabled=True)["success"]
    assert not call(world, "set_open_degree", window=window, degree=10)["success"]
    assert world.diff() == {}


def test_open_degree_opens_the_window() -> None:
    world = World()
    assert call(world, "set_open_degree", window="driver", degree=15)["success"]
    assert world.diff() == {"window.driver.is_open": True, "window.driver.open_degree": 15}


def test_open_degree_zero_closes_the_window() -> None:
    world = World()
    call(world, "set_open_degree", window="passenger", degree=60)
    assert call(world, "set_open_degree", window="passenger", degree=0)["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("degree", [0, 100])
def test_open_degree_range_edges_accepted(degree: int) -> None:
    world = World()
    assert call(world, "set_open_degree", window="driver", degree=degree)["success"]
    assert world.flat()["window.driver.open_degree"] == degree
    assert world.flat()["window.driver.is_open"] is (degree > 0)


@pytest.mark.parametrize("degree", [-1, 101, 3.5, "5"])
def test_open_degree_out_of_range_or_wrong_type_is_refused(degree: Any) -> None:
    world = World()
    assert not call(world, "set_open_degree", window="driver", degree=degree)["success"]
    assert world.diff() == {}


def test_open_degree_group() -> None:
    world = World()
    assert call(world, "set_open_degree", window="all", degree=20)["success"]
    assert world.diff() == {
        **{f"window.{w}.is_open": True for w in ALL},
        **{f"window.{w}.open_degree": 20 for w in ALL},
    }


def test_child_lock_rear_pair() -> None:
    world = World()
    assert call(world, "set_child_lock", window="rear", enabled=True)["success"]
    assert world.diff() == {
        "window.rear_left.child_lock": True,
        "window.rear_right.child_lock": True,
    }
    assert call(world, "set_child_lock", window="rear", enabled=False)["success"]
    assert world.diff() == {}


def test_child_lock_empty_string_means_driver_and_converts_string() -> None:
    world = World()
    assert call(world, "set_child_lock", window="", enabled="true")["success"]
    assert world.diff() == {"window.driver.child_lock": True}


def test_auto_close_on_lock_all_windows() -> None:
    world = World()
    assert call(world, "set_auto_close_on_lock", window="all", enabled=1)["success"]
    assert world.diff() == {f"window.{w}.auto_close_on_lock": True for w in ALL}


def test_unknown_parameter_is_refused() -> None:
    world = World()
    result = call(world, "set_auto_close_on_lock", window="all", enabled=True, bogus_param=1)
    assert not result["success"]
    assert world.diff() == {}
