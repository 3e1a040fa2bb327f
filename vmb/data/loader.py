"""Load the release layout (``history/history_N.txt``, ``qa_data/qa_N.json``) into dataclasses.

Everything is checked while loading, and the first problem raises a :class:`DataError` that names
the file, the item (line number or query) and what is wrong. Nothing is cached on disk: loading all
50 groups takes a fraction of a second.
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from vmb.data.calls import parse_call
from vmb.data.errors import DataError
from vmb.data.reasoning import REASONING_TYPES

HISTORY_DIR = "history"
QA_DIR = "qa_data"
QA_KEY = "related_to_vehicle_preference"
# Group files are named with the number as written, from 1 and without leading zeros, so that
# "history_01.txt" and "history_1.txt" never both claim group 1. A name that has the shape but
# not the spelling (qa_02.json, qa_0.json) is an error, never silently skipped.
_HISTORY_NAME = ("history_", ".txt")
_QA_NAME = ("qa_", ".json")
# ``[YYYY-MM-DD HH:MM] Full Name: text``. One line of the release (history_18) repeats its
# timestamp prefix; a repeated *identical* prefix is accepted so that the release loads as
# published, anything else that deviates from the format is an error.
_STAMP = r"\[(\d{4}-\d{2}-\d{2} \d{2}:\d{2})\] (?:\[\1\] )?"
_SPEAKER = r"([^\s:\[\]][^:\[\]\n]*)"  # a name holds no colon: it ends at the first one
_HISTORY_LINE = re.compile(_STAMP + _SPEAKER + r": (.*)")
_LINE_HEAD = re.compile("\n" + _STAMP + _SPEAKER + ": ")  # in the text after a line break
_FIRST_HEADS = 40
_QUERY_FIELDS: dict[str, type] = {
    "gold_memory": str,
    "reasoning_type": str,
    "query": str,
    "new_answer": list,
}


@dataclass(frozen=True, slots=True)
class HistoryLine:
    timestamp: datetime
    speaker: str
    text: str
    raw: str  # the line as written in the file, without its line break


@dataclass(frozen=True, slots=True)
class Day:
    date: date
    lines: list[HistoryLine]


@dataclass(frozen=True, slots=True)
class Query:
    id: str  # "qa_N#i": group N, i = position in the QA file from 0
    group: int
    index: int
    reasoning_type: str
    query: str
    gold_memory: str
    answer: list[str]  # the raw ``new_answer`` call strings
    calls: list[dict[str, Any]]  # the same, parsed: [{"name": str, "args": dict}]


@dataclass(frozen=True, slots=True)
class History:
    """One group's dialogue history, parsed."""

    text: str  # the whole history file
    lines: list[HistoryLine]  # in file order
    days: list[Day]  # in date order
    speakers: list[str]  # in order of first appearance

    @classmethod
    def of_lines(cls, lines: list[HistoryLine], text: str | None = None) -> History:
        """The history made of ``lines`` (its text the lines joined, unless given as read)."""
        if text is None:
            text = "".join(f"{line.raw}\n" for line in lines)
        return cls(text, lines, group_days(lines), list(dict.fromkeys(line.speaker for line in lines)))


class Group:
    """One group: its queries, and its history, parsed from its file on first use.

    A history is ~2,700 lines, ~2.4 MB as objects; a run that never reads it (``--memory gold``,
    ``none``) never parses it. ``load_benchmark`` parses every history up front unless told not to,
    so that a malformed one is reported when the release is loaded.
    """

    __slots__ = ("number", "queries", "_history", "_path", "_speakers")

    def __init__(self, number: int, queries: list[Query], history: History | Path) -> None:
        self.number = number
        self.queries = queries
        self._history = history if isinstance(history, History) else None
        self._path = history if isinstance(history, Path) else None
        self._speakers: list[str] | None = None

    @property
    def history(self) -> History:
        if self._history is None:
            assert self._path is not None
            text, lines = parse_history(self._path)
            self._history = History.of_lines(lines, text)
        return self._history

    @property
    def speakers(self) -> list[str]:
        """The group's people, in order of first appearance; read off the line heads alone while the history
        is unparsed: a gold run's stage attribution tells their names from values, and needs no line."""
        if self._history is not None:
            return self._history.speakers
        if self._speakers is None:
            assert self._path is not None
            self._speakers = history_speakers(_read_text(self._path))
        return self._speakers

    @property
    def lines(self) -> list[HistoryLine]:
        return self.history.lines

    @property
    def days(self) -> list[Day]:
        return self.history.days

    @property
    def history_text(self) -> str:
        return self.history.text


