"""A memory setting's identity and options, declared once on its class.

Every setting (built in or a plugin's memory system) declares on its class: ``name``, ``label`` (how
tables and figures name it), ``paper_name`` (the paper's name for it, when the paper has it),
``color`` (its colour in every figure) and ``Options``, a dataclass of the options it takes.
``--memory-option KEY=VALUE`` pairs are checked against ``Options`` before anything runs: an unknown
key, a value of the wrong type or a choice outside a field's ``Literal[...]`` is refused with one line
listing the valid options. A number must be finite, and at least the bound a field declares as
``field(..., metadata={AT_LEAST: 1})``. The setting receives the parsed dataclass, never the dict.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from typing import Any, Literal, Union

from vmb.bounds import number_problem
from vmb.errors import OptionError

AT_LEAST = "at_least"  # an Options field's metadata key: the smallest value it takes


@dataclasses.dataclass(frozen=True)
class NoOptions:
    """A setting that takes no options."""



def _accepts(kind: Any, value: Any) -> bool:
    if kind is Any:
        return True
    origin = typing.get_origin(kind)
    if origin in (Union, types.UnionType):
        return any(_accepts(arm, value) for arm in typing.get_args(kind))
    if kind is type(None):
        return value is None
    if origin is Literal:
        return any(value == choice and type(value) is type(choice) for choice in typing.get_args(kind))
    if origin is not None:  # dict[str, Any], list[str], ...
        return isinstance(value, origin)
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _type_name(kind: Any) -> str:
    if typing.get_origin(kind) in (Union, types.UnionType):
        return " or ".join(_type_name(arm) for arm in typing.get_args(kind))
    if typing.get_origin(kind) is Literal:
        return " or ".join(repr(choice) for choice in typing.get_args(kind))
    if kind is type(None):
        return "null"
    return getattr(kind, "__name__", str(kind))


def _default(field: dataclasses.Field[Any]) -> Any:
    if field.default is not dataclasses.MISSING:
        return field.default
    return field.default_factory() if field.default_factory is not dataclasses.MISSING else None


def describe_options(options: type) -> str:
    """``name (type, default value), ...``: the valid options, for an error line or ``vmb memory list``."""
    hints = typing.get_type_hints(options)
    parts = [f"{field.name} ({_type_name(hints[field.name])}, default {_default(field)!r})"
             for field in dataclasses.fields(options)]
    return ", ".join(parts) or "none"


def every_option(options: Any) -> dict[str, Any]:
    """Every option with its parsed value, defaults filled in (what a run's hash covers)."""
    return {field.name: getattr(options, field.name) for field in dataclasses.fields(options)}


def non_default(options: Any) -> dict[str, Any]:
    """The options that differ from their declared defaults (what a built memory is keyed by)."""
    return {field.name: getattr(options, field.name) for field in dataclasses.fields(options)
            if getattr(options, field.name) != _default(field)}


def parse_options(setting: str, options: type[Any], given: Mapping[str, Any]) -> Any:
    """``given`` as an instance of the ``options`` dataclass, or one line naming what is wrong."""
    hints = typing.get_type_hints(options)
    fields = {f.name for f in dataclasses.fields(options)}
    unknown = sorted(set(given) - fields)
    if unknown:
        raise OptionError(f"memory setting {setting!r}: unknown option(s) {', '.join(unknown)}; "
                          f"valid: {describe_options(options)}")
    declared = {f.name: f for f in dataclasses.fields(options)}
    for key, value in given.items():
        if not _accepts(hints[key], value):
            raise OptionError(f"memory setting {setting!r}: option {key} takes {_type_name(hints[key])}, "
                              f"got {value!r}; valid: {describe_options(options)}")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            problem = number_problem(key, value, declared[key].metadata.get(AT_LEAST, -float("inf")))
            if problem is not None:
                raise OptionError(f"memory setting {setting!r}: option {problem}")
    return options(**{key: _normalized(hints[key], value) for key, value in given.items()})


def _normalized(kind: Any, value: Any) -> Any:
    """A whole number given for a field that takes a float, as a float: ``strength=2`` is ``strength=2.0``
    (one spelling of one value, so both key the same built memory)."""
    arms = typing.get_args(kind) if typing.get_origin(kind) in (Union, types.UnionType) else (kind,)
    if type(value) is int and float in arms and int not in arms:
        return float(value)
    return value
