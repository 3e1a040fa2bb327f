"""steeringWheel module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "steeringWheel",
    "steeringWheel.",
    defaults={'heating_enabled': False, 'heating_level': 0, 'view_display_enabled': False},
    power_leaf=None,
)


@MODULE.api(
    "set_heating_enabled.",
    enabled=Bool(),
)
def set_heating_enabled(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_heating_level.",
    level=Int(),
)
def set_heating_level(car: ModuleState, level) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_view_display_enabled.",
    enabled=Bool(),
)
def set_view_display_enabled(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")
