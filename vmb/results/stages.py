"""Where memory failed, without a judge: one stage per scored query, from its record alone.

The deciding evidence of a query is a list of ``Fact``s, one per value argument of its reference
calls (zone and seat selectors aside): the value, the words that name its setting (from the API's
declared name: ``carcontrol_seat_set_headrest_height`` gives "headrest", "height" and the module
"seat") and the person whose preference it is (``taxonomy.answer_owner``, read off the gold memory).
A text *holds* a fact when one of its passages (a line or sentence together with the one before
it) names the value (``vmb.data.spoken.names_value``: the simulator's value as numbers, words or on/off
verbs, never inside a person's name) and names the setting or, for a non-boolean value, the person. A value the gold memory never
states (derived: "one higher than last time") is held by a passage naming its setting and its person.
On generated data the history lines it records for each fact decide instead, wherever a text quotes
the history (``vmb.results.recorded``); the wording decides only what a memory wrote itself.

The stages, tried in order (``attribute``):

1. **solved**: the exact state match.
2. **not in memory**: the store the agent could reach (``store_text``) does not hold every fact.
3. **not retrieved**: the store does, but what the agent was given or retrieved (``seen``: the
   memory part of its prompt and every memory tool result) does not.
4. **tool failure**: the agent had the evidence and tried the right API (a reference API name) but
   that call was refused or its arguments did not parse, or every attempted change was refused.
5. **retrieved, not used**: the agent had the evidence and still chose a wrong value, a wrong
   target (an over-action counts here: it changed what it should not) or no action.

Limits are in docs/attribution.md.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vmb.data.spoken import is_number, mask_non_values, names_value, people_named, value_pattern
from vmb.results.record import QueryRecord
from vmb.results.record_parts import HIT_KS, Attribution, ToolResult
from vmb.results.recorded import Recorded, unquoted
from vmb.results.stores import memory_results, result_items
from vmb.results.taxonomy import (
    ATTEMPT_KINDS,
    INVALID_CALLS,
    NO_ACTION,
    OVER_ACTION,
    WRONG_TARGET,
    WRONG_VALUE,
    answer_owner,
    gold_entries,
)
from vmb.sim.registry import API_BY_NAME
from vmb.sim.spec import Zone

SOLVED = "solved"
NOT_IN_MEMORY = "not in memory"
NOT_RETRIEVED = "not retrieved"
TOOL_FAILURE = "tool failure"
NOT_USED = "retrieved, not used"
USE_SPLITS = (WRONG_TARGET, WRONG_VALUE, NO_ACTION)
# In display order (figures stack them so): failures from the earliest stage, then solved.
STAGES = (NOT_IN_MEMORY, NOT_RETRIEVED, *(f"{NOT_USED}: {s}" for s in USE_SPLITS), TOOL_FAILURE, SOLVED)

# Arguments that choose where a setting applies, not what it is set to: those the simulator declares as
# zones (seat, zone, side, window, door, sunshade, wiper, ...).
ZONE_ARGS = frozenset(arg for api in API_BY_NAME.values() for arg, param in api.params.items()
                      if isinstance(param, Zone))
# Words of API names that say nothing about which setting it is.
_GENERIC = frozenset({"set", "get", "switch", "enable", "disable", "toggle", "adjust", "change", "turn", "on", "off",
                      "open", "close", "mode", "level", "value", "state", "status", "is", "to", "the", "of", "and",
                      "auto", "play", "start", "stop", "control", "carcontrol"})
WINDOW = 2  # units (lines, sentences of a long line) per passage
_UNIT = re.compile(r"[^\n]+")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Fact:
    """One value the answer needs: ``api``'s argument ``arg`` set to ``value``, ``owner``'s preference."""

    api: str
    arg: str
    value: Any
    terms: tuple[str, ...]  # stems naming the setting
    owner: str | None
    stated: bool  # whether the gold memory names the value (else it is derived)
    anchors: tuple[Any, ...] = ()  # for a derived value: the numbers it is derived from (its person's, on its setting)
    action_terms: tuple[str, ...] = ()  # the stems of ``terms`` that are not the module's ("massag", not "seat")
    recorded: Recorded | None = None  # generated data: the history lines that state it (``vmb.results.recorded``)


@dataclass(frozen=True)
class Stage:
    stage: str  # one of STAGES
    detail: str  # what decided it, for a reader


def _words(name: str) -> list[str]:
    spaced = re.sub(r"([a-z])([A-Z])", r"\1 \2", name)
    return [w.lower() for w in re.split(r"[\s_]+", spaced) if w]


_GENERIC_STEMS = frozenset(w[:6] for w in _GENERIC)


def setting_terms(api: str, arg: str, module: bool = True) -> tuple[str, ...]:
    """Stems (six letters at most) of the words naming a setting: the API's module (unless ``module``
    is false) and action, the argument. A stem of a generic word ("enabled" as "enable") is left out."""
    parts = api.split("_", 2)
    words = [w for part in parts[1 if module else 2:] for w in _words(part)] + _words(arg)
    stems = dict.fromkeys(w[:6] for w in words if w[:6] not in _GENERIC_STEMS and len(w) >= 3)
    return tuple(stems)


_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?!\.?\d)(?![A-Za-z])")


def query_facts(ref_calls: Sequence[Mapping[str, Any]], gold_memory: str, people: Sequence[str],
                query: str, recorded: Mapping[tuple[str, str], Recorded] | None = None) -> tuple[Fact, ...]:
    """The facts of a query: every value argument of its reference calls.

    A derived value ("five points higher than 77") is anchored on the numbers its person's entries
    name next to its setting. An on/off value the gold memory does not state, beside a value it does,
    is the switch that goes with that setting, not evidence of its own: it is left out. ``recorded``
    (generated data, per API and argument) gives a fact its history lines and its person; a fact it
    gives none, beside one it does, is a call that goes with that one (the switch of its device).
    """
    recorded = recorded or {}
    entries = gold_entries(gold_memory, people)
    facts = []
    for call in ref_calls:
        api = str(call.get("name"))
        for arg, value in (call.get("args") or {}).items():
            if arg in ZONE_ARGS:
                continue
            terms = setting_terms(api, arg)
            evidence = recorded.get((api, arg))
            owner = evidence.person if evidence is not None else answer_owner(entries, value, query, people)
            stated = any(names_value(e.text, value, people) for e in entries)
            anchors: tuple[Any, ...] = ()
            if not stated:
                pattern = _terms_pattern(terms)
                near = [e.text for e in entries if e.person == owner and pattern is not None and pattern.search(e.text)]
                anchors = tuple(dict.fromkeys(float(n) if "." in n else int(n)
                                              for text in near for n in _NUMBER.findall(mask_non_values(text))))
            facts.append(Fact(api, arg, value, terms, owner, stated, anchors, setting_terms(api, arg, module=False),
                              evidence))
    if any(f.recorded is not None for f in facts):
        return tuple(f for f in facts if f.recorded is not None)
    if any(f.stated for f in facts):
        facts = [f for f in facts if f.stated or not isinstance(f.value, bool)]
    return tuple(facts)


def units(text: str) -> tuple[tuple[int, int], ...]:
    """Spans of ``text``'s lines, a long line cut into sentences."""
    spans = []
    for line in _UNIT.finditer(text):
        start = line.start()
        if line.end() - start <= 400:
            spans.append((start, line.end()))
            continue
        for piece in _SENTENCE.split(line.group()):
            offset = text.index(piece, start)
            spans.append((offset, offset + len(piece)))
            start = offset + len(piece)
    return tuple(spans)


