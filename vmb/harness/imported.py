"""``vmb import FILE``: an outside system's final tool calls per query, scored as a run.

A system that is not vmb's agent loop (its own loop, its own memory) answers the benchmark's queries and
writes, per query, the vehicle calls it made, one JSON line each::

    {"id": "qa_3#2", "calls": ["carcontrol_seat_set_heating(seat=\\"driver\\", level=2)", ...]}
    {"id": "qa_3#3", "calls": [{"name": "carcontrol_seat_set_heating", "args": {"seat": "driver", "level": 2}}]}

A call is a call string as the release writes its answers (``vmb.data.calls.parse_call``: literal values,
never evaluated) or ``{"name", "args"}``. Each query's calls are run in order on a default car
(``vmb.sim``), a call to no API of the car kept as ``invalid`` and not run (as vmb's loop keeps a call of an
unknown tool), and scored as ``vmb score`` rescores a run (``score_replayed``). The run's agent is the
outside agent's (``external``, the system's name its model, as ``vmb serve``'s runs) and its records hold no
conversation (no messages, no model rounds), so every reader can say what it could not check (``vmb validate``:
how the calls were arrived at).

The file is hostile data: at most ``MAX_FILE_BYTES``, each line ``MAX_LINE_BYTES`` and JSON depth-bounded,
at most ``MAX_CALLS_PER_QUERY`` calls a query; a line that is not such an object, an id that is no query of
the benchmark or not selected, an id met twice, a call that is neither form: each is one line naming the
file's line, and a file with any of them is not imported at all (nothing is dropped in silence).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vmb.boundedjson import JsonFileError, load_json_text
from vmb.data.calls import parse_call
from vmb.data.errors import DataError
from vmb.errors import VmbError
from vmb.harness.agent import MAX_CALLS_PER_QUERY, score_replayed
from vmb.jsontypes import json_kind
from vmb.results.record import OK, QueryRecord, empty_calls
from vmb.results.record_parts import RecordedCall, ToolResult
from vmb.sim import World
from vmb.sim.registry import API_BY_NAME

if TYPE_CHECKING:
    from vmb.data import Query
    from vmb.harness.config import RunConfig
    from vmb.results.runsummary import RunSummary

MAX_FILE_BYTES = 64 * 2**20  # 500 queries of 100 calls of a few hundred characters fit many times over
MAX_LINE_BYTES = 2**20
MAX_NAME_CHARS = 200  # the longest API name is under 60
SHOWN_PROBLEMS = 50  # lines of problems an import shows; the count says how many more


class ImportFileError(VmbError):
    """A file of calls that cannot be imported as it is: the message counts its problems, ``shown`` lists them
    (each one line, at most ``SHOWN_PROBLEMS`` and a line saying how many more)."""

    def __init__(self, name: str, problems: list[str]) -> None:
        more = len(problems) - SHOWN_PROBLEMS
        self.shown = problems[:SHOWN_PROBLEMS] + ([f"... and {more} more"] if more > 0 else [])
        super().__init__(f"{name}: {len(problems)} problem(s) above; nothing was imported")


@dataclass(frozen=True)
class ImportedAnswer:
    """One query's calls as the file gives them, each as the car takes it: ``{name, args}``."""

    id: str
    calls: list[dict[str, Any]]
    line: int


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    with path.open("rb") as handle:
        for number, line in enumerate(handle, 1):
            if line.strip():
                yield number, line


def _call(value: Any, where: str) -> dict[str, Any]:
    """One call of a line as ``{name, args}``; ``ValueError`` saying why it is neither form."""
    if isinstance(value, str):
        try:
            return parse_call(value)
        except DataError as error:
            said = str(error)
            raise ValueError(f"{where}: {said[max(said.find('cannot parse call'), 0):]}") from None
    if not isinstance(value, dict):
        raise ValueError(f"{where} is {json_kind(value)}, not a call string or {{\"name\", \"args\"}}")
    if set(value) - {"name", "args"}:
        raise ValueError(f"{where} holds {', '.join(sorted(set(value) - {'name', 'args'}))}; a call holds name and args")
    name, args = value.get("name"), value.get("args", {})
    if not isinstance(name, str) or not name or len(name) > MAX_NAME_CHARS:
        raise ValueError(f"{where}.name is not a tool name (text of 1 to {MAX_NAME_CHARS} characters)")
    if not isinstance(args, dict):
        raise ValueError(f"{where}.args is {json_kind(args)}, not an object")
    return {"name": name, "args": args}


