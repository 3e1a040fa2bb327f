"""A made benchmark's ``metadata.json`` as typed data: the one reader of that file.

``vmb generate`` writes it (``vmb.maker.generate.export.layout``) beside the release layout: how the benchmark was
made (:class:`Made`), per group its people, conflicts and chains, each chain's events with their
dates and history line numbers and the query it became, and notes on single queries. ``vmb verify``,
``vmb stats``, the harness, attribution and the generator's own readers take it from
:func:`read_metadata`, never by key. The release has none: :func:`read_metadata` returns None.

Every field a later writer added is optional, so a benchmark made by an earlier version still loads;
one whose file lacks what the readers need (an event's date or lines, a group's number) is a
:class:`~vmb.data.errors.DataError` naming the file and the entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from datetime import date
from pathlib import Path
from typing import Any

from vmb.boundedjson import read_json_file
from vmb.data.errors import DataError
from vmb.jsontypes import describe, fits, json_kind

METADATA = "metadata.json"
GENERATOR = "vmb generate"
# The tools whose metadata.json this module reads: another maker writing the same layout adds its name.
MAKERS = (GENERATOR,)


class _Bad(ValueError):
    """A field that is missing or of the wrong type, at ``where``."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where, self.what = where, what


def _check(value: Any, hint: Any, where: str) -> None:
    """``_Bad`` unless ``value`` is of the declared type ``hint`` (``vmb.jsontypes`` says what fits and names
    the kinds)."""
    if not fits(value, hint):
        raise _Bad(where, f"should be {describe(hint)}, not {json_kind(value)}")


def _get(body: Mapping[str, Any], key: str, hint: Any, where: str, default: Any = ...) -> Any:
    value = body.get(key, default)
    if value is ...:
        raise _Bad(f"{where}{key}", "missing")
    if value is not default:
        _check(value, hint, f"{where}{key}")
    return value


def _items(body: Mapping[str, Any], key: str, where: str, default: Any = ...) -> list[Any]:
    return list(_get(body, key, list, where, [] if default is None else default))


def _object(value: Any, where: str) -> Mapping[str, Any]:
    _check(value, dict, where.rstrip("."))
    return value


_OPTIONAL_TEXT = str | None


@dataclass(frozen=True)
class EventNote:
    """One event of a chain: when it happened, who voiced it, what it set, the history lines telling it."""

    id: str
    date: str  # ISO date
    lines: tuple[int, ...]  # 1-based line numbers of the group's history
    time: str | None = None
    person: str | None = None
    kind: str | None = None
    role: str | None = None
    setting: str | None = None  # API name
    value: Any = None
    condition: str | None = None
    alias: str | None = None
    description: str | None = None

    @classmethod
    def of(cls, body: Mapping[str, Any], where: str = "") -> EventNote:
        day = _get(body, "date", str, where)
        try:
            date.fromisoformat(day)
        except ValueError:
            raise _Bad(f"{where}date", f"{day!r} is no ISO date") from None
        lines = _items(body, "lines", where)
        for number, line in enumerate(lines):
            _check(line, int, f"{where}lines.{number}")
        text = {k: _get(body, k, _OPTIONAL_TEXT, where, None) for k in
                ("time", "person", "kind", "role", "setting", "condition", "alias", "description")}
        return cls(id=_get(body, "id", str, where), date=day, lines=tuple(lines), value=body.get("value"), **text)


@dataclass(frozen=True)
class ChainTarget:
    """What a vehicle chain's query asks: whose value of which setting, and the calls answering it."""

    person: str | None
    setting: str | None
    value: Any
    calls: tuple[Mapping[str, Any], ...] = ()
    condition: str | None = None
    alias: str | None = None
    base: Any = None  # an answer nobody said: value = base + offset, base said in the history
    offset: int | None = None
    content: Mapping[str, Any] | None = None  # the call whose value the query names now (a song, a place)

    @classmethod
    def of(cls, body: Mapping[str, Any], where: str = "") -> ChainTarget:
        text = {k: _get(body, k, _OPTIONAL_TEXT, where, None) for k in ("person", "setting", "condition", "alias")}
        return cls(value=body.get("value"), calls=tuple(_items(body, "calls", where, None)), base=body.get("base"),
                   offset=_get(body, "offset", int | None, where, None),
                   content=_get(body, "content", dict | None, where, None), **text)


