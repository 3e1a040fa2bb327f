"""Windscreen wipers (front and rear): on/off and speed.

Flags are coerced with ``bool()`` as the reference does (``"true"`` and ``1`` become True).
"""

from vmb.sim.spec import Bool, Int, Module, Zone, zones
from vmb.sim.state import ModuleState

WIPERS = ("front", "rear")

MODULE = Module(
    "wiper",
    "The front windscreen wiper and the rear window wiper: on or off and speed level 1-5.",
    defaults={"front.is_on": False, "front.speed": 1, "rear.is_on": False, "rear.speed": 1},
)

WIPER = Zone(
    # Quirk: the empty string (any falsy value, null included) means the front wiper.
    groups=zones(WIPERS, all=WIPERS, empty=("front",)),
    aliases={"前": "front", "后": "rear", "全部": "all"},
    description="Which wiper: front, rear or all.",
)


@MODULE.api(
    "Turn one or more wipers on or off (the speed is left unchanged).",
    wiper=WIPER,
    is_on=Bool(description="True to start wiping, false to stop."),
)
def set_open(car: ModuleState, wiper: tuple[str, ...], is_on: bool) -> None:
    for zone in wiper:
        car.set(f"{zone}.is_on", bool(is_on))


@MODULE.api(
    "Set the speed of one or more wipers (1 slow/intermittent to 5 fastest); switches them on.",
    wiper=WIPER,
    # Records accept 2 and 4 and refuse 0 and 6; 5 as the top level is the reference's range.
    speed=Int(minimum=1, maximum=5, description="Wiping speed level, 1-5."),
)
def set_speed(car: ModuleState, wiper: tuple[str, ...], speed: int) -> None:
    # Switched on only once every check has passed: a refused speed leaves the wiper alone.
    for zone in wiper:
        car.set(f"{zone}.is_on", True)
        car.set(f"{zone}.speed", speed)
