"""Dates moved by one whole number of weeks per group, so every weekday the text names stays true.

The history's stamps (``[YYYY-MM-DD HH:MM]``), the gold memory's ``[Month D, YYYY]`` and the dates
people say inside lines ("on April 5th", "May 3rd to 5th", "March 10, 2025") move together, so every
delay between them is the one of the source. A day said without its month ("the 20th") is left: it
may be a century or a count as well.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta
from random import Random

# Offsets in weeks a twin draws from: a few weeks either way keep the season the text speaks of.
OFFSET_WEEKS = tuple(w for w in range(-6, 7) if w)
_MONTHS = tuple(calendar.month_name)[1:]
_MONTH = "|".join(_MONTHS)
_STAMP = re.compile(r"\[(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})\]")
_SUFFIX = r"(st|nd|rd|th)?"
# "April 5th", "April 5, 2025", "May 3rd to 5th", "May 3-5"; the year only after a comma.
_SAID = re.compile(rf"\b({_MONTH}) (\d{{1,2}}){_SUFFIX}(?:(\s*(?:-|–|to|through|and)\s*)(\d{{1,2}}){_SUFFIX})?"
                   rf"(?:, (\d{{4}}))?(?![\d:])")


def draw_offset(rng: Random) -> timedelta:
    return timedelta(weeks=rng.choice(OFFSET_WEEKS))


def ordinal(day: int) -> str:
    if 10 <= day % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def shift_stamps(line: str, offset: timedelta) -> str:
    """A history line with the date of its stamp (and of a repeated stamp) moved."""
    def moved(match: re.Match[str]) -> str:
        day = date(int(match.group(1)), int(match.group(2)), int(match.group(3))) + offset
        return f"[{day.isoformat()} {match.group(4)}]"

    return _STAMP.sub(moved, line, count=2) if line.startswith("[") else line


def _day(month: str, day: str, year: int) -> date | None:
    try:
        return date(year, _MONTHS.index(month) + 1, int(day))
    except ValueError:
        return None


def shift_said(text: str, offset: timedelta, year: int) -> tuple[str, int]:
    """``text`` with every date it says moved (a date without a year is in ``year``), and how many."""
    count = 0

    def moved(match: re.Match[str]) -> str:
        nonlocal count
        month, first, suffix, joint, last, last_suffix, said_year = match.groups()
        start = _day(month, first, int(said_year or year))
        if start is None:
            return match.group(0)
        new = start + offset
        out = f"{_MONTHS[new.month - 1]} {new.day}{ordinal(new.day) if suffix else ''}"
        if joint is not None:
            end = _day(month, last, start.year)
            if end is None or end < start:
                return match.group(0)
            end += offset
            said = f"{end.day}{ordinal(end.day) if last_suffix else ''}"
            out += joint + (said if end.month == new.month else f"{_MONTHS[end.month - 1]} {said}")
        count += 1
        return out + (f", {new.year}" if said_year else "")

    return _SAID.sub(moved, text), count


def entry_date(entry: str) -> date | None:
    """The date a gold memory entry opens with (``[April 5, 2025] ...``)."""
    match = re.match(rf"\[({_MONTH}) (\d{{1,2}}), (\d{{4}})\]", entry)
    return _day(match.group(1), match.group(2), int(match.group(3))) if match else None
