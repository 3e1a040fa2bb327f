"""New answers: for each query whose answer can be changed safely, another value of its setting.

A query's answer moves from ``v`` to ``v + d`` (a number) or to another member (an enum), written in
every gold entry and history line of its evidence that says ``v``, in the way it is said there. The
new value is one the simulator takes and the default car does not have, and none of the values the
group's evidence of that setting states, so every distractor keeps its role. A number keeps its
place among those values (``v`` below 8 stays below 8: "warmer than usual" still holds), and an
answer derived by a step ("two higher", "lower it by 5") moves with its base, so the step is still
the difference. A query whose value cannot be followed keeps it, with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Set
from dataclasses import dataclass, field
from datetime import date
from random import Random
from typing import Any

from vmb.data import Group, Query
from vmb.maker.generate.settings import Setting, settings
from vmb.maker.twin import mentions, stale
from vmb.maker.twin.dates import entry_date
from vmb.maker.twin.evidence import Entry
from vmb.maker.twin.meaning import asked_fit, fit, number_fits
from vmb.maker.twin.places import PLACE_SETTINGS, rename_place
from vmb.maker.twin.values import END_WORDS, Span, numbers_in, said_like, spans_of, steps_in

TextId = tuple[Any, ...]  # ("line", n) or ("gold", query index, entry index)
# How far before a value a word saying it is an end of its range ("all the way up at 44") bears on it (after
# it: to the end of the next sentence).
NEAR = 40


@dataclass(frozen=True)
class Edit:
    start: int
    end: int
    said: str  # what stands there now
    old: Any  # the value the source said there
    value: Any  # the value it says
    query: int  # the query whose change made it


@dataclass
class Plan:
    """The edits of one group's texts and the answers they make."""

    edits: dict[TextId, list[Edit]] = field(default_factory=dict)
    answers: dict[int, list[str]] = field(default_factory=dict)  # query index -> new answer strings
    changes: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    kept: dict[int, list[str]] = field(default_factory=dict)  # query index -> reasons a call kept its value
    # query index -> the lines that kept a value by giving a reason the meaning table does not list
    unlisted: dict[int, list[str]] = field(default_factory=dict)

    def taken(self, text: TextId, span: Span) -> bool:
        return any(e.start < span.end and span.start < e.end for e in self.edits.get(text, []))


class Texts:
    """One group's source texts by id, and which gold entries retell which lines."""

    def __init__(self, group: Group, entries: dict[int, list[Entry]], blocked: dict[TextId, list[tuple[int, int]]]):
        self.group = group
        self.entries = entries
        self.blocked = blocked  # spans that are names: never a value
        self.text: dict[TextId, str] = {("line", n): line.text for n, line in enumerate(group.lines)}
        for query, listed in entries.items():
            for entry in listed:
                self.text[("gold", query, entry.index)] = entry.text
        self.near = stale.Near([line.timestamp for line in group.lines], [line.text for line in group.lines])

    def days(self, index: int) -> set[date]:
        """The dates of query ``index``'s gold entries."""
        return {d for e in self.entries[index] if (d := entry_date(e.text)) is not None}

    def of_queries(self, indices: set[int], also: Set[int] = frozenset()) -> tuple[list[TextId], set[int]]:
        """The texts of these queries' evidence (their gold entries, the lines those retell and ``also``, more
        lines) and its lines."""
        ids: list[TextId] = []
        lines: set[int] = set(also)
        for index in sorted(indices):
            for entry in self.entries[index]:
                ids.append(("gold", index, entry.index))
                lines.update(entry.lines)
        # Every other entry that retells one of these lines says what they say.
        for query, listed in self.entries.items():
            ids += [("gold", query, e.index) for e in listed if query not in indices and lines & set(e.lines)]
        return ids + [("line", n) for n in sorted(lines)], lines

    def spans(self, text: TextId, value: Any, setting: Setting | None = None) -> tuple[list[Span], bool]:
        """Where ``text`` states ``value`` (never inside a name, never a word that only looks like it: "one
        more", "my feet"), and whether it may also say it in other words or in a way the twin cannot tell."""
        found, other_words = spans_of(self.text[text], value)
        names = self.blocked.get(text, [])
        stated = []
        for span in found:
            if any(a < span.end and span.start < b for a, b in names):
                continue
            how = mentions.said(self.text[text], span.start, span.end, setting, value)
            if how is mentions.Said.VALUE:
                stated.append(span)
            elif how is mentions.Said.UNSURE:
                other_words = True
        if setting is not None and setting.kind in ("int", "enum"):
            # Said otherwise too ("sequentially", "all the way up", "the shade of fresh snow"): not respelt.
            other_words |= any(not any(s.start <= start < s.end for s in found)
                               and not any(a < end and start < b for a, b in names)
                               for start, end, _ in stale.said(self.text[text], setting, value))
        return stated, other_words

    def near_lines(self, indices: set[int], setting: Setting, values: list[Any], lines: set[int]) -> set[int]:
        """The lines around these queries' evidence (``lines``) that speak of ``setting`` and state one of
        ``values``: said again minutes or a day from the gold's stamp, they are evidence too."""
        days = {d for index in indices for d in self.days(index)}
        return {s.line for value in values for s in self.near.statements(days, setting, value, lines)}


