"""centerInformationDisplay module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "centerInformationDisplay",
    "centerInformationDisplay.",
    defaults={'auto_brightness_enabled': False, 'brightness': 30, 'is_on': False, 'language': 'English', 'time_format': '24h'},
    power_leaf="is_on",
)


@MODULE.api(
    "set_auto_brightness.",
    enabled=Bool(),
)
def set_auto_brightness(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_brightness.",
    brightness=Int(),
)
def set_brightness(car: ModuleState, brightness) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_language.",
    language=Str(),
)
def set_language(car: ModuleState, language) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_power.",
    is_on=Bool(),
)
def set_power(car: ModuleState, is_on) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_time_format.",
    time_format=Str(),
)
def set_time_format(car: ModuleState, time_format) -> None:
    raise Refused("not declared yet")
