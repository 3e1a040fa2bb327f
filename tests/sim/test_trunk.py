"""trunk: the open flag follows the degree, and some refused degrees still open it."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

DEGREE = "carcontrol_trunk_set_open_degree"
SWITCH = "carcontrol_trunk_switch"

ROWS = [
    Row(DEGREE, {"degree": 75}, True, {"trunk.open_degree": 75, "trunk.is_on": True}),
    # the range's edges: 100 opens it, 0 closes it again
    Row(DEGREE, {"degree": 100}, True, {"trunk.open_degree": 100, "trunk.is_on": True}),
    Row(DEGREE, {"degree": 0}, True, {}, before=((DEGREE, {"degree": 100}),)),
    # too large or fractional: refused, but the trunk is opened first
    *(Row(DEGREE, {"degree": bad}, False, {"trunk.is_on": True}) for bad in (101, 200, 3.5)),
    # negative or a string: refused before opening (0.0 is not above 0, so it is validated, and refused, first)
    *(Row(DEGREE, {"degree": bad}, False, {}) for bad in (-1, -5, "5", 0.0, -0.5, None)),
    # the switch stores a flag whatever truthy value it is given
    *(Row(SWITCH, {"switch": raw}, True, {"trunk.is_on": True}) for raw in (True, "true", 1)),
    # switching off keeps the degree
    Row(SWITCH, {"switch": False}, True, {"trunk.open_degree": 10}, before=((DEGREE, {"degree": 10}),)),
    # an unknown parameter is refused without opening
    Row(DEGREE, {"degree": 200, "bogus_param": 1}, False, {}),
]


@table(ROWS)
def test_trunk(row: Row) -> None:
    check(row)
