"""``config.json``, the head of a run directory: ``RunHeader``, read and written here.

It holds the hash of what determines the run's results (``determining``, hashed by
``config_hash``), which queries and trials it covers (``selection``), the settings that only change
how fast or how robustly the results arrive (``operational``), the package versions, when it was
created and last updated, and for a merged run the slices it came from.

Format versions: config.json has had one layout (version 1, written without a ``version`` key).
Within it ``selection.trials`` and ``selection.shard`` came later (a header without them is one
trial, unsharded) and ``selection.queries`` may be missing (a header written before the count was
kept: the size of the selection is then unknown). A later layout adds a ``version`` key and a
reader of version 1 here.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from vmb.errors import VmbError

HEADER_VERSION = 1


def config_hash(determining: Mapping[str, Any]) -> str:
    canonical = json.dumps(determining, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class HeaderError(VmbError, ValueError):
    """A config.json that is not a run's header; the message says what is missing or wrong."""


@dataclass(frozen=True)
class Selection:
    """Which queries and trials a run covers."""

    groups: list[int] | None = None  # None: every group
    limit: int | None = None  # at most this many queries, in (group, index) order
    trials: int = 1
    shard: str | None = None  # ``I/N``: this run is one slice of the groups
    queries: int | None = None  # how many queries were selected (None: not recorded)

    @property
    def attempts(self) -> int | None:
        """(query, trial) pairs the run selected (None: not recorded)."""
        return None if self.queries is None else self.queries * self.trials

    def unsharded(self) -> dict[str, Any]:
        """What selects the queries, whichever slice a run is: every field but the shard and the count."""
        return {"groups": self.groups, "limit": self.limit, "trials": self.trials}

    def to_json(self) -> dict[str, Any]:
        return {"groups": self.groups, "limit": self.limit, "trials": self.trials, "shard": self.shard,
                "queries": self.queries}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Selection:
        groups = data.get("groups")
        if groups is not None and not (isinstance(groups, list) and all(isinstance(g, int) for g in groups)):
            raise HeaderError("selection.groups is not a list of group numbers")
        for name in ("limit", "queries"):
            if data.get(name) is not None and not isinstance(data[name], int):
                raise HeaderError(f"selection.{name} is not a whole number")
        trials = data.get("trials", 1)
        if not isinstance(trials, int) or trials < 1:
            raise HeaderError("selection.trials is not a whole number of at least 1")
        shard = data.get("shard")
        if shard is not None and not isinstance(shard, str):
            raise HeaderError("selection.shard is not text")
        return cls(groups=groups, limit=data.get("limit"), trials=trials, shard=shard or None,
                   queries=data.get("queries"))


@dataclass(frozen=True)
class RunHeader:
    """A run's ``config.json``, typed (see the module docstring)."""

    hash: str
    determining: dict[str, Any]  # hashed as it stands: its keys and values are those of the run that wrote it
    selection: Selection
    operational: dict[str, Any] = field(default_factory=dict)
    packages: dict[str, str] = field(default_factory=dict)
    created: str | None = None
    updated: str | None = None
    merged_from: list[str] | None = None  # the slices a merged run came from

    @property
    def agent(self) -> str:
        return str(self.determining.get("agent", "model"))

    @property
    def model(self) -> str | None:
        model = self.determining.get("model")
        return None if model is None else str(model)

    @property
    def memory(self) -> str:
        return str(self.determining.get("memory", "unknown"))

    @property
    def data_sha256(self) -> str:
        return str(self.determining["data_sha256"])

    @property
    def data_dir(self) -> str | None:
        """The benchmark directory the run read (None for a run from before headers recorded it)."""
        data = self.operational.get("data")
        return data if isinstance(data, str) else None

    @property
    def plugins(self) -> list[str]:
        return list(self.operational.get("plugins") or [])

    def identity(self) -> dict[str, Any]:
        """metric.json's ``run``: the configuration hash and who ran under which memory setting."""
        return run_identity(self.determining, self.hash)

    def unsharded(self) -> RunHeader:
        """The header of the whole run this slice belongs to."""
        return replace(self, selection=replace(self.selection, shard=None))

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "hash": self.hash,
            "determining": self.determining,
            "selection": self.selection.to_json(),
            "operational": self.operational,
            "packages": self.packages,
            "created": self.created,
            "updated": self.updated,
        }
        if self.merged_from is not None:
            doc["merged_from"] = self.merged_from
        return doc

    @classmethod
    def from_json(cls, doc: Any) -> RunHeader:
        """The header of a parsed config.json; ``HeaderError`` saying what is wrong otherwise."""
        if not isinstance(doc, dict):
            raise HeaderError(f"a JSON {type(doc).__name__}, not an object")
        version = doc.get("version", 1)
        if version != HEADER_VERSION:
            raise HeaderError(f"format version {version!r}; this vmb reads version {HEADER_VERSION}")
        for key, kind in (("hash", str), ("determining", dict), ("selection", dict)):
            if not isinstance(doc.get(key), kind):
                raise HeaderError(f"no {key} {'object' if kind is dict else 'text'}")
        if not isinstance(doc["determining"].get("data_sha256"), str):
            raise HeaderError("determining has no data_sha256")
        for key in ("operational", "packages"):
            if not isinstance(doc.get(key) or {}, dict):
                raise HeaderError(f"{key} is not an object")
        merged = doc.get("merged_from")
        return cls(hash=doc["hash"], determining=doc["determining"], selection=Selection.from_json(doc["selection"]),
                   operational=doc.get("operational") or {}, packages=doc.get("packages") or {},
                   created=doc.get("created"), updated=doc.get("updated"),
                   merged_from=None if merged is None else [str(p) for p in merged])


def run_identity(determining: Mapping[str, Any], hash: str | None = None) -> dict[str, Any]:
    """metric.json's ``run``: the configuration hash (``hash``, else computed) and who ran what."""
    return {"hash": hash or config_hash(determining), "agent": determining["agent"], "model": determining["model"],
            "memory": determining["memory"]}
