"""Side windows: open/closed, opening degree, child lock and close-on-lock, per window.

Flags are coerced with ``bool()`` as the reference does (``"true"`` and ``1`` become True).
"""

from vmb.sim.spec import CABIN_ALIASES, Bool, Int, Module, Zone, zones
from vmb.sim.state import ModuleState

WINDOWS = ("driver", "passenger", "rear_left", "rear_right")

MODULE = Module(
    "window",
    "The four side windows: open or close, opening degree in percent, child lock and "
    "automatic closing when the car is locked.",
    defaults={
        f"{window}.{leaf}": value
        for window in WINDOWS
        for leaf, value in (
            ("auto_close_on_lock", False),
            ("child_lock", False),
            ("is_open", False),
            ("open_degree", 0),
        )
    },
)

WINDOW = Zone(
    # Quirk: the empty string (any falsy value, null included) means the driver's window.
    groups=zones(
        WINDOWS,
        front=("driver", "passenger"),
        rear=("rear_left", "rear_right"),
        all=WINDOWS,
        empty=("driver",),
    ),
    aliases=CABIN_ALIASES,
    description="Which window: driver, passenger, rear_left, rear_right, front (both front), "
    "rear (both rear) or all.",
)


@MODULE.api(
    "Choose whether one or more windows close automatically when the car is locked.",
    window=WINDOW,
    enabled=Bool(description="True to close the window on locking, false to leave it."),
)
def set_auto_close_on_lock(car: ModuleState, window: tuple[str, ...], enabled: bool) -> None:
    for zone in window:
        car.set(f"{zone}.auto_close_on_lock", bool(enabled))


@MODULE.api(
    "Turn the window child lock on or off for one or more windows.",
    window=WINDOW,
    enabled=Bool(description="True to stop passengers operating the window, false to allow it."),
)
def set_child_lock(car: ModuleState, window: tuple[str, ...], enabled: bool) -> None:
    for zone in window:
        car.set(f"{zone}.child_lock", bool(enabled))


@MODULE.api(
    "Open or close one or more windows (the opening degree is left unchanged).",
    window=WINDOW,
    is_open=Bool(description="True to open, false to close."),
)
def set_open(car: ModuleState, window: tuple[str, ...], is_open: bool) -> None:
    for zone in window:
        car.set(f"{zone}.is_open", bool(is_open))


@MODULE.api(
    "Set how far one or more windows are open, in percent (0 closes them, above 0 opens them).",
    window=WINDOW,
    degree=Int(minimum=0, maximum=100, description="Opening in percent: 0 closed, 100 fully open."),
)
def set_open_degree(car: ModuleState, window: tuple[str, ...], degree: int) -> None:
    for zone in window:
        car.set(f"{zone}.open_degree", degree)
        car.set(f"{zone}.is_open", degree > 0)
