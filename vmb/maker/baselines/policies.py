"""The shortcut baselines: calls made from text matching alone, no model and no answer.

Each baseline picks the setting the query names (``lexicon.best_target``; from the gold memory when
the query names none and the baseline reads it) and a value from its evidence by one rule: the
latest mention, the first, the most frequent, the asker's own latest, the entry whose words the
query shares most, the latest with no condition or correction word, the shortest or longest entry,
the latest number moved by the steps said after it, or the query alone. Some are written to exploit
what a generator might give away (which entry holds the answer, how a step is said); a benchmark on
which such a rule scores high measures the rule, not memory; ``vmb audit`` prints them side by side
with the release.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from vmb.data.spoken import stated_steps
from vmb.maker.baselines.evidence import Task, Unit
from vmb.maker.baselines.lexicon import Target, best_target, call, names, value_near_cue, values_in, words
from vmb.maker.baselines.speech import first_person_named
from vmb.sim.spec import Int

Calls = list[dict[str, Any]]
Chooser = Callable[[Task, list[tuple[Unit, Any]]], Any]


def _query_value(task: Task, target: Target) -> Any:
    """The value the query itself states for the target, else ``True`` for a flag, else None."""
    value = value_near_cue(task.query, target)
    if value is None and target.value is not None and target.api.params[target.value].json_type == "boolean":
        return True
    return value


def _answer(task: Task, target: Target | None, value: Any) -> Calls:
    if target is None:
        return []
    if value is None and target.value is not None:
        return []
    return [call(target, value, task.query)]


def _evidence(units: Sequence[Unit], target: Target) -> list[tuple[Unit, Any]]:
    """Each unit naming the target with the value it states there, in time order."""
    found = []
    for unit in sorted(units, key=lambda u: u.when):
        if names(unit.text, target, unit.words):
            value = value_near_cue(unit.text, target)
            if value is not None:
                found.append((unit, value))
    return found


def _latest(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    return found[-1][1]


def _first(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    return found[0][1]


def _most_frequent(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    counts = Counter(_key(v) for _, v in found)
    top = max(counts.values())
    return next(v for _, v in reversed(found) if counts[_key(v)] == top)  # ties: the latest


def _key(value: Any) -> Any:
    return value.lower() if isinstance(value, str) else value


def _askers_latest(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    own = [item for item in found if item[0].person == task.asker]
    return (own or found)[-1][1]


def _beneficiarys_latest(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    own = [item for item in found if item[0].speaker == task.beneficiary]
    return (own or found)[-1][1]


def _content(text: str) -> set[str]:
    return {w for w in words(text) if len(w) > 3 and not w.isdigit()}


def _closest_wording(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    query = _content(task.query)
    best = max(range(len(found)), key=lambda i: (len(query & _content(found[i][0].text)), i))
    return found[best][1]


# Words that lead a value someone holds only now and then: a temporary state, a condition, a correction.
_TEMPORARY = r"since|until|while|because|for now|for the moment|for a while|today"
_CONDITION = r"whenever|when|if|during"
_CORRECTION = r"actually|wait|scratch|sorry|wrong|mistake|instead|rather than|not|no|too"


def _said(words: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{words})\b", re.IGNORECASE)


_LEADS, _TEMPORARY_SAID, _CORRECTION_SAID = (_said("|".join((_TEMPORARY, _CONDITION, _CORRECTION))),
                                             _said(_TEMPORARY), _said(_CORRECTION))


def _without(words: re.Pattern[str]) -> Chooser:
    def choose(task: Task, found: list[tuple[Unit, Any]]) -> Any:
        plain = [item for item in found if not words.search(item[0].text)]
        return (plain or found)[-1][1]
    return choose


def _corrected(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    said = [item for item in found if _CORRECTION_SAID.search(item[0].text)]
    return (said or found)[-1][1]


def _shortest(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    return min(reversed(found), key=lambda item: len(item[0].text))[1]  # ties: the latest


def _longest(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    return max(reversed(found), key=lambda item: len(item[0].text))[1]


def _gold_target(task: Task) -> Target | None:
    return best_target(task.query) or best_target(" ".join(u.text for u in task.gold))


def from_gold(choose: Chooser) -> Callable[[Task], Calls]:
    def predict(task: Task) -> Calls:
        target = _gold_target(task)
        if target is None:
            return []
        found = _evidence(task.gold, target)
        return _answer(task, target, choose(task, found) if found else _query_value(task, target))
    return predict


def from_history(choose: Chooser) -> Callable[[Task], Calls]:
    def predict(task: Task) -> Calls:
        target = best_target(task.query)
        if target is None:
            return []
        found = _evidence(task.history.naming(target), target)
        return _answer(task, target, choose(task, found) if found else _query_value(task, target))
    return predict


def stepped(task: Task) -> Calls:
    """For a number: the latest value the gold memory states, moved by every step said after it (a
    correction's "one notch higher") and by the query's own ("like last time, two lower"); arithmetic
    on text, no reasoning about whose value or which occasion."""
    target = _gold_target(task)
    if target is None:
        return []
    param = target.api.params[target.value] if target.value is not None else None
    if not isinstance(param, Int):
        return from_gold(_latest)(task)
    base: int | None = None
    moved = 0
    for unit in sorted(task.gold, key=lambda u: u.when):  # a step names no setting: "too much, one lower"
        steps = stated_steps(unit.text)
        values = [(p, v) for p, v in values_in(unit.text, target) if not any(a <= p < b for a, b, _ in steps)]
        if values:
            base, moved = values[-1][1], sum(size for a, _, size in steps if a > values[-1][0])
        elif base is not None:
            moved += sum(size for _, _, size in steps)
    if base is None:
        return _answer(task, target, _query_value(task, target))
    value = base + moved + sum(size for _, _, size in stated_steps(task.query))
    low = param.minimum if param.minimum is not None else value
    high = param.maximum if param.maximum is not None else value
    return _answer(task, target, max(low, min(high, value)))


def by_markers(task: Task) -> Calls:
    """A rule picked off the gold memory's words, no reading of what they mean: a step said → ``stepped``;
    a temporary-state word → the latest entry without one; a correction word → the latest with one;
    else the asker's latest."""
    target = _gold_target(task)
    if target is None:
        return []
    gold = " ".join(u.text for u in task.gold)
    if target.value is not None and isinstance(target.api.params[target.value], Int) and \
            (stated_steps(gold) or stated_steps(task.query)):
        return stepped(task)
    if _TEMPORARY_SAID.search(gold):
        return from_gold(_without(_TEMPORARY_SAID))(task)
    return from_gold(_corrected if _CORRECTION_SAID.search(gold) else _askers_latest)(task)


def query_only(task: Task) -> Calls:
    target = best_target(task.query)
    return _answer(task, target, _query_value(task, target)) if target is not None else []


def as_written(task: Task) -> Calls:
    """The last value the gold memory states for the setting, in the order written (dates ignored)."""
    target = _gold_target(task)
    if target is None:
        return []
    text = "\n".join(u.text for u in task.gold)
    found = [v for sentence in re.split(r"(?<=[.!?\n])\s+", text) if names(sentence, target)
             for _, v in values_in(sentence, target)]
    return _answer(task, target, found[-1] if found else _query_value(task, target))


# Request wordings that give a reasoning type away, and the rule that exploits each.
_USUAL = re.compile(r"\b(?:usual|usually|normal|normally|standard|regular|always|original|default|before)\b", re.I)
_LATEST = re.compile(r"\b(?:last time|again|found|fixed|corrected|settled|now|these days|lately|recently|new)\b", re.I)
_OTHER = re.compile(r"\b(?:his|her|their|favou?rite|likes?|loves?|prefers?)\b", re.I)


def _someone_elses(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    asker = task.asker
    others = [p for p in task.people if p != asker and first_person_named(task.query, [p])]
    own = [item for item in found if item[0].person in others]
    return (own or found)[-1][1]


def _route(task: Task, found: list[tuple[Unit, Any]]) -> Any:
    if _USUAL.search(task.query):
        return _first(task, found)
    if _LATEST.search(task.query):
        return _latest(task, found)
    if _OTHER.search(task.query) and len([p for p in task.people if first_person_named(task.query, [p])]) > 1:
        return _someone_elses(task, found)
    return _closest_wording(task, found)


@dataclass(frozen=True)
class Baseline:
    name: str
    memory: str  # the memory setting holding what it reads: "gold", "history" or "none" (the query alone)
    description: str
    predict: Callable[[Task], Calls]

    @property
    def reads_memory(self) -> bool:
        """False for a baseline that reads the query alone: what it solves is solved with no memory at all."""
        return self.memory != "none"


BASELINES: dict[str, Baseline] = {b.name: b for b in (
    Baseline("latest-gold", "gold", "the latest dated gold-memory entry naming the setting", from_gold(_latest)),
    Baseline("latest-history", "history", "the latest history line naming the setting", from_history(_latest)),
    Baseline("query-only", "none", "the value the query states (a flag switched on), no memory", query_only),
    Baseline("first-gold", "gold", "the earliest dated gold-memory entry naming the setting",
             from_gold(_first)),
    Baseline("frequent-gold", "gold", "the value the gold memory states most often for the setting",
             from_gold(_most_frequent)),
    Baseline("asker-gold", "gold", "the asker's own latest gold-memory entry naming the setting",
             from_gold(_askers_latest)),
    Baseline("speaker-gold", "gold", "the latest gold-memory entry in which the person the request is for speaks",
             from_gold(_beneficiarys_latest)),
    Baseline("asker-history", "history", "the asker's own latest history line naming the setting",
             from_history(_askers_latest)),
    Baseline("overlap-gold", "gold", "the gold-memory entry sharing most words with the query",
             from_gold(_closest_wording)),
    Baseline("as-written", "gold", "the last value stated in the gold memory's text order (dates ignored)",
             as_written),
    Baseline("type-router", "gold", "a rule chosen from the request's wording (usual → first, "
             "again → latest, someone's favourite → theirs, else closest wording)", from_gold(_route)),
    Baseline("step-gold", "gold", "the latest gold-memory number moved by every step said after it and in the query "
             "(\"one notch higher\", \"two lower than last time\")", stepped),
    Baseline("plain-gold", "gold", "the latest gold-memory entry with no condition, temporary-state or correction "
             "word (whenever, since, for now, actually, not)", from_gold(_without(_LEADS))),
    Baseline("shortest-gold", "gold", "the shortest gold-memory entry naming the setting", from_gold(_shortest)),
    Baseline("longest-gold", "gold", "the longest gold-memory entry naming the setting", from_gold(_longest)),
    Baseline("marker-router", "gold", "a rule picked off the gold memory's words (a step → step-gold, a "
             "temporary-state word → the latest entry without one, a correction word → the latest with one, else "
             "the asker's latest)", by_markers),
    Baseline("frequent-history", "history", "the value the history states most often for the setting",
             from_history(_most_frequent)),
)}
