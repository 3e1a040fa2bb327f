"""Review sheets for human inspection (issue 8, section 6) and the reviewer's decisions.

``write_sheets(DIR)`` writes ``DIR/review/<stage>.html`` for the personas (each group with its
detected conflicts), chains (each chain with its events), dialogue (each day, embedded event lines
highlighted) and queries (each with its reference calls and what the simulator did with them).
Every item carries an id (``personas:g3``, ``chains:g3:c5``, ``dialogue:g3:2025-04-02``,
``qa:g3:c5``). A reviewer rejects items in ``DIR/review/decisions.json``::

    {"reject": {"chains:g3:c5": "the wording gives the value away", "qa:g1:c2": "ambiguous"}}

and the next ``vmb generate`` over DIR honours it: the group of each rejected item is made again
from the rejected stage on (with a new revision, so the result differs), earlier stages kept.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vmb import escape
from vmb.data import DataError, parse_call
from vmb.maker.generate.schemas import ChainSet, Dialogue, PersonaGroup, Vetting
from vmb.maker.generate.store import ArtifactError, Store

REVIEW_DIR = "review"
DECISIONS = "decisions.json"
REVIEWED_STAGES = ("personas", "chains", "dialogue", "qa")
_STYLE = ("body{font-family:sans-serif;max-width:70em;margin:auto} section{border-top:1px solid #ccc;"
          "padding:.5em 0} .id{font-family:monospace;color:#555} mark{background:#ffe08a} .bad{color:#b00}"
          " table{border-collapse:collapse} td,th{border:1px solid #ddd;padding:2px 6px;text-align:left}")


def _page(title: str, sections: list[str]) -> str:
    return (f"<!doctype html><meta charset=utf-8><title>{escape.html(title)}</title><style>{_STYLE}</style>"
            f"<h1>{escape.html(title)}</h1><p>Reject an item by its id in {DECISIONS} beside this file: "
            f'{{"reject": {{"ID": "reason"}}}}; the next run makes it again.</p>' + "".join(sections))


def _section(item: str, title: str, body: str) -> str:
    return f'<section id="{escape.html(item)}"><h2>{escape.html(title)} <span class=id>{escape.html(item)}</span></h2>{body}</section>'


def _personas(group: PersonaGroup) -> str:
    rows = "".join(
        f"<tr><td>{escape.html(p.name)}</td><td>{p.age}</td><td>{escape.html(p.occupation)}</td><td>{escape.html(', '.join(p.interests))}</td>"
        f"<td>{escape.html(p.lifestyle)}</td><td>{'<br>'.join(escape.html(f'{v.setting} = {v.value}' + (f' ({v.condition})' if v.condition else '')) for v in p.vehicle_preferences)}</td></tr>"
        for p in group.people)
    conflicts = "".join(f"<li>{escape.html(c.setting)}: " + ", ".join(f"{escape.html(n)} {escape.html(v)}" for n, v in zip(c.people, c.values))
                        + "</li>" for c in group.conflicts)
    return ("<table><tr><th>name</th><th>age</th><th>occupation</th><th>interests</th><th>lifestyle</th>"
            f"<th>vehicle preferences</th></tr>{rows}</table><h3>conflicts</h3><ul>{conflicts or '<li>none</li>'}</ul>")


def _chain(chain: Any) -> str:
    events = "".join(f"<li><b>{escape.html(e.id)}</b> ({escape.html(e.role)}) {escape.html(e.description)}<br>"
                     + "<br>".join(f"{escape.html(u.speaker)}: {escape.html(u.text)}" for u in e.lines) + "</li>" for e in chain.events)
    target = f"<p>target: {escape.html(chain.target.calls)}</p>" if chain.target else ""
    return f"<p>{escape.html(chain.kind)} {escape.html(chain.reasoning_type or '')}: {escape.html(chain.topic)}</p><ol>{events}</ol>{target}"


def _day(day: Any) -> str:
    lines = "".join(
        f"<div>{escape.html(line.time)} {escape.html(line.speaker)}: " + (f"<mark title=\"{escape.html(line.event)}\">{escape.html(line.text)}</mark>"
                                                        if line.event else escape.html(line.text)) + "</div>"
        for line in day.lines)
    return lines


def _query(item: Any) -> str:
    from vmb.sim import World

    world, results = World(), []
    for raw in item.new_answer:
        try:
            call = parse_call(raw)
        except DataError as error:
            results.append(f"<li class=bad>{escape.html(raw)}: {escape.html(error)}</li>")
            continue
        outcome = world.call(call["name"], call["args"])
        css = "" if outcome["success"] else " class=bad"
        results.append(f"<li{css}>{escape.html(raw)} → {escape.html(outcome['message'])}; changes {escape.html(outcome['changes'])}</li>")
    memory = "<br>".join(escape.html(line) for line in item.gold_memory.splitlines())
    return (f"<p>{escape.html(item.reasoning_type)}: {escape.html(item.query)}</p><ul>{''.join(results)}</ul>"
            f"<p>car differs from default: {bool(world.diff())}</p><p>{memory}</p>")


Section = tuple[str, str, Callable[[], str]]  # (item id, title, the body's HTML, made when written)


def _items(store: Store) -> dict[str, list[Section]]:
    """Every reviewable item of the directory by stage: the sheets show these, decisions name them."""
    personas = store.by_group("personas", PersonaGroup)
    chains = store.by_group("chains", ChainSet)
    dialogue = store.by_group("dialogue", Dialogue)
    vetted = store.by_group("vetting", Vetting)
    return {
        "personas": [(f"personas:g{g}", f"group {g}", functools.partial(_personas, r))
                     for g, r in sorted(personas.items())],
        "chains": [(f"chains:g{g}:{c.id}", f"group {g}, chain {c.id}", functools.partial(_chain, c))
                   for g, r in sorted(chains.items()) for c in r.chains],
        "dialogue": [(f"dialogue:g{g}:{d.date}", f"group {g}, {d.date}", functools.partial(_day, d))
                     for g, r in sorted(dialogue.items()) for d in r.days],
        "qa": [(f"qa:g{g}:{i.chain}", f"group {g}, chain {i.chain}", functools.partial(_query, i))
               for g, r in sorted(vetted.items()) for i in r.items],
    }


def write_sheets(out: Path) -> list[Path]:
    """Write one HTML sheet per reviewed stage under ``out/review``; return their paths."""
    items = _items(Store.existing(out))
    directory = out / REVIEW_DIR
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for stage, sections in items.items():
        path = directory / f"{stage}.html"
        body = [_section(item, title, make()) for item, title, make in sections]
        path.write_text(_page(f"{stage}: {len(body)} item(s)", body), encoding="utf-8")
        written.append(path)
    return written


_ITEM_ID = re.compile(r"(personas|chains|dialogue|qa):g([0-9]+)(?::[^:]+)?")


def rejections(out: Path) -> dict[str, str]:
    """The reviewer's rejected items (id → reason); checked so a typo is an error, not ignored."""
    path = out / REVIEW_DIR / DECISIONS
    if not path.exists():
        return {}
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ArtifactError(f"{path}: not JSON ({error.msg} at line {error.lineno})") from None
    except (ValueError, RecursionError, OSError) as error:
        raise ArtifactError(f"{path}: cannot be read ({error})") from None
    rejected = body.get("reject", {}) if isinstance(body, dict) else None
    if not isinstance(rejected, dict) or set(body) - {"reject"}:
        raise ArtifactError(f'{path}: expected {{"reject": {{"ID": "reason", ...}}}} and nothing else')
    for item, reason in rejected.items():
        if not _ITEM_ID.fullmatch(item):
            raise ArtifactError(f"{path}: {item!r} is not a review item id (stage:gN[:item], stage one of "
                                f"{', '.join(REVIEWED_STAGES)})")
        if not isinstance(reason, str):
            raise ArtifactError(f"{path}: the reason for {item!r} must be text, got {reason!r}")
    return dict(rejected)


