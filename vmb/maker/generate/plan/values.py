"""The values a chain's voices say and its answer takes: distinct values of a setting, the default
car's own value where its call still changes the car, a value said as a step from another, a value
said only by a description, and whether an answer also switches its device on."""

from __future__ import annotations

from random import Random
from typing import Any

from vmb.data.spoken_words import DESCRIBED_VALUES
from vmb.maker.generate.plan.shares import has_switch
from vmb.maker.generate.settings import Setting
from vmb.maker.generate.words import situations
from vmb.maker.generate.words.devices import DEVICES, STEPS
from vmb.maker.generate.words.fake import Names, words


def text_values(setting: Setting, rng: Random, count: int) -> list[str]:
    names = Names(rng)
    last_names = words()["last_names"]
    made: list[str] = []
    while len(made) < count:
        if setting.api.endswith("navigate_to"):
            value = f"{rng.choice(last_names)} {rng.choice(situations.PLACE_KINDS)}"
        elif setting.api.endswith("play_song"):
            value = f"{rng.choice(situations.SONG_WORDS[0])} {rng.choice(situations.SONG_WORDS[1])}"
        elif setting.api.endswith("play_station"):
            value = f"{names.city()} {rng.choice(situations.STATION_WORDS)}"
        else:
            value = f"{rng.choice(last_names)} {rng.choice(situations.VIDEO_WORDS)}"
        if value not in made:
            made.append(value)
    return made


def two_calls(s: Setting, rng: Random, share: float) -> bool:
    """Whether the answer also switches the device on."""
    return has_switch(s.api) and rng.random() < share


def answerable(setting: Setting) -> tuple[Any, ...]:
    """The values an answer may set: those changing the default car's leaf, and its own where allowed."""
    own = (setting.default(),) if setting.default_answers else ()
    return tuple(setting.values) + own


def draw_values(setting: Setting, rng: Random, count: int, default_share: float = 0.0) -> list[Any]:
    """``count`` distinct values; the first is the answer: one that changes the default car, or with
    ``default_share`` the default car's own value where its call still changes the car."""
    if setting.kind == "text":
        return text_values(setting, rng, count)
    own = setting.default_answers and rng.random() < default_share
    first = setting.default() if own else rng.choice(setting.values)
    rest = [v for v in setting.domain if v != first]
    rng.shuffle(rest)
    if setting.kind == "bool":
        rest = [not first] * (count - 1)  # a boolean has one other value; several voices may share it
    return [first, *rest[: count - 1]]


def stepped_value(setting: Setting, rng: Random) -> tuple[Any, int, Any] | None:
    """(base, offset, base + offset), both values of the setting, for a value said as a step (the
    answer one an answer may set, ``answerable``)."""
    steps = STEPS.get(DEVICES[setting.api].unit)
    if setting.kind != "int" or steps is None:
        return None
    answers = answerable(setting)
    for _ in range(20):
        base, offset = rng.choice(setting.domain), rng.choice(steps) * rng.choice((1, -1))
        if base + offset in answers:
            return base, offset, base + offset
    return None


def describable(setting: Setting, value: Any) -> bool:
    """Whether ``value`` can be said only by a description (``text.DESCRIBED_VALUES``): a member of an
    enum setting with one ("the color of coal"); numbers are said as steps instead, switches with verbs."""
    return setting.kind == "enum" and str(value) in DESCRIBED_VALUES
