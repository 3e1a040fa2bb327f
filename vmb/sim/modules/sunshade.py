"""Roof sunshades (front and rear): open/closed, opening level and close-on-lock.

Flags are coerced with ``bool()`` as the reference does (``"true"`` and ``1`` become True).
"""

from vmb.sim.spec import Bool, Enum, Module, Zone, zones
from vmb.sim.state import ModuleState

SUNSHADES = ("front", "rear")

MODULE = Module(
    "sunshade",
    "The front and rear roof sunshades: open or close, opening level (close to max) and "
    "automatic closing when the car is locked.",
    defaults={
        "front.auto_close_on_lock": False,
        "front.is_open": False,
        "front.open_degree": "close",
        "rear.auto_close_on_lock": False,
        "rear.is_open": False,
        "rear.open_degree": "close",
    },
)

SUNSHADE = Zone(
    # Quirk: the empty string (any falsy value, null included) means the front sunshade.
    groups=zones(SUNSHADES, all=SUNSHADES, empty=("front",)),
    aliases={"前排": "front", "后排": "rear", "全部": "all"},
    description="Which sunshade: front, rear or all.",
)

OPEN_DEGREES = ("close", "min", "low", "medium", "high", "max")


@MODULE.api(
    "Choose whether the sunshades close automatically when the car is locked (applies to both).",
    sunshade=SUNSHADE,
    enabled=Bool(description="True to close the sunshades on locking, false to leave them."),
)
def set_auto_close_on_lock(car: ModuleState, sunshade: tuple[str, ...], enabled: bool) -> None:
    # Quirk: the zone is validated but ignored; the setting always changes both sunshades.
    for zone in SUNSHADES:
        car.set(f"{zone}.auto_close_on_lock", bool(enabled))


@MODULE.api(
    "Open or close one or more sunshades (the opening level is left unchanged).",
    sunshade=SUNSHADE,
    is_open=Bool(description="True to open, false to close."),
)
def set_open(car: ModuleState, sunshade: tuple[str, ...], is_open: bool) -> None:
    for zone in sunshade:
        car.set(f"{zone}.is_open", bool(is_open))


@MODULE.api(
    "Set how far one or more sunshades are open; close shuts them, any other level opens them.",
    sunshade=SUNSHADE,
    degree=Enum(
        values=OPEN_DEGREES,
        aliases={
            "关闭": "close",
            "最小": "min",
            "较低": "low",
            "中等": "medium",
            "较高": "high",
            "最大": "max",
        },
        description="Opening level, smallest to largest: close, min, low, medium, high, max.",
    ),
)
def set_open_degree(car: ModuleState, sunshade: tuple[str, ...], degree: str) -> None:
    for zone in sunshade:
        car.set(f"{zone}.is_open", degree != "close")
        car.set(f"{zone}.open_degree", degree)
