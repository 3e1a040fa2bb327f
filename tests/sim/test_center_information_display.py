"""centerInformationDisplay: every setter switches the screen on, even when it refuses the value."""

from __future__ import annotations

from vmb.sim import World

CID = "carcontrol_centerInformationDisplay_"


def test_set_brightness_stores_value_and_switches_on() -> None:
    world = World()
    result = world.call(CID + "set_brightness", {"brightness": 64})
    assert result["success"] is True
    assert world.diff() == {"centerInformationDisplay.brightness": 64, "centerInformationDisplay.is_on": True}


def test_set_brightness_range_edges() -> None:
    for value in (0, 100):
        world = World()
        assert world.call(CID + "set_brightness", {"brightness": value})["success"] is True
        assert world.flat()["centerInformationDisplay.brightness"] == value
    for value in (-1, 101):
        world = World()
        assert world.call(CID + "set_brightness", {"brightness": value})["success"] is False
        assert world.flat()["centerInformationDisplay.brightness"] == 30


def test_refused_brightness_still_switches_display_on() -> None:
    for bad in (-5, 101, "5", 3.5):
        world = World()
        result = world.call(CID + "set_brightness", {"brightness": bad})
        assert result["success"] is False
        assert world.diff() == {"centerInformationDisplay.is_on": True}


def test_set_auto_brightness_coerces_flag_and_switches_on() -> None:
    for raw in (True, "true", 1):
        world = World()
        assert world.call(CID + "set_auto_brightness", {"enabled": raw})["success"] is True
        assert world.diff() == {
            "centerInformationDisplay.auto_brightness_enabled": True,
            "centerInformationDisplay.is_on": True,
        }


def test_set_auto_brightness_false_only_switches_on() -> None:
    world = World()
    assert world.call(CID + "set_auto_brightness", {"enabled": False})["success"] is True
    assert world.diff() == {"centerInformationDisplay.is_on": True}


def test_set_language_accepts_english_and_chinese_only() -> None:
    world = World()
    assert world.call(CID + "set_language", {"language": "Chinese"})["success"] is True
    assert world.flat()["centerInformationDisplay.language"] == "Chinese"
    assert world.call(CID + "set_language", {"language": "English"})["success"] is True
    assert world.flat()["centerInformationDisplay.language"] == "English"
    for bad in ("chinese", "French", "", "scene"):
        assert world.call(CID + "set_language", {"language": bad})["success"] is False
    assert world.flat()["centerInformationDisplay.language"] == "English"


def test_refused_language_still_switches_display_on() -> None:
    world = World()
    assert world.call(CID + "set_language", {"language": "Home"})["success"] is False
    assert world.diff() == {"centerInformationDisplay.is_on": True}


def test_set_time_format() -> None:
    world = World()
    assert world.call(CID + "set_time_format", {"time_format": "12h"})["success"] is True
    assert world.diff() == {"centerInformationDisplay.time_format": "12h", "centerInformationDisplay.is_on": True}
    assert world.call(CID + "set_time_format", {"time_format": "24h"})["success"] is True
    assert world.diff() == {"centerInformationDisplay.is_on": True}


def test_refused_time_format_still_switches_display_on() -> None:
    for bad in ("24H", "", "auto"):
        world = World()
        assert world.call(CID + "set_time_format", {"time_format": bad})["success"] is False
        assert world.diff() == {"centerInformationDisplay.is_on": True}


def test_set_power_coerces_flag() -> None:
    for raw in (True, "true", 1):
        world = World()
        assert world.call(CID + "set_power", {"is_on": raw})["success"] is True
        assert world.diff() == {"centerInformationDisplay.is_on": True}
        assert world.flat()["centerInformationDisplay.is_on"] is True


def test_set_power_off_keeps_other_settings() -> None:
    world = World()
    world.call(CID + "set_brightness", {"brightness": 80})
    assert world.call(CID + "set_power", {"is_on": False})["success"] is True
    assert world.diff() == {"centerInformationDisplay.brightness": 80}


def test_unknown_parameter_is_refused_without_switching_on() -> None:
    world = World()
    assert world.call(CID + "set_language", {"language": "Chinese", "bogus_param": 1})["success"] is False
    assert world.diff() == {}
