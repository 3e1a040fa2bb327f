"""What a shortcut baseline may read of a query: its text, its gold memory, the group's history.

A :class:`Task` is built from a ``vmb.data`` query and group and copies nothing else: no reference
call, no answer and no reasoning type reach a baseline, so none can read them. Both sources are cut
into dated :class:`Unit` s (a gold-memory entry, a history line) with the person each is about.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from vmb.data import Group, Query
from vmb.doubles.baselines.lexicon import Target, first_person_named, names, words

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_ENTRY_DATE = re.compile(r"\[(" + "|".join(_MONTHS) + r") (\d{1,2}), (\d{4})\]")
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\b")


@dataclass(frozen=True)
class Unit:
    """One dated piece of evidence: a gold-memory entry or a history line."""

    when: tuple[Any, ...]  # sorts in time order (date, minutes, position)
    text: str
    person: str | None  # whom it is about: a line's speaker, the first member an entry names
    words: frozenset[str] = field(compare=False)


def _clock_minutes(text: str) -> int:
    match = _CLOCK.search(text)
    if match is None:
        return -1
    hour, minute, half = int(match.group(1)) % 12, int(match.group(2)), match.group(3).lower()
    return hour * 60 + minute + (720 if half == "p" else 0)


def gold_units(gold_memory: str, people: list[str]) -> list[Unit]:
    """The dated entries of a gold memory (``[April 15, 2025] At 9:00 AM, ...``), in the order written."""
    heads = list(_ENTRY_DATE.finditer(gold_memory))
    if not heads:
        text = gold_memory.strip()
        return [Unit((0, -1, 0), text, first_person_named(text, people), frozenset(words(text)))] if text else []
    units = []
    for position, head in enumerate(heads):
        end = heads[position + 1].start() if position + 1 < len(heads) else len(gold_memory)
        text = gold_memory[head.end():end].strip()
        month, day, year = _MONTHS.index(head.group(1)) + 1, int(head.group(2)), int(head.group(3))
        when = ((year, month, day), _clock_minutes(text), position)
        units.append(Unit(when, text, first_person_named(text, people), frozenset(words(text))))
    return units


class HistoryIndex:
    """A group's history lines, searched for the lines naming an API once per API.

    One regular expression of the API's cue words over the whole history finds the candidate lines;
    only those are cut into words, so a query costs a scan of the text, not of 2,700 word sets.
    """

    def __init__(self, group: Group) -> None:
        self._lines = group.lines
        self._text = "\n".join(line.text.lower() for line in group.lines)
        starts, offset = [], 0
        for line in group.lines:
            starts.append(offset)
            offset += len(line.text) + 1
        self._starts = starts
        self._units: dict[int, Unit] = {}
        self._naming: dict[str, list[Unit]] = {}

    def _unit(self, position: int) -> Unit:
        unit = self._units.get(position)
        if unit is None:
            line = self._lines[position]
            unit = Unit((line.timestamp, position), line.text, line.speaker, frozenset(words(line.text)))
            self._units[position] = unit
        return unit

    def naming(self, target: Target) -> list[Unit]:
        """The lines naming ``target``, in file order."""
        if target.name not in self._naming:
            pattern = re.compile(r"(?<![a-z0-9])(?:" + "|".join(map(re.escape, sorted(target.cues))) + r")(?![a-z0-9])")
            hits = sorted({bisect_right(self._starts, m.start()) - 1 for m in pattern.finditer(self._text)})
            units = (self._unit(position) for position in hits)
            self._naming[target.name] = [u for u in units if names(u.text, target, u.words)]
        return self._naming[target.name]


@dataclass(frozen=True)
class Task:
    """A query as a baseline sees it."""

    id: str
    query: str
    gold: list[Unit]
    people: list[str]
    history: HistoryIndex

    @property
    def asker(self) -> str | None:
        return first_person_named(self.query, self.people)


class Tasks:
    """Builds each query's :class:`Task`, indexing each group's history once."""

    def __init__(self) -> None:
        self._indexes: dict[int, tuple[Group, HistoryIndex]] = {}

    def of(self, query: Query, group: Group) -> Task:
        held = self._indexes.get(group.number)
        if held is None or held[0] is not group:
            held = (group, HistoryIndex(group))
            self._indexes[group.number] = held
        return Task(query.id, query.query, gold_units(query.gold_memory, group.speakers), group.speakers, held[1])
