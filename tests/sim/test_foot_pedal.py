"""Foot pedal module: per-position switch, groups, the empty-string quirk and bool coercion."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

API = "carcontrol_footPedal_set_switch"
DRIVER_ON = ((API, {"position": "driver", "switch": True}),)

ROWS = [
    Row(API, {"position": "driver", "switch": True}, True, {"footPedal.driver.is_on": True}),
    Row(API, {"position": "driver", "switch": False}, True, {}, DRIVER_ON),
    Row(API, {"position": "passenger", "switch": True}, True, {"footPedal.passenger.is_on": True}),
    Row(API, {"position": "all", "switch": True}, True,
        {"footPedal.driver.is_on": True, "footPedal.passenger.is_on": True}),
    # the empty position means the driver's pedal
    Row(API, {"position": "", "switch": True}, True, {"footPedal.driver.is_on": True}),
    # unknown positions, and wrong case, are refused
    *(Row(API, {"position": position, "switch": True}, False, {})
      for position in ("Driver", "ALL", "front", "rear_left", "left")),
    # truthy values are stored as flags
    *(Row(API, {"position": "driver", "switch": raw}, True, {"footPedal.driver.is_on": True}) for raw in ("true", 1)),
    Row(API, {"position": "driver", "switch": True, "bogus_param": 1}, False, {}),
]


@table(ROWS)
def test_foot_pedal(row: Row) -> None:
    check(row)