def targets_of(query: Query) -> list[tuple[int, Setting, Any]]:
    out = []
    for position, call in enumerate(query.calls):
        setting = settings().get(call["name"])
        if setting is not None and setting.kind in ("int", "enum") and setting.param in call["args"]:
            out.append((position, setting, call["args"][setting.param]))
    return out


def stated(texts: Texts, ids: list[TextId], setting: Setting) -> set[Any]:
    """Every value of ``setting`` these texts state."""
    found: set[Any] = set()
    for text in ids:
        if setting.kind == "int":
            found |= numbers_in(texts.text[text], setting.domain)
        else:
            found |= {m for m in setting.domain if texts.spans(text, m, setting)[0]}
    return found


def _followed(plan: Plan, texts: Texts, ids: list[TextId], setting: Setting, value: Any) -> Any:
    """The new value an earlier change wrote everywhere these texts said ``value``, or None."""
    places = [(t, s) for t in ids for s in texts.spans(t, value, setting)[0]]
    news = {e.value for t, s in places for e in plan.edits.get(t, []) if e.start == s.start and e.old == value}
    if len(news) == 1 and all(plan.taken(t, s) for t, s in places):
        return next(iter(news))
    return None


def rewrite_call(raw: str, param: str, value: Any) -> str:
    """The call string ``raw`` with ``param``'s literal replaced, the rest as the source wrote it."""
    literal = f'"{value}"' if isinstance(value, str) else str(value)
    pattern = re.compile(rf"(\b{re.escape(param)}\s*=\s*)(\"[^\"]*\"|'[^']*'|-?\d+)")
    return pattern.sub(lambda m: m.group(1) + literal, raw, count=1)


@dataclass(frozen=True)
class _Move:
    """The values that move together (an answer and the base a step takes it from) and where each is said."""

    values: tuple[Any, ...]
    said: dict[Any, list[tuple[TextId, Span]]]


def _around(text: str, span: Span) -> str:
    """What bears on a value as an end of its range: the words just before it and on to the end of the next
    sentence ("to 100. Alright, these long legs need all the space they can get")."""
    ends = [m.end() for m in re.finditer(r"[.!?]+(?:\s|$)", text[span.end:])]
    return text[max(0, span.start - NEAR):span.end + (ends[1] if len(ends) > 1 else len(text))]


