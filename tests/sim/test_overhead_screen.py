"""overheadScreen: brightness 0-5, language and clock format switch the screen on first."""

from vmb.sim import World

P = "carcontrol_overheadScreen_"


def test_brightness_accepted_at_both_edges_and_switches_on() -> None:
    for level in (0, 5):
        world = World()
        result = world.call(P + "set_brightness_level", {"level": level})
        assert result["success"] is True
        assert world.flat()["overheadScreen.brightness_level"] == level
        assert world.flat()["overheadScreen.is_on"] is True


def test_brightness_mid_value_is_stored() -> None:
    world = World()
    assert world.call(P + "set_brightness_level", {"level": 3})["success"] is True
    assert world.diff() == {"overheadScreen.brightness_level": 3, "overheadScreen.is_on": True}


def test_brightness_out_of_range_is_refused_but_screen_stays_on() -> None:
    for level in (-1, 6):
        world = World()
        assert world.call(P + "set_brightness_level", {"level": level})["success"] is False
        assert world.diff() == {"overheadScreen.is_on": True}


def test_brightness_wrong_types_are_refused_but_screen_stays_on() -> None:
    for level in (3.5, "3"):
        world = World()
        assert world.call(P + "set_brightness_level", {"level": level})["success"] is False
        assert world.diff() == {"overheadScreen.is_on": True}


def test_unknown_parameter_is_refused_without_switching_on() -> None:
    world = World()
    assert world.call(P + "set_brightness_level", {"level": 3, "bogus_param": 1})["success"] is False
    assert world.diff() == {}


def test_language_english_and_chinese() -> None:
    world = World()
    assert world.call(P + "set_language", {"language": "English"})["success"] is True
    assert world.diff() == {"overheadScreen.language": "English", "overheadScreen.is_on": True}
    assert world.call(P + "set_language", {"language": "Chinese"})["success"] is True
    assert world.diff() == {"overheadScreen.is_on": True}


def test_language_wrong_case_or_empty_is_refused_but_switches_on() -> None:
    for language in ("english", "CHINESE", ""):
        world = World()
        assert world.call(P + "set_language", {"language": language})["success"] is False
        assert world.diff() == {"overheadScreen.is_on": True}


def test_time_format_12h_then_24h() -> None:
    world = World()
    assert world.call(P + "set_time_format", {"time_format": "12h"})["success"] is True
    assert world.flat()["overheadScreen.time_format"] == "12h"
    assert world.call(P + "set_time_format", {"time_format": "24h"})["success"] is True
    assert world.flat()["overheadScreen.time_format"] == "24h"


def test_time_format_unknown_or_wrong_case_is_refused_but_switches_on() -> None:
    for fmt in ("12H", "12", "am/pm"):
        world = World()
        assert world.call(P + "set_time_format", {"time_format": fmt})["success"] is False
        assert world.diff() == {"overheadScreen.is_on": True}


def test_switch_on_and_off() -> None:
    world = World()
    assert world.call(P + "switch", {"switch": True})["success"] is True
    assert world.flat()["overheadScreen.is_on"] is True
    assert world.call(P + "switch", {"switch": False})["success"] is True
    assert world.flat()["overheadScreen.is_on"] is False


def test_switch_converts_truthy_values_to_true() -> None:
    for value in ("true", 1):
        world = World()
        assert world.call(P + "switch", {"switch": value})["success"] is True
        assert world.flat()["overheadScreen.is_on"] is True


def test_switch_off_after_a_refused_call_turns_the_screen_off() -> None:
    world = World()
    world.call(P + "set_brightness_level", {"level": 40})
    world.call(P + "switch", {"switch": False})
    assert world.diff() == {}
