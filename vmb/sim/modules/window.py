"""window module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "window",
    "window.",
    defaults={'driver.auto_close_on_lock': False, 'driver.child_lock': False, 'driver.is_open': False, 'driver.open_degree': 0, 'passenger.auto_close_on_lock': False, 'passenger.child_lock': False, 'passenger.is_open': False, 'passenger.open_degree': 0, 'rear_left.auto_close_on_lock': False, 'rear_left.child_lock': False, 'rear_left.is_open': False, 'rear_left.open_degree': 0, 'rear_right.auto_close_on_lock': False, 'rear_right.child_lock': False, 'rear_right.is_open': False, 'rear_right.open_degree': 0},
    power_leaf=None,
)


@MODULE.api(
    "set_auto_close_on_lock.",
    window=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    enabled=Bool(),
)
def set_auto_close_on_lock(car: ModuleState, window, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_child_lock.",
    window=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    enabled=Bool(),
)
def set_child_lock(car: ModuleState, window, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_open.",
    window=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    is_open=Bool(),
)
def set_open(car: ModuleState, window, is_open) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_open_degree.",
    window=Zone(groups=zones(['driver', 'passenger', 'rear_left', 'rear_right'], all=['driver', 'passenger', 'rear_left', 'rear_right'])),
    degree=Int(),
)
def set_open_degree(car: ModuleState, window, degree) -> None:
    raise Refused("not declared yet")