def _move(texts: Texts, ids: list[TextId], query: Query, setting: Setting, value: Any) -> _Move | str:
    """What moves with ``value``, or why it cannot move."""
    if spans_of(query.query, value)[0]:
        return "the query says the value"
    moving = [value]
    if setting.kind == "int":
        said_steps = steps_in(query.query) + [s for t in ids for s in steps_in(texts.text[t])]
        moving += [value - step for step in said_steps if value - step in setting.domain]
    said: dict[Any, list[tuple[TextId, Span]]] = {}
    for item in dict.fromkeys(moving):
        for text in ids:
            found, other_words = texts.spans(text, item, setting)
            if other_words:
                return f"{item!r} is said in other words than its own"
            said.setdefault(item, []).extend((text, span) for span in found)
    if not said.get(value) and not any(said.get(m) for m in moving[1:]):
        return "the evidence does not state the value"
    kept = tuple(m for m in dict.fromkeys(moving) if said.get(m) or m == value)
    for item in kept:
        if any(END_WORDS.search(_around(texts.text[t], s)) for t, s in said.get(item, [])):
            return f"{item!r} is said as an end of its range"
    return _Move(kept, said)


def _whole(texts: Texts, ids: list[TextId], setting: Setting, move: _Move) -> _Move | None:
    """Every number of ``setting`` the query's gold memory states, moving together with its answer: the
    distractors keep their order and their distance to it ("too strong, lower it to 2" after 3)."""
    values = sorted(stated(texts, [t for t in ids if t[0] == "gold"], setting) | set(move.values))
    places = {v: [(t, s) for t in ids for s in texts.spans(t, v, setting)[0]] for v in values}
    if any(END_WORDS.search(_around(texts.text[t], s))
           for v in values for t, s in places[v]):
        return None
    return _Move(tuple(values), places)


def _sounds_like(member: Any, texts: list[str]) -> bool:
    """Whether ``texts`` say ``member`` or, for a one-word member, a word made from it ("muted" for
    ``mute``, "windows"): a value a new answer must not take, for a distractor said so would lose its role."""
    word = str(member)
    stem = re.escape(word[:-1] if word.endswith("e") else word)
    return any(spans_of(t, member)[0] for t in texts) or word.isalpha() and len(word) > 2 and any(
        re.search(rf"\b{stem}(?:e|s|es|d|ed|ing|r|er)?\b", t, re.IGNORECASE) for t in texts)


def _parts_said(member: Any, value: Any, texts: list[str]) -> bool:
    """Whether ``texts`` name a part of the compound ``member`` that ``value`` lacks ("never on my face" for
    ``face_window`` in place of ``feet``): the new value would take what a line turns down or gives to another."""
    own = set(str(value).split("_"))
    parts = [p for p in str(member).split("_") if len(p) > 3 and p not in own]
    return len(str(member).split("_")) > 1 and any(
        re.search(rf"\b{re.escape(p)}\b", t, re.IGNORECASE) for p in parts for t in texts)


def _new_values(move: _Move, setting: Setting, value: Any, old: set[Any], now: set[Any],
                avoid_words: list[str]) -> list[dict[Any, Any]]:
    """Every way to move ``move``'s values: old value -> new value."""
    if setting.kind == "enum":
        return [{value: member} for member in setting.values if member != value and member not in old
                and not _sounds_like(member, avoid_words) and not _parts_said(member, value, avoid_words)]
    fixed = now - set(move.values)
    out = []
    for shift in range(-max(setting.domain), max(setting.domain) + 1):
        moved = {m: m + shift for m in move.values}
        if shift == 0 or moved[value] not in setting.values or any(n not in setting.domain or n in old
                                                                   for n in moved.values()):
            continue
        if all((n > f) == (m > f) for m, n in moved.items() for f in fixed):
            out.append(moved)
    return out


def _places(query: Query) -> list[tuple[int, Setting, str]]:
    out = []
    for position, call in enumerate(query.calls):
        setting = settings().get(call["name"])
        value = call["args"].get(setting.param) if setting is not None else None
        if setting is not None and setting.api in PLACE_SETTINGS and isinstance(value, str):
            out.append((position, setting, value))
    return out


