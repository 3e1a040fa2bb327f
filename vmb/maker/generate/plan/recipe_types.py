"""What a recipe is: the voices of a vehicle chain (in time order) and what its query asks.

Built by ``recipes.py`` (and ``recipe_changes.py``), worded by ``speech.py``, ``voices.py`` and
``chains.py``, planned for a model by ``vmb.maker.generate.llm.briefs``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Voice:
    person: str
    value: Any  # None: the voice says no value (a temporary state ending)
    role: str
    condition: str | None = None  # a condition key (situations.CONDITIONS) or a state key (states.STATES)
    offset: int | None = None  # said as a step from the previous voice's value ("one lower")
    preference: bool = True  # a value of the speaker's own profile


@dataclass(frozen=True)
class Recipe:
    index: int
    reasoning_type: str
    setting: str
    variant: str
    voices: tuple[Voice, ...]
    asker: str
    answer: Any
    passenger: str | None = None
    base: Any = None  # the answer is base + offset, a value nobody said
    offset: int | None = None
    condition: str | None = None  # what the query implies (a condition or state key)
    relation: tuple[str, str] | None = None
    theme: str | None = None
    two_calls: bool = False
    described: bool = False  # the answer's value is said only by a description wherever a voice says it
    zone: str | None = None  # the zone the answer sets, where not the setting's usual one (the whole car)
    # (content API, value): what the query names to play or where to go beside the setting (a song
    # beside the music volume); the answer's first call, its value the query's word, never the history's
    content: tuple[str, Any] | None = None
    # how many voices each event holds, in order (a correction minutes later shares its event);
    # empty: one event per voice
    events: tuple[int, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


def event_voices(recipe: Recipe) -> list[tuple[Voice, ...]]:
    """The voices of each event of the chain, in time order."""
    sizes = recipe.events or (1,) * len(recipe.voices)
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    return [recipe.voices[start:start + size] for start, size in zip(starts, sizes)]
