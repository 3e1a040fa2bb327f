"""The door module: lock, open (refused while locked) and open-door warning."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

LOCK = "carcontrol_door_set_locked"
OPEN = "carcontrol_door_set_open"
WARNING = "carcontrol_door_set_open_warning"
ALL = ["driver", "passenger", "rear_left", "rear_right"]
ALL_LOCKED = ((LOCK, {"door": "all", "locked": True}),)

ROWS = [
    # zones, groups and the empty string (the driver's door)
    *(Row(LOCK, {"door": door, "locked": True}, True, {f"door.{d}.is_locked": True for d in targets})
      for door, targets in [("driver", ["driver"]), ("front", ["driver", "passenger"]),
                            ("rear", ["rear_left", "rear_right"]), ("all", ALL), ("", ["driver"])]),
    # truthy values are stored as flags
    *(Row(LOCK, {"door": "all", "locked": raw}, True, {f"door.{d}.is_locked": True for d in ALL})
      for raw in ("true", 1)),
    Row(LOCK, {"door": "all", "locked": False}, True, {}, ALL_LOCKED),
    # unknown doors, and wrong case, are refused by every door API
    *(Row(api, {"door": door, arg: True}, False, {})
      for door in ("Driver", "ALL", "trunk", "left")
      for api, arg in ((LOCK, "locked"), (OPEN, "is_open"), (WARNING, "enabled"))),
    Row(OPEN, {"door": "rear_left", "is_open": True}, True, {"door.rear_left.is_open": True}),
    # a string flag is stored as a flag, and the empty zone means the driver's door
    Row(OPEN, {"door": "", "is_open": "true"}, True, {"door.driver.is_open": True}),
    # opening a locked door is refused; so is opening a group with any door locked
    Row(OPEN, {"door": "", "is_open": True}, False, {f"door.{d}.is_locked": True for d in ALL}, ALL_LOCKED, changes={}),
    Row(OPEN, {"door": "front", "is_open": True}, False, {"door.passenger.is_locked": True},
        ((LOCK, {"door": "passenger", "locked": True}),)),
    # closing a locked door is allowed
    Row(OPEN, {"door": "driver", "is_open": False}, True, {"door.driver.is_locked": True},
        ((OPEN, {"door": "driver", "is_open": True}), (LOCK, {"door": "driver", "locked": True}))),
    # the precondition looks at the raw value's truthiness: "false", a non-empty string, counts as opening
    Row(OPEN, {"door": "driver", "is_open": "false"}, False, {"door.driver.is_locked": True},
        ((LOCK, {"door": "driver", "locked": True}),)),
    Row(WARNING, {"door": "front", "enabled": "true"}, True,
        {"door.driver.open_warning": True, "door.passenger.open_warning": True}),
    Row(WARNING, {"door": "front", "enabled": False}, True, {}, ((WARNING, {"door": "front", "enabled": "true"}),)),
    Row(LOCK, {"door": "all", "locked": True, "bogus_param": 1}, False, {}),
]


@table(ROWS)
def test_door(row: Row) -> None:
    check(row)
