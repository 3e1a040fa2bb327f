"""Instrument panel (driver cluster): brightness, colour, theme, language, clock and odometer."""

from vmb.sim.spec import Bool, Enum, Int, Module
from vmb.sim.state import ModuleState

MODULE = Module(
    "instrumentPanel",
    "Driver instrument cluster: brightness, accent colour, light behaviour, theme, language, clock "
    "format and odometer reading. It is always on: no call here switches anything on.",
    defaults={
        "auto_brightness_enabled": False,
        "behavior_mode": "constant",
        "brightness": 3,
        "color": "white",
        "language": "English",
        "theme": "scene",
        "time_format": "24h",
        "total_mileage": 1,
    },
)


@MODULE.api(
    "Turn automatic brightness of the instrument panel on or off.",
    enabled=Bool(description="True to let the panel adapt its brightness to ambient light."),
)
def set_auto_brightness(car: ModuleState, enabled: bool) -> None:
    # The reference coerces the flag: "true" and 1 are stored as True.
    car.set("auto_brightness_enabled", bool(enabled))


@MODULE.api(
    "Set how the instrument panel lighting behaves.",
    mode=Enum(
        values=("constant", "blink", "off"),
        description="Lighting behaviour: constant (steady), blink (flashing, for warnings) or off.",
    ),
)
def set_behavior_mode(car: ModuleState, mode: str) -> None:
    car.set("behavior_mode", mode)


@MODULE.api(
    "Set the instrument panel brightness level (1 dim to 5 bright).",
    brightness=Int(minimum=1, maximum=5, description="Brightness level, 1-5."),
)
def set_brightness(car: ModuleState, brightness: int) -> None:
    car.set("brightness", brightness)


@MODULE.api(
    "Set the accent colour of the instrument panel.",
    color=Enum(
        values=("white", "black", "red", "orange", "yellow", "green"),
        description="Accent colour: white, black, red, orange, yellow or green.",
    ),
)
def set_color(car: ModuleState, color: str) -> None:
    car.set("color", color)


@MODULE.api(
    "Set the language of the instrument panel.",
    language=Enum(values=("English", "Chinese"), description="Display language: English or Chinese."),
)
def set_language(car: ModuleState, language: str) -> None:
    car.set("language", language)


@MODULE.api(
    "Set the instrument panel theme (what the central area shows).",
    theme=Enum(values=("scene", "map"), description="Theme: scene (driving scene view) or map."),
)
def set_theme(car: ModuleState, theme: str) -> None:
    car.set("theme", theme)


@MODULE.api(
    "Set the clock format of the instrument panel.",
    time_format=Enum(values=("12h", "24h"), description="Clock format: 12h or 24h."),
)
def set_time_format(car: ModuleState, time_format: str) -> None:
    car.set("time_format", time_format)


@MODULE.api(
    "Set the total mileage (odometer reading) shown on the instrument panel (at least 1).",
    # The reference has no upper bound and lets the odometer go down (20 then 15 is accepted).
    mileage=Int(minimum=1, description="Odometer reading, a whole number of at least 1."),
)
def set_total_mileage(car: ModuleState, mileage: int) -> None:
    car.set("total_mileage", mileage)
