"""overheadScreen module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "overheadScreen",
    "overheadScreen.",
    defaults={'brightness_level': 0, 'is_on': False, 'language': 'Chinese', 'time_format': '24h'},
    power_leaf="is_on",
)


@MODULE.api(
    "set_brightness_level.",
    level=Int(),
)
def set_brightness_level(car: ModuleState, level) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_language.",
    language=Str(),
)
def set_language(car: ModuleState, language) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_time_format.",
    time_format=Str(),
)
def set_time_format(car: ModuleState, time_format) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "switch.",
    switch=Bool(),
)
def switch(car: ModuleState, switch) -> None:
    raise Refused("not declared yet")
