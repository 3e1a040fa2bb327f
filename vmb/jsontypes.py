"""Checking a parsed JSON value against a declared type: the one validator of the run files' readers
(and of a made benchmark's ``metadata.json``, ``vmb.data.metadata``: it sits in the lowest layer for that).

A record of ``results.jsonl`` (``QueryRecord``), a ``config.json`` (``RunHeader`` and its ``Selection``)
and a score are dataclasses; their fields' type hints are the layout. ``check_fields`` reads those hints
(and a ``TypedDict`` for an object whose keys are declared but not a dataclass, such as a header's
``determining``), so a field added to a dataclass is checked without a line here. A value of the wrong
type is a ``JsonTypeError`` naming the field by its path (``messages[0]``, ``determining.memory``) and
what it is: a reader turns that into one line naming the file, the line and the field.

A nested type that reads itself (a class with ``from_json``) is only required to be an object here; its
own reader checks its fields.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any

from vmb.errors import VmbError


class JsonTypeError(VmbError, ValueError):
    """A JSON value that is not of its declared type; the message names the field and what it holds."""


_JSON_NAMES = {dict: "an object", list: "a list", str: "text", bool: "true or false", int: "a whole number",
               float: "a number", type(None): "null"}


def json_kind(value: Any) -> str:
    """What a parsed JSON value is, in words (``an object``, ``text``, ``null``, ...)."""
    for kind, name in _JSON_NAMES.items():
        if type(value) is kind:
            return name
    return f"a {type(value).__name__}"


_HINTS: dict[type, dict[str, Any]] = {}


def declared_types(cls: type) -> dict[str, Any]:
    """The resolved type hints of a dataclass or ``TypedDict`` (kept: they never change)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _reads_itself(hint: Any) -> bool:
    return isinstance(hint, type) and hasattr(hint, "from_json")


def is_typed_dict(hint: Any) -> bool:
    """Whether ``hint`` is a ``TypedDict`` (an object whose keys are declared)."""
    return isinstance(hint, type) and issubclass(hint, dict) and hasattr(hint, "__required_keys__")


def describe(hint: Any) -> str:
    """A declared type in words, for the message."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(describe(arg) for arg in typing.get_args(hint))
    if origin in (list, tuple):
        return "a list"
    if origin in (dict, Mapping) or hint is dict or _reads_itself(hint) or dataclasses.is_dataclass(hint) \
            or is_typed_dict(hint):
        return "an object"
    return _JSON_NAMES.get(hint, "a value")


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` (parsed JSON) is of the declared type ``hint``, nested values included."""
    try:
        check(value, hint, "value")
    except JsonTypeError:
        return False
    return True


def check(value: Any, hint: Any, where: str) -> None:
    """``JsonTypeError`` unless ``value`` is of type ``hint``; ``where`` names the field in the message."""
    if hint is Any:
        return
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if not any(fits(value, arg) for arg in args):
            # A member of the value's JSON kind says best what is wrong inside it (a list of the wrong items).
            for arg in args:
                if describe(arg) == json_kind(value):
                    check(value, arg, where)
            raise JsonTypeError(f"{where} is {json_kind(value)}, not {describe(hint)}")
        return
    if hint is type(None) or hint is None:
        ok = value is None
    elif hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif hint in (str, bool):
        ok = isinstance(value, hint)
    elif origin in (list, tuple):
        ok = isinstance(value, list)
        if ok:
            for i, item in enumerate(value):
                check(item, args[0] if args else Any, f"{where}[{i}]")
    elif origin in (dict, Mapping) or hint is dict:
        ok = isinstance(value, dict)
        if ok and len(args) == 2:
            for key, item in value.items():
                check(item, args[1], f"{where}.{key}")
    elif is_typed_dict(hint) or (dataclasses.is_dataclass(hint) and not _reads_itself(hint)):
        ok = isinstance(value, dict)
        if ok:
            check_fields(hint, value, where)
    elif _reads_itself(hint):
        ok = isinstance(value, dict)
    else:
        ok = isinstance(value, hint)
    if not ok:
        raise JsonTypeError(f"{where} is {json_kind(value)}, not {describe(hint)}")


def required_fields(cls: type) -> frozenset[str]:
    """The keys a layout cannot do without: a dataclass's fields without a default, a ``TypedDict``'s required keys."""
    if dataclasses.is_dataclass(cls):
        return frozenset(f.name for f in dataclasses.fields(cls)
                         if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
    return frozenset(getattr(cls, "__required_keys__", ()))


def check_fields(cls: type, data: Mapping[str, Any], where: str = "", whole: str = "it") -> None:
    """Check every declared field ``data`` holds against its type, and that the required ones are there.

    ``where`` names ``data`` inside its file ('' at the top, then ``whole`` names it). Keys not declared
    are left alone (a later version's addition, or a reader's note).
    """
    prefix = f"{where}." if where else ""
    missing = sorted(required_fields(cls) - set(data))
    if missing:
        raise JsonTypeError(f"{where or whole} lacks {', '.join(missing)}")
    for name, hint in declared_types(cls).items():
        if name in data:
            check(data[name], hint, prefix + name)