def _revisions(path: Path) -> dict[str, Any]:
    """``stages/revisions.json``: the rejections applied so far and each group's revision."""
    if not path.exists():
        return {"applied": {}, "groups": {}}
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        state, problem = None, str(error)
    else:
        problem = "not {\"applied\": {...}, \"groups\": {...}}"
    if not (isinstance(state, dict) and isinstance(state.get("applied"), dict) and isinstance(state.get("groups"), dict)
            and all(isinstance(n, int) and str(g).isdigit() for g, n in state["groups"].items())):
        raise ArtifactError(f"{path} is damaged ({problem}); delete it to apply every decision in "
                            f"{REVIEW_DIR}/{DECISIONS} again (each rejected group is then made at its first revision)")
    return state


def apply_rejections(store: Store, log: Any) -> dict[int, int]:
    """Honour the reviewer's new rejections; return each group's revision.

    A rejection not applied before bumps its group's revision and removes the group's records of
    the rejected stage and every later stage, so the run makes them again. Applied rejections and
    revisions are kept in ``stages/revisions.json``.
    """
    from vmb.maker.generate.schemas import STAGES

    path = store.dir / "revisions.json"
    state = _revisions(path)
    fresh = {item: reason for item, reason in rejections(store.out).items() if item not in state["applied"]}
    if fresh:
        items = [item for sections in _items(store).values() for item, _, _ in sections]
        known = {*items, *(":".join(item.split(":")[:2]) for item in items)}  # an item, or a group's whole stage
        unknown = sorted(set(fresh) - known)
        if unknown:
            raise ArtifactError(f"{store.out / REVIEW_DIR / DECISIONS}: {unknown[0]!r} names no item of {store.out} "
                                f"({len(unknown)} such id(s)); the review sheets list every item's id")
    for item, reason in fresh.items():
        stage, group_text = item.split(":")[:2]
        group = int(group_text[1:])
        state["groups"][str(group)] = state["groups"].get(str(group), 0) + 1
        for later in STAGES[STAGES.index(stage):]:
            store.drop_groups(later, {group})
        state["applied"][item] = reason
        log(f"review: {item} rejected ({reason}): group {group} is made again from {stage} on")
    if fresh:
        path.write_text(json.dumps(state, indent=1) + "\n", encoding="utf-8")
    return {int(g): n for g, n in state["groups"].items()}
