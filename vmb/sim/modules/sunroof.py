"""Sunroof: opening degree and lock."""

from vmb.sim.spec import Bool, Int, Module, Refused
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
    # Only the lower bound (which also rejects strings) runs before the effect; see below.
    order=("degree.min",),
)
def set_open_degree(car: ModuleState, degree: int) -> None:
    # Quirk: the reference unlocks the sunroof after the lower-bound check but before the upper-bound
    # and integer checks, so 101 is refused yet leaves the sunroof unlocked. The framework's power
    # step can only switch a leaf on, hence the remaining checks run here.
    car.set("is_locked", False)
    later = dict(DEGREE.checks("degree"))
    for step in ("degree.max", "degree.type"):
        error = later[step](degree)
        if error is not None:
            raise Refused(error)
    car.set("open_degree", degree)
    # Quirk: the lock follows the degree: closing (0) locks the sunroof, any opening leaves it unlocked.
    car.set("is_locked", degree == 0)
