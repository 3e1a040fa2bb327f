"""sunroof module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "sunroof",
    "sunroof.",
    defaults={'is_locked': False, 'open_degree': 0},
    power_leaf=None,
)


@MODULE.api(
    "set_locked.",
    locked=Bool(),
)
def set_locked(car: ModuleState, locked) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_open_degree.",
    degree=Int(),
)
def set_open_degree(car: ModuleState, degree) -> None:
    raise Refused("not declared yet")
