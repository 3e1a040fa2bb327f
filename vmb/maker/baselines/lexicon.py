"""Reading car settings and values off plain text, with nothing but the simulator's declarations.

The words that name an API come from its declaration (module and action names, the description)
and a short table of everyday synonyms; each word weighs by how few APIs share it (inverse
document frequency), so "headrest" points at one API and "set" at none. The values a text states
are read in the API's own domain by :mod:`vmb.data.spoken`, the one reader of values in text: numbers
in an integer's range (``whole_numbers``: never a clock time or a date), enum members as words
(``spoken_pattern``, as the generator says them), on/off verbs for a flag; a capitalised place after
"to" for a destination is read here. No answer, no reference call and no reasoning type is ever
consulted. Who speaks and for whom is read in ``speech``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from vmb.data.spoken import ASKED_LOCK, ASKED_OFF, ASKED_ON, spoken_pattern, whole_numbers
from vmb.maker.baselines.speech import quoted_speech
from vmb.sim.registry import API_BY_NAME
from vmb.sim.spec import Api, Bool, Enum, Int, Str, Zone

_WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
# Words of declarations that say nothing about which setting is meant.
_STOP = frozenset(
    "a an and are as at be by car for from in is it its of on one or the to set switch enable enabled "
    "whether value level mode current given all both each more what when where how them not does any other "
    "while over under says stays ends needs least shows shown kept choose applies follow remove add live main "
    "above far unchanged refused optionally targeted automatically fully percent group zones zone cabin area "
    "back move forward start stop stops play time name right left front rear high low max fast strong lower "
    "also much up turn off switches s turning opening kept this that with their your only".split()
)
# Everyday words for a declared word (keys are words of module or action names, lowercase).
SYNONYMS: dict[str, tuple[str, ...]] = {
    "air": ("ac", "a/c", "climate", "aircon"),
    "conditioner": ("ac", "climate", "aircon"),
    "temperature": ("degrees", "warmer", "cooler", "thermostat"),
    "fan": ("blower", "airflow"),
    "circulation": ("recirculation", "recirculate", "recirc"),
    "direction": ("vents", "airflow"),
    "instrument": ("dashboard", "gauges", "gauge", "cluster"),
    "panel": ("dashboard", "gauges", "cluster"),
    "center": ("screen", "touchscreen", "infotainment"),
    "display": ("screen",),
    "hud": ("head-up", "heads-up", "projection", "windshield"),
    "navigation": ("nav", "gps", "route", "directions", "navigate"),
    "navigate": ("route", "directions", "destination"),
    "voice": ("announcements", "prompts", "guidance", "chatty"),
    "zoom": ("zoomed",),
    "music": ("song", "songs", "playlist", "tune", "tunes", "track"),
    "song": ("track", "tune"),
    "radio": ("station", "fm"),
    "ambient": ("mood", "atmosphere", "interior"),
    "reading": ("map-reading",),
    "headlight": ("headlights", "headlamps"),
    "beam": ("headlights", "headlamps", "brights"),
    "fog": ("foggy", "mist"),
    "hazard": ("hazards", "flashers"),
    "heating": ("heated",),
    "ventilation": ("ventilated", "cooling", "ventilate"),
    "massage": ("massaging", "kneading"),
    "backrest": ("recline", "reclined", "backseat"),
    "lumbar": ("lower-back",),
    "steering": ("wheel",),
    "wiper": ("wipers", "wiping"),
    "sunroof": ("roof", "moonroof"),
    "sunshade": ("shade", "blind"),
    "window": ("windows",),
    "door": ("doors",),
    "trunk": ("boot", "tailgate"),
    "mirror": ("mirrors", "wing"),
    "rearview": ("mirror", "mirrors"),
    "video": ("movie", "film"),
    "volume": ("louder", "quieter"),
    "brightness": ("bright", "brighter", "dim", "dimmer", "glare", "glaring"),
    "color": ("colour", "hue"),
    "bluetooth": ("paired",),
    "fuel": ("gas", "petrol", "filler"),
    "pedal": ("pedals",),
    "favorite": ("favourite",),
}
_PLACE = re.compile(r"\b(?:to|towards|for)\s+(?:the\s+)?((?:[A-Z][\w'’.&-]*)(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’.&-]*)*)")
_QUOTED_TITLE = re.compile(r"[\"“]([^\"”]{2,60})[\"”]")
_STATION = re.compile(r"\b(\d{2,3}\.\d)\s*(?:FM|AM|MHz)?", re.IGNORECASE)
# Zone words, most specific first, per zone value the declarations accept.
_ZONE_WORDS: tuple[tuple[str, str], ...] = (
    ("rear left", "rear_left"), ("rear right", "rear_right"), ("back left", "rear_left"),
    ("back right", "rear_right"), ("passenger", "passenger"), ("co-driver", "passenger"),
    ("rear", "rear"), ("back seat", "rear"), ("everyone", "all"), ("whole car", "all"),
    ("left", "left"), ("right", "right"), ("front", "front"), ("driver", "driver"),
)
# The zone a call takes when the text names none, by preference (the release's usual choices).
_ZONE_DEFAULTS = ("driver", "both", "all", "front", "")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _name_words(name: str) -> list[str]:
    return [w for part in name.split("_") for w in _CAMEL.sub(" ", part).lower().split()]


@dataclass(frozen=True)
class Target:
    """One declared API as text sees it: the words naming it and its value parameter."""

    api: Api
    cues: frozenset[str]  # words that name it (declared and synonyms)
    own: tuple[tuple[str, frozenset[str]], ...]  # each word of its action's name ("navigate") and the words saying it
    value: str | None  # the value parameter, None for an API without one (navigation_stop)

    @property
    def name(self) -> str:
        return self.api.name


def _value_param(api: Api) -> str | None:
    params = [n for n, p in api.params.items() if not isinstance(p, Zone)]
    return params[0] if params else None


@cache
def targets() -> dict[str, Target]:
    out = {}
    for api in API_BY_NAME.values():
        declared = _name_words(api.module.name) + _name_words(api.action) + words(api.description)
        said = {w for w in declared if w not in _STOP and not any(c.isdigit() for c in w)}
        cues = said | {s for w in said for s in SYNONYMS.get(w, ())}
        # A word of the action's name is also said by a synonym the declaration itself uses, where the text
        # states the API's value too: "the route to Branch Chess Club" says navigate_to's "navigate".
        own = tuple((w, frozenset({w, *said.intersection(SYNONYMS.get(w, ()))}))
                    for w in dict.fromkeys(_name_words(api.action)) if w not in _STOP)
        out[api.name] = Target(api, frozenset(cues), own, _value_param(api))
    return out


@cache
def _weights() -> dict[str, float]:
    """Word → inverse document frequency over the APIs' cue sets."""
    all_targets = targets().values()
    count: dict[str, int] = {}
    for target in all_targets:
        for word in target.cues:
            count[word] = count.get(word, 0) + 1
    total = len(all_targets)
    return {w: math.log(total / n) for w, n in count.items()}


