"""sunroof: the lock follows the opening degree, and an over-range degree still unlocks it."""

from __future__ import annotations

from vmb.sim import World

SR = "carcontrol_sunroof_"


def test_set_open_degree() -> None:
    world = World()
    assert world.call(SR + "set_open_degree", {"degree": 33})["success"] is True
    assert world.diff() == {"sunroof.open_degree": 33}


def test_degree_range_edges() -> None:
    world = World()
    assert world.call(SR + "set_open_degree", {"degree": 100})["success"] is True
    assert world.flat()["sunroof.open_degree"] == 100
    for bad in (-1, 101, 3.5, "5"):
        assert world.call(SR + "set_open_degree", {"degree": bad})["success"] is False
    assert world.flat()["sunroof.open_degree"] == 100


def test_degree_zero_locks_the_sunroof() -> None:
    world = World()
    assert world.call(SR + "set_open_degree", {"degree": 0})["success"] is True
    assert world.diff() == {"sunroof.is_locked": True}


def test_opening_unlocks_a_locked_sunroof() -> None:
    world = World()
    world.call(SR + "set_locked", {"locked": True})
    assert world.call(SR + "set_open_degree", {"degree": 24})["success"] is True
    assert world.diff() == {"sunroof.open_degree": 24}


def test_refused_over_range_degree_still_unlocks() -> None:
    world = World()
    world.call(SR + "set_locked", {"locked": True})
    assert world.call(SR + "set_open_degree", {"degree": 101})["success"] is False
    assert world.diff() == {}
    assert world.flat()["sunroof.is_locked"] is False


def test_refused_string_degree_keeps_the_lock() -> None:
    # Only a number above 0 unlocks before the check: 0.0 and -5 are refused with the lock kept.
    for bad in ("5", 0.0, -5, None):
        world = World()
        world.call(SR + "set_locked", {"locked": True})
        assert world.call(SR + "set_open_degree", {"degree": bad})["success"] is False
        assert world.diff() == {"sunroof.is_locked": True}


def test_set_locked_coerces_flag() -> None:
    for raw in (True, "true", 1):
        world = World()
        assert world.call(SR + "set_locked", {"locked": raw})["success"] is True
        assert world.diff() == {"sunroof.is_locked": True}
        assert world.flat()["sunroof.is_locked"] is True


def test_locking_does_not_close_an_open_sunroof() -> None:
    world = World()
    world.call(SR + "set_open_degree", {"degree": 28})
    assert world.call(SR + "set_locked", {"locked": True})["success"] is True
    assert world.diff() == {"sunroof.open_degree": 28, "sunroof.is_locked": True}