@functools.lru_cache(maxsize=1024)
def _terms_pattern(terms: tuple[str, ...]) -> re.Pattern[str] | None:
    return re.compile(r"\b(?:" + "|".join(map(re.escape, terms)) + ")", re.IGNORECASE) if terms else None


def _names_person(text: str, person: str | None, people: Sequence[str]) -> bool:
    return person is not None and person in people_named(text, people or [person])


def passage_holds(text: str, fact: Fact, people: Sequence[str]) -> bool:
    """Whether one passage states the fact (see the module docstring).

    Where the person stands in for the setting, the person must be named in the same unit (line or
    sentence) as what they say: in a chat every line starts with its speaker, so the line before
    would lend its speaker to any number said next. For a recorded fact (generated data) the passage
    states it when it quotes one of its recorded lines, or in what it says beside the history's lines.
    """
    if fact.recorded is not None:
        if fact.recorded.spans(text):
            return True
        text = unquoted(text, fact.recorded.history)
    return _states(text, fact, people)


def _states(text: str, fact: Fact, people: Sequence[str]) -> bool:
    """Whether one passage states the fact by its wording (``passage_holds`` without the record)."""
    if not fact.stated and not fact.anchors:
        # Derived, no number to anchor it: a word of its setting with its person, in one unit; for an
        # on/off switch the gold memory does not state, a word of the setting's own action (not only
        # its module's: "seat", "music", "light" are said in passing).
        words = _terms_pattern(fact.action_terms if isinstance(fact.value, bool) else fact.terms)
        return words is not None and any(words.search(unit) and _names_person(unit, fact.owner, people)
                                         for unit in _unit_texts(text))
    values = [fact.value] if fact.stated else fact.anchors
    if not any(names_value(text, value, people) for value in values):
        return False
    terms = _terms_pattern(fact.terms)
    if terms is not None and terms.search(text) is not None:
        return True
    return not isinstance(fact.value, bool) and any(
        _names_person(unit, fact.owner, people) and any(names_value(unit, value, people) for value in values)
        for unit in _unit_texts(text))


