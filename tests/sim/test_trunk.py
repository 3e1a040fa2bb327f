"""trunk: the open flag follows the degree, and some refused degrees still open it."""

from __future__ import annotations

from vmb.sim import World

TR = "carcontrol_trunk_"


def test_set_open_degree_opens_the_trunk() -> None:
    world = World()
    assert world.call(TR + "set_open_degree", {"degree": 75})["success"] is True
    assert world.diff() == {"trunk.open_degree": 75, "trunk.is_on": True}


def test_degree_range_edges() -> None:
    world = World()
    assert world.call(TR + "set_open_degree", {"degree": 100})["success"] is True
    assert world.flat()["trunk.open_degree"] == 100
    assert world.call(TR + "set_open_degree", {"degree": 0})["success"] is True
    assert world.diff() == {}


def test_too_large_or_fractional_degree_is_refused_but_opens_the_trunk() -> None:
    for bad in (101, 200, 3.5):
        world = World()
        assert world.call(TR + "set_open_degree", {"degree": bad})["success"] is False
        assert world.diff() == {"trunk.is_on": True}


def test_negative_or_string_degree_is_refused_before_opening() -> None:
    # 0.0 is not above 0, so the reference validates (and refuses) it before opening anything.
    for bad in (-1, -5, "5", 0.0, -0.5, None):
        world = World()
        assert world.call(TR + "set_open_degree", {"degree": bad})["success"] is False
        assert world.diff() == {}


def test_switch_coerces_flag() -> None:
    for raw in (True, "true", 1):
        world = World()
        assert world.call(TR + "switch", {"switch": raw})["success"] is True
        assert world.diff() == {"trunk.is_on": True}
        assert world.flat()["trunk.is_on"] is True


def test_switch_off_keeps_the_degree() -> None:
    world = World()
    world.call(TR + "set_open_degree", {"degree": 10})
    assert world.call(TR + "switch", {"switch": False})["success"] is True
    assert world.diff() == {"trunk.open_degree": 10}


def test_unknown_parameter_is_refused_without_opening() -> None:
    world = World()
    assert world.call(TR + "set_open_degree", {"degree": 200, "bogus_param": 1})["success"] is False
    assert world.diff() == {}
