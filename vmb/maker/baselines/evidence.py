"""What a shortcut baseline may read of a query: its text, its gold memory, the group's history.

A :class:`Task` is built from a ``vmb.data`` query and group and copies nothing else: no reference
call, no answer and no reasoning type reach a baseline, so none can read them. Both sources are cut
into dated :class:`Unit` s (a gold-memory entry, a history line) with the person each is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from vmb.data import Group, Query
from vmb.maker.baselines.lexicon import Target, names, words
from vmb.maker.baselines.speech import beneficiary, first_person_named, speaker

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
    speaker: str | None  # who speaks: a line's speaker, the member an entry has telling or saying
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
        return [Unit((0, -1, 0), text, first_person_named(text, people), speaker(text, people),
                     frozenset(words(text)))] if text else []
    units = []
    for position, head in enumerate(heads):
        end = heads[position + 1].start() if position + 1 < len(heads) else len(gold_memory)
        text = gold_memory[head.end():end].strip()
        month, day, year = _MONTHS.index(head.group(1)) + 1, int(head.group(2)), int(head.group(3))
        when = ((year, month, day), _clock_minutes(text), position)
        units.append(Unit(when, text, first_person_named(text, people), speaker(text, people), frozenset(words(text))))
    return units


class HistoryIndex:
    """A group's history lines as units, with an index from each word to the lines holding it.

    Cut into words once per group; the lines naming an API are then the union of its cue words'
    lines, checked once per API and kept.
    """

    def __init__(self, group: Group) -> None:
        self._group = group
        self.units: list[Unit] = []
        self._lines: dict[str, list[int]] = {}
        self._naming: dict[str, list[Unit]] = {}

    def _build(self) -> None:
        """Cut the lines into words, on the first question (baselines reading no history never pay it)."""
        self.units = [
            Unit((line.timestamp, position), line.text, line.speaker, line.speaker, frozenset(words(line.text)))
            for position, line in enumerate(self._group.lines)
        ]
        for position, unit in enumerate(self.units):
            for word in unit.words:
                self._lines.setdefault(word, []).append(position)

    def naming(self, target: Target) -> list[Unit]:
        """The lines naming ``target``, in file order."""
        if not self.units:
            self._build()
        if target.name not in self._naming:
            hits = sorted({p for cue in target.cues for p in self._lines.get(cue, ())})
            units = (self.units[p] for p in hits)
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
    asker: str | None  # the first group member the query names (usually the driver)
    beneficiary: str | None  # whom the request is for: a member it names after "for", else its speaker


class Tasks:
    """Builds each query's :class:`Task` once, indexing each group's history once."""

    def __init__(self) -> None:
        self._indexes: dict[int, tuple[Group, HistoryIndex]] = {}
        self._tasks: dict[str, tuple[Query, Task]] = {}

    def of(self, query: Query, group: Group) -> Task:
        known = self._tasks.get(query.id)
        if known is not None and known[0] is query:
            return known[1]
        held = self._indexes.get(group.number)
        if held is None or held[0] is not group:
            held = (group, HistoryIndex(group))
            self._indexes[group.number] = held
        task = Task(query.id, query.query, gold_units(query.gold_memory, group.speakers), group.speakers, held[1],
                    first_person_named(query.query, group.speakers), beneficiary(query.query, group.speakers))
        self._tasks[query.id] = (query, task)
        return task
