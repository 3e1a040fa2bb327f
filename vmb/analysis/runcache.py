"""What ``vmb.analysis.load_runs`` derives from one run, kept on disk so that each run is read once.

Deriving a run's rows parses every record of its ``results.jsonl`` (each field checked against its declared
type), classifies every failure and builds every row: about 0.4 s of CPU per 500-query run, which every
notebook of ``vmb report`` and its viewer used to spend again on every run. ``load_runs`` now asks
``cached`` for a run's ``LoadedRun``: the one stored under the run's key, else one derived (by the function
it is handed) and stored.

The key is a SHA-256 over the run's contents and the code that reads them: every file of the run directory
(names and bytes; ``run.lock`` aside, which names its holder), so an edited, resumed or re-scored run misses;
and every source file of the ``vmb`` package, so a change to the taxonomy or the scorer misses too. The
benchmark is in the key through the data checksum each run's ``config.json`` records (``load_runs`` refuses
a benchmark with another checksum).

An entry is a folder of two strict JSON files pandas reads (``pd.read_json``): ``queries.json``, the run's
rows of ``RunSet.queries`` as records, and ``run.json``, the rest (the selection's size, the notes, each
record's byte offset, the metric rows). Never a pickle: an entry is parsed as JSON (bounded in size, strict)
and checked against its declared types (``vmb.jsontypes``: ``_Rest``, each row's columns, each metric row's
fields), against the digest of its rows as written, and against itself (a row per metric row, the same query
and trial in the same order, an offset for each and no other): one that does not read as an entry of this
layout is derived again and rewritten.
A run whose rows hold a number JSON cannot (NaN) is not stored, and neither is one whose files changed while
it was derived (its key is taken again after the read: the rows may be of either state). An entry's folder is
named by a digest of where the run is, never by the run's name (a name of 70 CJK characters would make it
longer than a file name may be); a folder being written (``.writing-*``) goes when the write fails. The
entries live in ``$VMB_CACHE_DIR/analysis`` when that is set, else in ``~/.cache/vmb/analysis``
(``cache_root``), never beside the runs; each run directory keeps only its newest entry. A cache that cannot be
written changes nothing but speed.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import shutil
import tempfile
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from vmb.boundedjson import MAX_FILE_BYTES
from vmb.jsontypes import check, declared_types
from vmb.results.record import attempt_key
from vmb.results.rundir import LOCK
from vmb.results.summary import QueryRow
from vmb.usercache import CACHE_ENV as CACHE_ENV  # the variable that moves the cache, named here as before
from vmb.usercache import cache_root as usercache_root
from vmb.usercache import code_digest

# The layout of an entry; a new layout is a new key.
LAYOUT = 2
FOLDER = "analysis"
QUERIES = "queries.json"
REST = "run.json"
# The run's files that are not its contents.
_NOT_CONTENTS = frozenset({LOCK})
_CHUNK = 1 << 20


@dataclass
class LoadedRun:
    """What one run adds to a ``RunSet``: all that ``load_runs`` derives from reading it."""

    selected: int  # the (query, trial) pairs its header selects
    notes: list[str]  # each line left out, one line each
    rows: list[dict[str, Any]]  # its rows of ``RunSet.queries``, as ``QUERY_FIELDS`` fill them
    metric_rows: list[QueryRow]
    offsets: dict[str, int]  # each counted record's byte offset in results.jsonl, by its key


class _Rest(TypedDict):
    """``run.json``: what an entry holds beside its rows, as ``write_entry`` writes it."""

    selected: int
    notes: list[str]
    offsets: dict[str, int]
    metric_rows: list[QueryRow]
    rows_sha256: str  # of queries.json as written: rows changed after (in a way their types allow) are no entry


# What one column of a row holds: a value of the run, the record or the metrics, or a list of module names.
_Cell = str | int | float | bool | None | list[str]


def cache_root() -> Path | None:
    """Where entries go: the user's cache folder ``analysis`` (``vmb.usercache.cache_root``)."""
    return usercache_root(FOLDER)


def run_key(run: Path) -> str:
    """The key of a run's entry: its files' names and contents, the code, the layout (see the module docstring)."""
    digest = hashlib.sha256(f"layout {LAYOUT}\0code {code_digest()}\0".encode())
    for path in sorted(p for p in run.rglob("*") if p.is_file() and p.name not in _NOT_CONTENTS):
        digest.update(path.relative_to(run).as_posix().encode() + b"\0")
        content = hashlib.sha256()
        with path.open("rb") as handle:
            while chunk := handle.read(_CHUNK):
                content.update(chunk)
        digest.update(content.digest())
    return digest.hexdigest()


def _entry_prefix(run: Path) -> str:
    """The entries of one run directory begin with this: a digest of where it is (of a fixed length, whatever
    the run's name)."""
    return hashlib.sha256(str(run.resolve()).encode()).hexdigest()[:24] + "-"


