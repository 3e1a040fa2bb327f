"""Center information display (the main touchscreen): power, brightness, language, clock format."""

from vmb.sim.spec import Bool, Enum, Int, Module
from vmb.sim.state import ModuleState

MODULE = Module(
    "centerInformationDisplay",
    "Center touchscreen display: power, brightness (manual or automatic), UI language and clock format.",
    defaults={
        "auto_brightness_enabled": False,
        "brightness": 30,
        "is_on": False,
        "language": "English",
        "time_format": "24h",
    },
    power_leaf="is_on",
)


@MODULE.api(
    "Turn automatic brightness of the center display on or off; switches the display on.",
    enabled=Bool(description="True to let the display adapt its brightness to ambient light."),
    power="start",
)
def set_auto_brightness(car: ModuleState, enabled: bool) -> None:
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("auto_brightness_enabled", bool(enabled))


@MODULE.api(
    "Set the center display brightness in percent (0-100); switches the display on.",
    brightness=Int(minimum=0, maximum=100, description="Brightness in percent, 0-100."),
    power="start",
)
def set_brightness(car: ModuleState, brightness: int) -> None:
    # Quirk: the display is switched on before the value is checked, so a refused value still turns it on.
    car.set("brightness", brightness)


@MODULE.api(
    "Set the language of the center display; switches the display on.",
    language=Enum(values=("English", "Chinese"), description="Display language: English or Chinese."),
    power="start",
)
def set_language(car: ModuleState, language: str) -> None:
    car.set("language", language)


@MODULE.api(
    "Turn the center display on or off.",
    is_on=Bool(description="True to turn the display on, false to turn it off."),
)
def set_power(car: ModuleState, is_on: bool) -> None:
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("is_on", bool(is_on))


@MODULE.api(
    "Set the clock format of the center display; switches the display on.",
    # Only "24h" is ever accepted in the records; "12h" is the implied alternative (the instrument
    # panel and overhead screen accept both).
    time_format=Enum(values=("12h", "24h"), description="Clock format: 12h or 24h."),
    power="start",
)
def set_time_format(car: ModuleState, time_format: str) -> None:
    car.set("time_format", time_format)
