"""Seats: position, comfort functions (heating, ventilation, massage) and rear-seat folding.

Every setter takes a ``seat`` zone (one seat or a group) and applies the same value to each
seat it names. Level setters switch their comfort function on when they succeed.
"""

from typing import Any

from vmb.sim.spec import CABIN_ALIASES, Bool, Int, Module, Zone, zones
from vmb.sim.state import ModuleState

SEATS = ("driver", "passenger", "rear_left", "rear_right")
REAR = ("rear_left", "rear_right")

_LEAVES = (
    "backrest_angle",
    "cushion_angle",
    "cushion_extension",
    "foot_support_height",
    "headrest_height",
    "horizontal_position",
    "leg_support_height",
    "vertical_position",
)

MODULE = Module(
    "seat",
    "The four seats: position and support adjustments (0-100), heating, ventilation, "
    "massage, and folding of the rear seats.",
    defaults={
        **{f"{s}.{leaf}": 50 for s in SEATS for leaf in _LEAVES},
        **{f"{s}.folded": False for s in SEATS},
        **{f"{s}.heating_level": 1 for s in SEATS},
        **{f"{s}.heating_mode": False for s in SEATS},
        **{f"{s}.massage_level": 1 for s in SEATS},
        **{f"{s}.massage_mode": False for s in SEATS},
        **{f"{s}.ventilation_enabled": False for s in SEATS},
        **{f"{s}.ventilation_speed": 1 for s in SEATS},
    },
)

# Unlike most other modules, the empty string (and any other falsy value) is refused here.
SEAT = Zone(
    groups=zones(SEATS, all=SEATS, front=("driver", "passenger"), rear=REAR),
    aliases=CABIN_ALIASES,
    description="Seat: driver, passenger, rear_left, rear_right, or a group: front, rear, all.",
)


def _percent(what: str) -> Int:
    return Int(minimum=0, maximum=100, description=f"{what}, 0-100 (50 is the default).")


def _set_each(car: ModuleState, seats: tuple[str, ...], leaf: str, value: Any) -> None:
    for seat in seats:
        car.set(f"{seat}.{leaf}", value)


@MODULE.api(
    "Set the backrest recline angle of the seat(s), 0 upright to 100 fully reclined.",
    seat=SEAT,
    value=_percent("Backrest angle"),
)
def set_backrest_angle(car: ModuleState, seat: tuple[str, ...], value: int) -> None:
    _set_each(car, seat, "backrest_angle", value)


@MODULE.api(
    "Set the seat cushion tilt angle of the seat(s), 0-100.",
    seat=SEAT,
    value=_percent("Cushion tilt"),
)
def set_cushion_angle(car: ModuleState, seat: tuple[str, ...], value: int) -> None:
    _set_each(car, seat, "cushion_angle", value)


@MODULE.api(
    "Set how far the seat cushion extends under the thighs, 0 retracted to 100 extended.",
    seat=SEAT,
    value=_percent("Cushion extension"),
)
def set_cushion_extension(car: ModuleState, seat: tuple[str, ...], value: int) -> None:
    _set_each(car, seat, "cushion_extension", value)


@MODULE.api(
    "Fold the seat(s) flat or raise them back up.",
    # Any seat folds in the reference, the front ones included.
    seat=SEAT,
    folded=Bool(description="True to fold the seat down, false to raise it."),
)
def set_folded(car: ModuleState, seat: tuple[str, ...], folded: Any) -> None:
    # Reference quirk: the flag is coerced with Python truthiness ("true" and 1 become True).
    _set_each(car, seat, "folded", bool(folded))


@MODULE.api(
    "Set the height of the foot support of the seat(s), 0 lowest to 100 highest.",
    seat=SEAT,
    value=_percent("Foot support height"),
)
def set_foot_support_height(car: ModuleState, seat: tuple[str, ...], value: int) -> None:
    _set_each(car, seat, "foot_support_height", value)


@MODULE.api(
    "Set the headrest height of the seat(s), 0 lowest to 100 highest.",
    seat=SEAT,
    value=_percent("Headrest height"),
)
def set_headrest_height(car: ModuleState, seat: tuple[str, ...], value: int) -> None:
    _set_each(car, seat, "headrest_height", value)


