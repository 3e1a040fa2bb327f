"""wiper module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "wiper",
    "wiper.",
    defaults={'front.is_on': False, 'front.speed': 1, 'rear.is_on': False, 'rear.speed': 1},
    power_leaf=None,
)


@MODULE.api(
    "set_open.",
    wiper=Zone(groups=zones(['front', 'rear'], all=['front', 'rear'])),
    is_on=Bool(),
)
def set_open(car: ModuleState, wiper, is_on) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_speed.",
    wiper=Zone(groups=zones(['front', 'rear'], all=['front', 'rear'])),
    speed=Int(),
)
def set_speed(car: ModuleState, wiper, speed) -> None:
    raise Refused("not declared yet")
