"""Export to the release layout, plus the metadata the release lacks.

``DIR/history/history_N.txt`` (lines ``[YYYY-MM-DD HH:MM] Name: text``), ``DIR/qa_data/qa_N.json``
(``{"related_to_vehicle_preference": [{gold_memory, reasoning_type, query, new_answer}]}``, the
release's keys) and ``DIR/metadata.json``: the options, and per group the profiles, conflicts,
chains and events with their dates, times and history line numbers, the query id each vehicle
chain became (or why it was dropped) and the query's date. ``vmb stats`` reads exact chain, event
and delay figures from it; ``vmb verify`` reads the event lines from it, each through
``vmb.data.metadata.read_metadata``.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

from vmb.data.metadata import GENERATOR, METADATA
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.schemas import SCHEMA_VERSION, ChainSet, Dialogue, Export, PersonaGroup, Timeline, Vetting
from vmb.maker.generate.version import generator_version


def history_text(dialogue: Dialogue) -> tuple[str, dict[str, list[int]]]:
    """The history file's text and, per event, the (1-based) numbers of its lines."""
    out: list[str] = []
    lines_of: dict[str, list[int]] = {}
    for day in dialogue.days:
        for line in day.lines:
            out.append(f"[{day.date} {line.time}] {line.speaker}: {line.text}")
            if line.event is not None:
                lines_of.setdefault(line.event, []).append(len(out))
    return "\n".join(out) + "\n", lines_of


def write_group(out: Path, vetting: Vetting, dialogue: Dialogue) -> tuple[Export, dict[str, list[int]]]:
    group = vetting.group
    history, lines_of = history_text(dialogue)
    qa = {"related_to_vehicle_preference": [
        {"gold_memory": i.gold_memory, "reasoning_type": i.reasoning_type, "query": i.query, "new_answer": i.new_answer}
        for i in vetting.items
    ]}
    qa_text = json.dumps(qa, indent=4, ensure_ascii=False) + "\n"
    history_path = Path("history") / f"history_{group}.txt"
    qa_path = Path("qa_data") / f"qa_{group}.json"
    for relative, text in ((history_path, history), (qa_path, qa_text)):
        (out / relative).parent.mkdir(parents=True, exist_ok=True)
        (out / relative).write_text(text, encoding="utf-8")
    digest = hashlib.sha256((history + qa_text).encode("utf-8")).hexdigest()
    record = Export(group=group, history=str(history_path), qa=str(qa_path), lines=history.count("\n"),
                    queries=len(vetting.items), sha256=digest)
    return record, lines_of


def group_metadata(personas: PersonaGroup, chains: ChainSet, timeline: Timeline, dialogue: Dialogue,
                   vetting: Vetting, lines_of: dict[str, list[int]]) -> dict[str, Any]:
    dates = {e.event: e.date for e in timeline.events}
    query_dates = {q.chain: q.date for q in timeline.queries}
    times: dict[str, str] = {}
    for day in dialogue.days:
        for line in day.lines:
            if line.event is not None:
                times.setdefault(line.event, line.time)
    query_ids = {item.chain: f"qa_{chains.group}#{index}" for index, item in enumerate(vetting.items)}
    verdicts = {v.chain: v for v in vetting.verdicts}
    out_chains = []
    for chain in chains.chains:
        verdict = verdicts.get(chain.id)
        out_chains.append({
            "id": chain.id, "kind": chain.kind, "reasoning_type": chain.reasoning_type, "topic": chain.topic,
            "query": query_ids.get(chain.id), "query_date": query_dates.get(chain.id),
            "status": verdict.status if verdict else None, "reasons": verdict.reasons if verdict else [],
            "target": chain.target.model_dump(mode="json") if chain.target else None,
            "events": [{
                "id": e.id, "date": dates[e.id], "time": times.get(e.id), "person": e.person, "kind": e.kind,
                "role": e.role, "setting": e.setting, "value": e.value, "condition": e.condition, "alias": e.alias,
                "description": e.description, "lines": lines_of.get(e.id, []),
            } for e in chain.events],
        })
    return {"group": chains.group, "people": [p.model_dump(mode="json") for p in personas.people],
            "conflicts": [c.model_dump(mode="json") for c in personas.conflicts],
            "profile_problems": vetting.profile_problems, "chains": out_chains}


def group_entry(metadata: dict[str, Any]) -> str:
    """One group's entry of ``metadata.json``, encoded as it stands there (two levels deep, indent 1).

    Kept as text while the other groups are made: ~4x smaller than the objects it encodes.
    """
    return json.dumps(metadata, indent=1, ensure_ascii=False).replace("\n", "\n  ")


def write_metadata(out: Path, options: GenerateOptions, groups: list[str],
                   failures: list[dict[str, Any]], extra: dict[str, Any]) -> Path:
    """``metadata.json`` from the groups' entries (``group_entry``): the bytes ``json.dumps(indent=1)`` makes."""
    body = {"generator": GENERATOR, "generator_version": generator_version(), "schema_version": SCHEMA_VERSION,
            "options": options.to_json(),
            "options_digest": options.digest(), **extra, "failures": failures, "groups": []}
    head = json.dumps(body, indent=1, ensure_ascii=False)
    path = out / METADATA
    with path.open("w", encoding="utf-8") as handle:  # entry by entry: 1,000 groups' entries are ~40 MB of text
        if not groups:
            handle.write(head + "\n")
            return path
        handle.write(head.removesuffix("[]\n}") + "[")
        for number, entry in enumerate(groups):
            handle.write((",\n  " if number else "\n  ") + entry)
        handle.write("\n ]\n}\n")
    return path


_EXPORTED = re.compile(r"(?:history/history|qa_data/qa)_(\d+)\.(?:txt|json)")


def exported_files(out: Path) -> dict[Path, int]:
    """The release-layout files under ``out`` (history_N.txt, qa_N.json), each with its group number."""
    found: dict[Path, int] = {}
    for path in [*Path(out).glob("history/history_*.txt"), *Path(out).glob("qa_data/qa_*.json")]:
        match = _EXPORTED.fullmatch(path.relative_to(out).as_posix())
        if match:
            found[path] = int(match.group(1))
    return found


def prune(out: Path, groups: set[int]) -> list[Path]:
    """Remove the release-layout files of groups this benchmark no longer holds; return what went."""
    removed = [path for path, group in exported_files(out).items() if group not in groups]
    for path in removed:
        path.unlink()
    return sorted(removed)
