"""How a value is said in text, and whether a text says it: the one reader of values in text.

Every layer hears values here. The generator's wording says them from these tables and its vetting
and LLM checks read them back; the shortcut baselines and the audit read them off histories and
queries; attribution reads them off gold memory and a memory's output. Nothing here knows a
benchmark, a plan or a model. Each reader asks the question its errors make it ask:

- :func:`says_value` and :func:`mentions` (the generator's vetting and checks): does a text give a
  value away at all? Strict on purpose: a number counts even beside a clock time, so no query hints
  at its answer.
- :func:`names_value` (attribution's): does a text state a value as one? A number outside a time, a
  date or another number, a string's words, an on/off verb; a group member's name is no value
  ("Marissa Green" does not say the colour green).
- :func:`whole_numbers`, :func:`stated_numbers` and :func:`stated_steps` (the baselines' and the
  audit's): which numbers and steps a text states, never a clock time, a date or an ordinal.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Any

from vmb.data.spoken_words import (
    COUNT_WORDS,
    DESCRIBED_VALUES,
    END_PHRASES,
    NUMBER_WORDS,
    SPOKEN_PARTS,
    SPOKEN_VALUES,
    SWITCH_WORDS,
)

_SEPARATOR = r"[\s_\-]+"


def _phrase(text: str) -> str:
    """A phrase as words, whatever spaces or hyphens stand between them ("twelve hour", "twelve-hour")."""
    return _SEPARATOR.join(map(re.escape, re.split(_SEPARATOR, text.strip())))


def _whole(alternatives: str) -> str:
    """A pattern matched as whole words: no word character touches either end."""
    return r"(?<!\w)(?:" + alternatives + r")(?!\w)"


# --- the generator's reading: does a text give a value away -----------------------------------------

@cache
def value_words() -> re.Pattern[str]:
    """The simulator's enum values as words, any case ("feet window", "off", "red"): a text that
    says one says a value a setting can take."""
    from vmb.sim.registry import API_BY_NAME
    from vmb.sim.spec import Enum

    members = {m for api in API_BY_NAME.values() for p in api.params.values() if isinstance(p, Enum)
               for m in p.values}
    spelled = sorted({m.replace("_", " ") for m in members} | members, key=len, reverse=True)
    return re.compile(_whole("|".join(map(re.escape, spelled))), re.IGNORECASE)


def mentions(text: str, value: Any) -> bool:
    """Whether ``text`` says ``value``: a number not inside a longer number, or a string as
    words in any case with ``_``, ``-`` or spaces between them."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (int, float)):
        return re.search(rf"(?<![\d.]){re.escape(str(value))}(?!\d)", text) is not None
    words = [w for w in re.split(r"[_\-\s]+", str(value)) if w]
    if not words:
        return False
    return re.search(_whole(r"[_\-\s]+".join(map(re.escape, words))), text, re.IGNORECASE) is not None


# Any word of a switch's state: on or off, or the words of a switch that opens, locks or folds something.
_SWITCH = re.compile(_whole("|".join(dict.fromkeys(w for pair in (("on", "off"), *SWITCH_WORDS.values())
                                                   for w in pair))), re.IGNORECASE)


def _part(word: str) -> str:
    return "(?:" + "|".join([re.escape(word), *map(re.escape, SPOKEN_PARTS.get(word.lower(), ()))]) + ")"


@lru_cache(maxsize=4096)
def spoken_pattern(value: str) -> re.Pattern[str]:
    """How text says a string value, as whole words in any case: its own words ("face_feet" as "face and
    feet", "feet_window" as "footwell and windshield", "12h" as "12-hour"), or a phrase of
    :data:`SPOKEN_VALUES`."""
    parts = [p for p in re.split(_SEPARATOR, value) if p]
    joined = r"(?:[\s,_\-]+(?:and\s+)?(?:the\s+)?)?".join(map(_part, parts))
    if re.fullmatch(r"\d+h", value):
        joined = re.escape(value[:-1]) + r"(?:h|[\s-]?hours?)"
    return re.compile(_whole("|".join([joined, *map(_phrase, SPOKEN_VALUES.get(value, ()))])), re.IGNORECASE)


