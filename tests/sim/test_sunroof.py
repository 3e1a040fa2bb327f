"""sunroof: the lock follows the opening degree, and an over-range degree still unlocks it."""

from __future__ import annotations

from fixtures.sim_table import Row, check, table

DEGREE = "carcontrol_sunroof_set_open_degree"
LOCK = "carcontrol_sunroof_set_locked"
LOCKED = ((LOCK, {"locked": True}),)
OPEN_FULLY = ((DEGREE, {"degree": 100}),)

ROWS = [
    Row(DEGREE, {"degree": 33}, True, {"sunroof.open_degree": 33}),
    # the range's edges: 100 is accepted; out of range, fractional or a string is refused and keeps it at 100
    Row(DEGREE, {"degree": 100}, True, {"sunroof.open_degree": 100}),
    *(Row(DEGREE, {"degree": bad}, False, {"sunroof.open_degree": 100}, OPEN_FULLY) for bad in (-1, 101, 3.5, "5")),
    # degree 0 locks it
    Row(DEGREE, {"degree": 0}, True, {"sunroof.is_locked": True}),
    # opening unlocks a locked sunroof, and an over-range degree, refused, still unlocks it
    Row(DEGREE, {"degree": 24}, True, {"sunroof.open_degree": 24}, LOCKED),
    Row(DEGREE, {"degree": 101}, False, {}, LOCKED, state={"sunroof.is_locked": False}),
    # only a number above 0 unlocks before the check: these are refused with the lock kept
    *(Row(DEGREE, {"degree": bad}, False, {"sunroof.is_locked": True}, LOCKED) for bad in ("5", 0.0, -5, None)),
    # the lock stores a flag whatever truthy value it is given
    *(Row(LOCK, {"locked": raw}, True, {"sunroof.is_locked": True}) for raw in (True, "true", 1)),
    # locking does not close an open sunroof
    Row(LOCK, {"locked": True}, True, {"sunroof.open_degree": 28, "sunroof.is_locked": True},
        ((DEGREE, {"degree": 28}),)),
]


@table(ROWS)
def test_sunroof(row: Row) -> None:
    check(row)