def rename_places(plan: Plan, texts: Texts, query: Query, rng: Random, avoid: set[str]) -> None:
    """Give each place ``query``'s answer goes to another name (``vmb.maker.twin.places``), every query of the
    group going there following; ``avoid``: the group's words, which no new name may be."""
    done = {c["call"] for c in plan.changes.get(query.index, [])}
    for position, setting, value in _places(query):
        if position in done:
            continue  # renamed with another query going there
        evidence, _ = texts.of_queries({query.index})
        renamed = rename_place(texts.text, evidence, texts.blocked, query.query, value, plan.taken, rng, avoid)
        if isinstance(renamed, str):
            plan.kept.setdefault(query.index, []).append(renamed)
            continue
        new, rewrites = renamed
        for text, start, end, written, before, after in rewrites:
            plan.edits.setdefault(text, []).append(Edit(start, end, written, before, after, query.index))
        for other in texts.group.queries:
            if any(c["name"] == setting.api and c["args"].get(setting.param) == value for c in other.calls):
                _set_answer(plan, other, setting, value, {value: new})


def change(plan: Plan, texts: Texts, query: Query, rng: Random) -> None:
    """Plan a new value for each call of ``query`` that can take one (its reasons kept otherwise); an
    edit of another query's evidence is made by this query too (the vetting answers for it)."""
    done = {c["call"] for c in plan.changes.get(query.index, [])}
    for position, setting, value in targets_of(query):
        if position in done:
            continue  # changed with a query that shares its evidence
        linked = {q.index for q in texts.group.queries
                  if any(c["name"] == setting.api and c["args"].get(setting.param) == value for c in q.calls)}
        ids, lines = texts.of_queries({query.index})
        shared = {i for i in linked if i != query.index and lines & {n for e in texts.entries[i] for n in e.lines}}
        if shared:
            ids, lines = texts.of_queries({query.index} | shared)
        near = texts.near_lines({query.index} | shared, setting, [value], lines)
        if near - lines:
            ids, lines = texts.of_queries({query.index} | shared, near)
        if any(not e.lines and texts.spans(("gold", query.index, e.index), value, setting)[0]
               for e in texts.entries[query.index]):
            plan.kept.setdefault(query.index, []).append("an entry stating the value has no history line")
            continue
        followed = _followed(plan, texts, ids, setting, value)
        if followed is not None:
            _set_answer(plan, query, setting, value, {value: followed})
            continue
        move = _move(texts, ids, query, setting, value)
        if isinstance(move, str):
            plan.kept.setdefault(query.index, []).append(move)
            continue
        # What the source states and what earlier changes already write there: no two values may become one.
        old = stated(texts, ids, setting) | set(move.values) | {
            e.value for t in ids for e in plan.edits.get(t, []) if type(e.value) is type(value)}
        words = [query.query, *(texts.text[t] for t in ids)]
        options = _new_values(move, setting, value, old, old - set(move.values), words)
        whole = _whole(texts, ids, setting, move) if not options and setting.kind == "int" else None
        if whole is not None:
            move = whole
            old |= set(whole.values)
            options = _new_values(move, setting, value, old, old - set(move.values), words)
        spans = [(t, s, m) for m, found in move.said.items() for t, s in found]
        pinned = _pinned(plan, spans)
        if pinned is not None:  # a value it moves with was moved already: by the same shift, or not at all
            options = [o for o in options if pinned and all(n - m == pinned[0] for m, n in o.items())]
        if not options:
            plan.kept.setdefault(query.index, []).append(
                "no value of the setting keeps every other stated value's role" if pinned is None
                else "its evidence is already changed for another query")
            continue
        asked = [texts.group.queries[i].query for i in sorted({query.index} | shared)]
        options, why = _fitting(texts, move, setting, value, options, old - set(move.values), asked,
                                [texts.text[t] for t in ids])
        if why:
            plan.kept.setdefault(query.index, []).append(why)
            if why == UNLISTED:
                members = _members_pattern(setting, value)
                plan.unlisted.setdefault(query.index, []).extend(
                    f.unlisted for t, s in move.said.get(value, [])
                    if (f := fit(setting.api, texts.text[t], s.start, members)).unlisted)
            continue
        moved = options[rng.randrange(len(options))]
        for text, span, item in spans:
            if not plan.taken(text, span):
                plan.edits.setdefault(text, []).append(
                    Edit(span.start, span.end, said_like(span.said, moved[item]), item, moved[item], query.index))
        for index in sorted({query.index} | shared):
            _set_answer(plan, texts.group.queries[index], setting, value, moved)