@dataclass
class Benchmark:
    root: Path
    groups: list[Group]  # ordered by group number
    queries: list[Query]  # ordered by (group, index)
    _groups_by_number: dict[int, Group] = field(init=False, repr=False)
    _queries_by_id: dict[str, Query] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._groups_by_number = {g.number: g for g in self.groups}
        self._queries_by_id = {q.id: q for q in self.queries}

    def group(self, number: int) -> Group:
        try:
            return self._groups_by_number[number]
        except KeyError:
            raise KeyError(f"no group {number} in {self.root}") from None

    def query(self, query_id: str) -> Query:
        try:
            return self._queries_by_id[query_id]
        except KeyError:
            raise KeyError(f"no query {query_id!r} in {self.root}") from None


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise DataError(path, None, "file not found") from None
    except OSError as error:
        raise DataError(path, None, f"cannot read: {error.strerror}") from None
    try:
        # utf-8-sig: a byte-order mark written by some editors is not part of the first line.
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DataError(path, f"byte {error.start}", "not valid UTF-8") from None


def parse_history(path: Path) -> tuple[str, list[HistoryLine]]:
    """The text of one history file and its lines, each checked against the line format."""
    text = _read_text(path)
    raw_lines = text.split("\n")
    if raw_lines and raw_lines[-1] == "":
        raw_lines.pop()  # the final line break ends the last line, it does not start a new one
    lines: list[HistoryLine] = []
    for number, raw in enumerate(raw_lines, start=1):
        raw = raw.removesuffix("\r")
        match = _HISTORY_LINE.fullmatch(raw)
        if match is None:
            raise DataError(
                path,
                f"line {number}",
                f"does not match '[YYYY-MM-DD HH:MM] Full Name: text': {raw[:80]!r}",
            )
        stamp, speaker, said = match.groups()
        try:
            timestamp = datetime.fromisoformat(stamp)
        except ValueError:
            raise DataError(path, f"line {number}", f"invalid date or time {stamp!r}") from None
        lines.append(HistoryLine(timestamp, speaker, said, raw))
    if not lines:
        raise DataError(path, None, "the history is empty")
    return text, lines


def history_speakers(text: str) -> list[str]:
    """The speakers of a history's lines, in order of first appearance, as ``parse_history`` reads them.

    The first lines are read one by one (they name most of a group's three or four speakers), then
    one search per speaker not yet seen skips the lines of those that were: a 2,700-line history is
    scanned about once, with no object made per line.
    """
    text = "\n" + text
    found: list[str] = []
    start = 0
    for head in itertools.islice(_LINE_HEAD.finditer(text), _FIRST_HEADS):
        if head.group(2) not in found:
            found.append(head.group(2))
        start = head.end()
    while True:
        known = "".join(f"(?!{re.escape(name)}: )" for name in found)
        later = re.compile(r"\n" + _STAMP + known + _SPEAKER + ": ").search(text, start)
        if later is None:
            return found
        found.append(later.group(2))
        start = later.end()


def group_days(lines: list[HistoryLine]) -> list[Day]:
    """Lines grouped by calendar date, days in date order, lines of a day in file order."""
    by_date: dict[date, list[HistoryLine]] = {}
    for line in lines:
        by_date.setdefault(line.timestamp.date(), []).append(line)
    return [Day(day, by_date[day]) for day in sorted(by_date)]


def _load_json(path: Path) -> Any:
    text = _read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(path, f"line {error.lineno} column {error.colno}", f"invalid JSON: {error.msg}") from None


_KIND_NAMES: dict[type, str] = {
    dict: "an object",
    list: "a list",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "true/false",
    type(None): "null",
}


def _type_name(value: Any) -> str:
    """How a JSON value's type reads in an error message."""
    return _KIND_NAMES.get(type(value), type(value).__name__)


