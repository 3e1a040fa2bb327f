"""Queries that can be passed for the wrong reason, or whose wording contradicts itself.

* **default value**: a reference call sets a value the default car already has, so the scorer never
  asks for it (the car starts there): the answer passes without knowing that value. Found by
  setting the parameter to another value on the same car: the leaves that then differ are the
  ones the call decides; a finding is one of those leaves ending at the default car's value while
  the answer still changes something else (an answer that changes nothing is ``no_change``).
* **clock contradiction**: the query's clock ("At 5:30 PM") and a time of day it names ("barely
  past sunrise") cannot both hold; a time of day said of another occasion ("that evening drive",
  "like that time on night drives") is no scene, nor is a person's name ("Dawn").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from vmb.data import Query
from vmb.maker.audit.wording import name_pattern

_CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})\s*([AaPp])\.?[Mm]\b")
# Times of day a scene can name, with the clock hours (0-23, a window may run past midnight) they allow.
# A time of day named about another occasion ("that evening drive", "the night setting") is no scene,
# nor one said of another part of today ("our guest flew home this morning", said at 8:50 PM).
_NOT_NOW = r"(?<!that )(?<!the )(?<!last )(?<!yesterday )(?<!previous )(?<!this )"
DAY_PARTS: dict[str, tuple[int, int, re.Pattern[str]]] = {
    part: (start, end, re.compile(_NOT_NOW + r"\b(?:" + words + r")\b", re.I))
    for part, start, end, words in (
        ("morning", 4, 12, "sunrise|dawn|daybreak|morning|breakfast"),
        ("midday", 10, 15, "noon|midday|lunchtime"),
        ("afternoon", 12, 19, "afternoon"),
        ("evening", 16, 23, "evening|sunset|dusk|twilight"),
        ("night", 19, 29, "night|tonight|midnight|dark outside|already dark|pitch dark"),
    )
}
# A clause about an earlier occasion ("like that time on night drives", "same as when ...") is no scene either.
_OTHER_OCCASION = re.compile(r"\b(?:that time|the time|as when|like when|same as when)\b[^.!?;:]*", re.I)
# An hour on either side of a window still reads as that time of day.
SLACK_HOURS = 1


def clock_contradiction(query: Query, people: Sequence[str]) -> str | None:
    """``"5:30 PM vs morning"`` when the query's first clock time falls outside a time of day it
    names; the names of its group's ``people`` are no time of day (Dawn drives at 2 PM)."""
    clock = _CLOCK.search(query.query)
    if clock is None:
        return None
    hour = int(clock.group(1)) % 12 + (12 if clock.group(3).lower() == "p" else 0)
    scene = _OTHER_OCCASION.sub(" ", query.query[clock.end():])
    names = name_pattern(people)
    if names is not None:
        scene = names.sub(" ", scene)
    for part, (start, end, pattern) in DAY_PARTS.items():
        if pattern.search(scene) is None:
            continue
        inside = any(start - SLACK_HOURS <= h <= end + SLACK_HOURS for h in (hour, hour + 24))
        if not inside:
            return f"{clock.group(0)} vs {part}"
    return None
