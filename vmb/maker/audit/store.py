"""Each benchmark's audit, computed once per benchmark and vmb: ``vmb.maker.audit.audit`` asks ``cached`` for it.

An audit scores every shortcut baseline on every query and measures every history (about 30 s of CPU on the
release), and ``vmb report``'s notebook 08 and ``vmb audit`` both ask for it again on the same files. An entry
is keyed by the benchmark's data checksum (``vmb.data.locate.data_checksum``: its history and QA files), the
digest of vmb's source (``vmb.usercache.code_digest``, the run cache's) and the audit's options (the
baselines, whether tokens are counted). It is one strict JSON file in the user's cache folder ``audit``
(``vmb.usercache.cache_root``), never a pickle, read back through ``vmb.boundedjson``; a number JSON has no
word for (NaN, a baseline's score on a reasoning type with no query) is stored as ``{"float": "nan"}``. An
entry is believed only when every field fits the audit's declared type (``Audit.from_stored`` checks them with
``vmb.jsontypes``: text where a number goes is no audit); one that does not read as an audit is computed again
and rewritten, and one that cannot be written changes nothing but speed. The key is taken again once the audit
is computed: a benchmark whose files changed meanwhile is not stored (the figures may be of either state). What an audit stores and how it is made again are ``vmb.maker.audit.report``'s
(``Audit.stored``, ``Audit.from_stored``); the column's name is not stored: it is the caller's.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from vmb.boundedjson import JsonFileError, read_json_file
from vmb.data import Benchmark
from vmb.data.locate import data_checksum
from vmb.usercache import cache_root, code_digest

# The layout of an entry; a new layout is a new key.
LAYOUT = 1
FOLDER = "audit"
_FLOAT = "float"
T = TypeVar("T")


def entry_path(root: Path, bench: Benchmark, baselines: Sequence[str], tokens: bool) -> Path:
    """The entry of this benchmark, code and options: ``CHECKSUM-CODE-OPTIONS.json`` (see the module docstring)."""
    options = hashlib.sha256(json.dumps([LAYOUT, list(baselines), tokens]).encode()).hexdigest()
    return root / f"{data_checksum(bench.root)[:32]}-{code_digest()[:16]}-{options[:16]}.json"


def cached(bench: Benchmark, baselines: Sequence[str], tokens: bool, compute: Callable[[], T],
           save: Callable[[T], dict[str, Any]], load: Callable[[dict[str, Any]], T]) -> T:
    """The stored audit of ``bench`` under these options (made by ``load`` from what ``save`` stored), else
    ``compute()``'s, stored for the next reader."""
    root = cache_root(FOLDER)
    if root is None:
        return compute()
    entry = entry_path(root, bench, baselines, tokens)
    found = read_entry(entry, load)
    if found is not None:
        return found
    result = compute()
    # The key again, after the read: files changed while the audit was computed make it no one key's.
    if entry_path(root, bench, baselines, tokens) == entry:
        write_entry(entry, save(result))
    return result


def read_entry(entry: Path, load: Callable[[dict[str, Any]], T]) -> T | None:
    """The entry's audit; None when there is none or it does not read as one (it is then computed again)."""
    try:
        return load(_decoded(read_json_file(entry)))
    except (OSError, JsonFileError, KeyError, TypeError, ValueError, AttributeError, IndexError):
        return None


def write_entry(entry: Path, stored: dict[str, Any]) -> None:
    """Store ``stored`` as ``entry`` (written whole beside it, then renamed) and drop the benchmark's entries
    of other vmb versions (same checksum, another code digest)."""
    text = json.dumps(_encoded(stored), ensure_ascii=False, allow_nan=False)
    checksum, code, _ = entry.stem.split("-")
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        handle, made = tempfile.mkstemp(prefix=".writing-", dir=entry.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(made, entry)
        finally:
            Path(made).unlink(missing_ok=True)
        for older in entry.parent.glob(f"{checksum}-*.json"):
            if older.stem.split("-")[1] != code:
                older.unlink(missing_ok=True)
    except OSError:  # a read-only or full disk: the audit is computed as it was, only again
        return


def _encoded(value: Any) -> Any:
    """``value`` with each non-finite float tagged, so that strict JSON holds it."""
    if isinstance(value, float) and not math.isfinite(value):
        return {_FLOAT: repr(value)}
    if isinstance(value, dict):
        return {k: _encoded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_encoded(v) for v in value]
    return value


def _decoded(value: Any) -> Any:
    """What ``_encoded`` tagged, as the float it was."""
    if isinstance(value, dict):
        if value.keys() == {_FLOAT}:
            return float(value[_FLOAT])
        return {k: _decoded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_decoded(v) for v in value]
    return value