# A text names an API when its cue words weigh at least this much: one word no other API shares, or two.
NAMING_WEIGHT = 4.0


def target_scores(text: str) -> dict[str, float]:
    """API name → weight of its cue words in ``text`` (each word counted once); APIs with none left out.

    A word of the API's own name that the text lacks (nor says by a synonym its declaration uses) costs a
    quarter of its weight ("auto brightness" loses to "brightness" on a text saying only "brightness";
    "the route to X" says navigate_to's "navigate"). Among the APIs within one point of the best, one
    whose value the text also states gains half a point.
    """
    present = set(words(text))
    weights = _weights()
    scores: dict[str, float] = {}
    for target in targets().values():
        score = sum(weights[w] for w in target.cues & present)
        if score > 0:
            valued = bool(values_in(text, target))
            scores[target.name] = score - 0.25 * sum(weights[w] for w, saying in target.own
                                                     if w not in present and not (valued and saying & present))
    top = max(scores.values(), default=0.0)
    for name, score in scores.items():
        if score >= top - 1 and values_in(text, targets()[name]):
            scores[name] = score + 0.5
    return scores


@lru_cache(maxsize=8192)
def best_target(text: str) -> Target | None:
    """The API ``text`` names most strongly, if it names one (ties: registry order)."""
    scores = target_scores(text)
    if not scores:
        return None
    name = max(scores, key=lambda n: scores[n])
    return targets()[name] if scores[name] >= NAMING_WEIGHT else None


