"""Sunroof: opening degree and lock."""

from vmb.sim.spec import Bool, Int, Module, above_zero, check_now
from vmb.sim.state import ModuleState

MODULE = Module(
    "sunroof",
    "Sunroof glass panel: open it to a given degree, or lock and unlock it.",
    defaults={"is_locked": False, "open_degree": 0},
)

DEGREE = Int(minimum=0, maximum=100, description="Opening in percent, 0-100; 0 closes the sunroof.")


@MODULE.api(
    "Lock or unlock the sunroof (locking does not close an open sunroof).",
    locked=Bool(description="True to lock the sunroof, false to unlock it."),
)
def set_locked(car: ModuleState, locked: bool) -> None:
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("is_locked", bool(locked))


@MODULE.api(
    "Open the sunroof to a degree in percent (0 closed to 100 fully open); unlocks it to open.",
    degree=DEGREE,
    # No declared steps: the effect checks in the reference's order.
    order=(),
)
def set_open_degree(car: ModuleState, degree: int) -> None:
    # Quirk: the reference unlocks the sunroof for any number above 0 before validating it, so 101
    # or 3.5 are refused yet leave it unlocked; -5, 0.0 and "5" are refused with the lock kept.
    if above_zero("degree", degree):
        car.set("is_locked", False)
    check_now(DEGREE, "degree", degree)
    car.set("open_degree", degree)
    # Quirk: the lock follows the degree: closing (0) locks the sunroof.
    if degree == 0:
        car.set("is_locked", True)
