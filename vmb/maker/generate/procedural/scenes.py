"""The scenes a procedural query narrates around its request, composed for each query (our own words).

A condition's scene shows it without naming it: never the words of its rule ("stop-and-go
traffic downtown" is shown as "three blocks in fifteen minutes behind a city bus"). A scene is
composed from the condition's images, each written with alternatives (``[a|b]``) and slots
(``{home}``: the asker's town; ``{day}``: the query's weekday and the part of the day its clock
reads, so a scene never names a time the clock contradicts), then now and then a time of day
before it and a line about who else rides along, drawn from their interests. A relative in the back
and what the asker says or does after the request are composed the same way. So one scene
sentence seldom comes twice in a benchmark: a reader cannot learn a small bank of sentences and
read the condition, or the reasoning type, off them.

No scene names a part of the car or a value word of the simulator (it would point at a device or
an answer), nor a time of day other than the clock's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from functools import cache
from random import Random

from vmb.data.spoken import mentions, value_words
from vmb.maker.generate.procedural.frames import expand
from vmb.maker.generate.procedural.speech import PRONOUNS, cap, first
from vmb.maker.generate.schemas import Persona
from vmb.maker.generate.words import lexicon
from vmb.maker.generate.words.fake import Names, words
from vmb.maker.generate.words.scene_words import (
    AGREES,
    ASKS_CAR,
    CAR_PARTS,
    COMPANION,
    CORES,
    DOG_NAMES,
    MOVING,
    NOT_TOWARD,
    RELATIVE,
    RELATIVE_DOING,
    SEES_TO,
    SOLO,
)
from vmb.maker.generate.words.situations import Condition

# How often a scene opens with the time of day, and has a line about the people in the car.
TIME_LEAD, PEOPLE_LINE = 0.3, 0.08
# Words a drawn name, thing or food may not say: a time of day (only ``{day}`` says one, from the
# clock: "the exchange evening" at 11 AM, a child called Dawn), a condition ("the rain barrel"), a
# part of the car.
_TIME_WORDS = r"morning|noon|midday|lunch|afternoon|evening|night|dusk|dawn|sunset|sunrise|twilight|daybreak|breakfast|dark"
_TELLING = re.compile(_TIME_WORDS + r"|rain|snow|fog|mist|sun|kid|child|dog|gym|nap|sleep|call|phone|read|book|paper"
                      r"|traffic|road|hill|heat|" + CAR_PARTS, re.I)
_TIMELESS = re.compile(_TIME_WORDS, re.I)


@dataclass(frozen=True)
class Cast:
    """Who a scene is about and when: the asker, who rides along (if anyone), the clock hour and the day."""

    asker: Persona
    passenger: Persona | None
    hour: int
    day: str  # ISO date of the query
    company: bool = False  # someone who is not of the group rides along too (children, a client, a relative)
    at_wheel: bool = True  # the asker drives (not reading, napping or waiting parked)


def day_part(hour: int) -> tuple[str, ...]:
    """The words for the part of the day a clock hour (0-23) reads as."""
    if 4 <= hour <= 11:
        return ("morning",)
    if 12 <= hour <= 13:
        return ("lunchtime", "afternoon")
    if 14 <= hour <= 16:
        return ("afternoon",)
    if 17 <= hour <= 18:
        return ("afternoon", "evening")
    if 19 <= hour <= 20:
        return ("evening",)
    return ("evening", "night") if 21 <= hour <= 23 else ("night",)


def time_leads(hour: int, weekday: str) -> tuple[str, ...]:
    """How a scene may open with the time of day of a clock hour (0-23) on ``weekday``: "late on"
    only in the late hours of a part of the day, "early on" only in its early ones."""
    parts = day_part(hour)
    leads = [f"{on} {weekday} {part}" for part in parts for on in ("on", "that")]
    early, late = {"morning": (4, 8), "afternoon": (12, 14), "evening": (16, 19)}, \
        {"morning": (10, 11), "afternoon": (16, 18), "evening": (20, 23), "night": (21, 23)}
    leads += [f"early on {weekday} {p}" for p in parts if p in early and early[p][0] <= hour <= early[p][1]]
    leads += [f"late on {weekday} {p}" for p in parts if p in late and late[p][0] <= hour <= late[p][1]]
    return tuple(leads)


@cache
def _names(female: bool) -> tuple[str, ...]:
    return tuple(n for n in words()["female_names" if female else "first_names"]
                 if not _TIMELESS.search(n) and not value_words().search(n))


@cache
def _foods() -> tuple[str, ...]:
    return tuple(f for f in lexicon.FOODS if not _TIMELESS.search(f) and not value_words().search(f))


def _items(person: Persona) -> tuple[str, ...]:
    domains = [lexicon.DOMAINS[lexicon.INTEREST_DOMAINS.get(i, "shows")] for i in person.interests]
    return tuple(i for d in domains for i in d["items"] if not _TELLING.search(i) and not value_words().search(i)) \
        or ("weekend plans",)


class _Slots:
    """What a scene's slots say for one cast: pronouns by who else is in the car, names, places, the day."""

    def __init__(self, cast: Cast, rng: Random) -> None:
        self.cast, self.rng = cast, rng
        asker, other = cast.asker, cast.passenger
        pron, obj, poss = PRONOUNS[asker.gender]
        name = first(asker.name)
        # a passenger of the asker's gender would make "she" either of them: the asker by name then
        clear = other is None or other.gender != asker.gender
        self.fixed = {
            "a": name, "a_ref": pron if clear else name, "a_obj": obj if clear else name,
            "a_poss": poss if clear else f"{name}'s", "a_his": poss, "a_him": obj,
            # a town called "Lake Dawn" or "Port Orange" would say a time of day or a value
            "home": "town" if _TIMELESS.search(asker.home) or value_words().search(asker.home) else asker.home,
        }
        alone = other is None and not cast.company
        self.fixed.update(we=pron if alone else "they", we_obj=obj if alone else "them", we_poss=poss if alone else "their",
                          were="was" if alone else "were")
        if other is not None:
            self.fixed.update(p=first(other.name), p_poss=PRONOUNS[other.gender][2])
        self.weekday = f"{date.fromisoformat(cast.day):%A}"

    def __call__(self, name: str) -> str:
        rng, cast = self.rng, self.cast
        if name in self.fixed:
            return self.fixed[name]
        if name == "day":
            return f"{self.weekday} {rng.choice(day_part(cast.hour))}"
        if name == "moving":
            return expand(rng.choice(MOVING), rng, self) if cast.at_wheel else ""
        if name in ("name", "fname"):
            return rng.choice(_names(name == "fname"))
        if name == "dog":
            return rng.choice(DOG_NAMES)
        if name == "company":
            made = Names(rng)
            return next(c for c in iter(made.company, "") if not _TIMELESS.search(c) and not value_words().search(c))
        if name == "food":
            return rng.choice(_foods())
        if name == "a_interest":  # what the asker reads about: one of their interests, as the persona says it
            return rng.choice(cast.asker.interests)
        if name in ("a_item", "p_item"):
            person = cast.asker if name == "a_item" else cast.passenger
            assert person is not None
            return rng.choice(_items(person))
        raise KeyError(f"unknown slot {name!r} in a scene frame")


