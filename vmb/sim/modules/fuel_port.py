"""fuelPort module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "fuelPort",
    "fuelPort.",
    defaults={'is_locked': True, 'is_open': False},
    power_leaf=None,
)


@MODULE.api(
    "set_locked.",
    locked=Bool(),
)
def set_locked(car: ModuleState, locked) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_open.",
    open_state=Bool(),
)
def set_open(car: ModuleState, open_state) -> None:
    raise Refused("not declared yet")
