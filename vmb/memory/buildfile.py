"""``build.json``, typed: ``BuildRecord``, what one group's memory build recorded beside its store.

Written by ``to_json`` (``vmb.harness.plan.MemoryBuilder``) and read back by ``read_build`` alone (the
builder finding a stored build, ``metric.json``'s memory figures, ``vmb memory ingest``), every field
checked against its declaration by ``vmb.jsontypes``.

Format versions (``version`` in the file):

1. key, group, setting, params, cost and (later) health: days read, replies cut off, calls refused,
   loops, a memory left empty. A file written before the key existed carries none and reads as version 1;
   one without ``cost`` counts nothing, one without ``health`` has none (built before builds recorded it),
   and its warnings are those of what it measured (an empty memory).
2. the health check (``vmb.memory.health``): health adds ``copied``, ``unchanged`` and ``warnings``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vmb.errors import VmbError
from vmb.jsontypes import JsonTypeError, check_fields, json_kind
from vmb.memory.base import BuildCost, BuildHealth

BUILD_FILE = "build.json"
BUILD_VERSION = 2


class BuildFileError(VmbError, ValueError):
    """A build.json that does not read as this vmb's ``BuildRecord``: the message names the file and field."""


@dataclass(frozen=True)
class _Layout:
    """The file's fields and their JSON types (``cost`` and ``health`` read themselves)."""

    key: str = ""
    group: int = 0
    setting: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    cost: dict[str, Any] = field(default_factory=dict)
    health: dict[str, Any] | None = None
    version: int = 1


@dataclass(frozen=True)
class BuildRecord:
    key: str  # the store's key (``MemoryBuilder.build_key``)
    group: int
    setting: str
    params: dict[str, Any]  # the setting's build parameters
    cost: BuildCost
    health: BuildHealth | None  # None: built before builds recorded their health
    version: int = BUILD_VERSION

    @property
    def warnings(self) -> list[str]:
        """The health check's warnings, as sentences."""
        return [] if self.health is None else [warning.text for warning in self.health.warnings]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "group": self.group, "setting": self.setting, "params": self.params,
                "cost": self.cost.to_json(), "health": None if self.health is None else self.health.to_json(),
                "version": self.version}

    @classmethod
    def from_json(cls, data: Any) -> BuildRecord:
        """The record of a parsed build.json; ``JsonTypeError`` naming the field of the wrong type."""
        if not isinstance(data, dict):
            raise JsonTypeError(f"it is {json_kind(data)}, not an object")
        version = data.get("version", 1)
        if type(version) is not int or not 1 <= version <= BUILD_VERSION:
            raise JsonTypeError(f"format version {version!r}; this vmb reads versions 1 to {BUILD_VERSION}")
        check_fields(_Layout, data)
        health = data.get("health")
        return cls(data.get("key", ""), data.get("group", 0), data.get("setting", ""), data.get("params", {}),
                   BuildCost.from_json(data.get("cost", {})), None if health is None else BuildHealth.from_json(health),
                   version)


def read_build(store: Path) -> BuildRecord:
    """The record of a built store (``store/build.json``), read within bounds; ``BuildFileError`` naming the file
    when it does not read as one (not JSON, nested too deep, a field of the wrong type, a later version)."""
    from vmb.boundedjson import read_json_file

    path = store / BUILD_FILE
    try:
        return BuildRecord.from_json(read_json_file(path))
    except (ValueError, RecursionError) as error:  # JsonTypeError and boundedjson's errors are ValueErrors
        raise BuildFileError(f"{path} is damaged ({error})") from None
