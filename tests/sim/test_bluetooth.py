"""Bluetooth module: connect/disconnect and bool coercion."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

API = "carcontrol_bluetooth_set_connection"

ROWS = [
    Row(API, {"connected": True}, True, {"bluetooth.is_connected": True}, changes={"bluetooth.is_connected": True}),
    Row(API, {"connected": False}, True, {}, ((API, {"connected": True}),)),
    # truthy values are stored as flags
    *(Row(API, {"connected": raw}, True, {"bluetooth.is_connected": True}) for raw in ("true", 1)),
    Row(API, {"connected": True, "bogus_param": 1}, False, {}),
    Row(API, {}, False, {}),
]


@table(ROWS)
def test_bluetooth(row: Row) -> None:
    check(row)
