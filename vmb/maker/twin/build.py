"""One group's twin: its answers planned, then every text rewritten (values, names, dates) and vetted."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta
from random import Random
from typing import Any

from vmb.data import Group, parse_call
from vmb.maker.generate.settings import Setting, settings
from vmb.maker.twin.answers import Edit, Plan, TextId, Texts, change, rename_places, stated, targets_of
from vmb.maker.twin.dates import draw_offset, entry_date, shift_months, shift_said, shift_stamps
from vmb.maker.twin.evidence import group_entries
from vmb.maker.twin.names import People, lowercase_words, new_names, renamer
from vmb.maker.twin.places import PLACE_SETTINGS
from vmb.maker.twin.stale import Near
from vmb.maker.twin.values import numbers_in, spans_of
from vmb.sim import World

# How often a group is planned again without the queries whose change failed its vetting.
MAX_PLANS = 8


@dataclass
class GroupTwin:
    group: int
    history: list[str]  # the history's lines, as written
    queries: list[dict[str, Any]]  # the QA file's items, keys in the source's order
    metadata: dict[str, Any]


def edited(text: str, edits: list[Edit]) -> tuple[str, list[tuple[int, Edit]]]:
    """``text`` with ``edits`` made, and where each edit now starts."""
    out, placed, last = [], [], 0
    for edit in sorted(edits, key=lambda e: e.start):
        out.append(text[last:edit.start])
        placed.append((sum(map(len, out)), edit))
        out.append(edit.said)
        last = edit.end
    return "".join(out) + text[last:], placed


def _left_behind(texts: Texts, plan: Plan) -> dict[int, str]:
    """The changed queries whose old value the edited history still states near their evidence
    (``vmb.maker.twin.stale``): the history would support the source's answer."""
    lines = [edited(texts.text[("line", n)], plan.edits.get(("line", n), []))[0] for n in range(len(texts.group.lines))]
    near = Near(texts.near.stamps, lines)
    failed: dict[int, str] = {}
    for index, changes in plan.changes.items():
        evidence = {n for e in texts.entries[index] for n in e.lines}
        for made in changes:
            setting = settings().get(made["setting"])
            if setting is None or setting.kind not in ("int", "enum"):
                continue
            for statement in near.statements(texts.days(index), setting, made["from"], evidence)[:1]:
                failed[index] = (f"line {statement.line + 1} still says {statement.said!r} for "
                                 f"{made['from']!r} near its evidence")
    return failed


def said_values(said: list[str], setting: Setting) -> set[Any]:
    """The values of ``setting`` these texts state (numbers in its range, members in their own words)."""
    if setting.kind == "int":
        return {n for text in said for n in numbers_in(text, setting.domain)}
    return {m for m in setting.domain if any(spans_of(text, m)[0] for text in said)}


def _roles_kept(texts: Texts, plan: Plan) -> dict[int, str]:
    """Changes that break another query's evidence, blamed on the query whose change made the edit: a query
    keeping its value whose evidence now says another, or a number moved (by its query or with another one)
    onto or across a value its evidence states and nothing moved ("really upright, at 71" stays more upright
    than a new 70)."""
    failed: dict[int, str] = {}
    for query in texts.group.queries:
        ids, _ = texts.of_queries({query.index})
        made = {c["call"]: c for c in plan.changes.get(query.index, [])}
        for position, setting, value in targets_of(query):
            editors = {e.query for t in ids for e in plan.edits.get(t, []) if e.old == value
                       and type(e.old) is type(value)} or {query.index}
            if position not in made:
                if editors != {query.index}:
                    failed.update({i: f"it rewrites the evidence of {query.id}, which keeps {value!r}" for i in editors})
                continue
            after = [edited(texts.text[t], plan.edits.get(t, []))[0] for t in ids]
            if len(said_values(after, setting)) < len(said_values([texts.text[t] for t in ids], setting)):
                failed.update({i: f"two values of {query.id}'s evidence would become one" for i in editors})
            moved = {made[position]["from"]: made[position]["to"], **dict(made[position]["moved"])}
            if setting.kind != "int":
                continue
            fixed = stated(texts, ids, setting) - set(moved)
            if any(new in fixed or any((new > f) != (old > f) for f in fixed) for old, new in moved.items()):
                failed.update({i: f"{query.id}'s value would meet or cross a value its evidence states" for i in editors})
    return failed


def _vet(texts: Texts, plan: Plan) -> dict[int, str]:
    """Why changed queries fail: a call refused, an answer changing nothing, a new value not said
    where the old one was (read back as any reader of values hears it), or the old one still said near the
    evidence."""
    failed: dict[int, str] = _left_behind(texts, plan) | _roles_kept(texts, plan)
    for index, answer in plan.answers.items():
        world = World()
        for raw in answer:
            call = parse_call(raw)
            if not world.call(call["name"], call["args"])["success"]:
                failed[index] = f"the simulator refuses {raw}"
        if index not in failed and not world.diff():
            failed[index] = "the new answer leaves the default car unchanged"
    for key, edits in plan.edits.items():
        after, placed = edited(texts.text[key], edits)
        for start, edit in placed:
            if not any(span.start == start for span in spans_of(after, edit.value)[0]):
                failed.setdefault(edit.query, f"{edit.said!r} does not read as {edit.value!r} in {key}")
    return failed


def plan_group(group: Group, texts: Texts, rng_seed: str, avoid: frozenset[str] = frozenset()) -> Plan:
    """The group's answers and edits; ``avoid``: words (lowercase) no new place name may be."""
    refused: dict[int, str] = {}
    for _ in range(MAX_PLANS):
        plan = Plan()
        rng = Random(rng_seed)
        used = set(avoid)
        for query in group.queries:
            if query.index in refused:
                plan.kept.setdefault(query.index, []).append(f"vetting failure: {refused[query.index]}")
                continue
            change(plan, texts, query, rng)
            rename_places(plan, texts, query, rng, used)
        failed = _vet(texts, plan)
        if not failed:
            return plan
        refused.update(failed)
    raise RuntimeError(f"group {group.number}: the twin's vetting still fails after {MAX_PLANS} plans")


