"""footPedal module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "footPedal",
    "footPedal.",
    defaults={'driver.is_on': False, 'passenger.is_on': False},
    power_leaf=None,
)


@MODULE.api(
    "set_switch.",
    position=Zone(groups=zones(['driver', 'passenger'], all=['driver', 'passenger'])),
    switch=Bool(),
)
def set_switch(car: ModuleState, position, switch) -> None:
    raise Refused("not declared yet")
