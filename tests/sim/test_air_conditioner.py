"""airConditioner: four zones; setters switch their zones on only when the call is accepted."""

from __future__ import annotations

from typing import Any

from fixtures.sim_table import Row, check, table

P = "carcontrol_airConditioner_"
TEMPERATURE, FAN, DIRECTION, MODE = P + "set_temperature", P + "set_fan_speed", P + "set_air_direction", P + "set_mode"
CIRCULATION, POWER = P + "set_circulation", P + "set_power"
SEATS = ("driver", "passenger", "rear_left", "rear_right")


def on(leaf: str, value: Any, *seats: str) -> dict[str, Any]:
    """``leaf`` set to ``value`` in each seat's zone, the zone switched on."""
    return {key: v for s in seats for key, v in ((f"airConditioner.{s}.{leaf}", value), (f"airConditioner.{s}.is_on", True))}


ROWS = [
    # zones, groups and the empty string (the driver's zone)
    Row(TEMPERATURE, {"zone": "all", "temperature": 20}, True, on("temperature", 20, *SEATS)),
    Row(TEMPERATURE, {"zone": "front", "temperature": 27}, True, on("temperature", 27, "driver", "passenger")),
    Row(POWER, {"zone": "rear", "is_on": True}, True,
        {"airConditioner.rear_left.is_on": True, "airConditioner.rear_right.is_on": True}),
    Row(FAN, {"zone": "", "speed": 7}, True, on("fan_speed", 7, "driver")),
    # unknown zones, wrong case and a missing zone are refused
    *(Row(TEMPERATURE, {"zone": zone, "temperature": 22}, False, {}) for zone in ("Driver", "ALL", "feet", "left")),
    Row(TEMPERATURE, {"temperature": 22}, False, {}),
    # temperature 15 to 35, whole numbers; a refused value switches nothing on
    *(Row(TEMPERATURE, {"zone": "driver", "temperature": t}, True, on("temperature", t, "driver")) for t in (15, 35)),
    *(Row(TEMPERATURE, {"zone": "all", "temperature": bad}, False, {}) for bad in (14, 36, 22.5, "22")),
    # fan speed 1 to 10
    *(Row(FAN, {"zone": "passenger", "speed": speed}, True, on("fan_speed", speed, "passenger")) for speed in (1, 10)),
    *(Row(FAN, {"zone": "all", "speed": bad}, False, {}) for bad in (0, 11, 3.5, "5")),
    # air directions ("face" is the default)
    Row(DIRECTION, {"zone": "rear_left", "direction": "face"}, True, {"airConditioner.rear_left.is_on": True},
        state={"airConditioner.rear_left.air_direction": "face"}),
    *(Row(DIRECTION, {"zone": "rear_left", "direction": direction}, True, on("air_direction", direction, "rear_left"))
      for direction in ("feet", "window", "face_feet", "face_window", "feet_window", "face_feet_window")),
    *(Row(DIRECTION, {"zone": "driver", "direction": bad}, False, {}) for bad in ("foot", "Face", "windshield", "")),
    # modes ("auto" is the default)
    *(Row(MODE, {"zone": "rear_right", "mode": mode}, True, on("mode", mode, "rear_right"))
      for mode in ("purify", "dehumidify", "defrost", "swing", "defog")),
    Row(MODE, {"zone": "rear_right", "mode": "auto"}, True, {"airConditioner.rear_right.is_on": True},
        state={"airConditioner.rear_right.mode": "auto"}),
    *(Row(MODE, {"zone": "all", "mode": bad}, False, {}) for bad in ("cool", "Auto", "")),
    Row(CIRCULATION, {"zone": "all", "circulation": "outside"}, True, on("circulation", "outside", *SEATS)),
    Row(CIRCULATION, {"zone": "all", "circulation": "Outside"}, False, {}),
    # power off after on; truthy values stored as flags
    Row(POWER, {"zone": "front", "is_on": False}, True,
        {"airConditioner.rear_left.is_on": True, "airConditioner.rear_right.is_on": True},
        ((POWER, {"zone": "all", "is_on": True}),)),
    *(Row(POWER, {"zone": "driver", "is_on": raw}, True, {"airConditioner.driver.is_on": True}) for raw in (1, "true")),
    # a zone already on is left alone: the call reports only its own leaf
    Row(MODE, {"zone": "driver", "mode": "swing"}, True, on("mode", "swing", "driver"),
        ((POWER, {"zone": "driver", "is_on": True}),), changes={"airConditioner.driver.mode": "swing"}),
]


@table(ROWS)
def test_air_conditioner(row: Row) -> None:
    check(row)
