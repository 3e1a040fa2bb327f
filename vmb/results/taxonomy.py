"""The failure taxonomy: one primary error type per failed query, computed, never asked of a model.

Inputs are what a run records for a query: the scored state diff (``TaskScore``: which leaves should
change, which changed, which hold the reference value, which changed and should not, and their
values), whether each attempted vehicle call was accepted, and the query's gold memory. Rules, in
the order they are tried (the first that applies is the primary type):

0. **degenerate output**: the replies were not an attempt at the task: cut off at the token limit,
   repeating a call within a reply, stopped by the call caps, or a final answer echoing a tool
   result (``vmb.results.behaviour``).
1. **invalid call**: the agent attempted changes (vehicle calls, or calls to tools that do not
   exist or were not loaded) and every one was refused; split by the most frequent mistake among
   them (ties in this order): **unknown tool** (a name no tool has), **not loaded** (a real API
   whose module was not loaded), **refused arguments** (arguments the tool or the car refused).
2. **wrong value**: a leaf that should change changed, to a value other than the reference one;
   or an accepted call wrote it a wrong value that happens to be the default car's, so the final
   state shows no change (``written_values`` finds those writes by replaying the agent's calls on
   the reference final state); or a leaf a reference call writes without changing it (the value it
   asks for is the default car's) was changed to another value (``addressed_leaves`` finds those by
   replaying the reference calls on the agent's final state): a target, so never an over-action. Split by where the wrong value comes from, read off the gold
   memory's dated entries:
   **conflict** when an entry about another person names it, **stale** when an entry about the
   person the answer belongs to names it (a superseded value, or their value for another condition),
   **unsupported** when no entry names it. With several wrong leaves the most specific source wins
   (conflict, then stale, then unsupported).
3. **wrong target**: a required leaf did not change, and a leaf that should not change did: the
   action went to another field, zone or module.
4. **no action**: a required leaf did not change and nothing else changed in its place (no call,
   an answer in text, only discovery or memory calls, or only some of several required changes).
5. **over-action**: every required leaf holds the reference value, but leaves no reference call
   writes changed too (also: something changed when nothing should).

A query that passed (exact state match) or did not run (status ``error``) has no error type.
The value-source split is a deterministic text match (numbers as numbers, strings as words, on/off
settings by their verbs), so it can miss a value written in words or attribute one mentioned in
passing; ``Failure.detail`` says what was matched, for checking.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vmb.data.spoken import names_value, people_named
from vmb.results.behaviour import NOT_LOADED, REFUSED_ARGUMENTS, UNKNOWN_TOOL, Behaviour, described, mistake_of
from vmb.results.record import QueryRecord
from vmb.score import TaskScore
from vmb.score.formulas import values_equal
from vmb.sim import replay

NO_ACTION = "no action"
WRONG_TARGET = "wrong target"
WRONG_VALUE = "wrong value"
OVER_ACTION = "over-action"
DEGENERATE = "degenerate output"
INVALID_CALLS = (UNKNOWN_TOOL, NOT_LOADED, REFUSED_ARGUMENTS)  # the kinds of invalid call, in tie order
ERROR_TYPES = (NO_ACTION, WRONG_TARGET, WRONG_VALUE, OVER_ACTION, *INVALID_CALLS, DEGENERATE)

CONFLICT = "conflict"
STALE = "stale"
UNSUPPORTED = "unsupported"
VALUE_SOURCES = (CONFLICT, STALE, UNSUPPORTED)

# The categories figures and tables count, in display order: wrong value split by its source.
CATEGORIES = (
    NO_ACTION,
    WRONG_TARGET,
    f"{WRONG_VALUE}: {CONFLICT}",
    f"{WRONG_VALUE}: {STALE}",
    f"{WRONG_VALUE}: {UNSUPPORTED}",
    OVER_ACTION,
    *INVALID_CALLS,
    DEGENERATE,
)


@dataclass(frozen=True)
class Failure:
    error_type: str  # one of ERROR_TYPES
    value_source: str | None  # one of VALUE_SOURCES for a wrong value, else None
    path: str | None  # the leaf that decided the type, when one did
    detail: str  # one line for a reader: what was compared and found

    @property
    def category(self) -> str:
        """The error type with the value source: an element of CATEGORIES."""
        return f"{self.error_type}: {self.value_source}" if self.value_source else self.error_type


# ---------------------------------------------------------------------------------------------
# Gold memory: dated entries, who each is about, which values each names

_MONTHS = ("January|February|March|April|May|June|July|August|September|October|November|December")
_ENTRY_DATE = re.compile(rf"\[(?:{_MONTHS}) \d{{1,2}}, \d{{4}}\]")
@dataclass(frozen=True)
class Entry:
    text: str  # the entry without its date header
    person: str | None  # the first group member it names: the one the entry is about


def gold_entries(gold_memory: str, people: Sequence[str]) -> list[Entry]:
    """The dated entries of a gold memory (``[April 15, 2025] At 9:00 AM, Justin ...``)."""
    starts = [m.end() for m in _ENTRY_DATE.finditer(gold_memory)]
    ends = [m.start() for m in _ENTRY_DATE.finditer(gold_memory)][1:] + [len(gold_memory)]
    if not starts:
        starts, ends = [0], [len(gold_memory)]
    entries = []
    for start, end in zip(starts, ends):
        text = gold_memory[start:end].strip()
        named = people_named(text, people)
        entries.append(Entry(text, named[0] if named else None))
    return entries


def answer_owner(entries: Sequence[Entry], expected: Any, query: str, people: Sequence[str]) -> str | None:
    """The person whose preference the reference value is.

    The one person whose entries name the reference value; when several do, the first of them the
    query names; when none do (the value is derived, e.g. "one higher than last time"), the one
    person all entries are about, else the first person the query names.
    """
    owners = list(dict.fromkeys(e.person for e in entries if e.person and names_value(e.text, expected, people)))
    if len(owners) == 1:
        return owners[0]
    in_query = people_named(query, people)
    if owners:
        return next((p for p in in_query if p in owners), owners[0])
    about = {e.person for e in entries if e.person}
    if len(about) == 1:
        return about.pop()
    return in_query[0] if in_query else None


def value_source(
    path: str, expected: Any, predicted: Any, entries: Sequence[Entry], query: str, people: Sequence[str]
) -> tuple[str, str]:
    """Where a wrong value came from, and a one-line account of the match."""
    owner = answer_owner(entries, expected, query, people)
    naming = [e for e in entries if names_value(e.text, predicted, people)]
    shown = f"{path}: expected {expected!r}, got {predicted!r}"
    if any(e.person == owner for e in naming) and owner is not None:
        return STALE, f"{shown}, a value {owner} had at another time"
    others = [e.person for e in naming if e.person and e.person != owner]
    if others:
        return CONFLICT, f"{shown}, {others[0]}'s value (the answer is {owner or 'unattributed'}'s)"
    if naming:
        # Named, but in an entry about nobody in the group: no one's preference, so not a conflict.
        return STALE, f"{shown}, a value the gold memory names without saying whose"
    return UNSUPPORTED, f"{shown}, a value the gold memory does not name"


def written_values(ref_calls: Sequence[Mapping[str, Any]], pred_calls: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Leaf → the last value the agent's accepted calls wrote there, seen from the reference final state.

    Replaying the calls on the state the reference reaches makes every write visible, including
    one of a value equal to the default car's, which the final-state diff cannot show.
    """
    world, _ = replay([dict(c) for c in ref_calls])
    written: dict[str, Any] = {}
    for call in pred_calls:
        result = world.call(str(call.get("name")), dict(call.get("args") or {}))
        if result["success"]:
            written.update(result["changes"])
    return written


