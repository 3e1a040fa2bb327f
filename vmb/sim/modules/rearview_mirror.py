"""Exterior rearview (side) mirrors: power, position, heating, auto-fold and reverse tilt, per side."""

from vmb.sim.spec import Bool, Int, Module, Zone, zones
from vmb.sim.state import ModuleState

_SIDES = ("left", "right")

MODULE = Module(
    "rearviewMirror",
    "Left and right exterior mirrors: power, height and horizontal position, heating, folding when the "
    "car is locked and tilting down when reversing. Each call targets left, right or both.",
    defaults={
        f"{side}.{leaf}": value
        for side in _SIDES
        for leaf, value in (
            ("auto_fold_on_lock", False),
            ("auto_reverse_tilt", False),
            ("heating_enabled", False),
            ("height_position", 0),
            ("horizontal_position", 0),
            ("is_on", False),
        )
    },
    power_leaf="{zone}.is_on",
)


def _side() -> Zone:
    # The reference accepts exactly "left", "right" and "both" ("all" and "" are refused).
    return Zone(groups=zones(_SIDES, both=_SIDES), description="Which mirror: left, right or both.")


def _position(what: str) -> Int:
    # 0 and 99 are accepted, negatives refused; 100 as the top of the scale is our assumption.
    return Int(minimum=0, maximum=100, description=f"{what} position, 0-100.")


@MODULE.api(
    "Turn automatic folding of the mirror(s) when the car is locked on or off; switches the mirror(s) on.",
    side=_side(),
    enabled=Bool(description="True to fold the mirror(s) automatically on locking."),
    power="end",
)
def set_auto_fold_on_lock(car: ModuleState, side: tuple[str, ...], enabled: bool) -> None:
    for zone in side:
        # The reference coerces the flag: "true" and 1 are stored as True.
        car.set(f"{zone}.auto_fold_on_lock", bool(enabled))


@MODULE.api(
    "Turn automatic downward tilt of the mirror(s) when reversing on or off; switches the mirror(s) on.",
    side=_side(),
    enabled=Bool(description="True to tilt the mirror(s) down while reversing."),
    power="end",
)
def set_auto_reverse_tilt(car: ModuleState, side: tuple[str, ...], enabled: bool) -> None:
    for zone in side:
        # The reference coerces the flag: "true" and 1 are stored as True.
        car.set(f"{zone}.auto_reverse_tilt", bool(enabled))


@MODULE.api(
    "Turn mirror heating (defrost) on or off; switches the mirror(s) on.",
    side=_side(),
    enabled=Bool(description="True to heat the mirror glass."),
    power="end",
)
def set_heating_enabled(car: ModuleState, side: tuple[str, ...], enabled: bool) -> None:
    for zone in side:
        # The reference coerces the flag: "true" and 1 are stored as True.
        car.set(f"{zone}.heating_enabled", bool(enabled))


@MODULE.api(
    "Set the vertical (height) position of the mirror(s), 0-100; switches the mirror(s) on.",
    side=_side(),
    value=_position("Vertical"),
    power="end",
)
def set_height_position(car: ModuleState, side: tuple[str, ...], value: int) -> None:
    for zone in side:
        car.set(f"{zone}.height_position", value)


@MODULE.api(
    "Set the horizontal position of the mirror(s), 0-100; switches the mirror(s) on.",
    side=_side(),
    value=_position("Horizontal"),
    power="end",
)
def set_horizontal_position(car: ModuleState, side: tuple[str, ...], value: int) -> None:
    for zone in side:
        car.set(f"{zone}.horizontal_position", value)


@MODULE.api(
    "Turn the mirror(s) on or off.",
    side=_side(),
    is_on=Bool(description="True to turn the mirror(s) on, false to turn them off."),
)
def set_power(car: ModuleState, side: tuple[str, ...], is_on: bool) -> None:
    for zone in side:
        # The records only show is_on=true; we coerce like the module's other flags.
        car.set(f"{zone}.is_on", bool(is_on))
