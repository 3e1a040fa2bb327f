"""frontTrunk: the open flag follows the degree; refused degrees change nothing."""

from __future__ import annotations

from vmb.sim import World

FT = "carcontrol_frontTrunk_"


def test_set_open_degree_opens_the_lid() -> None:
    world = World()
    assert world.call(FT + "set_open_degree", {"degree": 40})["success"] is True
    assert world.diff() == {"frontTrunk.open_degree": 40, "frontTrunk.is_on": True}


def test_degree_range_edges() -> None:
    world = World()
    assert world.call(FT + "set_open_degree", {"degree": 100})["success"] is True
    assert world.flat()["frontTrunk.open_degree"] == 100
    assert world.call(FT + "set_open_degree", {"degree": 0})["success"] is True
    assert world.diff() == {}


def test_refused_degrees_leave_the_lid_closed() -> None:
    for bad in (-1, 101, 200, 3.5, "5"):
        world = World()
        assert world.call(FT + "set_open_degree", {"degree": bad})["success"] is False
        assert world.diff() == {}


def test_degree_zero_closes_an_open_lid() -> None:
    world = World()
    world.call(FT + "switch", {"switch": True})
    world.call(FT + "set_open_degree", {"degree": 2})
    assert world.call(FT + "set_open_degree", {"degree": 0})["success"] is True
    assert world.diff() == {}


def test_switch_coerces_flag() -> None:
    for raw in (True, "true", 1):
        world = World()
        assert world.call(FT + "switch", {"switch": raw})["success"] is True
        assert world.diff() == {"frontTrunk.is_on": True}
        assert world.flat()["frontTrunk.is_on"] is True


def test_switch_off_keeps_the_degree() -> None:
    world = World()
    world.call(FT + "set_open_degree", {"degree": 31})
    assert world.call(FT + "switch", {"switch": False})["success"] is True
    assert world.diff() == {"frontTrunk.open_degree": 31}