def _sentence(frames: tuple[str, ...], slots: _Slots, extra: dict[str, str] | None = None) -> str:
    fill = slots if extra is None else (lambda name: extra[name] if name in extra else slots(name))
    return cap(expand(slots.rng.choice(frames), slots.rng, fill)) + "."


def condition_scene(key: str, cast: Cast, rng: Random, avoid: tuple[object, ...] = ()) -> str:
    """A scene showing condition ``key`` for ``cast``: an image of it, sometimes after the time of
    day, sometimes with a line about who rides along; none that says one of the values ``avoid``."""
    slots = _Slots(cast, rng)
    text = ""
    for _ in range(8):  # a draw that happens to say an answer's value is drawn again
        core = expand(rng.choice(CORES[key]), rng, slots)
        if rng.random() < TIME_LEAD and not core.startswith("it was"):
            core = f"{rng.choice(time_leads(cast.hour, slots.weekday))}, {core}"
        text = cap(core) + "."
        if rng.random() < PEOPLE_LINE and not cast.company and cast.at_wheel:
            text += " " + _sentence(COMPANION if cast.passenger is not None else SOLO, slots)
        if not any(mentions(text, value) for value in avoid):
            break
    return text


def relative_scene(rel: str, rel_pron: str, cast: Cast, rng: Random) -> str:
    """The asker's relative ``rel`` (``rel_pron``: "he" or "she") riding in the back."""
    slots = _Slots(cast, rng)
    obj, poss = {"he": ("him", "his"), "she": ("her", "her")}[rel_pron]
    extra = {"rel": rel, "rel_obj": obj, "rel_poss": poss}
    doing = expand(rng.choice(RELATIVE_DOING), rng, lambda name: extra[name] if name in extra else slots(name))
    return _sentence(RELATIVE, slots, {**extra, "rel_doing": doing})


def not_toward(condition: Condition | None) -> tuple[str, ...]:
    """The errands a drive under ``condition`` does not run (none if there is no condition)."""
    return NOT_TOWARD.get(condition.key, ()) if condition else ()


def after_request(kind: str, cast: Cast, rng: Random, noun: str = "") -> str:
    """What the asker does after asking a person: asks the car (``kind`` "asks", about ``noun``;
    "sees" with no other name of the device) or goes along with the passenger ("agrees")."""
    frames = {"asks": ASKS_CAR, "sees": SEES_TO, "agrees": AGREES}[kind]
    return _sentence(frames, _Slots(cast, rng), {"noun": noun})
