"""Steering wheel module: heating on/off and level, view display, and the power-on quirk."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

HEATING = "carcontrol_steeringWheel_set_heating_enabled"
LEVEL = "carcontrol_steeringWheel_set_heating_level"
VIEW = "carcontrol_steeringWheel_set_view_display_enabled"
ON = {"steeringWheel.heating_enabled": True}

ROWS = [
    Row(HEATING, {"enabled": True}, True, ON),
    Row(HEATING, {"enabled": False}, True, {}, ((HEATING, {"enabled": True}),)),
    # truthy values are stored as flags
    *(Row(HEATING, {"enabled": raw}, True, ON) for raw in ("true", 1)),
    # a level switches heating on: both leaves, the switch first
    Row(LEVEL, {"level": 5}, True, {"steeringWheel.heating_level": 5, **ON},
        changes={**ON, "steeringWheel.heating_level": 5}),
    # the range is 0 to 10 (0 is the default level)
    Row(LEVEL, {"level": 10}, True, {"steeringWheel.heating_level": 10, **ON}),
    Row(LEVEL, {"level": 0}, True, ON, ((LEVEL, {"level": 10}),), state={"steeringWheel.heating_level": 0}),
    *(Row(LEVEL, {"level": bad}, False, {"steeringWheel.heating_level": 10, **ON}, ((LEVEL, {"level": 10}),))
      for bad in (11, -1)),
    # a refused level still switches heating on, and says so
    *(Row(LEVEL, {"level": bad}, False, ON, changes=ON) for bad in (11, -1, -5, 200, "5", 3.5)),
    # an unknown parameter is refused before the power-on
    Row(LEVEL, {"level": 5, "bogus_param": 1}, False, {}, changes={}),
    # turning heating off keeps the level
    Row(HEATING, {"enabled": False}, True, {"steeringWheel.heating_level": 3}, ((LEVEL, {"level": 3}),)),
    Row(VIEW, {"enabled": True}, True, {"steeringWheel.view_display_enabled": True}),
    Row(VIEW, {"enabled": False}, True, {}, ((VIEW, {"enabled": True}),)),
    *(Row(VIEW, {"enabled": raw}, True, {"steeringWheel.view_display_enabled": True}) for raw in ("true", 1)),
]


@table(ROWS)
def test_steering_wheel(row: Row) -> None:
    check(row)
