"""Foot pedals (footrests) for the driver and the front passenger: on/off."""

from typing import Any

from vmb.sim.spec import Bool, Module, Zone, zones
from vmb.sim.state import ModuleState

MODULE = Module(
    "footPedal",
    "Powered foot pedals (footrests) at the driver and front passenger seats: on or off.",
    defaults={"driver.is_on": False, "passenger.is_on": False},
)


@MODULE.api(
    "Switch the foot pedal at the given position on or off.",
    position=Zone(
        # Reference quirk: the empty string (any falsy value) means the driver's pedal.
        groups=zones(("driver", "passenger"), all=("driver", "passenger"), empty=("driver",)),
        aliases={"主驾": "driver", "副驾": "passenger", "全部": "all"},
        description="Which pedal: driver, passenger, or all.",
    ),
    switch=Bool(description="True to switch the pedal on, false to switch it off."),
)
def set_switch(car: ModuleState, position: tuple[str, ...], switch: Any) -> None:
    for pedal in position:
        # Reference quirk: coerced with Python truthiness ("true" and 1 become True).
        car.set(f"{pedal}.is_on", bool(switch))
