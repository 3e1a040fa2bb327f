"""Who speaks in a text, whom a request is for, and what is said in quotes: the people a shortcut baseline
reads off a history line or a gold-memory entry."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SPEECH = re.compile(r"['‘\"“](.+?)['’\"”](?!\w)")


def quoted_speech(text: str) -> str:
    """The text's quoted speech, joined ("" when it quotes nobody)."""
    return " ".join(_SPEECH.findall(text))


_SPEECH_VERB = r"(?:\s+\w+){0,2}?\s+(?:told|said|says|asked|complained|explained|added|replied|insisted|mentioned)\b"


def _aliases(person: str) -> set[str]:
    """How a text may name a member: the full name, or the first name alone."""
    return {person, person.split()[0]} if person.split() else {person}


def _earliest(text: str, people: Sequence[str], after: str = "") -> str | None:
    """The member whose name (followed by the pattern ``after``) comes first in ``text``, by position."""
    best: tuple[int, str] | None = None
    for person in people:
        for alias in _aliases(person):
            match = re.search(rf"\b{re.escape(alias)}\b{after}", text)
            if match and (best is None or match.start() < best[0]):
                best = (match.start(), person)
    return best[1] if best else None


def speaker(text: str, people: Sequence[str]) -> str | None:
    """The group member who speaks in ``text`` ("Andrea told Rita: ..."), else the first one named."""
    return _earliest(text, people, _SPEECH_VERB) or first_person_named(text, people)


def beneficiary(text: str, people: Sequence[str]) -> str | None:
    """Whom a request is for: a member named after "for" in its quoted speech ("comfortable for Rita"), else
    its speaker."""
    said = quoted_speech(text)
    for person in people:
        if any(re.search(rf"\bfor {re.escape(alias)}\b", said) for alias in _aliases(person)):
            return person
    return speaker(text, people)


def first_person_named(text: str, people: Sequence[str]) -> str | None:
    """The first group member ``text`` names (full name or first name), by position."""
    return _earliest(text, people)
