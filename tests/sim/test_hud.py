"""HUD: brightness and height levels 1-10 switch the display on first; the switch stores its argument as given."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

BRIGHTNESS, HEIGHT, SWITCH = "carcontrol_HUD_set_brightness_level", "carcontrol_HUD_set_height_level", "carcontrol_HUD_switch"
ON = {"HUD.is_on": True}

ROWS = [
    # levels 1 to 10 (5 is the default); a refused level still switches the HUD on, and says so
    *(Row(api, {"level": level}, True, {f"HUD.{leaf}": level, **ON})
      for api, leaf in ((BRIGHTNESS, "brightness_level"), (HEIGHT, "height_level")) for level in (1, 10)),
    Row(HEIGHT, {"level": 5}, True, ON, state={"HUD.height_level": 5}),
    *(Row(api, {"level": bad}, False, ON, changes=ON)
      for api in (BRIGHTNESS, HEIGHT) for bad in (0, 11, -5, 3.5, "5")),
    Row(BRIGHTNESS, {"level": 9, "bogus_param": 1}, False, {}, changes={}),
    # the switch stores its argument as the reference does: "true" and 1 stay a string and an integer
    *(Row(SWITCH, {"switch": raw}, True, {"HUD.is_on": raw}) for raw in (True, "true", 1, "deactivated", 0.5)),
    Row(SWITCH, {"switch": False}, True, {}, ((SWITCH, {"switch": True}),)),
    # a HUD already on (any truthy value) is left as it is by a level
    Row(BRIGHTNESS, {"level": 7}, True, {"HUD.brightness_level": 7, "HUD.is_on": "true"}, ((SWITCH, {"switch": "true"}),),
        changes={"HUD.brightness_level": 7}),
]


@table(ROWS)
def test_hud(row: Row) -> None:
    check(row)
