"""Exterior and interior lights: headlamps, signals, ambient lighting and reading lights.

Every on/off flag is coerced with ``bool()`` as the reference does: the records show ``"true"``
and ``1`` stored as True; by the same rule ``"false"`` (a non-empty string) also switches a light
on and only falsy values switch it off.
"""

from vmb.sim.spec import CABIN_ALIASES, Bool, Enum, Int, Module, Zone, zones
from vmb.sim.state import ModuleState

READING_LIGHTS = ("driver", "passenger", "rear_left", "rear_right")

MODULE = Module(
    "light",
    "Vehicle lights: fog, high and low beam (with level), daytime running, turn signals, hazard, "
    "position, tail, automatic headlights, cabin ambient lighting (colour) and the four "
    "reading lights (on/off, brightness).",
    defaults={
        "ambient.color": "orange",
        "ambient.is_on": False,
        "auto_headlight.is_on": False,
        "daytime_running.is_on": False,
        "fog_light.is_on": False,
        "hazard.is_on": False,
        "high_beam.is_on": False,
        "left_turn.is_on": False,
        "low_beam.is_on": False,
        "low_beam.level": "lowest",
        "position.is_on": False,
        "reading_light.driver.brightness": 1,
        "reading_light.driver.is_on": False,
        "reading_light.passenger.brightness": 1,
        "reading_light.passenger.is_on": False,
        "reading_light.rear_left.brightness": 1,
        "reading_light.rear_left.is_on": False,
        "reading_light.rear_right.brightness": 1,
        "reading_light.rear_right.is_on": False,
        "right_turn.is_on": False,
        "tail.is_on": False,
    },
)

AMBIENT_COLORS = ("red", "orange", "yellow", "green", "cyan", "blue", "purple", "white", "pink")
# Accepted in the records: high, highest; lowest is the default; low and medium complete the scale.
LOW_BEAM_LEVELS = ("lowest", "low", "medium", "high", "highest")

# Quirk: the empty string (any falsy value, null included) means the driver's reading light.
READING_LIGHT_ZONE = zones(
    READING_LIGHTS,
    front=("driver", "passenger"),
    rear=("rear_left", "rear_right"),
    all=READING_LIGHTS,
    empty=("driver",),
)
READING_LIGHT_HELP = (
    "Which reading light: driver, passenger, rear_left, rear_right, front (both front), "
    "rear (both rear) or all."
)


@MODULE.api(
    "Set the cabin ambient lighting colour; switches the ambient lighting on.",
    color=Enum(
        values=AMBIENT_COLORS,
        aliases={
            "红色": "red",
            "橙色": "orange",
            "黄色": "yellow",
            "绿色": "green",
            "青色": "cyan",
            "蓝色": "blue",
            "紫色": "purple",
            "白色": "white",
            "粉色": "pink",
        },
        description="Ambient colour in lowercase: red, orange, yellow, green, cyan, blue, purple, "
        "white or pink.",
    ),
    power="start",
    # Quirk: the ambient lighting is switched on before the colour is checked, so a refused
    # colour still leaves it on.
    power_leaf="ambient.is_on",
)
def set_ambient_color(car: ModuleState, color: str) -> None:
    car.set("ambient.color", color)


@MODULE.api(
    "Turn the cabin ambient lighting on or off.",
    enabled=Bool(description="True to turn the ambient lighting on, false to turn it off."),
)
def set_ambient_enabled(car: ModuleState, enabled: bool) -> None:
    car.set("ambient.is_on", bool(enabled))


@MODULE.api(
    "Turn automatic headlights (light-sensor controlled) on or off.",
    enabled=Bool(description="True: headlights follow the light sensor; false: manual control."),
)
def set_auto_headlight(car: ModuleState, enabled: bool) -> None:
    car.set("auto_headlight.is_on", bool(enabled))


@MODULE.api(
    "Turn the daytime running lights on or off.",
    enabled=Bool(description="True to turn the daytime running lights on, false to turn them off."),
)
def set_daytime_running(car: ModuleState, enabled: bool) -> None:
    car.set("daytime_running.is_on", bool(enabled))


