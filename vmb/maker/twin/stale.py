"""A value left behind: any statement of a changed query's old value near its evidence.

A twin changes an answer only where its history no longer states the old value. The gold memory points at
its lines by date and clock time, but people say a value again a few minutes later or the next day, and
in more ways than its digits, so this reader looks wider than the twin's evidence: on every day of the
query's gold entries and the day either side, any line that speaks of the setting (it, or a line of the
same talk a few minutes before or just after it, names the setting, or the line is one the gold retells)
and says the value in any way a reader hears one:

- a number in digits or words of any size ("twenty", "seventy-five", "ninety five"), unless the words
  after it say it counts something ("twenty minutes");
- an end of the range in words when the value is one ("all the way up", "maximum", "fully");
- a member in its own words, the phrases and descriptions people say it by (``vmb.data.spoken``), a
  word made from it ("sequentially", "muted", "shuffled"), or every part of a compound member in one
  sentence ("on my face and feet, with some on the window"), unless it is only an everyday word there.

The twin reads its plan through :func:`statements` (a line found here is evidence too: rewritten, or the
query keeps its value), and ``vmb verify`` reads a written twin through :func:`left_behind`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence, Set
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from vmb.data.loader import Benchmark
from vmb.data.metadata import Twin
from vmb.data.spoken import described, spoken_numbers, spoken_pattern
from vmb.data.spoken_words import SPOKEN_PARTS
from vmb.maker.baselines.lexicon import targets
from vmb.maker.baselines.lexicon import words as words_of
from vmb.maker.generate.settings import Setting, settings
from vmb.maker.twin import mentions
from vmb.maker.twin.dates import entry_date
from vmb.maker.twin.evidence import entries

# How far a line may stand from the gold's stamp (either way) and still speak of its value.
DAYS_AROUND = 1
# The talk a line belongs to: the lines this many minutes before it and just after it.
TALK_MINUTES = 6
_TALK_BEFORE, _TALK_AFTER = 5, 2
# The words that say a value is an end of its range, without its number.
_ENDS = {"max": re.compile(r"\b(?:max(?:imum|ed(?: out)?)?|highest|all the way up|as high as it (?:goes|gets)|"
                           r"fully|full blast|top setting)\b", re.IGNORECASE),
         "min": re.compile(r"\b(?:min(?:imum)?|lowest|all the way down|as low as it (?:goes|gets))\b", re.IGNORECASE)}
_DERIVED = ("ly", "ed", "d", "ing", "s")
_SENTENCE = re.compile(r"[^.!?]+")


@dataclass(frozen=True)
class Statement:
    line: int  # 0-based line of the group's history
    start: int
    end: int
    said: str


def said(text: str, setting: Setting, value: Any) -> list[tuple[int, int, str]]:
    """Every place ``text`` may say ``value`` of ``setting``: ``(start, end, words)``."""
    out: list[tuple[int, int, str]] = []
    if setting.kind == "int":
        out += [(s, e, text[s:e]) for s, e, n in spoken_numbers(text)
                if n == value and mentions.number_said(text, s, e) is not mentions.Said.NOT_VALUE]
        ends = ("max",) * (value == max(setting.domain)) + ("min",) * (value == min(setting.domain))
        out += [(m.start(), m.end(), m.group(0)) for end in ends for m in _ENDS[end].finditer(text)]
        return out
    member = str(value)
    for m in spoken_pattern(member).finditer(text):
        if mentions.member_said(text, m.start(), m.end(), setting, value) is not mentions.Said.NOT_VALUE:
            out.append((m.start(), m.end(), m.group(0)))
    for sentence in _SENTENCE.finditer(text):  # "on my face and feet, with some on the window": every part
        parts = member.split("_")
        if len(parts) > 1 and not any(sentence.start() <= s < sentence.end() for s, _, _ in out) and all(
                re.search(rf"\b(?:{'|'.join(map(re.escape, (p, *SPOKEN_PARTS.get(p, ()))))})\b", sentence.group(0),
                          re.IGNORECASE) for p in parts):
            out.append((sentence.start(), sentence.end(), sentence.group(0).strip()))
    if described(text, member):
        out.append((0, len(text), "(a description of it)"))
    if member.isalpha() and len(member) > 3:
        stem = re.escape(member[:-1] if member.endswith("e") else member)
        for m in re.finditer(rf"\b{stem}(?:{'|'.join(_DERIVED)})\b", text, re.IGNORECASE):
            if m.group(0).lower() != member.lower() and mentions.member_said(
                    text, m.start(), m.end(), setting, value) is not mentions.Said.NOT_VALUE:
                out.append((m.start(), m.end(), m.group(0)))
    return out


class Near:
    """One group's history seen by day, to find the lines around a query's evidence."""

    def __init__(self, stamps: Sequence[datetime], texts: Sequence[str]) -> None:
        self.stamps, self.texts = stamps, texts
        self.by_day: dict[date, list[int]] = {}
        for number, stamp in enumerate(stamps):
            self.by_day.setdefault(stamp.date(), []).append(number)

    def around(self, days: set[date]) -> list[int]:
        near = {d + timedelta(days=k) for d in days for k in range(-DAYS_AROUND, DAYS_AROUND + 1)}
        return sorted(n for d in near for n in self.by_day.get(d, []))

    def on_topic(self, number: int, setting: Setting) -> bool:
        """Whether line ``number`` or its talk (a few lines within minutes around it) names ``setting``."""
        cues = targets()[setting.api].cues
        stamp = self.stamps[number]
        talk = [self.texts[n] for n in range(max(0, number - _TALK_BEFORE), min(len(self.texts), number + _TALK_AFTER))
                if abs(self.stamps[n] - stamp) <= timedelta(minutes=TALK_MINUTES)]
        return bool(cues & set(words_of(" ".join(talk))))

    def statements(self, days: set[date], setting: Setting, value: Any, evidence: Set[int] = frozenset()) -> list[Statement]:
        """Every statement of ``value`` on ``days`` and the days around them, in a line on the setting's topic
        (the ``evidence`` lines are)."""
        out = []
        for number in self.around(days):
            found = said(self.texts[number], setting, value)
            if found and (number in evidence or self.on_topic(number, setting)):
                out += [Statement(number, s, e, w) for s, e, w in found]
        return out


@dataclass(frozen=True)
class Left:
    """A statement of a changed query's old value near its evidence in a written twin."""

    query: str
    line: int  # 1-based line of the group's history
    old: Any
    new: Any
    said: str
    text: str


def left_behind(bench: Benchmark, twin: Twin) -> list[Left]:
    """Every statement of a changed query's old value near its evidence in the twin ``bench`` (whose
    metadata is ``twin``): a twin must have none."""
    found = []
    for group_note in twin.groups:
        group = bench.group(group_note.group)
        near = Near([line.timestamp for line in group.lines], [line.text for line in group.lines])
        for note in (q for q in group_note.queries if q.changed):
            query = bench.query(note.id)
            days = {d for entry in query.gold_memory.split("\n") if (d := entry_date(entry)) is not None}
            evidence = {n for entry in entries(query, group) for n in entry.lines}
            for change in note.changes:
                setting = settings().get(str(change.get("setting")))
                if setting is None or setting.kind not in ("int", "enum"):
                    continue
                found += [Left(note.id, s.line + 1, change.get("from"), change.get("to"), s.said,
                               group.lines[s.line].raw)
                          for s in near.statements(days, setting, change.get("from"), evidence)]
    return found
