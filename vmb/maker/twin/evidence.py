"""Where a query's evidence stands: its gold memory entries and the history lines each entry retells.

The release's gold memory retells history lines with their date and clock time: ``[April 5, 2025]
At 4:02 PM, George corrected himself: '...'`` is the line ``[2025-04-05 16:02] George Nelson: ...``.
An entry's lines are the history's lines of its date said at one of its clock times or up to
``WINDOW_MINUTES`` after (a remark goes on over a few lines). An entry without a date or a time, or
whose times find no line, has no evidence lines: a value it states cannot be followed into the history.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from vmb.data import Group, Query
from vmb.maker.twin.dates import entry_date

WINDOW_MINUTES = 3
_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\s*([AP])\.?M\.?", re.IGNORECASE)


@dataclass(frozen=True)
class Entry:
    """One line of a query's gold memory and the history lines (0-based) it retells."""

    index: int
    text: str
    lines: tuple[int, ...]


def clock_times(entry: str) -> list[tuple[int, int]]:
    """The (hour, minute) of every clock time ``entry`` says, on the 24-hour clock."""
    out = []
    for match in _CLOCK.finditer(entry):
        hour, minute = int(match.group(1)) % 12, int(match.group(2))
        out.append((hour + (12 if match.group(3).upper() == "P" else 0), minute))
    return out


def _by_minute(group: Group) -> dict[datetime, list[int]]:
    index: dict[datetime, list[int]] = {}
    for number, line in enumerate(group.lines):
        index.setdefault(line.timestamp, []).append(number)
    return index


def entries(query: Query, group: Group, by_minute: dict[datetime, list[int]] | None = None) -> list[Entry]:
    """The gold memory entries of ``query``, each with its history lines."""
    by_minute = _by_minute(group) if by_minute is None else by_minute
    out = []
    for index, text in enumerate(query.gold_memory.split("\n")):
        day = entry_date(text)
        found: list[int] = []
        if day is not None:
            for hour, minute in clock_times(text):
                start = datetime(day.year, day.month, day.day, hour, minute)
                for step in range(WINDOW_MINUTES + 1):
                    found += by_minute.get(start + timedelta(minutes=step), [])
        out.append(Entry(index, text, tuple(sorted(set(found)))))
    return out


def group_entries(group: Group) -> dict[int, list[Entry]]:
    """Every query's entries, by the query's index in its group."""
    by_minute = _by_minute(group)
    return {query.index: entries(query, group, by_minute) for query in group.queries}
