"""Run the stages over one output directory, resuming whatever a previous run left.

``run(options, out, backend)`` goes through personas → chains → timeline → dialogue → QA → vetting
→ export. Each stage reads the earlier stages' records (validated) and appends one record per
group; a stage with a done marker is skipped, a stage without one skips the groups it already
has. A backend that cannot produce a group's record (an LLM answer invalid twice) raises
:class:`StageFailure`: the reason goes to ``stages/failures.jsonl`` and the group is left out of
the later stages and the export, never written half-made.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from vmb.maker.generate import review
from vmb.maker.generate.export import layout, vetting
from vmb.maker.generate.plan import timeline
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.schemas import (
    STAGES,
    ChainSet,
    Dialogue,
    Export,
    PersonaGroup,
    QAItem,
    QASet,
    Record,
    StageFailure,
    Timeline,
    Vetting,
)
from vmb.maker.generate.store import Store


class Backend(Protocol):
    name: str

    # ``revision`` counts a reviewer's rejections of the group (0: never rejected); a new
    # revision must give a new result.
    def personas(self, options: GenerateOptions, group: int, revision: int = 0) -> PersonaGroup: ...

    def chains(self, options: GenerateOptions, personas: PersonaGroup, revision: int = 0) -> ChainSet: ...

    def dialogue(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet,
                 timeline: Timeline, revision: int = 0) -> Dialogue: ...

    def qa(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet, timeline: Timeline,
           dialogue: Dialogue, revision: int = 0) -> QASet: ...

    def requery(self, options: GenerateOptions, personas: PersonaGroup, chains: ChainSet, dialogue: Dialogue,
                item: QAItem, attempt: int, problems: list[str]) -> QAItem: ...

    def report(self) -> dict[str, Any]: ...


@dataclass
class Outcome:
    out: Path
    seconds: dict[str, float] = field(default_factory=dict)
    failures: list[dict[str, Any]] = field(default_factory=list)
    metadata: Path | None = None


def _evidence(dialogue: Dialogue) -> Callable[[QAItem], dict[str, list[str]]]:
    said: dict[str, list[str]] = {}
    for day in dialogue.days:
        for line in day.lines:
            if line.event is not None:
                said.setdefault(line.event, []).append(line.text)
    return lambda item: {event: said.get(event, []) for event in item.evidence}


def _previous_failures(path: Path, log: Callable[[str], None]) -> dict[int, str]:
    """The groups an earlier run recorded as failed (group -> stage), to be retried by this one."""
    found: dict[int, str] = {}
    if not path.exists():
        return found
    for number, line in enumerate(path.read_bytes().splitlines(), 1):
        try:
            entry = json.loads(line)
            found[int(entry["group"])] = str(entry["stage"])
        except (ValueError, KeyError, TypeError):
            log(f"warning: {path} line {number} is not a failure record (cut short by a kill?); ignored")
    return found


def run(options: GenerateOptions, out: Path, backend: Backend, log: Callable[[str], None],
        force: bool = False) -> Outcome:
    store = Store(out, options)
    store.open(force)
    outcome = Outcome(Path(out))
    failures_path = store.dir / "failures.jsonl"
    before = _previous_failures(failures_path, log)
    if before:
        log(f"retrying {len(before)} group(s) that failed before: "
            + ", ".join(f"group {g} at {s}" for g, s in sorted(before.items())))
    failures_path.unlink(missing_ok=True)  # this run's failures replace them
    failed: dict[int, str] = {}
    revisions = review.apply_rejections(store, log)
    groups = range(1, options.groups + 1)
    was_done = {name: store.done(name) for name in STAGES}
    have: dict[str, dict[int, tuple[int, int]]] = {}
    for name in STAGES:
        have[name] = store.index(name)
        missing = [g for g in groups if g not in have[name]]
        if was_done[name] and missing:
            # A finished stage lacks groups (failed before, or its file lost lines): make them again,
            # and the later stages' records of them with them.
            retried = [g for g in missing if before.get(g) == name]
            lost = [g for g in missing if before.get(g) != name]
            if lost:
                log(f"warning: {store.path(name)} lacks group(s) {', '.join(map(str, lost))} although the stage "
                    "was finished; making them again")
            if retried:
                log(f"{name}: retrying group(s) {', '.join(map(str, retried))}")
            for later in STAGES[STAGES.index(name):]:
                store.drop_groups(later, set(missing))
                was_done[later] = False
            have[name] = store.index(name)
    for name in STAGES:
        outcome.seconds[name] = 0.0
        if was_done[name]:
            log(f"{name}: done before, {len(have[name])} group(s) kept")

    def rev(group: int) -> int:
        return revisions.get(group, 0)

    def vetted(r: dict[str, Any]) -> Vetting:
        personas, chains, dialogue = r["personas"], r["chains"], r["dialogue"]
        plans = {c.id: vetting.AnswerPlan((c.target.base, c.target.offset) if c.target.offset is not None else None,
                                          c.target.content)
                 for c in chains.chains if c.target is not None}
        items, verdicts = vetting.vet_group(
            r["qa"].items, _evidence(dialogue),
            lambda item, attempt, problems: backend.requery(options, personas, chains, dialogue, item, attempt,
                                                            problems),
            lambda item: plans.get(item.chain, vetting.AnswerPlan()))
        return Vetting(group=personas.group, items=items, verdicts=verdicts,
                            profile_problems=vetting.profile_problems(personas))

    lines_of: dict[int, dict[str, list[int]]] = {}

    def exported(r: dict[str, Any]) -> Export:
        record, lines_of[r["personas"].group] = layout.write_group(outcome.out, r["vetting"], r["dialogue"])
        return record

    makers: dict[str, Callable[[int, dict[str, Any]], Record]] = {
        "personas": lambda g, r: backend.personas(options, g, rev(g)),
        "chains": lambda g, r: backend.chains(options, r["personas"], rev(g)),
        "timeline": lambda g, r: timeline.build(options, r["chains"], rev(g)),
        "dialogue": lambda g, r: backend.dialogue(options, r["personas"], r["chains"], r["timeline"], rev(g)),
        "qa": lambda g, r: backend.qa(options, r["personas"], r["chains"], r["timeline"], r["dialogue"], rev(g)),
        "vetting": lambda g, r: vetted(r),
        "export": lambda g, r: exported(r),
    }
    # One group at a time through every stage: only that group's records are held (a full-size group
    # is ~2.4 MB of objects); each stage's file still gets the groups in order, as stage by stage did.
    metadata: list[str] = []
    made: list[int] = []
    for group in groups:
        records: dict[str, Any] = {}
        for name in STAGES:
            start = time.perf_counter()
            if group in have[name]:
                records[name] = store.record(name, have[name][group])
            else:
                try:
                    records[name] = makers[name](group, records)
                except StageFailure as failure:
                    entry = {"stage": name, "group": group, "reason": str(failure)}
                    with failures_path.open("a", encoding="utf-8") as handle:
                        handle.write(json.dumps(entry) + "\n")
                    outcome.failures.append(entry)
                    failed[group] = name
                    log(f"  {name}: group {group} failed: {failure}")
                    break
                store.append(name, records[name])
                have[name][group] = (-1, -1)  # written; never read back in this run
            outcome.seconds[name] += time.perf_counter() - start
        else:
            made.append(records["export"].lines)
            lines = lines_of.pop(group, None) or layout.history_text(records["dialogue"])[1]
            metadata.append(layout.group_entry(layout.group_metadata(
                records["personas"], records["chains"], records["timeline"], records["dialogue"], records["vetting"],
                lines)))
    for name in STAGES:
        if not was_done[name]:
            store.mark_done(name, {"groups": sorted(have[name]),
                                   "failed": sorted(g for g, s in failed.items() if s == name)})
            log(f"{name}: {len(have[name])} group(s) in {outcome.seconds[name]:.2f} s")
    if made and max(made) > options.history_lines:
        log(f"note: --history-lines {options.history_lines} is fewer than the chains' events need; the histories "
            f"have {min(made)}-{max(made)} lines (fewer --background-chains or --vehicle-chains make shorter ones)")
    removed = layout.prune(outcome.out, set(have["export"]))
    if removed:
        log(f"export: removed {len(removed)} file(s) of groups this benchmark no longer holds "
            f"({', '.join(str(p.relative_to(outcome.out)) for p in removed[:4])}{', ...' if len(removed) > 4 else ''})")
    outcome.metadata = layout.write_metadata(outcome.out, options, metadata, outcome.failures,
                                             {"backend": backend.report()})
    return outcome