def described(text: str, value: str) -> bool:
    """Whether ``text`` says ``value`` by one of its descriptions (:data:`DESCRIBED_VALUES`)."""
    return any(re.search(_whole(_phrase(p)), text, re.IGNORECASE) for p in DESCRIBED_VALUES.get(value, ()))


def says_value(text: str, value: Any, domain: tuple[Any, ...] = ()) -> bool:
    """Whether ``text`` states ``value``: :func:`mentions` for a number, :func:`spoken_pattern` or a
    description for a string, an on/off word for a boolean, or an end phrase for the highest or
    lowest value of an integer ``domain``."""
    if isinstance(value, bool):
        return _SWITCH.search(text) is not None
    if isinstance(value, str):
        return spoken_pattern(value).search(text) is not None or described(text, value)
    if mentions(text, value):
        return True
    if isinstance(value, int) and domain and all(isinstance(v, int) for v in domain):
        ends = ("max",) * (value == max(domain)) + ("min",) * (value == min(domain))
        return any(re.search(_whole(_phrase(p)), text) for end in ends for p in END_PHRASES[end])
    return False


# --- switch words as the other readers hear them ------------------------------------------------------
# Kept apart where a reader's mistakes cost differently: a model's planned line must say its side
# and not the other (the LLM checks), gold memory's prose says a setting was switched (attribution),
# a request asks broadly to switch something (the baselines, which guess).

# A line says on, or off; "on" alone is too common ("on the way") to refuse in a line that says off,
# so only a turning-on verb (``LINE_TURNED_ON``) is.
LINE_ON = re.compile(r"(?<!\w)(on|enable[ds]?|switch(?:ed)? it on)(?!\w)", re.IGNORECASE)
LINE_OFF = re.compile(r"(?<!\w)(off|disable[ds]?)(?!\w)", re.IGNORECASE)
LINE_TURNED_ON = re.compile(r"(?<!\w)(enable[ds]?|(?:switch|turn)(?:ed)? (?:it |them )?on)(?!\w)", re.IGNORECASE)
# How prose states an on/off setting: "turned (the heating) on", "enabled", "muted", "(True)".
STATE_VERBS = {
    True: re.compile(r"\b(?:turn|switch)(?:s|ed|ing)?\s+(?:\w+\s+){0,2}?on\b|\benabl(?:e|es|ed|ing)\b"
                     r"|\bactivat(?:e|es|ed|ing)\b|\btrue\b", re.IGNORECASE),
    False: re.compile(r"\b(?:turn|switch)(?:s|ed|ing)?\s+(?:\w+\s+){0,2}?off\b|\bdisabl(?:e|es|ed|ing)\b"
                      r"|\bdeactivat(?:e|es|ed|ing)\b|\bmut(?:e|es|ed|ing)\b|\bfalse\b", re.IGNORECASE),
}
# How a request switches something on or off, any way it can be asked.
ASKED_ON = re.compile(r"\b(?:turn|switch|flip|put)(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?on\b|\bon\b|\benabl\w*|\bactivat\w*"
                      r"|\bopen\w*|\bstart\w*|\bengag\w*|\bfold(?:s|ed|ing)?\b(?! up)", re.IGNORECASE)
ASKED_OFF = re.compile(r"\b(?:turn|switch|shut)(?:s|ed|ing)?\s+(?:\w+\s+){0,3}?off\b|\boff\b|\bdisabl\w*"
                       r"|\bdeactivat\w*|\bclos\w*|\bstop\w*|\bmut\w*|\bno more\b|\bdon'?t (?:need|want)\b",
                       re.IGNORECASE)
# A lock flag reads the other way round: "unlock" is False, "lock" True.
ASKED_LOCK = re.compile(r"\b(un)?lock(?:s|ed|ing)?\b", re.IGNORECASE)


