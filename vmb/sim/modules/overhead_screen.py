"""Overhead screen: the ceiling display for rear passengers (power, brightness, language, clock)."""

from vmb.sim.spec import Bool, Enum, Int, Module
from vmb.sim.state import ModuleState

MODULE = Module(
    "overheadScreen",
    "Ceiling-mounted screen for rear passengers: power, brightness, display language and clock format.",
    defaults={"brightness_level": 0, "is_on": False, "language": "Chinese", "time_format": "24h"},
    power_leaf="is_on",
)


@MODULE.api(
    "Set the overhead screen brightness level (0 dimmest to 5 brightest); switches the screen on.",
    level=Int(minimum=0, maximum=5, description="Brightness level, 0-5."),
    # Quirk: the screen is switched on before the level is checked, so a refused level leaves it on.
    power="start",
)
def set_brightness_level(car: ModuleState, level: int) -> None:
    car.set("brightness_level", level)


@MODULE.api(
    "Set the language of the overhead screen menus and text; switches the screen on.",
    language=Enum(
        values=("Chinese", "English"),
        aliases={"中文": "Chinese", "英文": "English"},
        # Unlike the other displays, this one strips surrounding whitespace before matching.
        strip=True,
        description="Display language: Chinese or English.",
    ),
    # Quirk: switched on before the language is checked, so a refused language leaves it on.
    power="start",
)
def set_language(car: ModuleState, language: str) -> None:
    car.set("language", language)


@MODULE.api(
    "Set the clock format shown on the overhead screen; switches the screen on.",
    time_format=Enum(values=("12h", "24h"), strip=True, description="12h (with AM/PM) or 24h."),
    # Quirk: switched on before the format is checked, so a refused format leaves it on.
    power="start",
)
def set_time_format(car: ModuleState, time_format: str) -> None:
    car.set("time_format", time_format)


@MODULE.api(
    "Turn the overhead screen on or off.",
    switch=Bool(description="True to turn on, false to turn off."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("is_on", bool(switch))