@dataclass(frozen=True)
class ChainNote:
    """One chain of a group: its events and, for a vehicle chain, the query it became (or why not)."""

    events: tuple[EventNote, ...]
    id: str | None = None
    kind: str | None = None
    reasoning_type: str | None = None
    topic: str | None = None
    query: str | None = None  # the query id it became ("qa_3#7")
    query_date: str | None = None
    status: str | None = None
    reasons: tuple[str, ...] = ()
    target: ChainTarget | None = None

    @classmethod
    def of(cls, body: Mapping[str, Any], where: str = "") -> ChainNote:
        events = tuple(EventNote.of(_object(e, f"{where}events.{n}."), f"{where}events.{n}.")
                       for n, e in enumerate(_items(body, "events", where)))
        target = _get(body, "target", dict | None, where, None)
        text = {k: _get(body, k, _OPTIONAL_TEXT, where, None)
                for k in ("id", "kind", "reasoning_type", "topic", "query", "query_date", "status")}
        return cls(events=events, reasons=tuple(map(str, _items(body, "reasons", where, None))),
                   target=ChainTarget.of(target, f"{where}target.") if target is not None else None, **text)


@dataclass(frozen=True)
class GroupNote:
    """One group: its people's profiles and conflicts as the maker recorded them, and its chains."""

    group: int
    people: tuple[Mapping[str, Any], ...]
    conflicts: tuple[Mapping[str, Any], ...]
    chains: tuple[ChainNote, ...]
    profile_problems: tuple[str, ...] = ()

    @classmethod
    def of(cls, body: Mapping[str, Any], where: str = "") -> GroupNote:
        people, conflicts = (tuple(_object(p, f"{where}{key}.{n}") for n, p in enumerate(_items(body, key, where)))
                             for key in ("people", "conflicts"))
        chains = tuple(ChainNote.of(_object(c, f"{where}chains.{n}."), f"{where}chains.{n}.")
                       for n, c in enumerate(_items(body, "chains", where)))
        return cls(group=_get(body, "group", int, where), people=people, conflicts=conflicts, chains=chains,
                   profile_problems=tuple(map(str, _items(body, "profile_problems", where, None))))


@dataclass(frozen=True)
class QueryNote:
    """A remark on one query of a made benchmark ("unchanged", and why), for a reader to see beside it."""

    query: str  # the query id
    note: str
    reason: str | None = None


@dataclass(frozen=True)
class Made:
    """How a benchmark was made: by which tool and backend, from which seed, with which options."""

    generator: str
    seed: int
    groups: int  # the groups asked for
    options: Mapping[str, Any]  # the maker's own options, as it recorded them
    backend: str | None = None  # "procedural", "llm", ...
    options_digest: str | None = None
    schema_version: int | None = None
    source: str | None = None  # the benchmark it was made from, for one made from another
    # The maker's version (vmb.maker.generate.version: a digest of what decides its output); None before it was recorded.
    generator_version: str | None = None


@dataclass(frozen=True)
class Metadata:
    """A made benchmark's ``metadata.json``."""

    path: Path
    made: Made
    groups: tuple[GroupNote, ...]
    failures: tuple[Mapping[str, Any], ...] = ()
    notes: tuple[QueryNote, ...] = ()
    backend_report: Mapping[str, Any] | None = None  # what the backend said of its run (a model's usage)

    def group(self, number: int) -> GroupNote | None:
        return next((g for g in self.groups if g.group == number), None)

    def chains_by_query(self) -> dict[str, ChainNote]:
        """Query id → the chain that made it."""
        return {c.query: c for g in self.groups for c in g.chains if c.query}


