"""instrumentPanel: always-on cluster; enums and ranges with no power side effects."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

IP = "carcontrol_instrumentPanel_"
BRIGHTNESS, AUTO, COLOR, BEHAVIOR = IP + "set_brightness", IP + "set_auto_brightness", IP + "set_color", IP + "set_behavior_mode"
LANGUAGE, THEME, TIME_FORMAT, MILEAGE = IP + "set_language", IP + "set_theme", IP + "set_time_format", IP + "set_total_mileage"
GREEN = ((COLOR, {"color": "green"}),)
TWELVE = ((TIME_FORMAT, {"time_format": "12h"}),)
FAR = ((MILEAGE, {"mileage": 250000}),)

ROWS = [
    # brightness 1 to 5 (3 is the default)
    *(Row(BRIGHTNESS, {"brightness": value}, True, {"instrumentPanel.brightness": value}) for value in (1, 5)),
    *(Row(BRIGHTNESS, {"brightness": bad}, False, {}) for bad in (0, 6, "5", 3.5)),
    *(Row(AUTO, {"enabled": raw}, True, {"instrumentPanel.auto_brightness_enabled": True}) for raw in (True, "true", 1)),
    Row(AUTO, {"enabled": False}, True, {}, state={"instrumentPanel.auto_brightness_enabled": False}),
    Row(COLOR, {"color": "green"}, True, {"instrumentPanel.color": "green"}),
    *(Row(COLOR, {"color": bad}, False, {"instrumentPanel.color": "green"}, GREEN) for bad in ("Green", "cyan", "auto", "")),
    # constant (the default), blink and off: members the shared records never showed accepted, the reference has them
    Row(BEHAVIOR, {"mode": "constant"}, True, {}),
    *(Row(BEHAVIOR, {"mode": bad}, False, {}) for bad in ("Constant", "sport", "", "Off", None)),
    Row(BEHAVIOR, {"mode": "blink"}, True, {"instrumentPanel.behavior_mode": "blink"}),
    Row(BEHAVIOR, {"mode": "off"}, True, {"instrumentPanel.behavior_mode": "off"}, ((BEHAVIOR, {"mode": "blink"}),)),
    # English (the default) and Chinese
    Row(LANGUAGE, {"language": "Chinese"}, True, {"instrumentPanel.language": "Chinese"}),
    *(Row(LANGUAGE, {"language": bad}, False, {}) for bad in ("chinese", "")),
    Row(LANGUAGE, {"language": "English"}, True, {}, ((LANGUAGE, {"language": "Chinese"}),)),
    # scene (the default) and map
    Row(THEME, {"theme": "map"}, True, {"instrumentPanel.theme": "map"}),
    *(Row(THEME, {"theme": bad}, False, {}) for bad in ("Map", "", "constant")),
    Row(THEME, {"theme": "scene"}, True, {}, ((THEME, {"theme": "map"}),)),
    Row(TIME_FORMAT, {"time_format": "12h"}, True, {"instrumentPanel.time_format": "12h"}),
    Row(TIME_FORMAT, {"time_format": "12H"}, False, {"instrumentPanel.time_format": "12h"}, TWELVE),
    # total mileage: at least 1 (the default), no upper bound, and it may go down
    Row(MILEAGE, {"mileage": 1}, True, {}, state={"instrumentPanel.total_mileage": 1}),
    Row(MILEAGE, {"mileage": 250000}, True, {"instrumentPanel.total_mileage": 250000}),
    *(Row(MILEAGE, {"mileage": bad}, False, {"instrumentPanel.total_mileage": 250000}, FAR) for bad in (0, -5, 3.5, "10")),
    Row(MILEAGE, {"mileage": 15}, True, {"instrumentPanel.total_mileage": 15}, ((MILEAGE, {"mileage": 20}),)),
]


@table(ROWS)
def test_instrument_panel(row: Row) -> None:
    check(row)
