"""How text states numbers: the whole numbers a setting may take (never a clock time, a date or an
ordinal), the values a reader counts as stated, and steps ("two notches lower", "raise it by five")."""

from __future__ import annotations

import re

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
# Clock times, dates and ordinals are never setting values.
_NOT_VALUES = re.compile(
    rf"\b\d{{1,2}}:\d{{2}}(?:\s*[AaPp]\.?[Mm]\.?)?|\b\d{{1,2}}\s*[AaPp]\.?[Mm]\.?(?!\w)"
    rf"|\b(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,\s*\d{{4}})?|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d+(?:st|nd|rd|th)\b"
)
_NUMBER = re.compile(r"(?<![\w.])(\d{1,3})(?![\d.]\d)(?!\w)")
_NUMBER_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_NUMBER_WORD = re.compile(r"\b(" + "|".join(_NUMBER_WORDS) + r")\b", re.IGNORECASE)
# Numbers as a reader counts them stated (``stated_numbers``): digits with decimals, and number words
# up to a hundred, compounds included ("twenty-two").
_DECIMAL = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w])")
_SPELLED_UNITS = {**_NUMBER_WORDS, **{w: 13 + n for n, w in enumerate(
    "thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split())}}
_SPELLED_TENS = {w: 20 + 10 * n for n, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split())}
_SPELLED = re.compile(r"\b(?:(" + "|".join(_SPELLED_TENS) + r")(?:[\s-](" + "|".join(list(_NUMBER_WORDS)[1:10])
                      + r"))?|(" + "|".join(_SPELLED_UNITS) + r")|(a hundred|one hundred))\b", re.IGNORECASE)


def whole_numbers(text: str) -> list[tuple[int, int]]:
    """``(position, number)`` for every digit group (up to three digits) and number word up to twelve, with
    clock times, dates and ordinals left out."""
    cleaned = _NOT_VALUES.sub(lambda m: " " * len(m.group()), text)
    found = [(m.start(), int(m.group(1))) for m in _NUMBER.finditer(cleaned)]
    return found + [(m.start(), _NUMBER_WORDS[m.group(1).lower()]) for m in _NUMBER_WORD.finditer(cleaned)]


# Only a spelled ten takes a unit after it ("twenty-two"): "by 5 one more time" is a step of 5.
_ANY_NUMBER = r"(?:\d+|(?:" + "|".join(_SPELLED_TENS) + r")(?:[\s-](?:" + "|".join(
    list(_NUMBER_WORDS)[1:10]) + r"))?|" + "|".join(_SPELLED_UNITS) + r")"
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
