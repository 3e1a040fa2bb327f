"""Steering wheel: rim heating (on/off and level) and the wheel's view display."""

from typing import Any

from vmb.sim.spec import Bool, Int, Module
from vmb.sim.state import ModuleState

MODULE = Module(
    "steeringWheel",
    "Steering wheel: rim heating with a level from 0 to 10, and the display on the wheel.",
    defaults={"heating_enabled": False, "heating_level": 0, "view_display_enabled": False},
    power_leaf="heating_enabled",
)


@MODULE.api(
    "Turn steering wheel heating on or off; the heating level is kept.",
    enabled=Bool(description="True to heat the wheel, false to stop heating."),
)
def set_heating_enabled(car: ModuleState, enabled: Any) -> None:
    # Reference quirk: coerced with Python truthiness ("true" and 1 become True).
    car.set("heating_enabled", bool(enabled))


@MODULE.api(
    "Set the steering wheel heating level (0 lowest to 10 highest); switches heating on.",
    level=Int(minimum=0, maximum=10, description="Heating level, 0-10."),
    # Reference quirk: heating switches on before the level is checked, so a refused level
    # (out of range, "5", 3.5) still leaves the heating on.
    power="start",
)
def set_heating_level(car: ModuleState, level: int) -> None:
    car.set("heating_level", level)


@MODULE.api(
    "Turn the display on the steering wheel on or off.",
    enabled=Bool(description="True to show the display, false to turn it off."),
)
def set_view_display_enabled(car: ModuleState, enabled: Any) -> None:
    # Reference quirk: coerced with Python truthiness ("true" and 1 become True).
    car.set("view_display_enabled", bool(enabled))
