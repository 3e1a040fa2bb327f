"""bluetooth module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "bluetooth",
    "bluetooth.",
    defaults={'is_connected': False},
    power_leaf=None,
)


@MODULE.api(
    "set_connection.",
    connected=Bool(),
)
def set_connection(car: ModuleState, connected) -> None:
    raise Refused("not declared yet")