def _parse(path: Path, body: Mapping[str, Any]) -> Metadata:
    options = _object(_get(body, "options", dict, ""), "options")
    backend = _get(body, "backend", dict | None, "", None)
    made = Made(generator=body["generator"], seed=_get(options, "seed", int, "options."),
                groups=_get(options, "groups", int, "options."), options=options,
                backend=_get(backend, "name", _OPTIONAL_TEXT, "backend.", None) if backend else None,
                options_digest=_get(body, "options_digest", _OPTIONAL_TEXT, "", None),
                schema_version=_get(body, "schema_version", int | None, "", None),
                source=_get(body, "source", _OPTIONAL_TEXT, "", None),
                generator_version=_get(body, "generator_version", _OPTIONAL_TEXT, "", None))
    groups = tuple(GroupNote.of(_object(g, f"groups.{n}."), f"groups.{n}.") for n, g in enumerate(_items(body, "groups", "")))
    notes = []
    for n, note in enumerate(_items(body, "query_notes", "", None)):
        entry, where = _object(note, f"query_notes.{n}."), f"query_notes.{n}."
        notes.append(QueryNote(_get(entry, "query", str, where), _get(entry, "note", str, where),
                               _get(entry, "reason", _OPTIONAL_TEXT, where, None)))
    failures = tuple(_object(f, f"failures.{n}") for n, f in enumerate(_items(body, "failures", "", None)))
    return Metadata(path, made, groups, failures, tuple(notes), backend)


def _load(path: Path) -> Any:
    """The JSON of ``path``, or a ``DataError`` saying to make it again (a file that does not read cannot
    say which tool made it)."""
    try:
        return read_json_file(path)
    except (ValueError, RecursionError) as error:
        raise DataError(path, None, f"not JSON ({error}); regenerate it (vmb generate, or vmb twin for a twin)") from None
    except OSError as error:
        raise DataError(path, None, f"cannot read it ({error.strerror or error})") from None


def read_metadata(data_dir: Path | str) -> Metadata | None:
    """The metadata of a made benchmark, or None for a directory without one (the release) or with
    another tool's ``metadata.json``.

    A ``metadata.json`` that does not read, or lacks what its readers use, is a ``DataError`` naming
    the file and the first entry that is wrong.
    """
    path = Path(data_dir) / METADATA
    if not path.exists():
        return None
    body = _load(path)
    if not isinstance(body, dict) or body.get("generator") not in MAKERS:
        return None
    try:
        return _parse(path, body)
    except _Bad as error:
        raise DataError(path, error.where, f"{error.what}; regenerate it with vmb generate") from None


def made_by_a_maker(data_dir: Path) -> bool:
    """Whether ``data_dir`` holds a ``metadata.json`` one of :data:`MAKERS` wrote (read or not)."""
    try:
        body = read_json_file(Path(data_dir) / METADATA)
    except (OSError, ValueError, RecursionError):
        return False
    return isinstance(body, dict) and body.get("generator") in MAKERS


# --- a twin's metadata (``vmb twin``) -------------------------------------------------------------------

TWIN_MAKER = "vmb twin"


@dataclass(frozen=True)
class TwinEvidence:
    """One history line of a changed twin query's evidence, as the twin writes it, and what was rewritten in
    it: (the source's words, the twin's) in order ("twenty", "eight")."""

    line: int  # 1-based line of the group's history
    text: str
    rewritten: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class TwinQuery:
    """One query of a twin: whether its answer changed, what it was in the source, how and why not."""

    id: str
    reasoning_type: str
    changed: bool
    release_answer: tuple[str, ...]  # the source's answer strings
    changes: tuple[Mapping[str, Any], ...]  # per changed call: call, setting, from, to, moved
    kept: tuple[str, ...]  # why each call that could not change kept its value
    unlisted_reasons: tuple[str, ...] = ()  # lines that kept a value by a reason the meaning table lacks
    evidence: tuple[TwinEvidence, ...] = ()  # a changed query's evidence lines and what was rewritten in them


@dataclass(frozen=True)
class TwinGroup:
    group: int
    offset_days: int
    names: Mapping[str, str]  # source name -> twin name
    queries: tuple[TwinQuery, ...]
    places: Mapping[str, str] = dataclass_field(default_factory=dict)  # source place -> twin place


@dataclass(frozen=True)
class TwinSummary:
    queries: int
    changed: int
    by_type: Mapping[str, Mapping[str, int]]  # reasoning type -> {"changed": n, "queries": n}
    kept_reasons: Mapping[str, int]
    source_names_left: tuple[str, ...]


