"""Reading JSON a model wrote, with the JSON parser only and within bounds.

Model output is data: it is parsed, never evaluated. Python's parser accepts ``NaN`` and
``Infinity`` (not JSON, and they would make our own files non-strict) and recurses once per nesting
level (a reply nested 100,000 deep raises ``RecursionError``). ``loads_model_json`` refuses both with
a ``ValueError`` whose text can go back to the model.
"""

from __future__ import annotations

import json
from typing import Any

MAX_DEPTH = 64  # far deeper than any tool's arguments; shallow enough that nothing downstream recurses far


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


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
            stack.extend((child, level) for child in item)
    return deepest


def _bounded(decode: Any, *args: Any) -> Any:
    try:
        result = decode(*args)
    except RecursionError:
        raise NestingTooDeep(f"the JSON nests deeper than {MAX_DEPTH} levels") from None
    value = result[0] if isinstance(result, tuple) else result
    if depth(value) > MAX_DEPTH:
        raise NestingTooDeep(f"the JSON nests deeper than {MAX_DEPTH} levels")
    return result


def loads_model_json(text: str) -> Any:
    """``json.loads`` for text a model wrote: strict JSON, at most ``MAX_DEPTH`` levels deep."""
    return _bounded(_DECODER.decode, text)


def decode_prefix(text: str, start: int) -> tuple[Any, int]:
    """The JSON value starting at ``text[start]`` and the index just after it (``raw_decode``, bounded)."""
    return _bounded(_DECODER.raw_decode, text, start)  # type: ignore[no-any-return]


class NestingTooDeep(ValueError):
    """A value nested beyond ``MAX_DEPTH``: scanning further inside it would only meet more of it."""
