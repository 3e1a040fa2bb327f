"""door module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "door",
    "door.",
    defaults={'driver.is_locked': False, 'driver.is_open': False, 'driver.open_warning': False, 'passenger.is_locked': False, 'passenger.is_open': False, 'passenger.open_warning': False, 'rear_left.is_locked': False, 'rear_left.is_open': False, 'rear_left.open_warning': False, 'rear_right.is_locked': False, 'rear_right.is_open': False, 'rear_right.open_warning': False},
    power_leaf=None,
)


@MODULE.api(
    "set_locked.",
    door=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    locked=Bool(),
)
def set_locked(car: ModuleState, door, locked) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_open.",
    door=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    is_open=Bool(),
)
def set_open(car: ModuleState, door, is_open) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_open_warning.",
    door=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    enabled=Bool(),
)
def set_open_warning(car: ModuleState, door, enabled) -> None:
    raise Refused("not declared yet")
