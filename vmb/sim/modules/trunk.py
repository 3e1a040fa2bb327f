"""trunk module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "trunk",
    "trunk.",
    defaults={'is_on': False, 'open_degree': 0},
    power_leaf="is_on",
)


@MODULE.api(
    "set_open_degree.",
    degree=Int(),
)
def set_open_degree(car: ModuleState, degree) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "switch.",
    switch=Bool(),
)
def switch(car: ModuleState, switch) -> None:
    raise Refused("not declared yet")
