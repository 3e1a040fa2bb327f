"""Air conditioner: four climate zones, each with power, temperature, fan, airflow, mode and circulation."""

from vmb.sim.spec import CABIN_ALIASES, Bool, Enum, Int, Module, Zone, zones
from vmb.sim.state import ModuleState

SEATS = ("driver", "passenger", "rear_left", "rear_right")

MODULE = Module(
    "airConditioner",
    "Climate control with four zones (driver, passenger, rear_left, rear_right): power, temperature, "
    "fan speed, air direction, mode and air circulation.",
    defaults={
        f"{seat}.{leaf}": value
        for seat in SEATS
        for leaf, value in (
            ("air_direction", "face"),
            ("circulation", "inside"),
            ("fan_speed", 5),
            ("is_on", False),
            ("mode", "auto"),
            ("temperature", 24),
        )
    },
    power_leaf="{zone}.is_on",
)


def _zone() -> Zone:
    return Zone(
        # Quirk: the empty string (any falsy value, null included) means the driver's zone.
        groups=zones(SEATS, front=SEATS[:2], rear=SEATS[2:], all=SEATS, empty=("driver",)),
        aliases=CABIN_ALIASES,
        description="driver, passenger, rear_left, rear_right, front (both front seats), "
        "rear (both rear seats) or all.",
    )


@MODULE.api(
    "Set where the vents blow (face, feet, windows or a combination); switches the zone(s) on.",
    zone=_zone(),
    direction=Enum(
        values=("face", "feet", "window", "face_feet", "face_window", "feet_window", "face_feet_window"),
        description="Airflow target: face, feet, window (windshield), or a combination joined by '_'.",
    ),
    # Only an accepted call switches the zones on: refused calls change nothing.
    power="end",
)
def set_air_direction(car: ModuleState, zone: tuple[str, ...], direction: str) -> None:
    for seat in zone:
        car.set(f"{seat}.air_direction", direction)


@MODULE.api(
    "Recirculate cabin air or draw in fresh outside air; switches the zone(s) on.",
    zone=_zone(),
    circulation=Enum(
        values=("inside", "outside"),
        description="inside (recirculate cabin air) or outside (fresh air from outside).",
    ),
    power="end",
)
def set_circulation(car: ModuleState, zone: tuple[str, ...], circulation: str) -> None:
    for seat in zone:
        car.set(f"{seat}.circulation", circulation)


@MODULE.api(
    "Set the fan speed (1 quietest to 10 strongest); switches the zone(s) on.",
    zone=_zone(),
    speed=Int(minimum=1, maximum=10, description="Fan speed level, 1-10."),
    power="end",
)
def set_fan_speed(car: ModuleState, zone: tuple[str, ...], speed: int) -> None:
    for seat in zone:
        car.set(f"{seat}.fan_speed", speed)


@MODULE.api(
    "Set the air conditioning mode; switches the zone(s) on.",
    zone=_zone(),
    mode=Enum(
        values=("auto", "purify", "dehumidify", "defrost", "swing", "defog"),
        description="auto, purify (filter the air), dehumidify, defrost (clear ice), "
        "swing (oscillating vents) or defog (clear condensation).",
    ),
    power="end",
)
def set_mode(car: ModuleState, zone: tuple[str, ...], mode: str) -> None:
    for seat in zone:
        car.set(f"{seat}.mode", mode)


@MODULE.api(
    "Turn the air conditioning of one zone or a group of zones on or off.",
    zone=_zone(),
    is_on=Bool(description="True to turn on, false to turn off."),
)
def set_power(car: ModuleState, zone: tuple[str, ...], is_on: bool) -> None:
    for seat in zone:
        # The reference converts the flag to a boolean: "true" and 1 are stored as True.
        car.set(f"{seat}.is_on", bool(is_on))


@MODULE.api(
    "Set the target temperature in degrees Celsius (15-35); switches the zone(s) on.",
    zone=_zone(),
    temperature=Int(minimum=15, maximum=35, description="Target temperature in °C, 15-35."),
    power="end",
)
def set_temperature(car: ModuleState, zone: tuple[str, ...], temperature: int) -> None:
    for seat in zone:
        car.set(f"{seat}.temperature", temperature)