def cached(run: Path, derive: Callable[[], LoadedRun], columns: list[str]) -> LoadedRun:
    """The run's stored ``LoadedRun`` when its key has one, else ``derive()``'s, stored for the next reader.
    ``columns``: the columns each row has (``vmb.analysis.runs.QUERY_COLUMNS``)."""
    root = cache_root()
    if root is None:
        return derive()
    key = run_key(run)
    entry = root / (_entry_prefix(run) + key[:32])
    found = read_entry(entry, columns)
    if found is not None:
        return found
    loaded = derive()
    if run_key(run) == key:  # else the run changed while it was read: what was derived is of no one key
        write_entry(entry, loaded)
    return loaded


def read_entry(entry: Path, columns: list[str]) -> LoadedRun | None:
    """The entry's ``LoadedRun``; None when there is none or it does not read as one (it is then derived again)."""
    if not entry.is_dir():
        return None
    try:
        rest = json.loads(_read_bytes(entry / REST), parse_constant=_not_json)
        check(rest, _Rest, REST)
        written = _read_bytes(entry / QUERIES)
        if hashlib.sha256(written).hexdigest() != rest["rows_sha256"]:
            return None
        rows = json.loads(written, parse_constant=_not_json)
        check(rows, list[dict[str, _Cell]], QUERIES)
        if not _consistent(rows, rest, columns):
            return None
        return LoadedRun(selected=rest["selected"], notes=rest["notes"], rows=rows,
                         metric_rows=[_query_row()(row) for row in rest["metric_rows"]], offsets=rest["offsets"])
    except (OSError, KeyError, TypeError, ValueError, AttributeError, RecursionError):
        return None


def _consistent(rows: list[dict[str, Any]], rest: dict[str, Any], columns: list[str]) -> bool:
    """Whether an entry's parts, each of its declared type, agree: every row has the columns, one row per metric
    row with its query, trial and status, and one offset for each of those records and no other."""
    metric = rest["metric_rows"]
    if len(rows) != len(metric) or any(list(row) != columns for row in rows):
        return False
    same = all((row["query_id"], row["trial"], row["status"]) == (m["id"], m["trial"], m["status"])
               for row, m in zip(rows, metric))
    keys = [attempt_key(m["id"], m["trial"]) for m in metric]
    return same and len(set(keys)) == len(keys) == len(rest["offsets"]) and set(keys) == set(rest["offsets"])


def _read_bytes(path: Path) -> bytes:
    """A file of an entry. The cache is vmb's own file, so not read through ``vmb.boundedjson`` (whose depth scan
    would double the parse), but bounded all the same: one larger than ``MAX_FILE_BYTES``, not strict JSON, or
    nested deep enough to raise ``RecursionError`` is no entry (and is derived again)."""
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ValueError(f"{path} is larger than an entry can be")
    return path.read_bytes()


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def write_entry(entry: Path, loaded: LoadedRun) -> None:
    """Store ``loaded`` as ``entry`` (written whole beside it, then renamed) and drop the run's older entries."""
    try:
        rows = json.dumps(loaded.rows, ensure_ascii=False, allow_nan=False)
        rest = json.dumps({"selected": loaded.selected, "notes": loaded.notes, "offsets": loaded.offsets,
                           "metric_rows": [dataclasses.asdict(row) for row in loaded.metric_rows],
                           "rows_sha256": hashlib.sha256(rows.encode("utf-8")).hexdigest()},
                          ensure_ascii=False, allow_nan=False)
    except ValueError:  # a NaN or an infinity: JSON has none, and an entry must read back as it was
        return
    made: Path | None = None
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        made = Path(tempfile.mkdtemp(prefix=".writing-", dir=entry.parent))
        (made / QUERIES).write_text(rows, encoding="utf-8")
        (made / REST).write_text(rest, encoding="utf-8")
        try:
            made.rename(entry)
            made = None
        except OSError:  # another reader stored the same entry first
            pass
        for older in entry.parent.glob(entry.name.rsplit("-", 1)[0] + "-*"):
            if older != entry:
                shutil.rmtree(older, ignore_errors=True)
    except OSError:  # a read-only or full disk: the runs load as they did, only slower
        return
    finally:
        if made is not None:  # not renamed into place (a full disk, a lost race): it goes, never left behind
            shutil.rmtree(made, ignore_errors=True)


def _builder(hint: Any) -> Callable[[Any], Any]:
    """How a value of the declared type ``hint`` is made from what ``dataclasses.asdict`` wrote of it."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        inner = _builder(next(arg for arg in args if arg is not type(None)))
        return lambda value: None if value is None else inner(value)
    if dataclasses.is_dataclass(hint):
        cls = typing.cast(type, hint)
        hints = declared_types(cls)
        parts = [(f.name, _builder(hints[f.name])) for f in dataclasses.fields(cls)]
        return lambda value: cls(**{name: build(value[name]) for name, build in parts})
    if origin is tuple:
        item = _builder(args[0]) if args else _as_is
        return lambda value: tuple(item(v) for v in value)
    return _as_is


def _as_is(value: Any) -> Any:
    return value


@functools.cache
def _query_row() -> Callable[[Any], QueryRow]:
    """A metric row from its stored form (made once)."""
    return _builder(QueryRow)
