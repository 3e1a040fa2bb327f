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
3. ``model`` and ``base_url``, the endpoint that built it (as the run's ``config.json`` records them): a
   later build of the setting on the same endpoint says its time before it starts from this one's pace
   (``pace_of``). Earlier files have neither and give no pace.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vmb.errors import VmbError
from vmb.jsontypes import JsonTypeError, check_fields, json_kind
from vmb.memory.base import BuildCost, BuildHealth

BUILD_FILE = "build.json"
BUILD_VERSION = 3


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
    model: str = ""
    base_url: str = ""
    version: int = 1


@dataclass(frozen=True)
class BuildRecord:
    key: str  # the store's key (``MemoryBuilder.build_key``)
    group: int
    setting: str
    params: dict[str, Any]  # the setting's build parameters
    cost: BuildCost
    health: BuildHealth | None  # None: built before builds recorded their health
    model: str = ""  # the endpoint that built it ("" before version 3, and for an offline agent)
    base_url: str = ""
    version: int = BUILD_VERSION

    @property
    def warnings(self) -> list[str]:
        """The health check's warnings, as sentences."""
        return [] if self.health is None else [warning.text for warning in self.health.warnings]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "group": self.group, "setting": self.setting, "params": self.params,
                "cost": self.cost.to_json(), "health": None if self.health is None else self.health.to_json(),
                "model": self.model, "base_url": self.base_url, "version": self.version}

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
                   data.get("model", ""), data.get("base_url", ""), version)


def read_build(store: Path) -> BuildRecord:
    """The record of a built store (``store/build.json``), read within bounds; ``BuildFileError`` naming the file
    when it does not read as one (not JSON, nested too deep, a field of the wrong type, a later version)."""
    from vmb.boundedjson import read_json_file

    path = store / BUILD_FILE
    try:
        return BuildRecord.from_json(read_json_file(path))
    except (ValueError, RecursionError) as error:  # JsonTypeError and boundedjson's errors are ValueErrors
        raise BuildFileError(f"{path} is damaged ({error})") from None


# The earlier builds an endpoint's pace is read from: enough for a steady figure, and a store of thousands of
# builds is not read whole before a run starts (files of other endpoints and settings count among those looked at).
PACE_BUILDS = 20
PACE_FILES = 200


@dataclass(frozen=True)
class Pace:
    """How fast earlier builds of one setting went on one endpoint: the model's seconds per request they sent
    (a reply the request cache answered took none) and the model calls a day of history took."""

    builds: int
    per_call: float
    calls_per_day: float

    @property
    def per_day(self) -> float:
        return self.per_call * self.calls_per_day


def pace_of(setting_store: Path, model: str, base_url: str) -> Pace | None:
    """The pace of the builds in ``setting_store`` (one setting's part of the memory store) made by ``model`` at
    ``base_url``, or None when none of the files looked at sent a request there (a damaged one is passed over:
    the pace is an estimate, and the build that needs the file says what is wrong with it)."""
    if not model:
        return None
    seconds = requests = calls = days = builds = 0.0
    for path in itertools.islice(setting_store.glob(f"*/group_*/{BUILD_FILE}"), PACE_FILES):
        try:
            record = read_build(path.parent)
        except BuildFileError:
            continue
        health, usage = record.health, record.cost.usage
        if (record.model, record.base_url) != (model, base_url) or health is None or not health.days or \
                not usage.requests:
            continue
        seconds, requests, calls, days = (seconds + usage.seconds, requests + usage.requests,
                                          calls + record.cost.model_calls, days + health.days)
        builds += 1
        if builds == PACE_BUILDS:
            break
    return Pace(int(builds), seconds / requests, calls / days) if builds and seconds else None
