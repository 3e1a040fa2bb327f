"""The light module: switches, low beam level, ambient colour and reading lights."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

L = "carcontrol_light_"
AMBIENT, LOW_BEAM = L + "set_ambient_color", L + "set_low_beam_level"
READING, READING_BRIGHTNESS = L + "set_reading_light", L + "set_reading_light_brightness"
SWITCHES = {
    L + "set_fog_light": "light.fog_light.is_on",
    L + "set_high_beam": "light.high_beam.is_on",
    L + "set_low_beam_enabled": "light.low_beam.is_on",
    L + "set_daytime_running": "light.daytime_running.is_on",
    L + "set_left_turn": "light.left_turn.is_on",
    L + "set_right_turn": "light.right_turn.is_on",
    L + "set_auto_headlight": "light.auto_headlight.is_on",
    L + "set_hazard": "light.hazard.is_on",
    L + "set_position": "light.position.is_on",
    L + "set_tail": "light.tail.is_on",
    L + "set_ambient_enabled": "light.ambient.is_on",
}
SEATS = ["driver", "passenger", "rear_left", "rear_right"]
AMBIENT_ON = {"light.ambient.is_on": True}
LOW_BEAM_ON = {"light.low_beam.is_on": True}


def lamps(*seats: str, brightness: int | None = None) -> dict[str, object]:
    """The reading lights of ``seats`` on (at ``brightness`` when given)."""
    out: dict[str, object] = {}
    for seat in seats:
        if brightness is not None:
            out[f"light.reading_light.{seat}.brightness"] = brightness
        out[f"light.reading_light.{seat}.is_on"] = True
    return out


ROWS = [
    # every switch on and off; stored as bool(raw): even the string "false" switches the light on
    *(row for api, leaf in SWITCHES.items() for row in (
        Row(api, {"enabled": True}, True, {leaf: True}),
        Row(api, {"enabled": False}, True, {}, ((api, {"enabled": True}),)),
        *(Row(api, {"enabled": raw}, True, {leaf: True}) for raw in ("true", 1, "false")),
    )),
    Row(L + "set_hazard", {"enabled": 0}, True, {}, ((L + "set_hazard", {"enabled": True}),),
        state={"light.hazard.is_on": False}),
    Row(L + "set_tail", {"enabled": True, "bogus_param": 1}, False, {}),
    Row(L + "set_tail", {}, False, {}),
    # a colour switches the ambient light on ("orange" is the default); a refused one still does
    Row(AMBIENT, {"color": "blue"}, True, {"light.ambient.color": "blue", **AMBIENT_ON}),
    *(Row(AMBIENT, {"color": color}, True, {"light.ambient.color": color, **AMBIENT_ON})
      for color in ("red", "yellow", "green", "cyan", "purple", "white", "pink")),
    Row(AMBIENT, {"color": "orange"}, True, AMBIENT_ON, state={"light.ambient.color": "orange"}),
    *(Row(AMBIENT, {"color": bad}, False, AMBIENT_ON, changes=AMBIENT_ON) for bad in ("Blue", "BLUE", "", "magenta", "2D")),
    # a low beam level switches the low beam on ("lowest" is the default); a refused one still does
    *(Row(LOW_BEAM, {"level": level}, True, {**LOW_BEAM_ON, "light.low_beam.level": level})
      for level in ("low", "medium", "high", "highest")),
    Row(LOW_BEAM, {"level": "lowest"}, True, LOW_BEAM_ON, state={"light.low_beam.level": "lowest"}),
    *(Row(LOW_BEAM, {"level": bad}, False, LOW_BEAM_ON) for bad in ("Highest", "max", "purple", "")),
    # reading lights: one seat, the groups and the empty string (the driver's)
    Row(READING, {"light": "passenger", "enabled": True}, True, lamps("passenger")),
    *(Row(READING, {"light": light, "enabled": "true"}, True, lamps(*lit))
      for light, lit in (("front", SEATS[:2]), ("rear", SEATS[2:]), ("all", SEATS), ("", ["driver"]))),
    *(Row(READING, {"light": bad, "enabled": True}, False, {}) for bad in ("Driver", "left", "rear-left", "windshield")),
    # a brightness switches the lamp on (1 to 10, 1 the default); a refused one does not
    Row(READING_BRIGHTNESS, {"light": "driver", "brightness": 9}, True, lamps("driver", brightness=9)),
    Row(READING_BRIGHTNESS, {"light": "rear_right", "brightness": 1}, True, lamps("rear_right"),
        state={"light.reading_light.rear_right.brightness": 1}),
    Row(READING_BRIGHTNESS, {"light": "rear_right", "brightness": 10}, True, lamps("rear_right", brightness=10)),
    *(Row(READING_BRIGHTNESS, {"light": "driver", "brightness": bad}, False, {}) for bad in (0, 11, -5, 3.5, "5")),
    Row(READING_BRIGHTNESS, {"light": "front", "brightness": 10}, True, lamps(*SEATS[:2], brightness=10)),
    Row(READING_BRIGHTNESS, {"light": "All", "brightness": 5}, False, {}),
]


@table(ROWS)
def test_light(row: Row) -> None:
    check(row)