# --- what is never a value: clock times, dates, ordinals, people's names -----------------------------

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
# "At 8:00 AM" is no 8, a history stamp's "[2025-06-12 08:02]" no 12, "on the 9th" no 9.
_NOT_VALUES = re.compile(
    rf"\b\d{{4}}-\d{{1,2}}-\d{{1,2}}\b"
    rf"|\b\d{{1,2}}:\d{{2}}(?:\s*[AaPp]\.?[Mm]\.?)?"
    rf"|\b\d{{1,2}}\s*[AaPp]\.?[Mm]\.?(?!\w)"
    rf"|\b(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,\s*\d{{4}})?"
    rf"|\b\d+(?:st|nd|rd|th)\b"
)


def mask_non_values(text: str) -> str:
    """``text`` with clock times, dates and ordinals blanked (same length, so offsets stay)."""
    return _NOT_VALUES.sub(lambda m: " " * len(m.group()), text)


def _aliases(people: Sequence[str]) -> dict[str, str]:
    """Name as written → person. A first name counts only when no other member shares it
    (one group has two Thomases, always written in full)."""
    firsts = [p.split()[0] for p in people if p.split()]
    out = {p: p for p in people}
    for person in people:
        first = person.split()[0] if person.split() else ""
        if first and firsts.count(first) == 1:
            out.setdefault(first, person)
    return out


@lru_cache(maxsize=256)
def people_pattern(people: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, str]] | None:
    """The pattern finding any name of a group's members (compiled once per group), and name → person."""
    aliases = _aliases(people)
    if not aliases:
        return None
    # Longest alias first, so "Thomas Carter" is not read as a shorter name inside it.
    return re.compile(r"\b(" + "|".join(map(re.escape, sorted(aliases, key=len, reverse=True))) + r")\b"), aliases


def people_named(text: str, people: Sequence[str]) -> list[str]:
    """Group members named in ``text``, in order of first mention."""
    found = people_pattern(tuple(people))
    if found is None:
        return []
    pattern, aliases = found
    ordered: dict[str, None] = {}
    for match in pattern.finditer(text):
        ordered.setdefault(aliases[match.group(1)], None)
    return list(ordered)


def unnamed(text: str, people: Sequence[str]) -> str:
    """``text`` with the names of ``people`` blanked (same length, so offsets stay)."""
    found = people_pattern(tuple(people))
    return text if found is None else found[0].sub(lambda m: " " * len(m.group()), text)


# --- attribution's reading: does a text state a value as one -----------------------------------------

def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def names_value(text: str, value: Any, people: Sequence[str]) -> bool:
    """Whether ``text`` states ``value``: a number as a number (not inside a time, a date or
    another number), a string as words in any case with ``_``, ``-`` or spaces between them, an
    on/off setting by a verb that switches something on or off. A name of one of ``people`` (the
    group's speakers) is no value: "Marissa Green" does not say the colour green."""
    pattern = value_pattern(type(value).__name__, value)
    if pattern is None:
        return False
    text = unnamed(text, people)
    if is_number(value):
        text = mask_non_values(text)
    return pattern.search(text) is not None


