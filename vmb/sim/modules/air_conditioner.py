"""airConditioner module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "airConditioner",
    "airConditioner.",
    defaults={'driver.air_direction': 'face', 'driver.circulation': 'inside', 'driver.fan_speed': 5, 'driver.is_on': False, 'driver.mode': 'auto', 'driver.temperature': 24, 'passenger.air_direction': 'face', 'passenger.circulation': 'inside', 'passenger.fan_speed': 5, 'passenger.is_on': False, 'passenger.mode': 'auto', 'passenger.temperature': 24, 'rear_left.air_direction': 'face', 'rear_left.circulation': 'inside', 'rear_left.fan_speed': 5, 'rear_left.is_on': False, 'rear_left.mode': 'auto', 'rear_left.temperature': 24, 'rear_right.air_direction': 'face', 'rear_right.circulation': 'inside', 'rear_right.fan_speed': 5, 'rear_right.is_on': False, 'rear_right.mode': 'auto', 'rear_right.temperature': 24},
    power_leaf=None,
)


@MODULE.api(
    "set_air_direction.",
    zone=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    direction=Str(),
)
def set_air_direction(car: ModuleState, zone, direction) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_circulation.",
    zone=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    circulation=Str(),
)
def set_circulation(car: ModuleState, zone, circulation) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_fan_speed.",
    zone=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    speed=Int(),
)
def set_fan_speed(car: ModuleState, zone, speed) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_mode.",
    zone=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    mode=Str(),
)
def set_mode(car: ModuleState, zone, mode) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_power.",
    zone=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    is_on=Bool(),
)
def set_power(car: ModuleState, zone, is_on) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_temperature.",
    zone=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    temperature=Int(),
)
def set_temperature(car: ModuleState, zone, temperature) -> None:
    raise Refused("not declared yet")
