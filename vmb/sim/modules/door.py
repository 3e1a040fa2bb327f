"""Doors: lock, open/closed and open-door warning, per door.

Flags are coerced with ``bool()`` as the reference does (``"true"`` and ``1`` become True).
"""

from vmb.sim.spec import CABIN_ALIASES, Bool, Module, Refused, Zone, zones
from vmb.sim.state import ModuleState

DOORS = ("driver", "passenger", "rear_left", "rear_right")

MODULE = Module(
    "door",
    "The four doors: lock or unlock, open or close (a locked door cannot be opened) and the "
    "warning shown while a door is open.",
    defaults={
        f"{door}.{leaf}": False
        for door in DOORS
        for leaf in ("is_locked", "is_open", "open_warning")
    },
)

DOOR = Zone(
    # Quirk: the empty string (any falsy value, null included) means the driver's door.
    groups=zones(
        DOORS,
        front=("driver", "passenger"),
        rear=("rear_left", "rear_right"),
        all=DOORS,
        empty=("driver",),
    ),
    aliases=CABIN_ALIASES,
    description="Which door: driver, passenger, rear_left, rear_right, front (both front), "
    "rear (both rear) or all.",
)


@MODULE.api(
    "Lock or unlock one or more doors.",
    door=DOOR,
    locked=Bool(description="True to lock, false to unlock."),
)
def set_locked(car: ModuleState, door: tuple[str, ...], locked: bool) -> None:
    for zone in door:
        car.set(f"{zone}.is_locked", bool(locked))


@MODULE.api(
    "Open or close one or more doors; opening is refused while any targeted door is locked.",
    door=DOOR,
    is_open=Bool(description="True to open, false to close. Unlock the door before opening it."),
)
def set_open(car: ModuleState, door: tuple[str, ...], is_open: bool) -> None:
    # Precondition (reference): the raw value's truthiness decides whether this is an opening,
    # so "false" (a non-empty string) is refused on a locked door like True would be.
    if is_open and any(car.get(f"{zone}.is_locked") for zone in door):
        raise Refused("cannot open a locked door; unlock it first")
    for zone in door:
        car.set(f"{zone}.is_open", bool(is_open))


@MODULE.api(
    "Turn the open-door warning on or off for one or more doors.",
    door=DOOR,
    enabled=Bool(description="True to warn while the door is open, false for no warning."),
)
def set_open_warning(car: ModuleState, door: tuple[str, ...], enabled: bool) -> None:
    for zone in door:
        car.set(f"{zone}.open_warning", bool(enabled))
