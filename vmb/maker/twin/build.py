"""One group's twin: its answers planned, then every text rewritten (values, names, dates) and vetted."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from random import Random
from typing import Any

from vmb.data import Group, parse_call
from vmb.maker.twin.answers import Edit, Plan, TextId, Texts, change, rename_places
from vmb.maker.twin.dates import draw_offset, shift_said, shift_stamps
from vmb.maker.twin.evidence import group_entries
from vmb.maker.twin.names import People, new_names, rename, renamer
from vmb.maker.twin.places import PLACE_SETTINGS
from vmb.maker.twin.values import spans_of
from vmb.sim import World

# How often a group is planned again without the queries whose change failed its vetting.
MAX_PLANS = 4


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


def _vet(texts: Texts, plan: Plan) -> dict[int, str]:
    """Why changed queries fail: a call refused, an answer changing nothing, or a new value not said
    where the old one was (read back as any reader of values hears it)."""
    failed: dict[int, str] = {}
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


def twin_group(group: Group, people: People, seed: int) -> GroupTwin:
    text_words = {w.lower() for line in group.lines for w in re.findall(r"[A-Za-z]+", line.raw)}
    text_words |= {w.lower() for q in group.queries for w in re.findall(r"[A-Za-z]+", q.gold_memory + q.query)}
    mapping = new_names(people, group.speakers, text_words, Random(f"{seed}:{group.number}:names"))
    pattern = renamer(people, mapping)
    offset = draw_offset(Random(f"{seed}:{group.number}:dates"))
    entries = group_entries(group)
    texts = Texts(group, entries, {})
    texts.blocked = _name_spans(texts.text, pattern)
    plan = plan_group(group, texts, f"{seed}:{group.number}:values",
                      frozenset(text_words | {n.lower() for full in mapping.values() for n in full.split()}))
    said_dates = 0

    def rewrite(key: TextId, year: int) -> str:
        nonlocal said_dates
        text, count = shift_said(rename(edited(texts.text[key], plan.edits.get(key, []))[0], pattern, mapping),
                                 offset, year)
        said_dates += count
        return text

    history = []
    for number, line in enumerate(group.lines):
        head = line.raw[:len(line.raw) - len(line.text)]
        history.append(shift_stamps(rename(head, pattern, mapping), offset) + rewrite(("line", number),
                                                                                      line.timestamp.year))
    year = group.lines[-1].timestamp.year
    items: list[dict[str, Any]] = []
    records = []
    for query in group.queries:
        gold = "\n".join(rewrite(("gold", query.index, e.index), year) for e in entries[query.index])
        asked, count = shift_said(rename(query.query, pattern, mapping), offset, year)
        said_dates += count
        answer = plan.answers.get(query.index, list(query.answer))
        items.append({"gold_memory": gold, "reasoning_type": query.reasoning_type, "query": asked,
                      "new_answer": answer})
        records.append({"id": query.id, "reasoning_type": query.reasoning_type, "changed": answer != query.answer,
                        "release_answer": query.answer, "changes": plan.changes.get(query.index, []),
                        "kept": plan.kept.get(query.index, []),
                        "unlisted_reasons": list(dict.fromkeys(plan.unlisted.get(query.index, [])))})
    written = "\n".join([*history, *(f"{i['gold_memory']}\n{i['query']}" for i in items)])
    used = {k: v for k, v in mapping.items() if re.search(rf"\b{re.escape(v)}\b", written)}
    return GroupTwin(group.number, history, items, {
        "group": group.number, "offset_days": offset // timedelta(days=1), "dates_said": said_dates,
        "names": dict(sorted(used.items())), "places": _places(plan), "queries": records})
