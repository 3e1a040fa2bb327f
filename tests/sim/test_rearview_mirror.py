"""rearviewMirror: per-side settings; accepted calls switch the targeted mirror(s) on."""

from __future__ import annotations

from vmb.sim import World

RM = "carcontrol_rearviewMirror_"


def test_height_position_on_one_side_switches_that_mirror_on() -> None:
    world = World()
    assert world.call(RM + "set_height_position", {"side": "left", "value": 66})["success"] is True
    assert world.diff() == {"rearviewMirror.left.height_position": 66, "rearviewMirror.left.is_on": True}


def test_both_targets_left_and_right() -> None:
    world = World()
    assert world.call(RM + "set_horizontal_position", {"side": "both", "value": 84})["success"] is True
    assert world.diff() == {
        "rearviewMirror.left.horizontal_position": 84,
        "rearviewMirror.left.is_on": True,
        "rearviewMirror.right.horizontal_position": 84,
        "rearviewMirror.right.is_on": True,
    }


def test_side_vocabulary_is_left_right_both_only() -> None:
    for bad in ("all", "", "Left", "driver", "front"):
        world = World()
        assert world.call(RM + "set_heating_enabled", {"side": bad, "enabled": True})["success"] is False
        assert world.diff() == {}


def test_position_range_edges() -> None:
    for api in ("set_height_position", "set_horizontal_position"):
        for value in (0, 100):
            world = World()
            assert world.call(RM + api, {"side": "right", "value": value})["success"] is True
        for bad in (-1, 101, 3.5, "5"):
            world = World()
            assert world.call(RM + api, {"side": "right", "value": bad})["success"] is False
            assert world.diff() == {}


def test_refused_value_does_not_switch_the_mirror_on() -> None:
    world = World()
    assert world.call(RM + "set_height_position", {"side": "left", "value": -5})["success"] is False
    assert world.diff() == {}


def test_flags_are_coerced_and_switch_the_mirror_on() -> None:
    for api, leaf in (
        ("set_auto_fold_on_lock", "auto_fold_on_lock"),
        ("set_auto_reverse_tilt", "auto_reverse_tilt"),
        ("set_heating_enabled", "heating_enabled"),
    ):
        for raw in (True, "true", 1):
            world = World()
            assert world.call(RM + api, {"side": "right", "enabled": raw})["success"] is True
            assert world.diff() == {f"rearviewMirror.right.{leaf}": True, "rearviewMirror.right.is_on": True}
            assert world.flat()[f"rearviewMirror.right.{leaf}"] is True


def test_disabling_a_feature_still_switches_the_mirror_on() -> None:
    world = World()
    assert world.call(RM + "set_auto_fold_on_lock", {"side": "both", "enabled": False})["success"] is True
    assert world.diff() == {"rearviewMirror.left.is_on": True, "rearviewMirror.right.is_on": True}


def test_set_power_on_and_off() -> None:
    world = World()
    assert world.call(RM + "set_power", {"side": "right", "is_on": True})["success"] is True
    assert world.diff() == {"rearviewMirror.right.is_on": True}
    assert world.call(RM + "set_power", {"side": "both", "is_on": 1})["success"] is True
    assert world.flat()["rearviewMirror.left.is_on"] is True
    assert world.call(RM + "set_power", {"side": "both", "is_on": False})["success"] is True
    assert world.diff() == {}


def test_set_power_refuses_unknown_side() -> None:
    world = World()
    assert world.call(RM + "set_power", {"side": "all", "is_on": True})["success"] is False
    assert world.diff() == {}
