"""light module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "light",
    "light.",
    defaults={'ambient.color': 'orange', 'ambient.is_on': False, 'auto_headlight.is_on': False, 'daytime_running.is_on': False, 'fog_light.is_on': False, 'hazard.is_on': False, 'high_beam.is_on': False, 'left_turn.is_on': False, 'low_beam.is_on': False, 'low_beam.level': 'lowest', 'position.is_on': False, 'reading_light.driver.brightness': 1, 'reading_light.driver.is_on': False, 'reading_light.passenger.brightness': 1, 'reading_light.passenger.is_on': False, 'reading_light.rear_left.brightness': 1, 'reading_light.rear_left.is_on': False, 'reading_light.rear_right.brightness': 1, 'reading_light.rear_right.is_on': False, 'right_turn.is_on': False, 'tail.is_on': False},
    power_leaf=None,
)


@MODULE.api(
    "set_ambient_color.",
    color=Str(),
)
def set_ambient_color(car: ModuleState, color) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_ambient_enabled.",
    enabled=Bool(),
)
def set_ambient_enabled(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_auto_headlight.",
    enabled=Bool(),
)
def set_auto_headlight(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_daytime_running.",
    enabled=Bool(),
)
def set_daytime_running(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_fog_light.",
    enabled=Bool(),
)
def set_fog_light(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_hazard.",
    enabled=Bool(),
)
def set_hazard(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_high_beam.",
    enabled=Bool(),
)
def set_high_beam(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_left_turn.",
    enabled=Bool(),
)
def set_left_turn(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_low_beam_enabled.",
    enabled=Bool(),
)
def set_low_beam_enabled(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_low_beam_level.",
    level=Str(),
)
def set_low_beam_level(car: ModuleState, level) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_position.",
    enabled=Bool(),
)
def set_position(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_reading_light.",
    light=Str(),
    enabled=Bool(),
)
def set_reading_light(car: ModuleState, light, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_reading_light_brightness.",
    light=Str(),
    brightness=Int(),
)
def set_reading_light_brightness(car: ModuleState, light, brightness) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_right_turn.",
    enabled=Bool(),
)
def set_right_turn(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_tail.",
    enabled=Bool(),
)
def set_tail(car: ModuleState, enabled) -> None:
    raise Refused("not declared yet")
