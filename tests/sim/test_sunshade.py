"""The sunshade module: open/close, opening level and close-on-lock."""

from __future__ import annotations

from typing import Any

import pytest

from vmb.sim import World


def call(world: World, action: str, **args: Any) -> dict[str, Any]:
    return world.call(f"carcontrol_sunshade_{action}", args)


@pytest.mark.parametrize(
    "sunshade,targets",
    [("front", ["front"]), ("rear", ["rear"]), ("all", ["front", "rear"]), ("", ["front"])],
)
def test_open_zones_groups_and_empty_string(sunshade: str, targets: list[str]) -> None:
    world = World()
    assert call(world, "set_open", sunshade=sunshade, is_open=True)["success"]
    assert world.diff() == {f"sunshade.{s}.is_open": True for s in targets}


@pytest.mark.parametrize("raw", ["true", 1])
def test_open_converts_truthy_values(raw: Any) -> None:
    world = World()
    assert call(world, "set_open", sunshade="front", is_open=raw)["success"]
    assert world.flat()["sunshade.front.is_open"] is True


def test_close() -> None:
    world = World()
    call(world, "set_open", sunshade="all", is_open=True)
    assert call(world, "set_open", sunshade="all", is_open=False)["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("sunshade", ["Front", "ALL", "driver", "roof"])
def test_unknown_sunshade_is_refused(sunshade: str) -> None:
    world = World()
    assert not call(world, "set_open", sunshade=sunshade, is_open=True)["success"]
    assert not call(world, "set_open_degree", sunshade=sunshade, degree="low")["success"]
    assert not call(world, "set_auto_close_on_lock", sunshade=sunshade, enabled=True)["success"]
    assert world.diff() == {}


def test_open_degree_opens_the_sunshade() -> None:
    world = World()
    assert call(world, "set_open_degree", sunshade="all", degree="low")["success"]
    assert world.diff() == {
        "sunshade.front.is_open": True,
        "sunshade.front.open_degree": "low",
        "sunshade.rear.is_open": True,
        "sunshade.rear.open_degree": "low",
    }


@pytest.mark.parametrize("degree", ["min", "low", "medium", "high", "max"])
def test_open_degree_accepts_each_opening_level(degree: str) -> None:
    world = World()
    assert call(world, "set_open_degree", sunshade="rear", degree=degree)["success"]
    assert world.diff() == {"sunshade.rear.is_open": True, "sunshade.rear.open_degree": degree}


def test_open_degree_close_shuts_the_sunshade() -> None:
    world = World()
    call(world, "set_open_degree", sunshade="front", degree="max")
    assert call(world, "set_open_degree", sunshade="front", degree="close")["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("degree", ["Low", "LOW", "open", "", "half"])
def test_open_degree_refuses_unknown_levels(degree: str) -> None:
    world = World()
    assert not call(world, "set_open_degree", sunshade="front", degree=degree)["success"]
    assert world.diff() == {}


@pytest.mark.parametrize("sunshade", ["front", "rear", "all", ""])
def test_auto_close_on_lock_always_applies_to_both_sunshades(sunshade: str) -> None:
    world = World()
    assert call(world, "set_auto_close_on_lock", sunshade=sunshade, enabled="true")["success"]
    assert world.diff() == {
        "sunshade.front.auto_close_on_lock": True,
        "sunshade.rear.auto_close_on_lock": True,
    }
    assert call(world, "set_auto_close_on_lock", sunshade="front", enabled=False)["success"]
    assert world.diff() == {}


def test_unknown_parameter_is_refused() -> None:
    world = World()
    assert not call(world, "set_open", sunshade="", is_open=False, bogus_param=1)["success"]
    assert world.diff() == {}