def names(text: str, target: Target, present: frozenset[str] | None = None) -> bool:
    """Whether ``text`` names ``target``: its cue words weigh enough (``present``: its words, if known)."""
    present = present if present is not None else frozenset(words(text))
    weights = _weights()
    return sum(weights[w] for w in target.cues & present) >= NAMING_WEIGHT


def values_in(text: str, target: Target) -> list[tuple[int, Any]]:
    """``(position, value)`` for every value of the target's parameter that ``text`` states, in order."""
    if target.value is None:
        return []
    param = target.api.params[target.value]
    found: list[tuple[int, Any]] = []
    if isinstance(param, Enum):
        for member in param.values:
            found += [(m.start(), member) for m in spoken_pattern(member).finditer(text)]
    elif isinstance(param, Int):
        numbers = whole_numbers(text)
        low = param.minimum if param.minimum is not None else -math.inf
        high = param.maximum if param.maximum is not None else math.inf
        found = [(p, n) for p, n in numbers if low <= n <= high]
    elif isinstance(param, Bool):
        if target.value == "locked":
            found = [(m.start(), m.group(1) is None) for m in ASKED_LOCK.finditer(text)]
        else:
            found = [(m.start(), True) for m in ASKED_ON.finditer(text)] + [(m.start(), False) for m in ASKED_OFF.finditer(text)]
    elif isinstance(param, Str):
        if target.name.endswith("navigate_to"):
            found = [(m.start(1), m.group(1).strip()) for m in _PLACE.finditer(text)]
        elif target.value == "frequency":
            found = [(m.start(1), m.group(1)) for m in _STATION.finditer(text)]
        else:
            found = [(m.start(1), m.group(1).strip()) for m in _QUOTED_TITLE.finditer(text)]
    return sorted(found, key=lambda item: item[0])


def zone_args(api: Api, text: str) -> dict[str, Any]:
    """The zone arguments of a call on ``api``: the zone ``text`` names, else the usual one.

    A text with quoted speech is read only there: "with Dan as a passenger" sets no passenger seat.
    """
    args: dict[str, Any] = {}
    lowered = (quoted_speech(text) or text).lower()
    for name, param in api.params.items():
        if not isinstance(param, Zone):
            continue
        said = next((value for phrase, value in _ZONE_WORDS
                     if value in param.groups and re.search(rf"\b{re.escape(phrase)}\b", lowered)), None)
        usual = next((z for z in _ZONE_DEFAULTS if z in param.groups), next(iter(param.groups)))
        args[name] = said if said is not None else usual
    return args


def call(target: Target, value: Any, context: str = "") -> dict[str, Any]:
    """A call setting ``target`` to ``value`` (zones read off ``context``)."""
    args = zone_args(target.api, context)
    if target.value is not None:
        args[target.value] = value
    return {"name": target.name, "args": args}


def value_near_cue(text: str, target: Target) -> Any:
    """The value ``text`` states for ``target``: the last one in a sentence naming it (else the last one)."""
    return _value_near_cue(text, target.name)


@lru_cache(maxsize=65536)
def _value_near_cue(text: str, name: str) -> Any:
    target = targets()[name]
    sentences = re.split(r"(?<=[.!?])\s+", text)
    last = None
    for sentence in sentences:
        found = values_in(sentence, target)
        if found and names(sentence, target):
            last = found[-1][1]
    if last is None:
        found = values_in(text, target)
        if found:
            last = found[-1][1]
    return last


def clear_caches() -> None:
    """Forget every text already matched (for timing a cold run)."""
    best_target.cache_clear()
    _value_near_cue.cache_clear()
