"""Whether a place where a text says a value states the setting's value, or only shares its word.

Only a statement of the value is rewritten. "Set it to one" states a volume; "one more dashboard",
"the one about perception", "maybe one day" do not, and "my feet are freezing" names a body part,
not an air direction. A place that may be either is no place the twin can rewrite truthfully: its
query keeps its value (``Said.UNSURE``).

Numbers written as digits state a value. A number word states one where it is said as one ("up to
five", "level two", "five degrees") and is followed by no word it counts ("five more", "two cycles").
An enum member that is also an everyday word ("feet", "mute", "off", "high") states the value only in
a clause that names its setting ("set the air to my feet" is unsure: a body part after "my"; "mute
the navigation voice" is a verb: unsure), while the setting's own words ("north up", "270p",
"single loop", a colour) always do.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from vmb.maker.generate.settings import Setting

# Where a number word stands as a value: after these words, or before a unit.
_VALUE_BEFORE = re.compile(r"\b(?:to|at|on|level|notch|setting|volume|brightness|is|was|be|of|from|=)\s+$",
                           re.IGNORECASE)
_UNIT_AFTER = re.compile(r"\s*(?:percent\b|%|degrees?\b|°|notch(?:es)?\b|levels?\b|on the dial\b)", re.IGNORECASE)
# Words that may follow a value without making the number a count of something.
_AFTER_VALUE = frozenset(
    "and or but so then now please instead again today tonight is should would will right that this it i we you "
    "there when while if because since as with in too though yet already tops max maximum for from was were are "
    "isn't wasn't feels felt seems sounds works helps might could can must keeps makes".split())
# A lead that makes the number a value whatever follows ("level nine was too hot").
_LEVEL_BEFORE = re.compile(r"\b(?:level|notch|setting|volume|brightness)\s+$", re.IGNORECASE)
_WORD_AFTER = re.compile(r"\s+([A-Za-z']+)")
_CLAUSE_END = re.compile(r"[.!?;:,\u2014\u2013]|\s-\s|\.\.\.")

# Members a person says in everyday words too; the others ("north_up", "720p", a colour) are the setting's own.
_EVERYDAY = frozenset("face feet window auto off simple detailed mute high low medium highest lowest map scene "
                      "blink constant background foreground inside outside shuffle sequential purify swing "
                      "defrost defog".split())
# What a clause names when it speaks of each setting whose members are everyday words.
_SETTING_WORDS = {
    "carcontrol_airConditioner_set_air_direction": r"air|a/?c|vents?|blow\w*|direct\w*|airflow|fan|climate",
    "carcontrol_airConditioner_set_mode": r"a/?c|air|mode|climate|conditioning|setting",
    "carcontrol_navigation_set_voice_mode": r"voice|guidance|navigation|nav|gps|mode|directions|prompts",
    "carcontrol_music_set_play_mode": r"play\w*|mode|music|songs?|tracks?|album|loop|order",
    "carcontrol_light_set_low_beam_level": r"beams?|headlights?|lights?|level",
    "carcontrol_instrumentPanel_set_behavior_mode": r"panel|instrument|dashboard|mode|gauges?",
    "carcontrol_instrumentPanel_set_theme": r"panel|instrument|dashboard|theme",
    "carcontrol_video_set_scene": r"video|scene|screen|window|playback",
    "carcontrol_airConditioner_set_circulation": r"circulat\w*|air|a/?c|recirc\w*",
}
_POSSESSIVE = re.compile(r"\b(?:my|our|your|his|her|their)\s+$", re.IGNORECASE)
_AS_VERB_AFTER = re.compile(r"\s+(?:the|it|that|this|my|our|your|him|her|them)\b", re.IGNORECASE)


class Said(Enum):
    VALUE = "states the value"
    NOT_VALUE = "shares the value's word only"
    UNSURE = "may or may not state the value"


def _clause(text: str, start: int, end: int) -> str:
    """The clause around ``text[start:end]``: up to the nearest punctuation that ends one on each side."""
    before = [m.end() for m in _CLAUSE_END.finditer(text, 0, start)]
    after = _CLAUSE_END.search(text, end)
    return text[before[-1] if before else 0:after.start() if after else len(text)]


def number_said(text: str, start: int, end: int) -> Said:
    if re.search(r"[A-Za-z]-$", text[max(0, start - 2):start]):
        return Said.NOT_VALUE  # "Sentinel-2", "F-150": a name's number
    if text[start:end].isdigit():
        return Said.VALUE
    before = text[max(0, start - 14):start]
    unit = _UNIT_AFTER.match(text, end)
    if unit is not None:
        return Said.VALUE
    if _LEVEL_BEFORE.search(before):
        return Said.VALUE
    follower = _WORD_AFTER.match(text, end)
    counts_something = follower is not None and follower.group(1).lower() not in _AFTER_VALUE
    if counts_something:
        return Said.NOT_VALUE  # "one more dashboard", "two cycles", "one day"
    if _VALUE_BEFORE.search(before):
        return Said.VALUE
    if re.search(r"\b(?:the|a|an|this|that|which|any|every|each|no|another)\s+$", before, re.IGNORECASE):
        return Said.NOT_VALUE  # "the one about perception"
    return Said.UNSURE


def member_said(text: str, start: int, end: int, setting: Setting, member: Any) -> Said:
    words = re.split(r"[\s_\-]+", str(member).lower())
    if len(words) > 1 or words[0] not in _EVERYDAY:
        return Said.VALUE
    if _POSSESSIVE.search(text[max(0, start - 8):start]) or _AS_VERB_AFTER.match(text, end):
        return Said.UNSURE  # "my feet", "mute the voice": a body part or a verb, not a setting's word
    setting_words = _SETTING_WORDS.get(setting.api)
    if setting_words is None:
        return Said.UNSURE
    clause = _clause(text, start, end)
    return Said.VALUE if re.search(rf"\b(?:{setting_words})\b", clause, re.IGNORECASE) else Said.NOT_VALUE


def said(text: str, start: int, end: int, setting: Setting | None, value: Any) -> Said:
    """How ``text[start:end]``, which says ``value``'s words, stands in ``text``."""
    if isinstance(value, bool):
        return Said.VALUE
    if isinstance(value, int):
        return number_said(text, start, end)
    if setting is None:
        return Said.VALUE
    return member_said(text, start, end, setting, value)