@lru_cache(maxsize=4096)
def value_pattern(kind: str, value: Any) -> re.Pattern[str] | None:
    """The pattern ``names_value`` searches for ``value`` (``kind``, its type's name, keeps True apart from 1)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return STATE_VERBS[value]
    if isinstance(value, (int, float)):
        # The literal comes first and the check of the character before it after (a lookbehind
        # of the literal's width): a pattern starting with its literal is found by a fast scan.
        number = re.escape(str(int(value) if float(value).is_integer() else value))
        return re.compile(rf"{number}(?<![\w.]{number})(?!\.?\d)(?![A-Za-z])")
    words = [w for w in re.split(r"[\s_\-]+", str(value).strip()) if w]
    if not words:
        return None
    first = re.escape(words[0])
    return re.compile(first + rf"(?<!\w{first})" + "".join(r"[\s_\-]*" + re.escape(w) for w in words[1:]) + r"(?!\w)",
                      re.IGNORECASE)


# --- the readers' numbers and steps: which numbers and steps a text states -----------------------------

_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})(?![\d.]\d)(?!\w)")
_NUMBER_WORDS = {w: n for n, w in enumerate(NUMBER_WORDS)}
_NUMBER_WORD = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)
# Numbers as a reader counts them stated (``stated_numbers``): digits with decimals, and number words
# up to a hundred, compounds included ("twenty-two").
_DECIMAL = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w])")
_SPELLED_UNITS = {**_NUMBER_WORDS, **{w: 13 + n for n, w in enumerate(
    "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}}
_SPELLED_TENS = {w: 20 + 10 * n for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_SPELLED = re.compile(r"\b(?:(" + "|".join(_SPELLED_TENS) + r")(?:[\s-](" + "|".join(NUMBER_WORDS[1:10])
                      + r"))?|(" + "|".join(_SPELLED_UNITS) + r")|(a hundred|one hundred))\b", re.IGNORECASE)


def whole_numbers(text: str) -> list[tuple[int, int]]:
    """``(position, number)`` for every digit group (up to three digits) and number word up to twelve, with
    clock times, dates and ordinals left out."""
    cleaned = mask_non_values(text)
    found = [(m.start(), int(m.group(1))) for m in _NUMBER.finditer(cleaned)]
    return found + [(m.start(), _NUMBER_WORDS[m.group(1).lower()]) for m in _NUMBER_WORD.finditer(cleaned)]


# Every number word up to a hundred, as a whole: "a hundred" before its "one", "ninety-five" or "ninety five"
# before its "ninety".
_SPOKEN_NUMBER = re.compile(
    r"(?<![\w.])(\d{1,3})(?![\d.]\d)(?!\w)|\b(?:(a hundred|one hundred)|(" + "|".join(_SPELLED_TENS)
    + r")(?:([\s-])(" + "|".join(NUMBER_WORDS[1:10]) + r"))?|(" + "|".join(_SPELLED_UNITS) + r"))\b",
    re.IGNORECASE)


def spoken_numbers(text: str) -> list[tuple[int, int, int]]:
    """``(start, end, number)`` for every whole number ``text`` says: digits (up to three) and number words of
    any size up to a hundred, compounds as one ("seventy-five", "ninety five"), never a clock time, a date or
    an ordinal. The twin rewrites a value wherever it is said, so it must hear every way of saying it."""
    found = []
    for match in _SPOKEN_NUMBER.finditer(mask_non_values(text)):
        digits, hundred, tens, _, unit, alone = match.groups()
        if digits:
            number = int(digits)
        elif hundred:
            number = 100
        elif tens:
            number = _SPELLED_TENS[tens.lower()] + (_NUMBER_WORDS[unit.lower()] if unit else 0)
        else:
            number = _SPELLED_UNITS[alone.lower()]
        found.append((match.start(), match.end(), number))
    return found


# Only a spelled ten takes a unit after it ("twenty-two"): "by 5 one more time" is a step of 5.
_ANY_NUMBER = r"(?:\d+|(?:" + "|".join(_SPELLED_TENS) + r")(?:[\s-](?:" + "|".join(
    NUMBER_WORDS[1:10]) + r"))?|" + "|".join(_SPELLED_UNITS) + r")"
# A step is no value: "two notches lower", "5 degrees warmer", "down by 5"; "one more time" is no step.
_UP = ("higher", "warmer", "hotter", "more", "louder", "brighter", "stronger", "up")
_DOWN = ("lower", "cooler", "colder", "less", "quieter", "dimmer", "weaker", "down")
_STEP = re.compile(
    rf"\b({_ANY_NUMBER}|an?)(?:\s+(?:notch(?:es)?|levels?|degrees?|points?|steps?|clicks?|percent|bars?))?\s+"
    rf"({'|'.join(_UP + _DOWN)})\b(?!\s+times?\b)|\bby\s+({_ANY_NUMBER})\b", re.IGNORECASE)
# Which way a step "by five" goes: the verb nearest before it in its clause ("raise it by five", "down by
# two"; "lower it rather than raise it by two" raises).
_STEP_VERB = re.compile(r"\b(?:(increase|raise|bump|up|add|plus)|(decrease|reduce|lower|drop|down|cut))\b"
                        r"(?=[^.,;!?]{0,40}$)", re.IGNORECASE)


def _number_said(token: str) -> int:
    """The number a token of ``_ANY_NUMBER`` (or "a") says: "7", "seven", "twenty-two"."""
    token = token.lower()
    if token.isdigit():
        return int(token)
    if token in ("a", "an"):
        return 1
    head, _, unit = token.replace("-", " ").partition(" ")
    return _SPELLED_TENS.get(head, 0) + _SPELLED_UNITS.get(unit or head, 0) if head in _SPELLED_TENS \
        else _SPELLED_UNITS[head]


def stated_steps(text: str) -> list[tuple[int, int, int]]:
    """``(start, end, signed size)`` of every step ``text`` says: "two notches lower" is -2, "raise it by
    five" +5; a "by five" with no verb saying which way is left out."""
    found = []
    for match in _STEP.finditer(text):
        amount, way, by = match.groups()
        if by is not None:
            verbs = list(_STEP_VERB.finditer(text[max(0, match.start() - 50):match.start()]))
            if not verbs:
                continue
            verb = verbs[-1]
            found.append((match.start(), match.end(), _number_said(by) * (1 if verb.group(1) else -1)))
        else:
            found.append((match.start(), match.end(), _number_said(amount) * (1 if way.lower() in _UP else -1)))
    return found


