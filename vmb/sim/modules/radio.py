"""Radio: power, volume and tuning to a station by name or frequency."""

from vmb.sim.spec import Bool, Int, Module, Refused, Str
from vmb.sim.state import ModuleState

MODULE = Module(
    "radio",
    "Broadcast radio: power, volume and the station being played.",
    defaults={"is_on": False, "volume": 50},
    power_leaf="is_on",
)

# Stations the car knows; naming one (or its frequency) fills in the other half. No record
# exercises these, so we follow the reference's built-in preset list.
PRESETS: tuple[tuple[str, str], ...] = (("News FM", "98.7MHz"), ("Music FM", "103.2MHz"))


@MODULE.api(
    "Play a radio station given by name, by frequency, or both; switches the radio on.",
    name=Str(default=None, description="Station name, e.g. 'Jazz station'."),
    frequency=Str(default=None, description="Station frequency as text, e.g. '98.5' or '89.5 FM'."),
    # Quirk: the radio is switched on before the arguments are checked, so a call without a
    # name or frequency is refused but leaves the radio on.
    power="start",
)
def play_station(car: ModuleState, name: str | None, frequency: str | None) -> None:
    if not name and not frequency:
        raise Refused("give a station name or a frequency")
    for preset_name, preset_frequency in PRESETS:
        # The preset list is scanned in order, matching a name before a frequency per entry.
        if (name and name == preset_name) or (frequency and frequency == preset_frequency):
            name, frequency = preset_name, preset_frequency
            break
    # The station's leaves appear only once one is played; the missing half is stored as "".
    car.set("current_station.name", name or "")
    car.set("current_station.frequency", frequency or "")


@MODULE.api(
    "Set the radio volume (0 mute to 100 max); switches the radio on.",
    volume=Int(minimum=0, maximum=100, description="Volume, 0-100."),
    # Quirk: switched on before the volume is checked, so a refused volume leaves the radio on.
    power="start",
)
def set_volume(car: ModuleState, volume: int) -> None:
    car.set("volume", volume)


@MODULE.api(
    "Turn the radio on or off.",
    switch=Bool(description="True to turn on, false to turn off."),
)
def switch(car: ModuleState, switch: bool) -> None:
    # The reference converts the flag to a boolean: "true" and 1 are stored as True.
    car.set("is_on", bool(switch))
