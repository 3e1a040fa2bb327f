"""Head-up display (HUD): power, brightness level and height level."""

from vmb.sim.spec import Bool, Int, Module
from vmb.sim.state import ModuleState

MODULE = Module(
    "HUD",
    "Head-up display projected on the windshield: power, brightness and height.",
    defaults={"brightness_level": 5, "height_level": 5, "is_on": False},
    power_leaf="is_on",
)


@MODULE.api(
    "Set the HUD brightness level (1 dim to 10 bright); switches the HUD on.",
    level=Int(minimum=1, maximum=10, description="Brightness level, 1-10."),
    power="start",
)
def set_brightness_level(car: ModuleState, level: int) -> None:
    car.set("brightness_level", level)


@MODULE.api(
    "Set the HUD image height level (1 low to 10 high); switches the HUD on.",
    level=Int(minimum=1, maximum=10, description="Height level, 1-10."),
    power="start",
)
def set_height_level(car: ModuleState, level: int) -> None:
    car.set("height_level", level)


@MODULE.api(
    "Turn the HUD on or off.",
    switch=Bool(description="True to turn on, false to turn off."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference stores the argument as given: "true" or 1 stay a string or an integer.
    car.set("is_on", switch)