def _name_spans(texts: dict[TextId, str], pattern: re.Pattern[str]) -> dict[TextId, list[tuple[int, int]]]:
    return {key: [m.span() for m in pattern.finditer(text)] for key, text in texts.items()}


def _places(plan: Plan) -> dict[str, str]:
    """The places renamed (``vmb.maker.twin.places``): old name -> new name."""
    return dict(sorted({c["from"]: c["to"] for changes in plan.changes.values() for c in changes
                        if c["setting"] in PLACE_SETTINGS}.items()))


def _evidence(texts: Texts, plan: Plan, index: int, history: list[str]) -> list[dict[str, Any]]:
    """A changed query's evidence as its twin writes it, for a reader to audit in one look: the lines its gold
    retells and every line around them rewritten for its change, each with what was rewritten there (the
    source's words, the twin's)."""
    pairs = {(c["from"], c["to"]) for c in plan.changes.get(index, [])}
    pairs |= {(m, n) for c in plan.changes.get(index, []) for m, n in c["moved"]}
    around = set(texts.near.around(texts.days(index)))
    rewritten: dict[int, list[list[str]]] = {}
    for key, edits in plan.edits.items():
        if key[0] == "line" and key[1] in around:
            said = [[texts.text[key][e.start:e.end], e.said] for e in sorted(edits, key=lambda e: e.start)
                    if (e.old, e.value) in pairs or e.query == index]
            if said:
                rewritten[key[1]] = said
    lines = {n for e in texts.entries[index] for n in e.lines} | set(rewritten)
    return [{"line": n + 1, "text": history[n], "rewritten": rewritten.get(n, [])} for n in sorted(lines)]


def twin_group(group: Group, people: People, seed: int) -> GroupTwin:
    text_words = {w.lower() for line in group.lines for w in re.findall(r"[A-Za-z]+", line.raw)}
    text_words |= {w.lower() for q in group.queries for w in re.findall(r"[A-Za-z]+", q.gold_memory + q.query)}
    plain = lowercase_words("\n".join([*(line.raw for line in group.lines), *(q.gold_memory + "\n" + q.query
                                                                            for q in group.queries)]))
    mapping = new_names(people, group.speakers, text_words, Random(f"{seed}:{group.number}:names"), plain)
    renaming = renamer(people, group.speakers, mapping)
    offset = draw_offset(Random(f"{seed}:{group.number}:dates"))
    entries = group_entries(group)
    texts = Texts(group, entries, {})
    texts.blocked = _name_spans(texts.text, renaming.pattern)
    plan = plan_group(group, texts, f"{seed}:{group.number}:values",
                      frozenset(text_words | {n.lower() for full in mapping.values() for n in full.split()}))
    said_dates = kept_names = short_forms = months_moved = 0

    def renamed(text: str) -> str:
        nonlocal kept_names, short_forms
        text, kept, short = renaming.rename(text)
        kept_names, short_forms = kept_names + kept, short_forms + short
        return text

    def dated(text: str, year: int, said_on: date, events: tuple[date, ...] = ()) -> str:
        nonlocal said_dates, months_moved
        text, count = shift_said(text, offset, year)
        text, months = shift_months(text, offset, said_on, events)
        said_dates, months_moved = said_dates + count, months_moved + months
        return text

    def rewrite(key: TextId, year: int, said_on: date, events: tuple[date, ...] = ()) -> str:
        return dated(renamed(edited(texts.text[key], plan.edits.get(key, []))[0]), year, said_on, events)

    history = []
    for number, line in enumerate(group.lines):
        head = line.raw[:len(line.raw) - len(line.text)]
        history.append(shift_stamps(renamed(head), offset) + rewrite(("line", number), line.timestamp.year,
                                                                     line.timestamp.date()))
    year = group.lines[-1].timestamp.year
    items: list[dict[str, Any]] = []
    records = []
    for query in group.queries:
        events = tuple(sorted(texts.days(query.index)))
        last = max(events, default=group.lines[-1].timestamp.date())
        gold = "\n".join(rewrite(("gold", query.index, e.index), year, entry_date(e.text) or last, events)
                         for e in entries[query.index])
        asked = dated(renamed(query.query), year, last, events)
        answer = plan.answers.get(query.index, list(query.answer))
        items.append({"gold_memory": gold, "reasoning_type": query.reasoning_type, "query": asked,
                      "new_answer": answer})
        records.append({"id": query.id, "reasoning_type": query.reasoning_type, "changed": answer != query.answer,
                        "release_answer": query.answer, "changes": plan.changes.get(query.index, []),
                        "kept": plan.kept.get(query.index, []),
                        "unlisted_reasons": list(dict.fromkeys(plan.unlisted.get(query.index, []))),
                        "evidence": _evidence(texts, plan, query.index, history) if answer != query.answer else []})
    written = "\n".join([*history, *(f"{i['gold_memory']}\n{i['query']}" for i in items)])
    used = {k: v for k, v in mapping.items() if re.search(rf"\b{re.escape(v)}\b", written)}
    return GroupTwin(group.number, history, items, {
        "group": group.number, "offset_days": offset // timedelta(days=1), "dates_said": said_dates,
        "months_moved": months_moved,
        "names": dict(sorted(used.items())), "other_names_kept": kept_names, "short_forms_renamed": short_forms,
        "names_left": renaming.left_in(written), "places": _places(plan), "queries": records})
