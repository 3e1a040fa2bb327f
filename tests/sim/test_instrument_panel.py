"""instrumentPanel: always-on cluster; enums and ranges with no power side effects."""

from __future__ import annotations

from vmb.sim import World

IP = "carcontrol_instrumentPanel_"


def test_set_brightness_range_1_to_5() -> None:
    for value in (1, 5):
        world = World()
        assert world.call(IP + "set_brightness", {"brightness": value})["success"] is True
        assert world.flat()["instrumentPanel.brightness"] == value
    for value in (0, 6, "5", 3.5):
        world = World()
        assert world.call(IP + "set_brightness", {"brightness": value})["success"] is False
        assert world.diff() == {}


def test_set_auto_brightness_coerces_flag() -> None:
    for raw in (True, "true", 1):
        world = World()
        assert world.call(IP + "set_auto_brightness", {"enabled": raw})["success"] is True
        assert world.diff() == {"instrumentPanel.auto_brightness_enabled": True}
        assert world.flat()["instrumentPanel.auto_brightness_enabled"] is True
    world = World()
    assert world.call(IP + "set_auto_brightness", {"enabled": False})["success"] is True
    assert world.diff() == {}


def test_set_color() -> None:
    world = World()
    assert world.call(IP + "set_color", {"color": "green"})["success"] is True
    assert world.diff() == {"instrumentPanel.color": "green"}
    for bad in ("Green", "cyan", "auto", ""):
        assert world.call(IP + "set_color", {"color": bad})["success"] is False
    assert world.diff() == {"instrumentPanel.color": "green"}


def test_set_behavior_mode_constant_blink_off() -> None:
    world = World()
    assert world.call(IP + "set_behavior_mode", {"mode": "constant"})["success"] is True
    for bad in ("Constant", "sport", "", "Off", None):
        assert world.call(IP + "set_behavior_mode", {"mode": bad})["success"] is False
    assert world.diff() == {}
    # blink and off are members the shared records never showed accepted; the reference has them.
    assert world.call(IP + "set_behavior_mode", {"mode": "blink"})["success"] is True
    assert world.call(IP + "set_behavior_mode", {"mode": "off"})["success"] is True
    assert world.diff() == {"instrumentPanel.behavior_mode": "off"}


def test_set_language() -> None:
    world = World()
    assert world.call(IP + "set_language", {"language": "Chinese"})["success"] is True
    assert world.diff() == {"instrumentPanel.language": "Chinese"}
    assert world.call(IP + "set_language", {"language": "chinese"})["success"] is False
    assert world.call(IP + "set_language", {"language": ""})["success"] is False
    assert world.call(IP + "set_language", {"language": "English"})["success"] is True
    assert world.diff() == {}


def test_set_theme() -> None:
    world = World()
    assert world.call(IP + "set_theme", {"theme": "map"})["success"] is True
    assert world.diff() == {"instrumentPanel.theme": "map"}
    for bad in ("Map", "", "constant"):
        assert world.call(IP + "set_theme", {"theme": bad})["success"] is False
    assert world.call(IP + "set_theme", {"theme": "scene"})["success"] is True
    assert world.diff() == {}


def test_set_time_format() -> None:
    world = World()
    assert world.call(IP + "set_time_format", {"time_format": "12h"})["success"] is True
    assert world.diff() == {"instrumentPanel.time_format": "12h"}
    assert world.call(IP + "set_time_format", {"time_format": "12H"})["success"] is False
    assert world.diff() == {"instrumentPanel.time_format": "12h"}


def test_set_total_mileage_minimum_1_and_no_upper_bound() -> None:
    world = World()
    assert world.call(IP + "set_total_mileage", {"mileage": 1})["success"] is True
    assert world.call(IP + "set_total_mileage", {"mileage": 250000})["success"] is True
    assert world.flat()["instrumentPanel.total_mileage"] == 250000
    for bad in (0, -5, 3.5, "10"):
        assert world.call(IP + "set_total_mileage", {"mileage": bad})["success"] is False
    assert world.flat()["instrumentPanel.total_mileage"] == 250000


def test_total_mileage_may_go_down() -> None:
    world = World()
    world.call(IP + "set_total_mileage", {"mileage": 20})
    assert world.call(IP + "set_total_mileage", {"mileage": 15})["success"] is True
    assert world.diff() == {"instrumentPanel.total_mileage": 15}