def _unit_texts(text: str) -> list[str]:
    return [text[start:end] for start, end in units(text)]


def fact_spans(text: str, fact: Fact, people: Sequence[str]) -> list[tuple[int, int]]:
    """The spans of ``text`` that state the fact by its wording (a unit with the one before it) or, for a
    recorded fact, that quote one of its lines."""
    if fact.recorded is None:
        return list(_fact_spans(text, fact, tuple(people)))
    return sorted({*fact.recorded.spans(text), *_fact_spans(unquoted(text, fact.recorded.history), fact, tuple(people))})


class _Index:
    """A text's units and the places a fact's value (or setting) is named, found by one regex scan each."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.units = units(text)
        self.starts = [start for start, _ in self.units]

    @functools.cached_property
    def masked(self) -> str:
        return mask_non_values(self.text)

    def anchors(self, fact: Fact) -> list[int]:
        """Where a passage stating the fact may start its value (or, derived, its setting): a superset."""
        if fact.stated:
            return self._value_positions(fact.value)
        if fact.anchors:
            return sorted(p for value in fact.anchors for p in self._value_positions(value))
        terms = _terms_pattern(fact.terms)
        return [] if terms is None else [m.start() for m in terms.finditer(self.text)]

    def _value_positions(self, value: Any) -> list[int]:
        pattern = value_pattern(type(value).__name__, value)
        if pattern is None:
            return []
        # Numbers are searched with clock times and dates blanked (same offsets), as names_value does.
        return [m.start() for m in pattern.finditer(self.masked if is_number(value) else self.text)]


@functools.lru_cache(maxsize=64)
def _index(text: str) -> _Index:
    return _Index(text)


@functools.lru_cache(maxsize=4096)
def _fact_spans(text: str, fact: Fact, people: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    # Only the passages around a match of the value (or, for a derived value, of the setting) can
    # hold the fact: find those with one scan of the text, then check each window. Cached: a run's
    # store (a whole history, say) is searched for the same facts by several callers.
    index = _index(text)
    spans = index.units
    found: dict[tuple[int, int], None] = {}
    for position in index.anchors(fact):
        unit = bisect.bisect_right(index.starts, position) - 1
        for last in range(unit, unit + WINDOW):  # every passage holding the unit
            if 0 <= last < len(spans):
                window = (spans[max(0, last - WINDOW + 1)][0], spans[last][1])
                if window not in found and _states(text[window[0]:window[1]], fact, people):
                    found[window] = None
    return tuple(sorted(found))


def evidence_spans(text: str, facts: Sequence[Fact], people: Sequence[str]) -> list[tuple[int, int]]:
    """Every span of ``text`` stating one of the facts, merged, in order (for highlighting)."""
    spans = sorted(s for fact in facts for s in fact_spans(text, fact, people))
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def holds(texts: Sequence[str], facts: Sequence[Fact], people: Sequence[str]) -> list[Fact]:
    """The facts none of ``texts`` states (empty: the texts hold the evidence).

    A recorded fact is stated when the texts quote every line of one of its alternatives (each line in
    one text or another), or by its wording in what a text says beside the history's lines.
    """
    def stated(fact: Fact) -> bool:
        texts_ = [t for t in texts if t]
        if fact.recorded is None:
            return any(_fact_spans(t, fact, tuple(people)) for t in texts_)
        return fact.recorded.quoted_in(texts_) or any(
            _fact_spans(unquoted(t, fact.recorded.history), fact, tuple(people)) for t in texts_)

    return [f for f in facts if not stated(f)]


def _fact_text(fact: Fact) -> str:
    return f"{fact.api.removeprefix('carcontrol_')}({fact.arg}={json.dumps(fact.value, ensure_ascii=False)})"


def attribute(*, exact_match: bool, facts: Sequence[Fact], missing_in_store: Sequence[Fact],
              missing_in_seen: Sequence[Fact], tool_results: Sequence[ToolResult],
              error_type: str | None) -> Stage:
    """The stage of one scored query (see the module docstring).

    ``missing_in_store`` are the facts the memory's texts do not state, ``missing_in_seen`` those
    that what the agent was given does not (``holds``); ``tool_results`` the record's;
    ``error_type`` the taxonomy's primary type of a failed query.
    """
    if exact_match:
        return Stage(SOLVED, "exact state match")
    if missing_in_store:
        return Stage(NOT_IN_MEMORY, "the memory does not state " + ", ".join(map(_fact_text, missing_in_store)))
    if missing_in_seen:
        return Stage(NOT_RETRIEVED, "in memory, but the agent was not given "
                     + ", ".join(map(_fact_text, missing_in_seen)))
    apis = {f.api for f in facts}
    attempts = [r for r in tool_results if r.kind in ATTEMPT_KINDS]
    refused = [r for r in attempts if not r.ok and r.name in apis]
    if refused:
        return Stage(TOOL_FAILURE, f"{refused[0].name} was refused or did not parse")
    if error_type in INVALID_CALLS:
        return Stage(TOOL_FAILURE, f"all {len(attempts)} attempted call(s) were refused")
    split = {WRONG_VALUE: WRONG_VALUE, WRONG_TARGET: WRONG_TARGET, OVER_ACTION: WRONG_TARGET}.get(
        error_type or "", NO_ACTION)
    return Stage(f"{NOT_USED}: {split}", f"the agent had the evidence; {error_type or 'no change'}")


def seen_missing(store: Sequence[str], missing_in_store: Sequence[Fact], seen: Sequence[str],
                 facts: Sequence[Fact], people: Sequence[str]) -> list[Fact]:
    """The facts ``seen`` does not state; when the prompt carries the whole store, those the store does not."""
    if store and seen and all(text in seen[0] for text in store):
        return list(missing_in_store)
    return holds(seen, facts, people)


def attribute_record(record: QueryRecord, facts: Sequence[Fact], people: Sequence[str], store: Sequence[str],
                     given: str, error_type: str | None) -> Attribution:
    """The stored stage of one scored record and what its memory held, gave and retrieved of the evidence.

    ``facts`` are the query's (``query_facts``), ``store`` what the memory setting holds for it (``Stores``), ``given`` the memory part of the
    system prompt, ``error_type`` the taxonomy's primary type (``taxonomy.record_failure``).
    The same function attributes a query as it finishes, on re-scoring and on reading an older run.
    """
    assert record.score is not None, "only a scored record has a stage"
    results = memory_results(record)
    missing_in_store = holds(store, facts, people)
    missing_in_seen = seen_missing(store, missing_in_store, [given, *results], facts, people)
    stage = attribute(exact_match=record.score.exact_match, facts=facts, missing_in_store=missing_in_store,
                      missing_in_seen=missing_in_seen, tool_results=record.tool_results, error_type=error_type)
    # An item is relevant when it states one of the facts; the evidence is found at k when every
    # fact is stated within the first k items of one result or another.
    per_result = [result_items(r) for r in results]
    relevant = sum(1 for items in per_result for item in items if any(passage_holds(item, f, people) for f in facts))
    hits = tuple(not holds(["\n".join(items[:k]) for items in per_result], facts, people) for k in HIT_KS)
    return Attribution(stage=stage.stage, detail=stage.detail, evidence_in_memory=not missing_in_store,
                       evidence_seen=not missing_in_seen, searches=len(results),
                       items_retrieved=sum(map(len, per_result)), items_relevant=relevant,
                       hits=hits if results else ())
