"""The word banks of conditions and temporary states (``situations.py``) are large and varied enough
that a word classifier cannot read a query's reasoning type off the gold memory: a rule is said in
many forms (not mostly "when ..."), a state in many words (not "weeks", "staying", "houseguest" in
every state shift); and each phrase still fits every place the grammar puts it.

The readability measured over a whole benchmark is ``test_wording.py``'s
(``test_the_gold_memory_does_not_give_the_reasoning_type_away``)."""

from __future__ import annotations

import re
from collections import Counter

from vmb.data.spoken import value_words
from vmb.maker.generate.words import causes, situations, states
from vmb.maker.generate.words.lexicon import ONCE
from vmb.maker.generate.words.scene_words import CAR_PARTS

_CAR_PART = re.compile(rf"\b(?:{CAR_PARTS})s?\b", re.IGNORECASE)
_ONCE = re.compile(rf"\b(?:{'|'.join(ONCE)})\b", re.IGNORECASE)
# A time of day a query's clock could contradict (a query says occasions and a state's end).
_DAY_PART = re.compile(r"\b(?:morning|noon|midday|lunchtime|afternoon|evening|night|tonight|midnight|dusk|dawn|sunset"
                       r"|sunrise|twilight|daybreak|breakfast|dark)\b", re.IGNORECASE)
# The words of the leads that say a value is for a while ("Since ...", "for now"): how often a
# temporary value's line says so is the leads' to decide (``speech_words.TEMPORARY_MARKED``).
_FOR_A_WHILE = re.compile(r"\b(?:since|until|while|because|for now|for the moment|for a while|today)\b", re.IGNORECASE)
# Short words any phrase may share with another.
_FUNCTION = {"every", "before", "after", "about", "while", "where", "there", "their", "those", "these", "other"}
PARTS = ("start", "end", "over")


def _words(phrases: tuple[str, ...]) -> set[str]:
    """The content words of ``phrases``: five letters or more, no function word."""
    return {w for p in phrases for w in re.findall(r"[a-z]+", p.lower()) if len(w) >= 5} - _FUNCTION


def test_every_condition_is_said_in_many_forms_and_few_of_them_open_with_when() -> None:
    """ "when the fog rolls in" but also "in thick fog", "on misty mornings", "if visibility is poor":
    a fifth of the rules at most open with "when", no opening stands for much of the bank."""
    rules = [r for c in situations.CONDITIONS.values() for r in c.rule]
    openings = Counter(r.split()[0].lower() for r in rules)
    assert openings["when"] <= len(rules) / 5, openings
    assert max(openings.values()) <= len(rules) / 6, openings.most_common(3)
    for key, condition in situations.CONDITIONS.items():
        assert len(condition.rule) >= 5, key
        assert len({r.split()[0].lower() for r in condition.rule}) >= 4, (key, condition.rule)
        assert 4 <= len(condition.occasion) <= 5, key


def test_a_rule_leads_or_follows_a_wish_and_names_no_part_no_value() -> None:
    """ "{rule}, I'd like ..." and "I'd like ... {rule}.": a lower-case clause with no closing
    punctuation, no dangling word, no word said once per line ("usually", "again"), no part of the
    car nor a value of any setting ("doze off" says "off")."""
    slips = []
    for key, condition in situations.CONDITIONS.items():
        for rule in condition.rule:
            if rule != rule.strip() or rule[:1].isupper() or rule[-1] in ".,;:!?" or \
                    re.search(r"\b(?:to|at|with|for|of|from|by|into|the|a|an|my|and)$", rule):
                slips.append(f"{key}: grammar of {rule!r}")
            for name, pattern in (("part", _CAR_PART), ("value", value_words()), ("once-word", _ONCE)):
                if pattern.search(rule):
                    slips.append(f"{key}: {name} {pattern.search(rule).group(0)!r} in {rule!r}")  # type: ignore[union-attr]
    assert not slips, slips


def test_an_occasion_recalls_a_drive_in_other_words_than_its_rule() -> None:
    """ "like that trip in the deluge", never "like on wet days": no content word of the rule, no
    time of day (the query's clock could contradict it), no value, no part of the car."""
    slips = []
    for key, condition in situations.CONDITIONS.items():
        shared = _words(condition.rule) & _words(condition.occasion)
        if shared:
            slips.append(f"{key}: {sorted(shared)}")
        for occasion in condition.occasion:
            for name, pattern in (("time", _DAY_PART), ("value", value_words()), ("part", _CAR_PART)):
                if pattern.search(occasion):
                    slips.append(f"{key}: {name} in {occasion!r}")
    assert not slips, slips


def test_every_state_has_many_words_and_moves_some_concern() -> None:
    """Twenty-odd states, each said four ways at least in each part, each with the concerns it
    moves (``causes.AFFECTS``: a fever warms the seat, never cools it)."""
    assert len(states.STATES) >= 20
    assert set(causes.AFFECTS) == set(states.STATES)
    for key, state in states.STATES.items():
        assert causes.AFFECTS[key], key
        for part in PARTS:
            said = getattr(state, part)
            assert len(said) >= 4 and len(set(said)) == len(said), (key, part)


def test_state_phrases_fit_their_leads() -> None:
    """First person, lower case unless "I", no closing punctuation; a start follows "Since ..." and
    precedes ", so" (one clause, no comma, no word of the leads that say it is temporary: how often a
    line says so is ``speech_words.TEMPORARY_MARKED``'s); a query's words (over) name no time
    of day, no value, no part of the car, and repeat no phrase the history says."""
    history = [p.lower() for s in states.STATES.values() for part in ("start", "end") for p in getattr(s, part)]
    slips = []
    for key, state in states.STATES.items():
        for part in PARTS:
            for said in getattr(state, part):
                if said != said.strip() or (said[:1].isupper() and not said.startswith("I")) or said[-1] in ".,;:!?":
                    slips.append(f"{key}.{part}: form of {said!r}")
        for said in state.start:
            if "," in said or _FOR_A_WHILE.search(said) or _ONCE.search(said):
                slips.append(f"{key}.start: {said!r}")
        for said in state.over:
            for name, pattern in (("time", _DAY_PART), ("value", value_words()), ("part", _CAR_PART)):
                if pattern.search(said):
                    slips.append(f"{key}: {name} in {said!r}")
            slips += [f"{key}: {said!r} repeats {h!r}" for h in history if h in said.lower()]
    assert not slips, slips