@dataclass(frozen=True)
class Twin:
    """A twin's ``metadata.json``: its seed, its source's and its own checksums, and per group and query
    what changed."""

    path: Path
    seed: int
    source_path: str
    source_sha256: str
    data_sha256: str
    summary: TwinSummary
    groups: tuple[TwinGroup, ...]

    def queries(self) -> list[TwinQuery]:
        return [q for g in self.groups for q in g.queries]


def _strings(values: list[Any], where: str) -> tuple[str, ...]:
    if not fits(values, list[str]):
        raise _Bad(where.rstrip("."), "should hold only strings")
    return tuple(values)


def _twin_evidence(body: Mapping[str, Any], where: str) -> TwinEvidence:
    rewritten = _items(body, "rewritten", where, None)
    _check(rewritten, list[list[str]], f"{where}rewritten")
    if any(len(pair) != 2 for pair in rewritten):
        raise _Bad(f"{where}rewritten", "should hold pairs of text (the source's words, the twin's)")
    return TwinEvidence(line=_get(body, "line", int, where), text=_get(body, "text", str, where),
                        rewritten=tuple((old, new) for old, new in rewritten))


def _twin_query(body: Mapping[str, Any], where: str) -> TwinQuery:
    return TwinQuery(
        id=_get(body, "id", str, where), reasoning_type=_get(body, "reasoning_type", str, where),
        changed=_get(body, "changed", bool, where),
        release_answer=_strings(_items(body, "release_answer", where), f"{where}release_answer"),
        changes=tuple(_object(c, f"{where}changes.{n}") for n, c in enumerate(_items(body, "changes", where, None))),
        kept=_strings(_items(body, "kept", where, None), f"{where}kept"),
        unlisted_reasons=_strings(_items(body, "unlisted_reasons", where, None), f"{where}unlisted_reasons"),
        evidence=tuple(_twin_evidence(_object(e, f"{where}evidence.{n}"), f"{where}evidence.{n}.")
                       for n, e in enumerate(_items(body, "evidence", where, None))))


def _twin_group(body: Mapping[str, Any], where: str) -> TwinGroup:
    queries = tuple(_twin_query(_object(q, f"{where}queries.{n}."), f"{where}queries.{n}.")
                    for n, q in enumerate(_items(body, "queries", where)))
    return TwinGroup(group=_get(body, "group", int, where), offset_days=_get(body, "offset_days", int, where),
                     names=_object(_get(body, "names", dict, where), f"{where}names"), queries=queries,
                     places=_object(_get(body, "places", dict, where, {}), f"{where}places"))


def _parse_twin(path: Path, body: Mapping[str, Any]) -> Twin:
    source = _object(_get(body, "source", dict, ""), "source")
    sha = _get(source, "data_sha256", str, "source.")
    if len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha):
        raise _Bad("source.data_sha256", "should be a sha256 in hex")
    made = _object(_get(body, "summary", dict, ""), "summary")
    summary = TwinSummary(queries=_get(made, "queries", int, "summary."), changed=_get(made, "changed", int, "summary."),
                          by_type=_object(_get(made, "by_type", dict, "summary.", {}), "summary.by_type"),
                          kept_reasons=_object(_get(made, "kept_reasons", dict, "summary.", {}), "summary.kept_reasons"),
                          source_names_left=_strings(_items(made, "source_names_left", "summary.", None),
                                                     "summary.source_names_left"))
    groups = tuple(_twin_group(_object(g, f"groups.{n}."), f"groups.{n}.") for n, g in enumerate(_items(body, "groups", "")))
    return Twin(path, _get(body, "seed", int, ""), _get(source, "path", str, "source.", ""), sha,
                _get(body, "data_sha256", str, ""), summary, groups)


def read_twin(data_dir: Path | str) -> Twin | None:
    """A twin's metadata, or None for a directory that holds no twin. One that does not read, or lacks what
    its readers use, is a ``DataError`` naming the file and the first entry that is wrong."""
    path = Path(data_dir) / METADATA
    if not path.exists():
        return None
    body = _load(path)
    if not isinstance(body, dict) or body.get("generator") != TWIN_MAKER:
        return None
    try:
        return _parse_twin(path, body)
    except _Bad as error:
        raise DataError(path, error.where, f"{error.what}; make the twin again with vmb twin") from None
