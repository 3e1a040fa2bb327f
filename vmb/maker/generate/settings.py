"""Vehicle settings a person can have a preference for, read off the simulator's declarations.

A setting is a declared API that takes exactly one required value parameter (plus at most one zone
parameter, fixed to the driver's zone or the whole car where there is no driver's zone): a bounded
integer, an enum, a boolean or free text (a destination, a song, a video, a station). ``values``
are the values whose call changes the value's own leaf of the default car (the only values an
answer may set); ``domain`` is every value (a distractor may name the default one). Free-text
settings take their values from the content layer. The catalog phrase ("HUD brightness level") is
the description without its asides, up to the first comma or semicolon; people rarely say it, the
procedural content names settings in its own words. Nothing here repeats a domain: ranges, enums
and defaults come from ``vmb.sim``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from random import Random
from typing import Any

from vmb.data.spoken import mentions
from vmb.sim import World
from vmb.sim.registry import API_BY_NAME, DEFAULT_STATE
from vmb.sim.spec import Api, Bool, Enum, Int, Str, Zone

_ZONE_PREFERENCE = ("driver", "all", "both", "front")
_PHRASE_END = re.compile(r"[,;.]")
_ASIDE = re.compile(r"\s*\([^)]*\)")
_UNIT_NOTE = re.compile(r" in (percent|degrees Celsius)$")
# Momentary or maintenance controls nobody has a standing preference for.
_NOT_PREFERENCES = ("left_turn", "right_turn", "hazard", "total_mileage", "high_beam", "fuelPort", "trunk",
                    "frontTrunk", "door_set_open", "navigation_stop", "set_favorite", "bluetooth", "sunroof_set_locked")


@dataclass(frozen=True)
class Setting:
    api: str  # the API name, which is also the setting's name in the artifacts
    phrase: str  # the catalog phrase: "HUD brightness level"
    param: str  # the value parameter
    zone: tuple[str, str] | None  # (zone parameter, the zone value used by default)
    kind: str  # "int", "enum", "bool" or "text"
    values: tuple[Any, ...]  # every value that changes the default car (empty for free text)
    domain: tuple[Any, ...]  # every value the setting takes (empty for free text)
    zones: tuple[str, ...] = ()  # the zone values the API accepts
    # Whether the default car's own value can be an answer: its call alone still changes the car (a
    # setter that switches its device on), so the scorer checks the state it leaves.
    default_answers: bool = False

    @property
    def module(self) -> str:
        return self.api.split("_")[1]

    def call(self, value: Any, zone: str | None = None) -> dict[str, Any]:
        args: dict[str, Any] = {}
        if self.zone is not None:
            args[self.zone[0]] = zone if zone is not None and zone in self.zones else self.zone[1]
        args[self.param] = value
        return {"name": self.api, "args": args}

    @property
    def numeric(self) -> bool:
        return self.kind == "int"

    def pick(self, rng: Random, avoid: set[Any]) -> Any:
        """A value of this setting that is not in ``avoid`` (nor the default car's)."""
        return rng.choice([v for v in self.values if v not in avoid])

    def default(self) -> Any:
        """The default car's value of this setting's leaf, when it has one."""
        left = set(self.domain) - set(self.values)
        return next(iter(left)) if len(left) == 1 else None


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


def _phrase(api: Api) -> str:
    text = _ASIDE.sub("", api.description)
    for lead in ("Set the ", "Turn the ", "Turn ", "Set how ", "Set where ", "Show or hide ", "Choose whether ",
                 "Play ", "Start ", "Open or close ", "Lock or unlock ", "Switch the ", "Fold the ",
                 "Recirculate ", "Move the ", "Raise or lower the ", "Connect the ", "Set "):
        if text.startswith(lead):
            text = text[len(lead):]
            break
    phrase = _PHRASE_END.split(text, maxsplit=1)[0].strip()
    phrase = re.sub(r" on or off$", "", _UNIT_NOTE.sub("", phrase)).replace("one or more ", "the ")
    return phrase


def _domain(param: Any) -> tuple[str, tuple[Any, ...]] | None:
    if isinstance(param, Int) and param.minimum is not None and param.maximum is not None:
        return ("int", tuple(range(param.minimum, param.maximum + 1))) if param.maximum - param.minimum >= 2 else None
    if isinstance(param, Enum) and len(param.values) >= 2:
        return "enum", tuple(param.values)
    if isinstance(param, Bool):
        return "bool", (True, False)
    if isinstance(param, Str):
        return "text", ()
    return None


def _setting(api: Api) -> Setting | None:
    if any(word in api.name for word in _NOT_PREFERENCES):
        return None
    zones = [(n, p) for n, p in api.params.items() if isinstance(p, Zone)]
    values = [(n, p) for n, p in api.params.items() if not isinstance(p, Zone) and p.required]
    if not values and api.name.endswith("play_station"):
        values = [("name", api.params["name"])]
    if len(zones) > 1 or len(values) != 1:
        return None
    name, param = values[0]
    found = _domain(param)
    if found is None:
        return None
    kind, domain = found
    zone: tuple[str, str] | None = None
    accepted: tuple[str, ...] = ()
    if zones:
        zone_name, zone_param = zones[0]
        zone_value = next((z for z in _ZONE_PREFERENCE if z in zone_param.groups), None)
        if zone_value is None:
            return None
        zone, accepted = (zone_name, zone_value), tuple(z for z in zone_param.groups if z)
    phrase = _phrase(api)
    draft = Setting(api.name, phrase, name, zone, kind, (), domain, accepted)
    if kind == "text":
        return draft
    # The value's own leaf is the one whose value differs between calls with different values (a
    # setter may also switch its device on); keep the values that change it from the default car's
    # and that the catalog phrase does not say ("low" in "low beam intensity"), unless none would be left.
    outcomes = {}
    moves_car = {}  # value -> whether its call leaves the car differing from the default car
    for value in domain:
        world = World()
        result = world.call(api.name, draft.call(value)["args"])
        if result["success"]:
            outcomes[value] = result["changes"]
            moves_car[value] = bool(world.diff())
    paths = {p for changes in outcomes.values() for p in changes}
    leaves = [p for p in sorted(paths) if len({repr(c.get(p)) for c in outcomes.values()}) > 1]
    # Several leaves vary together when the zone covers several places ("both" mirrors).
    if not leaves or any(len({repr(c.get(p)) for p in leaves}) > 1 for c in outcomes.values()):
        return None
    leaf = leaves[0]
    kept = [v for v, changes in outcomes.items()
            if leaf in changes and changes[leaf] == v and repr(DEFAULT_STATE.get(leaf)) != repr(v)]
    unsaid = [v for v in kept if not mentions(phrase, v)]
    kept = unsaid or kept
    made = Setting(api.name, phrase, name, zone, kind, tuple(kept), domain, accepted)
    own = made.default()
    return replace(made, default_answers=own is not None and moves_car.get(own, False))


@cache
def settings() -> dict[str, Setting]:
    """Every usable setting by API name, in the registry's order."""
    found = (_setting(api) for api in API_BY_NAME.values())
    return {s.api: s for s in found if s is not None}


def answer_values(calls: list[dict[str, Any]]) -> list[Any]:
    """The values an answer sets, zone arguments left out."""
    values = []
    for call in calls:
        api = API_BY_NAME.get(call["name"])
        for name, value in call["args"].items():
            if api is not None and isinstance(api.params.get(name), Zone):
                continue
            values.append(value)
    return values


def remembered_values(calls: list[dict[str, Any]], content: dict[str, Any] | None = None) -> list[Any]:
    """The values an answer takes from the history, which its query must not say: all it sets but
    the ``content`` call's (the song or the place the query itself names)."""
    return answer_values([call for call in calls if call != content])
