"""Where a text says a value, and the same place saying another value the way it said the first.

A number is found in every way it is said (``vmb.data.spoken.spoken_numbers``: digits or number words of
any size, "seventy-five" as one, never a clock time, a date or an ordinal) and rewritten in its form:
digits as digits, number words as number words with their capital and the space or hyphen of a compound. An enum value is found as the generator
hears it (``vmb.data.spoken.spoken_pattern``) and rewritten only where the text says its own
words ("blue", "Heading up", "north_up"), in their case and with their separators; a value said in
other words ("the windshield" for ``window``) is a place the twin cannot respell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from vmb.data.spoken import spoken_numbers, spoken_pattern, stated_steps
from vmb.data.spoken_words import END_PHRASES

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
# Words that say a value is an end of its range: moving it off the end would make the line untrue.
END_WORDS = re.compile(r"\b(?:max(?:imum|ed)?|min(?:imum)?|highest|lowest|full(?:est|y)?|all the way|as (?:high|low) as|"
                       r"all the (?:space|room|\w+) (?:\w+ )?can get|as far as it (?:goes|will go))\b"
                       + "|" + "|".join(re.escape(p) for ps in END_PHRASES.values() for p in ps), re.IGNORECASE)


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    said: str  # the text as it stands there


def number_word(number: int, joint: str = "-") -> str:
    """``number`` in words, a compound's two words joined by ``joint`` ("ninety-five", "ninety five")."""
    if number < 20:
        return _UNITS[number]
    if number == 100:
        return "one hundred"
    tens, unit = divmod(number, 10)
    return _TENS[tens - 2] + (f"{joint}{_UNITS[unit]}" if unit else "")


def number_spans(text: str, value: int) -> list[Span]:
    """Every place ``text`` says the whole number ``value`` (digits or number words)."""
    return [Span(start, end, text[start:end]) for start, end, number in spoken_numbers(text) if number == value]


def numbers_in(text: str, domain: tuple[Any, ...]) -> set[int]:
    return {n for _, _, n in spoken_numbers(text) if n in domain}


def _own_words(said: str, value: str) -> bool:
    return re.split(r"[\s_\-]+", said.lower()) == re.split(r"[\s_\-]+", value.lower())


def enum_spans(text: str, value: str) -> tuple[list[Span], bool]:
    """The places ``text`` says ``value`` in its own words, and whether it also says it in others."""
    found = [Span(m.start(), m.end(), m.group(0)) for m in spoken_pattern(value).finditer(text)]
    own = [s for s in found if _own_words(s.said, value)]
    return own, len(own) < len(found)


def said_like(old: str, new: Any) -> str:
    """``new`` written the way ``old`` is written: digits or words, capitals, separators."""
    if isinstance(new, int):
        if old.isdigit():
            return str(new)
        word = number_word(new, " " if re.fullmatch(r"[A-Za-z]+ [A-Za-z]+", old) and " hundred" not in old else "-")
        return word.capitalize() if old[:1].isupper() else word
    separator = next(iter(re.findall(r"[\s_\-]+", old)), " ")
    words = re.split(r"[\s_\-]+", str(new))
    if old.isupper() and sum(c.isalpha() for c in old) > 1:  # "OFF", not "3D"
        words = [w.upper() for w in words]
    elif old[:1].isupper():
        words = [words[0].capitalize(), *words[1:]] if not old.istitle() else [w.capitalize() for w in words]
    else:
        words = [w if w.isupper() else w.lower() for w in words]
    return separator.join(words)


def spans_of(text: str, value: Any) -> tuple[list[Span], bool]:
    """Where ``text`` says ``value`` (an int or an enum value), and whether it says it in other words too."""
    if isinstance(value, int):
        return number_spans(text, value), False
    return enum_spans(text, str(value))


def steps_in(text: str) -> list[int]:
    """The signed steps ``text`` says ("two notches higher" +2, "lower it by 5" -5)."""
    return [size for _, _, size in stated_steps(text)]
