"""The frame grammar the procedural scenes are written in: alternatives (``[a|b|c]``, each itself a
frame) and slots (``{name}``) filled by the caller, "a" before a vowel made "an"."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from random import Random

# "a" before a vowel where two slots meet ("a overpriced kebab shop").
_ARTICLE = re.compile(r"\b([Aa]) (?!one\b|once\b|us|uni|eu)([aeiouAEIO]\w*)")
_SLOT = re.compile(r"\[([^\]]*)\]|\{(\w+)\}")
Part = tuple[str, tuple[str, ...] | None]


# Bounded: frames with a value already filled in are new in every group, and an unbounded cache of them grew
# the generator by half a MiB a group (tests/test_budgets.py); the few hundred fixed frames stay within it.
@lru_cache(maxsize=2048)
def _compiled(frame: str) -> tuple[Part, ...]:
    """A frame as text pieces, alternatives (a tuple) and slots (a name, marked by ``None``)."""
    parts: list[Part] = []
    position = 0
    for match in _SLOT.finditer(frame):
        if match.start() > position:
            parts.append((frame[position:match.start()], ()))
        if match.group(1) is not None:
            parts.append(("", tuple(match.group(1).split("|"))))
        else:
            parts.append((match.group(2), None))
        position = match.end()
    if position < len(frame):
        parts.append((frame[position:], ()))
    return tuple(parts)


def expand(frame: str, rng: Random, slot: Callable[[str], str]) -> str:
    """``frame`` with one of each ``[a|b|c]`` taken (itself expanded) and each ``{name}`` filled by
    ``slot``, "a" before a vowel made "an"."""
    out: list[str] = []
    for text, choice in _compiled(frame):
        if choice is None:
            out.append(slot(text))
        elif choice:
            picked = rng.choice(choice)
            out.append(expand(picked, rng, slot) if "{" in "".join(choice) else picked)
        else:
            out.append(text)
    return _ARTICLE.sub(r"\1n \2", "".join(out))