def _members_pattern(setting: Setting, value: Any) -> re.Pattern[str]:
    """The setting's other values, as words: a sentence saying one speaks of that value."""
    words = [r"[\s_\-]+".join(map(re.escape, re.split(r"[\s_\-]+", str(m))))
             for m in setting.domain if m != value and isinstance(m, str)]
    return re.compile(rf"\b(?:{'|'.join(words)})\b" if words else r"(?!)", re.IGNORECASE)


UNLISTED = "a line gives a reason for the value that the meaning table does not list"


def _fitting(texts: Texts, move: _Move, setting: Setting, value: Any, options: list[dict[Any, Any]],
             others: set[Any], asked: list[str], evidence: list[str]) -> tuple[list[dict[Any, Any]], str]:
    """The options whose every moved value fits what its lines say of it and what the queries asking for it
    (``asked``) say of it, or why none does. ``evidence``: every text of the queries' evidence (a line
    saying how far two values stand apart may state the other one)."""
    members = _members_pattern(setting, value)
    wanted = [asked_fit(setting.api, text) for text in asked]

    def fits(old: Any, new: Any) -> bool:
        if setting.kind == "int":
            # What the query says of the value it asks for places it too ("my eyes are sensitive tonight").
            lines = [texts.text[t] for t, _ in move.said.get(old, [])] + (asked if old == value else [])
            return number_fits(old, new, lines, others, setting.domain, evidence)
        return all(fit(setting.api, texts.text[t], s.start, members).allows(new) for t, s in move.said.get(old, [])) \
            and (old != value or all(f.allows(new) for f in wanted))

    if setting.kind == "enum":
        fits_found = [fit(setting.api, texts.text[t], s.start, members) for t, s in move.said.get(value, [])]
        fits_found += wanted
        if any(f.unlisted for f in fits_found):
            return [], UNLISTED
        named = sorted({r.name for f in fits_found for r in f.reasons})
    else:
        named = []
    kept = [o for o in options if all(fits(old, new) for old, new in o.items())]
    if kept:
        return kept, ""
    if named:
        return [], f"no other value serves its stated reason ({', '.join(named)})"
    return [], "no other value keeps what its lines say of it (its part of the range, its distance to the others)"


def _pinned(plan: Plan, spans: list[tuple[TextId, Span, Any]]) -> tuple[int, ...] | None:
    """None when no span is changed yet; else ``(shift,)`` when every changed one is a number moved by
    that one shift exactly where it stood, ``()`` when they were changed otherwise."""
    shifts = set()
    for text, span, item in spans:
        if not plan.taken(text, span):
            continue
        same = [e for e in plan.edits[text] if (e.start, e.end, e.old) == (span.start, span.end, item)]
        if not same or not all(isinstance(v, int) and not isinstance(v, bool) for v in (same[0].old, same[0].value)):
            return ()
        shifts.add(same[0].value - same[0].old)
    if not shifts:
        return None
    return (shifts.pop(),) if len(shifts) == 1 else ()


def _set_answer(plan: Plan, query: Query, setting: Setting, value: Any, moved: dict[Any, Any]) -> None:
    own = plan.answers.setdefault(query.index, list(query.answer))
    for position, call in enumerate(query.calls):
        if call["name"] == setting.api and call["args"].get(setting.param) == value:
            own[position] = rewrite_call(own[position], setting.param, moved[value])
            plan.changes.setdefault(query.index, []).append(
                {"call": position, "setting": setting.api, "from": value, "to": moved[value],
                 "moved": [[m, n] for m, n in moved.items() if m != value]})
