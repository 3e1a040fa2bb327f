"""frontTrunk: the open flag follows the degree; refused degrees change nothing."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

DEGREE = "carcontrol_frontTrunk_set_open_degree"
SWITCH = "carcontrol_frontTrunk_switch"

ROWS = [
    Row(DEGREE, {"degree": 40}, True, {"frontTrunk.open_degree": 40, "frontTrunk.is_on": True}),
    # the range's edges: 100 opens the lid, 0 closes it again
    Row(DEGREE, {"degree": 100}, True, {"frontTrunk.open_degree": 100, "frontTrunk.is_on": True}),
    Row(DEGREE, {"degree": 0}, True, {}, before=((DEGREE, {"degree": 100}),)),
    # refused degrees leave the lid closed
    *(Row(DEGREE, {"degree": bad}, False, {}) for bad in (-1, 101, 200, 3.5, "5")),
    # degree 0 closes a lid opened by the switch
    Row(DEGREE, {"degree": 0}, True, {}, before=((SWITCH, {"switch": True}), (DEGREE, {"degree": 2}))),
    # the switch stores a flag whatever truthy value it is given
    *(Row(SWITCH, {"switch": raw}, True, {"frontTrunk.is_on": True}) for raw in (True, "true", 1)),
    # switching off keeps the degree
    Row(SWITCH, {"switch": False}, True, {"frontTrunk.open_degree": 31}, before=((DEGREE, {"degree": 31}),)),
]


@table(ROWS)
def test_front_trunk(row: Row) -> None:
    check(row)