@MODULE.api(
    "Set the seat heating level (1 low to 3 high); switches seat heating on.",
    seat=SEAT,
    # Records accept 2 and 3 and refuse 0 and 28; the top of 3 is our choice (a usual
    # three-stage seat heater), the records do not pin it down.
    level=Int(minimum=1, maximum=3, description="Heating level, 1-3."),
    # Reference quirk: a successful level change also switches heating on (a refused one does not).
    power="end",
    power_leaf="{zone}.heating_mode",
)
def set_heating_level(car: ModuleState, seat: tuple[str, ...], level: int) -> None:
    _set_each(car, seat, "heating_level", level)


@MODULE.api(
    "Turn seat heating on or off; the heating level is kept.",
    seat=SEAT,
    enabled=Bool(description="True to turn heating on, false to turn it off."),
)
def set_heating_mode(car: ModuleState, seat: tuple[str, ...], enabled: Any) -> None:
    # Reference quirk: coerced with Python truthiness ("true" and 1 become True).
    _set_each(car, seat, "heating_mode", bool(enabled))


@MODULE.api(
    "Move the seat(s) fore and aft, 0 fully forward to 100 fully back.",
    seat=SEAT,
    value=_percent("Fore-aft position"),
)
def set_horizontal_position(car: ModuleState, seat: tuple[str, ...], value: int) -> None:
    _set_each(car, seat, "horizontal_position", value)


@MODULE.api(
    "Set the height of the leg support of the seat(s), 0 lowest to 100 highest.",
    seat=SEAT,
    value=_percent("Leg support height"),
)
def set_leg_support_height(car: ModuleState, seat: tuple[str, ...], value: int) -> None:
    _set_each(car, seat, "leg_support_height", value)


@MODULE.api(
    "Set the seat massage intensity (1 gentle to 3 strong); switches massage on.",
    seat=SEAT,
    # Records accept 1-3 and refuse 8 and above; 3 as the top is our choice.
    level=Int(minimum=1, maximum=3, description="Massage intensity, 1-3."),
    # Reference quirk: a successful level change also switches massage on.
    power="end",
    power_leaf="{zone}.massage_mode",
)
def set_massage_level(car: ModuleState, seat: tuple[str, ...], level: int) -> None:
    _set_each(car, seat, "massage_level", level)


@MODULE.api(
    "Turn seat massage on or off; the massage intensity is kept.",
    seat=SEAT,
    enabled=Bool(description="True to start massage, false to stop it."),
)
def set_massage_mode(car: ModuleState, seat: tuple[str, ...], enabled: Any) -> None:
    # Reference quirk: coerced with Python truthiness ("true" and 1 become True).
    _set_each(car, seat, "massage_mode", bool(enabled))


@MODULE.api(
    "Turn seat ventilation (cooling fan in the seat) on or off; the fan speed is kept.",
    seat=SEAT,
    enabled=Bool(description="True to turn ventilation on, false to turn it off."),
)
def set_ventilation_enabled(car: ModuleState, seat: tuple[str, ...], enabled: Any) -> None:
    # Reference quirk: coerced with Python truthiness ("true" and 1 become True).
    _set_each(car, seat, "ventilation_enabled", bool(enabled))


@MODULE.api(
    "Set the seat ventilation fan speed (1 slow to 5 fast); switches ventilation on.",
    seat=SEAT,
    speed=Int(minimum=1, maximum=5, description="Fan speed, 1-5."),
    # Reference quirk: a successful speed change also switches ventilation on.
    power="end",
    power_leaf="{zone}.ventilation_enabled",
)
def set_ventilation_speed(car: ModuleState, seat: tuple[str, ...], speed: int) -> None:
    _set_each(car, seat, "ventilation_speed", speed)


@MODULE.api(
    "Raise or lower the seat(s), 0 lowest to 100 highest.",
    seat=SEAT,
    value=_percent("Seat height"),
)
def set_vertical_position(car: ModuleState, seat: tuple[str, ...], value: int) -> None:
    _set_each(car, seat, "vertical_position", value)
