"""seat module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "seat",
    "seat.",
    defaults={'driver.backrest_angle': 50, 'driver.cushion_angle': 50, 'driver.cushion_extension': 50, 'driver.folded': False, 'driver.foot_support_height': 50, 'driver.headrest_height': 50, 'driver.heating_level': 1, 'driver.heating_mode': False, 'driver.horizontal_position': 50, 'driver.leg_support_height': 50, 'driver.massage_level': 1, 'driver.massage_mode': False, 'driver.ventilation_enabled': False, 'driver.ventilation_speed': 1, 'driver.vertical_position': 50, 'passenger.backrest_angle': 50, 'passenger.cushion_angle': 50, 'passenger.cushion_extension': 50, 'passenger.folded': False, 'passenger.foot_support_height': 50, 'passenger.headrest_height': 50, 'passenger.heating_level': 1, 'passenger.heating_mode': False, 'passenger.horizontal_position': 50, 'passenger.leg_support_height': 50, 'passenger.massage_level': 1, 'passenger.massage_mode': False, 'passenger.ventilation_enabled': False, 'passenger.ventilation_speed': 1, 'passenger.vertical_position': 50, 'rear_left.backrest_angle': 50, 'rear_left.cushion_angle': 50, 'rear_left.cushion_extension': 50, 'rear_left.folded': False, 'rear_left.foot_support_height': 50, 'rear_left.headrest_height': 50, 'rear_left.heating_level': 1, 'rear_left.heating_mode': False, 'rear_left.horizontal_position': 50, 'rear_left.leg_support_height': 50, 'rear_left.massage_level': 1, 'rear_left.massage_mode': False, 'rear_left.ventilation_enabled': False, 'rear_left.ventilation_speed': 1, 'rear_left.vertical_position': 50, 'rear_right.backrest_angle': 50, 'rear_right.cushion_angle': 50, 'rear_right.cushion_extension': 50, 'rear_right.folded': False, 'rear_right.foot_support_height': 50, 'rear_right.headrest_height': 50, 'rear_right.heating_level': 1, 'rear_right.heating_mode': False, 'rear_right.horizontal_position': 50, 'rear_right.leg_support_height': 50, 'rear_right.massage_level': 1, 'rear_right.massage_mode': False, 'rear_right.ventilation_enabled': False, 'rear_right.ventilation_speed': 1, 'rear_right.vertical_position': 50},
    power_leaf=None,
)


@MODULE.api(
    "set_backrest_angle.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    value=Int(),
)
def set_backrest_angle(car: ModuleState, seat, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_cushion_angle.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    value=Int(),
)
def set_cushion_angle(car: ModuleState, seat, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_cushion_extension.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    value=Int(),
)
def set_cushion_extension(car: ModuleState, seat, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_folded.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    folded=Bool(),
)
def set_folded(car: ModuleState, seat, folded) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_foot_support_height.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    value=Int(),
)
def set_foot_support_height(car: ModuleState, seat, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_headrest_height.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    value=Int(),
)
def set_headrest_height(car: ModuleState, seat, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_heating_level.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    level=Int(),
)
def set_heating_level(car: ModuleState, seat, level) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_heating_mode.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    enabled=Bool(),
)
def set_heating_mode(car: ModuleState, seat, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_horizontal_position.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    value=Int(),
)
def set_horizontal_position(car: ModuleState, seat, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_leg_support_height.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    value=Int(),
)
def set_leg_support_height(car: ModuleState, seat, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_massage_level.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    level=Int(),
)
def set_massage_level(car: ModuleState, seat, level) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_massage_mode.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    enabled=Bool(),
)
def set_massage_mode(car: ModuleState, seat, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_ventilation_enabled.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    enabled=Bool(),
)
def set_ventilation_enabled(car: ModuleState, seat, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_ventilation_speed.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    speed=Int(),
)
def set_ventilation_speed(car: ModuleState, seat, speed) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_vertical_position.",
    seat=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    value=Int(),
)
def set_vertical_position(car: ModuleState, seat, value) -> None:
    raise Refused("not declared yet")
