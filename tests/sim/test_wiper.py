"""The wiper module: on/off and speed."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

SWITCH = "carcontrol_wiper_set_open"
SPEED = "carcontrol_wiper_set_speed"

ROWS = [
    # zones, groups and the empty string (the front wiper)
    *(Row(SWITCH, {"wiper": wiper, "is_on": True}, True, {f"wiper.{w}.is_on": True for w in targets})
      for wiper, targets in [("front", ["front"]), ("rear", ["rear"]), ("all", ["front", "rear"]), ("", ["front"])]),
    # a string flag is stored as a flag
    Row(SWITCH, {"wiper": "front", "is_on": "true"}, True, {"wiper.front.is_on": True}),
    Row(SWITCH, {"wiper": "all", "is_on": False}, True, {}, ((SWITCH, {"wiper": "all", "is_on": True}),)),
    # unknown wipers, and wrong case, are refused by both APIs
    *(Row(api, {"wiper": wiper, **args}, False, {})
      for wiper in ("Front", "ALL", "driver", "windshield")
      for api, args in ((SWITCH, {"is_on": True}), (SPEED, {"speed": 2}))),
    # a speed switches the wiper on; the empty string means the front wiper
    Row(SPEED, {"wiper": "all", "speed": 4}, True,
        {"wiper.front.is_on": True, "wiper.front.speed": 4, "wiper.rear.is_on": True, "wiper.rear.speed": 4}),
    Row(SPEED, {"wiper": "", "speed": 2}, True, {"wiper.front.is_on": True, "wiper.front.speed": 2}),
    # the range's edges are accepted (1 is the default speed)
    Row(SPEED, {"wiper": "rear", "speed": 1}, True, {"wiper.rear.is_on": True}, state={"wiper.rear.speed": 1}),
    Row(SPEED, {"wiper": "rear", "speed": 5}, True, {"wiper.rear.is_on": True, "wiper.rear.speed": 5}),
    # a refused speed does not switch the wiper on
    *(Row(SPEED, {"wiper": "front", "speed": bad}, False, {}) for bad in (0, 6, -5, 3.5, "5")),
    Row(SPEED, {"wiper": "front", "speed": 2, "bogus_param": 1}, False, {}),
]


@table(ROWS)
def test_wiper(row: Row) -> None:
    check(row)