def parse_queries(path: Path, group: int) -> list[Query]:
    """The queries of one QA file, each field type-checked and each reference call parsed."""
    data = _load_json(path)
    if not isinstance(data, dict):
        raise DataError(path, None, f"expected a JSON object at the top, found {_type_name(data)}")
    if QA_KEY not in data:
        raise DataError(path, None, f"missing key {QA_KEY!r}")
    items = data[QA_KEY]
    if not isinstance(items, list):
        raise DataError(path, QA_KEY, f"expected a list of queries, found {_type_name(items)}")
    queries: list[Query] = []
    for index, item in enumerate(items):
        query_id = f"qa_{group}#{index}"
        where = f"query {index} ({query_id})"
        if not isinstance(item, dict):
            raise DataError(path, where, f"expected an object, found {_type_name(item)}")
        for key, kind in _QUERY_FIELDS.items():
            if key not in item:
                raise DataError(path, where, f"missing key {key!r}")
            if not isinstance(item[key], kind):
                raise DataError(path, where, f"{key!r} should be {_KIND_NAMES[kind]}, found {_type_name(item[key])}")
        if item["reasoning_type"] not in REASONING_TYPES:
            raise DataError(
                path,
                where,
                f"unknown reasoning_type {item['reasoning_type'][:80]!r}; expected one of {', '.join(REASONING_TYPES)}",
            )
        answer: list[Any] = item["new_answer"]
        calls = []
        for position, raw in enumerate(answer):
            if not isinstance(raw, str):
                raise DataError(path, f"{where}, new_answer[{position}]", f"expected a string, found {_type_name(raw)}")
            calls.append(parse_call(raw, path, f"{where}, new_answer[{position}]"))
        queries.append(
            Query(
                id=query_id,
                group=group,
                index=index,
                reasoning_type=item["reasoning_type"],
                query=item["query"],
                gold_memory=item["gold_memory"],
                answer=list(answer),
                calls=calls,
            )
        )
    return queries


@dataclass(frozen=True, slots=True)
class RepeatedQuery:
    """A query whose question an earlier query of the same group already asks."""

    query: Query
    first: Query
    differing: tuple[str, ...]  # the fields that differ: () for a duplicated item

    def describe(self) -> str:
        where = f"{QA_DIR}/qa_{self.query.group}.json, query {self.query.index}"
        earlier = f"query {self.first.index} ({self.first.id})"
        if not self.differing:
            return f"{where}: the same item as {earlier}"
        return f"{where}: the same question as {earlier}, different {', '.join(self.differing)}"


# (QA file key, Query attribute) of the fields compared between two items asking one question.
_COMPARED_FIELDS = (("reasoning_type", "reasoning_type"), ("gold_memory", "gold_memory"), ("new_answer", "answer"))


def repeated_queries(bench: Benchmark) -> list[RepeatedQuery]:
    """Queries that repeat an earlier question of their group, accepted by the loader.

    The release has some (a duplicated item and questions asked twice with different answers);
    ``vmb verify`` lists them so that a new one does not pass unnoticed.
    """
    found: list[RepeatedQuery] = []
    for group in bench.groups:
        first_by_question: dict[str, Query] = {}
        for query in group.queries:
            first = first_by_question.setdefault(query.query, query)
            if first is not query:
                differing = tuple(
                    key for key, attr in _COMPARED_FIELDS if getattr(first, attr) != getattr(query, attr)
                )
                found.append(RepeatedQuery(query, first, differing))
    return found


def _numbered_files(directory: Path, name: tuple[str, str]) -> dict[int, Path]:
    if not directory.is_dir():
        raise DataError(directory, None, "directory not found (expected the release layout history/ and qa_data/)")
    prefix, suffix = name
    found: dict[int, Path] = {}
    for path in sorted(directory.iterdir()):
        digits = path.name.removeprefix(prefix).removesuffix(suffix)
        if not (path.name == prefix + digits + suffix and digits.isdigit() and digits.isascii()):
            continue
        number = int(digits)
        if number == 0:
            raise DataError(path, None, "group numbers start at 1")
        if digits != str(number):
            raise DataError(path, None, f"the group number has a leading zero: rename it {prefix}{number}{suffix}")
        found[number] = path
    return found


def load_benchmark(root: str | Path, *, parse_histories: bool = True) -> Benchmark:
    """Load every group found under ``root``; raise DataError on the first problem.

    With ``parse_histories=False`` each history is parsed (and checked) only when first read.
    """
    root = Path(root)
    if not root.is_dir():
        raise DataError(root, None, "benchmark directory not found")
    histories = _numbered_files(root / HISTORY_DIR, _HISTORY_NAME)
    qa_files = _numbered_files(root / QA_DIR, _QA_NAME)
    no_qa = sorted(histories.keys() - qa_files.keys())
    if no_qa:
        number = no_qa[0]
        missing = root / QA_DIR / f"qa_{number}.json"
        raise DataError(missing, None, f"file not found (history_{number}.txt has no QA file)")
    no_history = sorted(qa_files.keys() - histories.keys())
    if no_history:
        number = no_history[0]
        missing = root / HISTORY_DIR / f"history_{number}.txt"
        raise DataError(missing, None, f"file not found (qa_{number}.json has no history)")
    if not histories:
        raise DataError(root, None, "no history_N.txt / qa_N.json files found")
    groups = [Group(n, parse_queries(qa_files[n], n), histories[n]) for n in sorted(histories)]
    if parse_histories:
        for group in groups:
            group.history  # noqa: B018 (parsed now, so that a malformed history fails the load)
    return Benchmark(root, groups, [q for g in groups for q in g.queries])
