"""The vetting: each drafted query kept, drafted again or dropped (issue 8, section 4), on stage artifacts
and on an exported benchmark.

A query passes when: every reference call parses and succeeds in ``vmb.sim`` from the default
car; the final car differs from the default car; the query text does not say any value the answer
sets (zone arguments aside: "driver" names a seat, not a remembered value); the events it rests on
are in the dialogue and one of their lines says the answer's value; and no other query of its group
has the same text with another answer. Profiles pass when names are unique and no person holds two
values for one setting under one condition. The same functions check an exported benchmark
(``vmb verify --data DIR`` runs them, reading the metadata file for the event lines).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from vmb.data import DataError, parse_call
from vmb.data.metadata import Metadata
from vmb.data.spoken import mentions, says_value
from vmb.maker.generate.schemas import PersonaGroup, QAItem, StageFailure, Verdict
from vmb.maker.generate.settings import answer_values, remembered_values
from vmb.sim import World
from vmb.sim.registry import API_BY_NAME
from vmb.sim.spec import Zone

RETRIES = 3  # new realisations of a failing query before it is dropped


class AnswerPlan(NamedTuple):
    """What a query's answer rests on besides the history's words: an answer nobody said, ``derived =
    (base, offset)``, and the ``content`` call whose value the query names (a song, a place)."""

    derived: tuple[Any, int] | None = None
    content: dict[str, Any] | None = None


def _domain(call: dict[str, Any], value: Any) -> tuple[Any, ...]:
    from vmb.maker.generate.settings import settings

    setting = settings().get(call["name"])
    return setting.domain if setting is not None else ()


def check_query(query: str, answer: list[str], evidence_lines: dict[str, list[str]],
                derived: tuple[Any, int] | None = None, content: dict[str, Any] | None = None) -> list[str]:
    """Problems of one query; ``evidence_lines`` maps each evidence event to its history lines.

    A value is said when a line states it (``says_value``: the number or word, an on/off word, an
    end phrase such as "all the way up"); an answer nobody said, ``derived = (base, offset)``,
    passes when a line says the base and the value is base + offset. A boolean of a two-call
    answer (switching the device on before setting it) is the query's, not the history's; so is the
    ``content`` call's value (the song or the place the query names to play or go to now), which the
    query must say.
    """
    problems: list[str] = []
    calls = []
    for raw in answer:
        try:
            calls.append(parse_call(raw))
        except DataError as error:
            problems.append(f"reference call does not parse: {error}")
    world = World()
    for call in calls:
        result = world.call(call["name"], call["args"])
        if not result["success"]:
            problems.append(f"reference call refused by the simulator: {result['message']}")
    if calls and not world.diff():
        problems.append("the reference answer leaves the default car unchanged")
    named = answer_values([content]) if content is not None else []
    if content is not None and content not in calls:
        problems.append(f"the answer lacks the call of what the query names: {content['name']}")
    for value in named:
        if not mentions(query, value):
            problems.append(f"the query does not name {value!r}, which its answer plays or goes to")
    for value in remembered_values(calls, content):
        if mentions(query, value):
            problems.append(f"the query text says the answer's value {value!r}")
    missing = [event for event, lines in evidence_lines.items() if not lines]
    if missing:
        problems.append(f"evidence event(s) not in the dialogue: {', '.join(missing)}")
    said = [line for lines in evidence_lines.values() for line in lines]
    for call in calls:
        api = API_BY_NAME.get(call["name"])
        if call == content:
            continue
        for name, value in call["args"].items():
            if api is None or isinstance(api.params.get(name), Zone) or (isinstance(value, bool) and len(calls) > 1):
                continue
            if any(says_value(line, value, _domain(call, value)) for line in said):
                continue
            if (derived is not None and isinstance(value, int) and value == derived[0] + derived[1]
                    and any(mentions(line, derived[0]) for line in said)):
                continue
            problems.append(f"no evidence line in the dialogue says the answer's value {value!r}")
    return problems


def duplicate_texts(items: list[tuple[str, str, list[str]]]) -> dict[str, str]:
    """(id, query text, answer) triples → {id: problem} for queries sharing a text with another
    answer; the first query of each text keeps it, the later ones are flagged."""
    seen: dict[str, tuple[str, list[str]]] = {}
    flagged: dict[str, str] = {}
    for item_id, text, answer in items:
        if text in seen and seen[text][1] != answer:
            flagged[item_id] = f"same query text as {seen[text][0]} with another answer"
        seen.setdefault(text, (item_id, answer))
    return flagged


def profile_problems(group: PersonaGroup) -> list[str]:
    problems: list[str] = []
    names = [p.name for p in group.people]
    firsts = [n.split()[0] for n in names]
    if len(set(names)) != len(names) or len(set(firsts)) != len(firsts):
        problems.append(f"group {group.group}: names or first names repeat: {', '.join(names)}")
    for person in group.people:
        held: dict[tuple[str, str | None], Any] = {}
        for pref in person.vehicle_preferences:
            key = (pref.setting, pref.condition)
            if key in held and held[key] != pref.value:
                problems.append(f"group {group.group}: {person.name} prefers both {held[key]!r} and {pref.value!r} "
                                f"for {pref.setting}" + (f" when {pref.condition}" if pref.condition else ""))
            held.setdefault(key, pref.value)
    for conflict in group.conflicts:
        if len(set(map(str, conflict.values))) < 2:
            problems.append(f"group {group.group}: conflict on {conflict.setting} has no two different values")
    return problems


def vet_group(items: list[QAItem], evidence: Callable[[QAItem], dict[str, list[str]]],
                 retry: Callable[[QAItem, int, list[str]], QAItem],
                 plan: Callable[[QAItem], AnswerPlan] = lambda item: AnswerPlan(),
                 ) -> tuple[list[QAItem], list[Verdict]]:
    """Check every query; retry a failing one up to RETRIES times (told the last attempt's
    problems), then drop it with its reasons."""
    kept: list[QAItem] = []
    verdicts: list[Verdict] = []
    texts: list[tuple[str, str, list[str]]] = []
    for original in items:
        current = original
        reasons: list[str] = []
        problems: list[str] = []
        for attempt in range(RETRIES + 1):
            if attempt:
                try:
                    current = retry(original, attempt, problems)
                except StageFailure as failure:
                    reasons.append(f"attempt {attempt}: {failure}")
                    continue
            problems = check_query(current.query, current.new_answer, evidence(current), *plan(current))
            clash = duplicate_texts(texts + [(current.chain, current.query, current.new_answer)]).get(current.chain)
            problems += [clash] if clash else []
            if not problems:
                break
            reasons += [f"attempt {attempt}: {p}" for p in problems]
        if problems:
            verdicts.append(Verdict(chain=original.chain, status="dropped", reasons=reasons))
            continue
        kept.append(current)
        texts.append((current.chain, current.query, current.new_answer))
        verdicts.append(Verdict(chain=original.chain, status="regenerated" if reasons else "kept", reasons=reasons))
    return kept, verdicts


def find_problems(items: list[tuple[str, str, list[str], dict[str, list[str]], AnswerPlan]]) -> list[str]:
    """Problems of an exported group: (query id, text, answer, evidence lines, answer plan) per query."""
    problems = [f"{qid}: {p}" for qid, text, answer, lines, plan in items
                for p in check_query(text, answer, lines, *plan)]
    flagged = duplicate_texts([(qid, text, answer) for qid, text, answer, _, _ in items])
    return problems + [f"{qid}: {p}" for qid, p in flagged.items()]


def check_benchmark(data_dir: Path, metadata: Metadata) -> list[str]:
    """Every problem of an exported benchmark, read from its files and its metadata.

    Besides the query checks: each exported query is the one its chain's metadata names, and each
    group's profiles pass :func:`profile_problems`.
    """
    from vmb.data import load_benchmark

    bench = load_benchmark(data_dir)
    problems: list[str] = []
    chain_of = metadata.chains_by_query()
    for group in bench.groups:
        meta = metadata.group(group.number)
        if meta is None:
            problems.append(f"group {group.number}: not in {metadata.path}")
            continue
        raw_lines = [line.raw for line in group.lines]
        texts = [line.text for line in group.lines]
        items = []
        for query in group.queries:
            chain = chain_of.get(query.id)
            if chain is None:
                problems.append(f"{query.id}: no chain of the metadata made this query")
                continue
            if chain.reasoning_type != query.reasoning_type:
                problems.append(f"{query.id}: reasoning type {query.reasoning_type!r}, the metadata says "
                                f"{chain.reasoning_type!r}")
            evidence = {}
            for event in chain.events:
                numbers = [n for n in event.lines if 1 <= n <= len(texts)]
                if len(numbers) != len(event.lines):
                    problems.append(f"{query.id}: event {event.id} points past the end of the history")
                if numbers and not raw_lines[numbers[0] - 1].startswith(f"[{event.date} "):
                    problems.append(f"{query.id}: event {event.id} is dated {event.date} but its line is "
                                    f"{raw_lines[numbers[0] - 1][:18]}")
                evidence[event.id] = [texts[n - 1] for n in numbers]
            target = chain.target
            derived = (target.base, target.offset) if target is not None and target.offset is not None else None
            content = dict(target.content) if target is not None and target.content is not None else None
            items.append((query.id, query.query, query.answer, evidence, AnswerPlan(derived, content)))
        problems += find_problems(items)
        personas = PersonaGroup.model_validate({"group": group.number, "people": list(meta.people),
                                                "conflicts": list(meta.conflicts)})
        problems += profile_problems(personas)
    return problems
