"""sunshade module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "sunshade",
    "sunshade.",
    defaults={'front.auto_close_on_lock': False, 'front.is_open': False, 'front.open_degree': 'close', 'rear.auto_close_on_lock': False, 'rear.is_open': False, 'rear.open_degree': 'close'},
    power_leaf=None,
)


@MODULE.api(
    "set_auto_close_on_lock.",
    sunshade=Zone(groups=zones(['front', 'rear'], all=['front', 'rear'])),
    enabled=Bool(),
)
def set_auto_close_on_lock(car: ModuleState, sunshade, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_open.",
    sunshade=Zone(groups=zones(['front', 'rear'], all=['front', 'rear'])),
    is_open=Bool(),
)
def set_open(car: ModuleState, sunshade, is_open) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_open_degree.",
    sunshade=Zone(groups=zones(['front', 'rear'], all=['front', 'rear'])),
    degree=Str(),
)
def set_open_degree(car: ModuleState, sunshade, degree) -> None:
    raise Refused("not declared yet")
