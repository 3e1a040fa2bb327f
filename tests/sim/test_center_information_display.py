"""centerInformationDisplay: every setter switches the screen on, even when it refuses the value."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

CID = "carcontrol_centerInformationDisplay_"
BRIGHTNESS, AUTO, LANGUAGE = CID + "set_brightness", CID + "set_auto_brightness", CID + "set_language"
TIME_FORMAT, POWER = CID + "set_time_format", CID + "set_power"
ON = {"centerInformationDisplay.is_on": True}

ROWS = [
    Row(BRIGHTNESS, {"brightness": 64}, True, {"centerInformationDisplay.brightness": 64, **ON}),
    # the range is 0 to 100 (30 is the default)
    *(Row(BRIGHTNESS, {"brightness": value}, True, {"centerInformationDisplay.brightness": value, **ON})
      for value in (0, 100)),
    # a refused brightness still switches the screen on
    *(Row(BRIGHTNESS, {"brightness": bad}, False, ON, state={"centerInformationDisplay.brightness": 30})
      for bad in (-1, 101, -5, "5", 3.5)),
    # truthy values are stored as flags; false only switches the screen on
    *(Row(AUTO, {"enabled": raw}, True, {"centerInformationDisplay.auto_brightness_enabled": True, **ON})
      for raw in (True, "true", 1)),
    Row(AUTO, {"enabled": False}, True, ON),
    # English (the default) and Chinese only; a refused language still switches the screen on
    Row(LANGUAGE, {"language": "Chinese"}, True, {"centerInformationDisplay.language": "Chinese", **ON}),
    Row(LANGUAGE, {"language": "English"}, True, ON, ((LANGUAGE, {"language": "Chinese"}),),
        state={"centerInformationDisplay.language": "English"}),
    *(Row(LANGUAGE, {"language": bad}, False, ON, state={"centerInformationDisplay.language": "English"})
      for bad in ("chinese", "French", "", "scene", "Home")),
    Row(TIME_FORMAT, {"time_format": "12h"}, True, {"centerInformationDisplay.time_format": "12h", **ON}),
    Row(TIME_FORMAT, {"time_format": "24h"}, True, ON, ((TIME_FORMAT, {"time_format": "12h"}),)),
    *(Row(TIME_FORMAT, {"time_format": bad}, False, ON) for bad in ("24H", "", "auto")),
    *(Row(POWER, {"is_on": raw}, True, ON) for raw in (True, "true", 1)),
    # switching off keeps the other settings
    Row(POWER, {"is_on": False}, True, {"centerInformationDisplay.brightness": 80},
        ((BRIGHTNESS, {"brightness": 80}),)),
    # an unknown parameter is refused before the screen is switched on
    Row(LANGUAGE, {"language": "Chinese", "bogus_param": 1}, False, {}),
]


@table(ROWS)
def test_center_information_display(row: Row) -> None:
    check(row)
