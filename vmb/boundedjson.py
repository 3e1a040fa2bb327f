"""The one JSON reader for everything vmb reads from outside: model replies, run files, bundles, benchmarks.

JSON from outside is data: it is parsed by the JSON parser only, never evaluated, and within bounds. Python's
parser accepts ``NaN`` and ``Infinity`` (not JSON, and they would make our own files non-strict), reads a
file of any size, and recurses once per nesting level (a value nested 100,000 deep raises ``RecursionError``,
and one nested a few hundred deep makes every reader after it recurse as far). Here:

- ``loads_model_json`` and ``decode_prefix`` read text a model wrote; they raise ``JsonLimit`` (a
  ``ValueError``), whose text goes back to the model.
- ``load_json_text`` and ``read_json_file`` read a file's text: at most ``max_bytes`` (read no further) and
  ``max_depth`` levels (counted before the parser sees it), strict JSON in UTF-8; anything else is one
  ``JsonFileError`` line naming the file (and the line of a JSON Lines file).
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

from vmb.errors import VmbError

MAX_DEPTH = 64  # far deeper than any file or tool arguments vmb writes; shallow enough that no reader recurses far
# A file from outside is read whole only up to this size: a 500-query run's results.jsonl is about 2.5 MB,
# a bundle's largest member the same; callers with larger legitimate files pass their own bound.
MAX_FILE_BYTES = 256 * 2**20

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonLimit(ValueError):
    """Text that is not strict JSON within the bounds: a non-JSON constant or nesting beyond the limit."""


class JsonTooDeep(JsonLimit):
    """A value nested beyond the limit: scanning further inside it would only meet more of it."""


class JsonFileError(VmbError, ValueError):
    """A file (or one line of it) from outside that is not strict JSON within the bounds, named in one line."""


def _refuse_constant(name: str) -> Any:
    raise JsonLimit(f"{name} is not a JSON value")


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """One object whose keys are each given once: two readers never see two values of one field."""
    value = dict(pairs)
    if len(value) != len(pairs):
        keys = [key for key, _ in pairs]
        twice = next(key for n, key in enumerate(keys) if key in keys[:n])
        raise JsonLimit(f"the key {twice[:80]!r} is given twice in one object")
    return value


# For the files that name what a run or bundle is (a manifest, a run's config.json): a key given twice would be read
# as its last value here and as its first by another reader (a reviewer's tool), so it is refused.
_UNIQUE_DECODER = json.JSONDecoder(parse_constant=_refuse_constant, object_pairs_hook=_unique)


def depth(value: Any) -> int:
    """Nesting depth of a parsed JSON value (a scalar is 0), without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            level += 1
            deepest = max(deepest, level)
            stack.extend([(child, level) for child in item])
    return deepest


def text_depth(text: str) -> int:
    """The deepest bracket nesting of JSON text outside its strings, counted without parsing it.

    Regular expressions and ``accumulate`` do the counting in C: a 2.5 MB file costs a few milliseconds
    and no Python call per character. Unbalanced text gives some number; the parser then refuses it.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def _too_deep(limit: int) -> JsonTooDeep:
    return JsonTooDeep(f"the JSON nests deeper than {limit} levels")


def _bounded(decode: Any, *args: Any) -> Any:
    try:
        result = decode(*args)
    except RecursionError:
        raise _too_deep(MAX_DEPTH) from None
    value = result[0] if isinstance(result, tuple) else result
    if depth(value) > MAX_DEPTH:
        raise _too_deep(MAX_DEPTH)
    return result


def loads_model_json(text: str) -> Any:
    """``json.loads`` for text a model wrote: strict JSON, at most ``MAX_DEPTH`` levels deep."""
    return _bounded(_DECODER.decode, text)


def decode_prefix(text: str, start: int) -> tuple[Any, int]:
    """The JSON value starting at ``text[start]`` and the index just after it (``raw_decode``, bounded)."""
    return _bounded(_DECODER.raw_decode, text, start)


_LENIENT = json.JSONDecoder()


def parse_bounded(text: str, *, max_depth: int = MAX_DEPTH, constants: bool = False,
                  unique_keys: bool = False) -> Any:
    """Strict JSON text nested at most ``max_depth`` levels, checked before parsing; ``JsonLimit`` or
    ``json.JSONDecodeError`` (a ``ValueError`` too) otherwise. ``constants`` lets ``NaN`` and ``Infinity``
    through, for an endpoint's reply envelope, whose numbers are read and made strict where they are kept;
    ``unique_keys`` refuses an object that gives one key twice."""
    if text_depth(text) > max_depth:
        raise _too_deep(max_depth)
    try:
        return (_LENIENT if constants else _UNIQUE_DECODER if unique_keys else _DECODER).decode(text)
    except RecursionError:  # cannot happen after the count; kept so no traceback ever escapes
        raise _too_deep(max_depth) from None


def _where(name: str, line: int | None) -> str:
    return f"{name} line {line}" if line is not None else name


def _size(count: int) -> str:
    return f"{count / 2**20:,.1f} MiB" if count >= 2**20 else f"{count:,} bytes"


def load_json_text(data: str | bytes, name: str, *, line: int | None = None, max_bytes: int = MAX_FILE_BYTES,
                   max_depth: int = MAX_DEPTH, unique_keys: bool = False) -> Any:
    """The JSON value of ``data`` (one file's or one line's text, from ``name``), or one ``JsonFileError``
    line naming ``name`` (and ``line``): too large, not UTF-8, nested too deep, not strict JSON."""
    where = _where(name, line)
    if len(data) > max_bytes:
        raise JsonFileError(f"{where}: larger than {_size(max_bytes)}; not read")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise JsonFileError(f"{where}: not UTF-8 text (byte {error.start})") from None
    try:
        return parse_bounded(data, max_depth=max_depth, unique_keys=unique_keys)
    except json.JSONDecodeError as error:
        raise JsonFileError(f"{where}: not JSON ({error.msg} at line {error.lineno} column {error.colno})") \
            from None
    except JsonLimit as error:
        raise JsonFileError(f"{where}: {error}") from None


def read_json_file(path: Path, name: str | None = None, *, max_bytes: int = MAX_FILE_BYTES,
                   max_depth: int = MAX_DEPTH, unique_keys: bool = False) -> Any:
    """The JSON value of the file at ``path``, reading no more than ``max_bytes`` + 1 bytes of it; ``name``
    (the path by default) is how the one-line error names it. An ``OSError`` of the read passes through."""
    with path.open("rb") as handle:
        data = handle.read(max_bytes + 1)
    return load_json_text(data, name if name is not None else str(path), max_bytes=max_bytes,
                          max_depth=max_depth, unique_keys=unique_keys)
