"""rearviewMirror module (draft: to be checked against the conformance records)."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "rearviewMirror",
    "rearviewMirror.",
    defaults={'left.auto_fold_on_lock': False, 'left.auto_reverse_tilt': False, 'left.heating_enabled': False, 'left.height_position': 0, 'left.horizontal_position': 0, 'left.is_on': False, 'right.auto_fold_on_lock': False, 'right.auto_reverse_tilt': False, 'right.heating_enabled': False, 'right.height_position': 0, 'right.horizontal_position': 0, 'right.is_on': False},
    power_leaf=None,
)


@MODULE.api(
    "set_auto_fold_on_lock.",
    side=Zone(groups=zones(['left', 'right'], all=['left', 'right'])),
    enabled=Bool(),
)
def set_auto_fold_on_lock(car: ModuleState, side, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_auto_reverse_tilt.",
    side=Zone(groups=zones(['left', 'right'], all=['left', 'right'])),
    enabled=Bool(),
)
def set_auto_reverse_tilt(car: ModuleState, side, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_heating_enabled.",
    side=Zone(groups=zones(['left', 'right'], all=['left', 'right'])),
    enabled=Bool(),
)
def set_heating_enabled(car: ModuleState, side, enabled) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_height_position.",
    side=Zone(groups=zones(['left', 'right'], all=['left', 'right'])),
    value=Int(),
)
def set_height_position(car: ModuleState, side, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_horizontal_position.",
    side=Zone(groups=zones(['left', 'right'], all=['left', 'right'])),
    value=Int(),
)
def set_horizontal_position(car: ModuleState, side, value) -> None:
    raise Refused("not declared yet")


@MODULE.api(
    "set_power.",
    side=Zone(groups=zones(['left', 'right'], all=['left', 'right'])),
    is_on=Bool(),
)
def set_power(car: ModuleState, side, is_on) -> None:
    raise Refused("not declared yet")
