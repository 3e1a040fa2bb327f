"""overheadScreen: brightness 0-5, language and clock format switch the screen on first."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

P = "carcontrol_overheadScreen_"
BRIGHTNESS, LANGUAGE, TIME_FORMAT, SWITCH = (P + "set_brightness_level", P + "set_language", P + "set_time_format",
                                             P + "switch")
ON = {"overheadScreen.is_on": True}

ROWS = [
    # brightness 0 (the default) to 5; a refused level, out of range or of the wrong type, still switches on
    Row(BRIGHTNESS, {"level": 0}, True, ON, state={"overheadScreen.brightness_level": 0}),
    *(Row(BRIGHTNESS, {"level": level}, True, {"overheadScreen.brightness_level": level, **ON}) for level in (3, 5)),
    *(Row(BRIGHTNESS, {"level": bad}, False, ON) for bad in (-1, 6, 3.5, "3")),
    Row(BRIGHTNESS, {"level": 3, "bogus_param": 1}, False, {}),
    # English and Chinese (the default), exact case
    Row(LANGUAGE, {"language": "English"}, True, {"overheadScreen.language": "English", **ON}),
    Row(LANGUAGE, {"language": "Chinese"}, True, ON, ((LANGUAGE, {"language": "English"}),)),
    *(Row(LANGUAGE, {"language": bad}, False, ON) for bad in ("english", "CHINESE", "")),
    # 12h, then back to 24h (the default)
    Row(TIME_FORMAT, {"time_format": "12h"}, True, {"overheadScreen.time_format": "12h", **ON}),
    Row(TIME_FORMAT, {"time_format": "24h"}, True, ON, ((TIME_FORMAT, {"time_format": "12h"}),),
        state={"overheadScreen.time_format": "24h"}),
    *(Row(TIME_FORMAT, {"time_format": bad}, False, ON) for bad in ("12H", "12", "am/pm")),
    Row(SWITCH, {"switch": True}, True, ON),
    Row(SWITCH, {"switch": False}, True, {}, ((SWITCH, {"switch": True}),), state={"overheadScreen.is_on": False}),
    *(Row(SWITCH, {"switch": raw}, True, ON) for raw in ("true", 1)),
    # switching off after a refused level (which switched the screen on) turns it off
    Row(SWITCH, {"switch": False}, True, {}, ((BRIGHTNESS, {"level": 40}),)),
]


@table(ROWS)
def test_overhead_screen(row: Row) -> None:
    check(row)
