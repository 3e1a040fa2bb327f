"""The one registry of declared vehicle modules and APIs."""

from __future__ import annotations

from typing import Any

from vmb.sim.modules import (
    air_conditioner,
    bluetooth,
    center_information_display,
    door,
    foot_pedal,
    front_trunk,
    fuel_port,
    hud,
    instrument_panel,
    light,
    music,
    navigation,
    overhead_screen,
    radio,
    rearview_mirror,
    seat,
    steering_wheel,
    sunroof,
    sunshade,
    trunk,
    video,
    window,
    wiper,
)
from vmb.sim.spec import Api, Module

_MODULE_FILES = (
    hud,
    center_information_display,
    instrument_panel,
    front_trunk,
    trunk,
    fuel_port,
    rearview_mirror,
    sunroof,
    navigation,
    seat,
    radio,
    air_conditioner,
    foot_pedal,
    bluetooth,
    video,
    window,
    door,
    sunshade,
    wiper,
    music,
    overhead_screen,
    steering_wheel,
    light,
)

MODULES: dict[str, Module] = {f.MODULE.name: f.MODULE for f in _MODULE_FILES}
API_BY_NAME: dict[str, Api] = {api.name: api for m in MODULES.values() for api in m.apis.values()}
# The tool that loads one module's APIs for the agent (the paper's protocol: tools are loaded per module).
DISCOVERY = "list_module_tools"
DEFAULT_STATE: dict[str, Any] = {
    f"{m.name}.{leaf}": value for m in MODULES.values() for leaf, value in m.defaults.items()
}


def module_of(api_name: str) -> str | None:
    """Module name of an API name (``carcontrol_seat_set_folded`` → ``seat``), if well-formed."""
    parts = api_name.split("_", 2)
    if len(parts) < 3 or parts[0] != "carcontrol":
        return None
    return parts[1]


API_PREFIX = "carcontrol_"


def closest_apis(name: str, n: int = 3) -> list[str]:
    """Real API names close to a name that is none (``set_music_play_mode`` → ``carcontrol_music_set_play_mode``).

    Compared without the ``carcontrol_`` prefix and with the words of the name in any order, so a
    name missing its prefix or its module, or with the module in another place, is still found.
    """
    import difflib

    def words(text: str) -> str:
        return " ".join(sorted(text.removeprefix(API_PREFIX).lower().split("_")))

    wanted = words(name)
    by_words: dict[str, list[str]] = {}
    for api in API_BY_NAME:
        by_words.setdefault(words(api), []).append(api)
    found = difflib.get_close_matches(wanted, list(by_words), n=n, cutoff=0.75)
    return [api for key in found for api in by_words[key]][:n]
