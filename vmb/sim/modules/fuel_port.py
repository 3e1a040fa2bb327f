"""Fuel port (filler door): lock and open state."""

from vmb.sim.spec import Bool, Module, Refused
from vmb.sim.state import ModuleState

MODULE = Module(
    "fuelPort",
    "Fuel filler door: lock or unlock it, open or close it. It must be unlocked before it can open.",
    defaults={"is_locked": True, "is_open": False},
)


@MODULE.api(
    "Lock or unlock the fuel filler door (locking does not close an open door).",
    locked=Bool(description="True to lock the fuel door, false to unlock it."),
)
def set_locked(car: ModuleState, locked: bool) -> None:
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("is_locked", bool(locked))


@MODULE.api(
    "Open or close the fuel filler door; opening is refused while the door is locked.",
    open_state=Bool(description="True to open the fuel door, false to close it."),
)
def set_open(car: ModuleState, open_state: bool) -> None:
    # Precondition from the reference: a locked fuel door cannot be opened (closing is always allowed).
    if open_state and car.get("is_locked"):
        raise Refused("the fuel door is locked; unlock it first")
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("is_open", bool(open_state))