@MODULE.api(
    "Turn the front fog lights on or off.",
    enabled=Bool(description="True to turn the fog lights on, false to turn them off."),
)
def set_fog_light(car: ModuleState, enabled: bool) -> None:
    car.set("fog_light.is_on", bool(enabled))


@MODULE.api(
    "Turn the hazard warning lights on or off.",
    enabled=Bool(description="True to flash all indicators, false to stop."),
)
def set_hazard(car: ModuleState, enabled: bool) -> None:
    car.set("hazard.is_on", bool(enabled))


@MODULE.api(
    "Turn the high beam headlights on or off.",
    enabled=Bool(description="True to turn the high beam on, false to turn it off."),
)
def set_high_beam(car: ModuleState, enabled: bool) -> None:
    car.set("high_beam.is_on", bool(enabled))


@MODULE.api(
    "Turn the left turn signal on or off.",
    enabled=Bool(description="True to start the left indicator, false to stop it."),
)
def set_left_turn(car: ModuleState, enabled: bool) -> None:
    car.set("left_turn.is_on", bool(enabled))


@MODULE.api(
    "Turn the low beam headlights on or off.",
    enabled=Bool(description="True to turn the low beam on, false to turn it off."),
)
def set_low_beam_enabled(car: ModuleState, enabled: bool) -> None:
    car.set("low_beam.is_on", bool(enabled))


@MODULE.api(
    "Set the low beam intensity (lowest to highest); switches the low beam on.",
    level=Enum(
        values=LOW_BEAM_LEVELS,
        aliases={"最低": "lowest", "低": "low", "中": "medium", "高": "high", "最高": "highest"},
        description="Intensity: lowest, low, medium, high or highest.",
    ),
    power="start",
    # Quirk: the low beam is switched on before the level is checked, so a refused level
    # still leaves the low beam on.
    power_leaf="low_beam.is_on",
)
def set_low_beam_level(car: ModuleState, level: str) -> None:
    car.set("low_beam.level", level)


@MODULE.api(
    "Turn the position (parking) lights on or off.",
    enabled=Bool(description="True to turn the position lights on, false to turn them off."),
)
def set_position(car: ModuleState, enabled: bool) -> None:
    car.set("position.is_on", bool(enabled))


@MODULE.api(
    "Turn one or more reading lights on or off.",
    light=Zone(groups=READING_LIGHT_ZONE, aliases=CABIN_ALIASES, description=READING_LIGHT_HELP),
    enabled=Bool(description="True to turn the reading light(s) on, false to turn them off."),
)
def set_reading_light(car: ModuleState, light: tuple[str, ...], enabled: bool) -> None:
    for zone in light:
        car.set(f"reading_light.{zone}.is_on", bool(enabled))


@MODULE.api(
    "Set the brightness of one or more reading lights (1 dim to 10 bright); switches them on.",
    light=Zone(groups=READING_LIGHT_ZONE, aliases=CABIN_ALIASES, description=READING_LIGHT_HELP),
    brightness=Int(minimum=1, maximum=10, description="Brightness level, 1-10."),
)
def set_reading_light_brightness(car: ModuleState, light: tuple[str, ...], brightness: int) -> None:
    # Unlike the ambient colour, the lamps are switched on only once every check has passed.
    for zone in light:
        car.set(f"reading_light.{zone}.is_on", True)
        car.set(f"reading_light.{zone}.brightness", brightness)


@MODULE.api(
    "Turn the right turn signal on or off.",
    enabled=Bool(description="True to start the right indicator, false to stop it."),
)
def set_right_turn(car: ModuleState, enabled: bool) -> None:
    car.set("right_turn.is_on", bool(enabled))


@MODULE.api(
    "Turn the tail lights on or off.",
    enabled=Bool(description="True to turn the tail lights on, false to turn them off."),
)
def set_tail(car: ModuleState, enabled: bool) -> None:
    car.set("tail.is_on", bool(enabled))
