"""instrumentPanel module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "instrumentPanel",
    "instrumentPanel.",
    defaults={'auto_brightness_enabled': False, 'behavior_mode': 'constant', 'brightness': 3, 'color': 'white', 'language': 'English', 'theme': 'scene', 'time_format': '24h', 'total_mileage': 1},
    power_leaf=None,
)


@MODULE.api(
    "set_auto_brightness.",
    enabled=Bool(),
)
def set_auto_brightness(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_behavior_mode.",
    mode=Str(),
)
def set_behavior_mode(car: ModuleState, mode) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_brightness.",
    brightness=Int(),
)
def set_brightness(car: ModuleState, brightness) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_color.",
    color=Str(),
)
def set_color(car: ModuleState, color) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_language.",
    language=Str(),
)
def set_language(car: ModuleState, language) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_theme.",
    theme=Str(),
)
def set_theme(car: ModuleState, theme) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_time_format.",
    time_format=Str(),
)
def set_time_format(car: ModuleState, time_format) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_total_mileage.",
    mileage=Int(),
)
def set_total_mileage(car: ModuleState, mileage) -> None:
    raise Refused("not declared yet")
