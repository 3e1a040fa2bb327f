"""Vehicle settings a person can have a preference for, read off the simulator's declarations.

A setting is a declared API whose description starts with "Set the ..." and that takes one value
parameter with a closed domain: an integer with both bounds or an enum of at least three values
(two-valued ones such as a clock format leave too little to remember), plus at most one zone
parameter, fixed to the driver's zone (or the whole car where there is no driver's zone). Its
name in dialogue ("HUD brightness level") is the description without its asides in brackets, up
to the first comma or semicolon. Nothing here repeats a domain: ranges, enums and defaults come from ``vmb.sim``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from random import Random
from typing import Any

from vmb.generate.text import mentions
from vmb.sim import World
from vmb.sim.registry import API_BY_NAME, DEFAULT_STATE
from vmb.sim.spec import Api, Enum, Int, Zone

_ZONE_PREFERENCE = ("driver", "all", "both", "front")
_PHRASE_END = re.compile(r"[,;.]")
_ASIDE = re.compile(r"\s*\([^)]*\)")
# Unit notes that read badly in speech: "target temperature in degrees Celsius" → "target temperature".
_UNIT_NOTE = re.compile(r" in (percent|degrees Celsius)$")


@dataclass(frozen=True)
class Setting:
    api: str  # the API name, which is also the setting's name in the artifacts
    phrase: str  # how people name it: "HUD brightness level"
    param: str  # the value parameter
    zone: tuple[str, str] | None  # (zone parameter, the zone value used)
    values: tuple[Any, ...]  # every value that changes the default car

    def call(self, value: Any) -> dict[str, Any]:
        args: dict[str, Any] = {}
        if self.zone is not None:
            args[self.zone[0]] = self.zone[1]
        args[self.param] = value
        return {"name": self.api, "args": args}

    @property
    def numeric(self) -> bool:
        return isinstance(self.values[0], int)

    def pick(self, rng: Random, avoid: set[Any]) -> Any:
        """A value of this setting that is not in ``avoid`` (nor the default car's)."""
        choices = [v for v in self.values if v not in avoid]
        return rng.choice(choices)


def call_text(call: dict[str, Any]) -> str:
    """``{"name": f, "args": {"a": "x", "b": 2}}`` → ``f(a="x", b=2)`` (the release's notation)."""
    def literal(value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, str):
            return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return str(value)

    args = ", ".join(f"{k}={literal(v)}" for k, v in call["args"].items())
    return f"{call['name']}({args})"


def _phrase(api: Api) -> str | None:
    text = api.description
    if not text.startswith("Set the "):
        return None
    phrase = _PHRASE_END.split(_ASIDE.sub("", text[len("Set the "):]), maxsplit=1)[0].strip()
    phrase = _UNIT_NOTE.sub("", phrase).replace("one or more ", "the ")
    return phrase or None


def _domain(param: Any) -> tuple[Any, ...] | None:
    if isinstance(param, Int) and param.minimum is not None and param.maximum is not None:
        if param.maximum - param.minimum >= 2:
            return tuple(range(param.minimum, param.maximum + 1))
    if isinstance(param, Enum) and len(param.values) >= 3:
        return tuple(param.values)
    return None


def _setting(api: Api) -> Setting | None:
    phrase = _phrase(api)
    zones = [(n, p) for n, p in api.params.items() if isinstance(p, Zone)]
    values = [(n, p) for n, p in api.params.items() if not isinstance(p, Zone)]
    if phrase is None or len(zones) > 1 or len(values) != 1 or not values[0][1].required:
        return None
    name, param = values[0]
    domain = _domain(param)
    if domain is None:
        return None
    zone = None
    if zones:
        zone_name, zone_param = zones[0]
        zone_value = next((z for z in _ZONE_PREFERENCE if z in zone_param.groups), None)
        if zone_value is None:
            return None
        zone = (zone_name, zone_value)
    draft = Setting(api.name, phrase, name, zone, ())
    # Keep only the values whose call succeeds and changes the value leaf from the default car's,
    # and that the setting's own name does not say ("low" in "low beam intensity").
    kept = []
    for value in domain:
        if mentions(phrase, value):
            continue
        world = World()
        result = world.call(api.name, draft.call(value)["args"])
        changed = {p: v for p, v in result["changes"].items() if DEFAULT_STATE.get(p) != v}
        if result["success"] and any(v == value for v in changed.values()):
            kept.append(value)
    if len(kept) < 2:
        return None
    return Setting(api.name, phrase, name, zone, tuple(kept))


@cache
def settings() -> dict[str, Setting]:
    """Every usable setting by API name, in the registry's order."""
    found = (_setting(api) for api in API_BY_NAME.values())
    return {s.api: s for s in found if s is not None}