# A number word is a value where it is said as one: "up to five", "level five", "five percent".
_VALUE_LEAD = re.compile(r"\b(?:to|at|on|level|notch|setting|of|is|was|=)\s+$", re.IGNORECASE)
_VALUE_TAIL = re.compile(r"\s*(?:percent|%|degrees?|°)", re.IGNORECASE)


def stated_numbers(text: str) -> set[float]:
    """Every number ``text`` states as a value: digits or number words, never a clock time, a date, an
    ordinal ("at 5:30", "on the 9th" state nothing a setting takes) or a step ("two notches lower")."""
    cleaned = _STEP.sub(" ", _NOT_VALUES.sub(" ", text))
    found = {float(m.group(1)) for m in _DECIMAL.finditer(cleaned)}
    for m in _SPELLED.finditer(cleaned):
        if not _VALUE_LEAD.search(cleaned[max(0, m.start() - 12):m.start()]) and \
                not _VALUE_TAIL.match(cleaned[m.end():m.end() + 12]):
            continue  # "five minutes", "two kids": a count, not a setting's value
        tens, unit, alone, hundred = m.groups()
        if hundred:
            found.add(100.0)
        elif tens:
            found.add(float(_SPELLED_TENS[tens.lower()] + (_NUMBER_WORDS[unit.lower()] if unit else 0)))
        else:
            found.add(float(_SPELLED_UNITS[alone.lower()]))
    return found


# A planned line's step, read strictly (the LLM checks): one size as a word and one direction in the line.
_LINE_UP = re.compile(r"(?<!\w)(higher|up|more|raise|increase|warmer|brighter|louder|stronger|faster|further|bigger|"
                      r"closer|hotter)(?!\w)", re.IGNORECASE)
_LINE_DOWN = re.compile(r"(?<!\w)(lower|down|less|reduce|decrease|cooler|dimmer|quieter|weaker|slower|smaller|colder|"
                        r"softer)(?!\w)", re.IGNORECASE)


def step_said(text: str) -> int | None:
    """The signed step a text says ("two notches lower": -2), None without one size and one direction."""
    up, down = _LINE_UP.search(text) is not None, _LINE_DOWN.search(text) is not None
    sizes = [n for n, word in enumerate(COUNT_WORDS) if n and re.search(rf"(?<!\w){word}(?!\w)", text, re.IGNORECASE)]
    if re.search(r"(?<!\w)a (notch|step|level|click|degree|point|setting|bit)(?!\w)", text, re.IGNORECASE):
        sizes.append(1)
    if up == down or len(set(sizes)) != 1:
        return None
    return sizes[0] if up else -sizes[0]
