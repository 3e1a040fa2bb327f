"""radio module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "radio",
    "radio.",
    defaults={'is_on': False, 'volume': 50},
    power_leaf="is_on",
)


@MODULE.api(
    "play_station.",
    name=Str(default=None),
    frequency=Str(default=None),
)
def play_station(car: ModuleState, name, frequency) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_volume.",
    volume=Int(),
)
def set_volume(car: ModuleState, volume) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "switch.",
    switch=Bool(),
)
def switch(car: ModuleState, switch) -> None:
    raise Refused("not declared yet")
