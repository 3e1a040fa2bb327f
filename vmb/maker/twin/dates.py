"""Dates moved by one whole number of weeks per group, so every weekday the text names stays true.

The history's stamps (``[YYYY-MM-DD HH:MM]``), the gold memory's ``[Month D, YYYY]`` and the dates
people say inside lines ("on April 5th", "May 3rd to 5th", "March 10, 2025") move together, so every
delay between them is the one of the source. A day said without its month ("the 20th") is left: it
may be a century or a count as well.

A month or season said alone ("in late April", "November shouldn't feel like this", "this winter") moves
with the dates too (:func:`shift_months`): it names the month or season nearest the date of the text
saying it (a line's stamp, a gold entry's date, for a query its gold's last date), at the day its words
give ("early" the 5th, "mid" the 15th, "late" or "end of" the 25th; the text's own day when it names its
own month or season; for a query and its gold, the day of its gold entry in that month; else the middle),
and becomes the one that day falls in once moved. "May" is a month
only after a word that says so ("in May", "mid-May"), "fall" and "spring" only after "this", "last",
"next", "in (the)", "early", "late" or "mid"; a month word before a surname is a person ("June Carter").
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


_SEASONS = {"winter": (12, 1, 2), "spring": (3, 4, 5), "summer": (6, 7, 8), "autumn": (9, 10, 11), "fall": (9, 10, 11)}
_LEAD = r"(?:(?:in|of|by|until|till|since|through|before|after|during|for|from|to|around|this|last|next|early|late|" \
        r"end of|beginning of|middle of|start of|in the|the)\s+|mid-?)"
_MONTH_ALONE = re.compile(rf"(?P<lead>\b{_LEAD})?\b(?P<month>{_MONTH})\b(?!\s+\d)(?!\s+[A-Z][a-z])")
_SEASON_ALONE = re.compile(rf"(?P<lead>\b{_LEAD})?\b(?P<season>[Ww]inter|[Ss]pring|[Ss]ummer|[Aa]utumn|[Ff]all)\b"
                           rf"(?!\s+[A-Z][a-z])")
_DAY_OF = ((re.compile(r"early|beginning|start", re.IGNORECASE), 5), (re.compile(r"mid|middle", re.IGNORECASE), 15),
           (re.compile(r"late|end", re.IGNORECASE), 25))


def _season(day: date) -> str:
    return next(name for name, months in _SEASONS.items() if day.month in months)


def _nearest(month: int, day_of_month: int, near: date) -> date:
    """The day ``day_of_month`` of ``month`` nearest to ``near``."""
    options = [date(near.year + k, month, min(day_of_month, 28 if month == 2 else 30)) for k in (-1, 0, 1)]
    return min(options, key=lambda d: abs(d - near))


def _cased(like: str, word: str) -> str:
    return word.capitalize() if like[:1].isupper() else word.lower()


def shift_months(text: str, offset: timedelta, said_on: date, events: tuple[date, ...] = ()) -> tuple[str, int]:
    """``text``, said on ``said_on`` (the source's date), with every month and season it names alone moved with
    ``offset``, and how many it changed. ``events``: the dates of what the text speaks of (a query's gold
    entries): a month one of them is in names that day ("my March heat" is the entry of March 25)."""
    count = 0

    def day_of(lead: str | None, own: bool) -> int:
        for words, day in _DAY_OF:
            if lead and words.search(lead):
                return day
        return said_on.day if own else 15

    def month(match: re.Match[str]) -> str:
        nonlocal count
        name, lead = match.group("month"), match.group("lead")
        if name == "May" and not lead:
            return match.group(0)  # "May I?": a month only where a word says so
        number = _MONTHS.index(name) + 1
        meant = max((d for d in events if d.month == number), default=None) or \
            _nearest(number, day_of(lead, number == said_on.month), said_on)
        new = _MONTHS[(meant + offset).month - 1]
        count += new != name
        return (lead or "") + new

    def season(match: re.Match[str]) -> str:
        nonlocal count
        name, lead = match.group("season"), match.group("lead")
        if name.lower() in ("fall", "spring") and not (lead and re.search(r"this|last|next|in|early|late|mid", lead)):
            return match.group(0)  # "a fall", "a spring in her step"
        months = _SEASONS[name.lower()]
        meant = said_on if said_on.month in months else _nearest(months[1], day_of(lead, False), said_on)
        new = _season(meant + offset)
        if new == "autumn" and name.lower() == "fall":
            new = "fall"
        count += new != name.lower()
        return (lead or "") + _cased(name, new)

    text = _MONTH_ALONE.sub(month, text)
    return _SEASON_ALONE.sub(season, text), count