def addressed_leaves(ref_calls: Sequence[Mapping[str, Any]], pred_calls: Sequence[Mapping[str, Any]]) -> set[str]:
    """The leaves the reference calls write, seen from the agent's final state.

    A reference call that asks for the value a leaf already has (the default car's) changes nothing,
    so the diff does not list that leaf as one that should change; replayed on the state the agent
    left, the call writes every such leaf the agent set to something else.
    """
    world, _ = replay([dict(c) for c in pred_calls])
    addressed: set[str] = set()
    for call in ref_calls:
        addressed.update(world.call(str(call.get("name")), dict(call.get("args") or {}))["changes"])
    return addressed


# ---------------------------------------------------------------------------------------------
# The primary error type


def classify(
    score: TaskScore,
    *,
    gold_memory: str,
    people: Sequence[str],
    query: str = "",
    attempts: Iterable[bool] = (),
    written: Mapping[str, Any] | Callable[[], Mapping[str, Any]] | None = None,
    refusals: Sequence[str] = (),
    degenerate: str | None = None,
    addressed: Collection[str] | Callable[[], Collection[str]] | None = None,
) -> Failure | None:
    """The primary error type of one scored query, or None when it passed.

    ``score`` is the query's ``vmb.score.TaskScore``; ``attempts`` holds, per attempted vehicle
    call (including calls to unknown or unloaded tools), whether it was accepted; ``people`` are
    the group's speakers (full names); ``written`` is ``written_values`` of the query's calls, or a
    function computing it, called only when a required leaf did not change (the one case it decides;
    without it, a wrong value equal to the default car's counts as no action); ``refusals`` holds the
    kind (one of ``INVALID_CALLS``) of each refused attempt; ``degenerate`` says how the output was
    degenerate, when it was; ``addressed`` is ``addressed_leaves`` of the query's calls, or a function
    computing it, called only when a leaf changed that should not (without it, such a leaf a reference
    call writes with its default value counts as an over-action).
    """
    should = list(score.should_change)
    changed = set(score.changed)
    correct = set(score.correct)
    wrongly = list(score.wrongly_changed)
    leaves = score.leaves
    unchanged = [p for p in should if p not in changed]
    if callable(written):
        written = written() if unchanged else None
    written = written or {}
    if callable(addressed):
        addressed = addressed() if wrongly else None
    # A leaf a reference call writes is a target even when the value it asks for is the default car's:
    # another value there is a wrong value, not a change the query never asked for.
    reset = [p for p in wrongly if p in set(addressed or ())]
    wrongly = [p for p in wrongly if p not in reset]
    # A required leaf written a wrong value equal to its default looks unchanged in the final state.
    hidden = {p for p in unchanged if p in written
              and not values_equal(written[p], leaves.get(p, {}).get("expected"))}
    missing = [p for p in unchanged if p not in hidden]
    wrong_values = [p for p in should if (p in changed and p not in correct) or p in hidden] + reset
    if not (missing or wrong_values or wrongly):
        return None

    if degenerate:
        return Failure(DEGENERATE, None, None, degenerate)
    accepted = list(attempts)
    if accepted and not any(accepted):
        counted = {kind: refusals.count(kind) for kind in INVALID_CALLS if kind in refusals}
        kind = max(counted, key=lambda k: counted[k]) if counted else REFUSED_ARGUMENTS
        said = ", ".join(f"{n} {k}" for k, n in counted.items())
        return Failure(kind, None, None, f"all {len(accepted)} attempted call(s) were refused"
                       + (f" ({said})" if said else ""))

    if wrong_values:
        entries = gold_entries(gold_memory, people)
        verdicts = []
        for path in wrong_values:
            expected = leaves.get(path, {}).get("expected")
            got = written[path] if path in hidden else leaves.get(path, {}).get("predicted")
            source, detail = value_source(path, expected, got, entries, query, people)
            if path in hidden:
                detail += " (the default car's value, so the final state shows no change)"
            verdicts.append((source, detail, path))
        source, detail, path = min(verdicts, key=lambda v: VALUE_SOURCES.index(v[0]))
        return Failure(WRONG_VALUE, source, path, detail)
    if missing and wrongly:
        return Failure(WRONG_TARGET, None, missing[0],
                       f"{missing[0]} did not change; {', '.join(wrongly)} changed instead")
    if missing:
        made = len(should) - len(missing)
        done = f"{made} of {len(should)} required changes made" if accepted else "no change attempted"
        return Failure(NO_ACTION, None, missing[0], f"{', '.join(missing)} did not change ({done})")
    if should:
        return Failure(OVER_ACTION, None, wrongly[0], f"required changes right, but {', '.join(wrongly)} changed too")
    return Failure(OVER_ACTION, None, wrongly[0], f"nothing should change, but {', '.join(wrongly)} changed")


# Tool-result kinds that attempt a change to the car (a vehicle API, or a tool that does not exist
# or was not loaded): the attempts the kinds of invalid call look at.
ATTEMPT_KINDS = ("vehicle", "invalid")


def record_failure(record: QueryRecord, behaviour: Behaviour, gold_memory: str, people: Sequence[str]) -> Failure | None:
    """The primary error type of one stored record (None: it passed or was not scored)."""
    score = record.score if record.ok else None
    if score is None or score.exact_match:
        return None
    attempts = [r for r in record.tool_results if r.kind in ATTEMPT_KINDS]
    return classify(
        score, gold_memory=gold_memory, people=people, query=record.query, attempts=[r.ok for r in attempts],
        written=lambda: written_values(score.ref_calls, record.vehicle_calls),
        addressed=lambda: addressed_leaves(score.ref_calls, record.vehicle_calls),
        refusals=[m for r in attempts if (m := mistake_of(r)) is not None],
        degenerate=described(behaviour) if behaviour.degenerate else None,
    )
