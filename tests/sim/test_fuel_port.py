"""fuelPort: locked by default; opening needs it unlocked first."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

OPEN = "carcontrol_fuelPort_set_open"
LOCK = "carcontrol_fuelPort_set_locked"
UNLOCKED = ((LOCK, {"locked": False}),)

ROWS = [
    # opening a locked fuel door is refused, whatever truthy value asks for it
    *(Row(OPEN, {"open_state": raw}, False, {}) for raw in (True, "true", 1)),
    # closing is always accepted
    Row(OPEN, {"open_state": False}, True, {}),
    Row(LOCK, {"locked": False}, True, {"fuelPort.is_locked": False}),
    # unlocked, it opens, and the flag is stored as a flag
    *(Row(OPEN, {"open_state": raw}, True, {"fuelPort.is_locked": False, "fuelPort.is_open": True}, UNLOCKED)
      for raw in (True, "true", 1)),
    # locking again stores a flag (the default's: no difference left)
    *(Row(LOCK, {"locked": raw}, True, {}, UNLOCKED, state={"fuelPort.is_locked": True}) for raw in ("true", 1)),
    # locking does not close an open door
    Row(LOCK, {"locked": True}, True, {"fuelPort.is_open": True}, (*UNLOCKED, (OPEN, {"open_state": 1}))),
]


@table(ROWS)
def test_fuel_port(row: Row) -> None:
    check(row)