def _answer(number: int, raw: bytes, name: str) -> ImportedAnswer:
    """One line read; ``ValueError`` naming what is wrong with it."""
    try:
        data = load_json_text(raw, name, line=number, max_bytes=MAX_LINE_BYTES)
    except JsonFileError as error:
        raise ValueError(str(error).split(": ", 1)[-1]) from None
    if not isinstance(data, dict):
        raise ValueError(f"it is {json_kind(data)}, not an object with id and calls")
    if set(data) - {"id", "calls"}:
        raise ValueError(f"unknown field(s) {', '.join(sorted(set(data) - {'id', 'calls'}))}; a line holds id and calls")
    query_id, calls = data.get("id"), data.get("calls")
    if not isinstance(query_id, str):
        raise ValueError("id is missing or not text (a query id such as qa_3#2)")
    if not isinstance(calls, list):
        raise ValueError(f"{query_id}: calls is missing or not a list")
    if len(calls) > MAX_CALLS_PER_QUERY:
        raise ValueError(f"{query_id}: {len(calls)} calls; at most {MAX_CALLS_PER_QUERY} of one query are run")
    return ImportedAnswer(query_id, [_call(call, f"{query_id}: calls[{n}]") for n, call in enumerate(calls)], number)


def read_answers(path: Path, selected: dict[str, Query], known: set[str]) -> list[ImportedAnswer]:
    """The answers of the file at ``path`` for the ``selected`` queries (by id; ``known``: every query id of
    the benchmark), or ``ImportFileError`` with every problem."""
    name = path.name
    try:
        size = path.stat().st_size
    except OSError as error:
        raise ImportFileError(name, [f"{path}: cannot read it ({error.strerror})"]) from None
    if size > MAX_FILE_BYTES:
        raise ImportFileError(name, [f"{name}: {size:,} bytes; at most {MAX_FILE_BYTES:,} are read"])
    answers: list[ImportedAnswer] = []
    first: dict[str, int] = {}
    problems: list[str] = []
    for number, raw in _lines(path):
        try:
            answer = _answer(number, raw, name)
        except ValueError as error:
            problems.append(f"{name} line {number}: {error}")
            continue
        shown = repr(answer.id[:80])
        if answer.id in first:
            problems.append(f"{name} line {number}: {shown} again (first on line {first[answer.id]})")
        elif answer.id not in known:
            problems.append(f"{name} line {number}: {shown} is no query of the benchmark")
        elif answer.id not in selected:
            problems.append(f"{name} line {number}: {shown} is not among the queries the run selects "
                            "(--groups, --limit)")
        else:
            answers.append(answer)
        first.setdefault(answer.id, number)
    if problems:
        raise ImportFileError(name, problems)
    return answers


def imported_record(query: Query, calls: list[dict[str, Any]]) -> QueryRecord:
    """The record of one query answered by ``calls``: run in order on a default car and scored; no conversation."""
    world = World()
    by_kind = empty_calls()
    results = []
    for number, call in enumerate(calls):
        name, args = call["name"], call["args"]
        known = name in API_BY_NAME
        outcome = world.call(name, args) if known else None
        kind = "vehicle" if known else "invalid"
        by_kind[kind].append(RecordedCall(name, args))
        results.append(ToolResult(round=0, id=f"imported_{number}", name=name, kind=kind, args=args,
                                  ok=bool(outcome and outcome["success"]),
                                  changes=dict(outcome["changes"]) if outcome else {}))
    vehicle = [c.to_json() for c in by_kind["vehicle"]]
    return QueryRecord(id=query.id, group=query.group, index=query.index, reasoning_type=query.reasoning_type,
                       status=OK, query=query.query, calls=by_kind, call_count=len(calls), tool_results=results,
                       final_diff=world.diff(), score=score_replayed(query, vehicle, len(calls)))


def no_conversation(record: QueryRecord) -> bool:
    """Whether a record holds calls but no conversation (an imported query's)."""
    return not record.messages and not record.rounds



def import_run(config: RunConfig, path: Path, *, force: bool = False) -> tuple[RunSummary, int]:
    """Import the answers of the file at ``path`` into the run ``config`` describes (made, or added to); returns
    its metric and how many queries were imported. The file is read whole before anything is written."""
    from vmb.harness.attribution import attribution_of, run_stores
    from vmb.harness.plan import prepare_run
    from vmb.prices import price_table
    from vmb.results.rundir import RunDir
    from vmb.results.summary import QueryRow, compute_metric

    plan = prepare_run(config)
    selected = {query.id: query for query, _ in plan.attempts}
    answers = read_answers(path, selected, {query.id for query in plan.bench.queries})
    rundir = RunDir(Path(config.out))
    rundir.lock()
    try:
        done = rundir.prepare(plan.header(), force=force, upgrade=plan.upgraded)
        again = [f"{path.name} line {a.line}: {a.id!r} is scored in the run already" for a in answers if a.id in done]
        if again:
            raise ImportFileError(path.name, again)
        stores = run_stores(plan.bench, config.memory, rundir.memory_dir, config.memory_days)
        records = dict(done)
        for answer in answers:
            record = imported_record(selected[answer.id], answer.calls)
            record.attribution = attribution_of(record, plan.bench, stores, rundir.path)
            rundir.append(record)
            records[record.key] = record
        rundir.close()
        metric = compute_metric([QueryRow.of(r) for r in records.values()], [(q.id, t) for q, t in plan.attempts],
                                plan.identity, rundir.memory_dir, price_table(config.prices))
        rundir.write_metric(metric)
    finally:
        rundir.unlock()
    return metric, len(answers)
