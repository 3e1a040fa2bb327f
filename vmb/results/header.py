"""``config.json``, the head of a run directory: ``RunHeader``, read and written here.

It holds the hash of what determines the run's results (``determining``, a typed ``Determining``
hashed by ``config_hash`` of its JSON), which queries and trials it covers (``selection``), the settings that only change
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
from dataclasses import dataclass, field, fields, replace
from typing import Any, TypedDict

from vmb.errors import VmbError
from vmb.jsontypes import JsonTypeError, check_fields, declared_types, json_kind

HEADER_VERSION = 1


def config_hash(determining: Mapping[str, Any]) -> str:
    canonical = json.dumps(determining, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class RunIdentity(TypedDict):
    """Who ran what, as metric.json names the run: the configuration hash, the agent, the model, the memory setting."""

    hash: str
    agent: str
    model: str | None
    memory: str


class HeaderError(VmbError, ValueError):
    """A config.json that is not a run's header; the message says what is missing or wrong."""


@dataclass(frozen=True, kw_only=True)
class Determining:
    """Everything that can change a query's result (``RunConfig.determining`` makes it); its hash guards
    resuming. Every run wrote every field, in this order, ``memory_days`` and ``memory_built_by`` only when set (so
    that the hash of every run without them stays what it was); ``to_json`` writes exactly that, so the hash of a
    stored run's settings is the hash it was stored under."""

    agent: str
    model: str | None  # None for the offline agents
    base_url: str | None  # the endpoint's identity (a local model's weights), None offline
    server_family: str | None
    thinking: str | None
    thinking_sent: bool | None  # whether the family's thinking switch was sent
    request_params: dict[str, Any] | None  # sent with every request besides messages and tools
    max_rounds: int
    text_calls: bool
    memory: str
    memory_options: dict[str, Any]  # the setting's options as parsed, every default filled in
    memory_days: int | None = None  # builds read each group's first N days only
    # Who built the memory when the run's agent did not (vmb serve: an outside agent, its memory built by the model
    # vmb serve was given): that builder's part of the build key (``vmb.harness.plan.builder_identity``).
    memory_built_by: dict[str, Any] | None = None
    prompts: dict[str, Any]  # prompt file -> its version and checksum
    data_sha256: str  # the benchmark's checksum (``vmb.data.locate.data_checksum``)

    @property
    def hash(self) -> str:
        return config_hash(self.to_json())

    def identity(self, hash: str | None = None) -> RunIdentity:
        """metric.json's ``run``: the configuration hash (``hash``, else this one's) and who ran what."""
        return {"hash": hash or self.hash, "agent": self.agent, "model": self.model, "memory": self.memory}

    def to_json(self) -> dict[str, Any]:
        doc = {f.name: getattr(self, f.name) for f in fields(self)}
        for optional in ("memory_days", "memory_built_by"):
            if doc[optional] is None:
                del doc[optional]
        return doc

    @classmethod
    def from_json(cls, data: Any) -> Determining:
        """A header's ``determining``; ``HeaderError`` naming a field that is missing or of the wrong type."""
        if not isinstance(data, Mapping):
            raise HeaderError(f"determining is {json_kind(data)}, not an object")
        _checked(cls, data, "determining", "determining")
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})


class Operational(TypedDict, total=False):
    """The layout of a header's ``operational`` (``RunConfig.operational`` plus the benchmark directory read)."""

    data: str
    plugins: list[str]
    cache_dir: str
    prices: str | None
    concurrency: int
    retries: int
    timeout_retries: int
    timeout: float
    progress_every: float
    slow_after: float
    backoff: float
    use_cache: bool
    episode_seconds: float  # vmb serve: how long an outside agent's episode may stay open


def _checked(cls: type, data: Any, where: str, whole: str) -> None:
    try:
        check_fields(cls, data, where, whole)
    except JsonTypeError as error:
        raise HeaderError(str(error)) from None


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
        _checked(cls, data, "selection", "selection")
        if data.get("trials", 1) < 1:
            raise HeaderError("selection.trials is not a whole number of at least 1")
        given = {k: v for k, v in data.items() if k in declared_types(cls) and k != "shard" and v is not None}
        return cls(**given, shard=data.get("shard") or None)


@dataclass(frozen=True)
class RunHeader:
    """A run's ``config.json``, typed (see the module docstring)."""

    hash: str  # as stored: the hash the run was made under
    determining: Determining
    selection: Selection
    operational: dict[str, Any] = field(default_factory=dict)
    packages: dict[str, str] = field(default_factory=dict)
    created: str | None = None
    updated: str | None = None
    merged_from: list[str] | None = None  # the slices a merged run came from

    @property
    def agent(self) -> str:
        return self.determining.agent

    @property
    def model(self) -> str | None:
        return self.determining.model

    @property
    def memory(self) -> str:
        return self.determining.memory

    @property
    def data_sha256(self) -> str:
        return self.determining.data_sha256

    @property
    def data_dir(self) -> str | None:
        """The benchmark directory the run read (None for a run from before headers recorded it)."""
        data = self.operational.get("data")
        return data if isinstance(data, str) else None

    @property
    def plugins(self) -> list[str]:
        return list(self.operational.get("plugins") or [])

    def identity(self) -> RunIdentity:
        """metric.json's ``run``: the configuration hash and who ran under which memory setting."""
        return self.determining.identity(self.hash)

    def unsharded(self) -> RunHeader:
        """The header of the whole run this slice belongs to."""
        return replace(self, selection=replace(self.selection, shard=None))

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "hash": self.hash,
            "determining": self.determining.to_json(),
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
            raise HeaderError(f"it is {json_kind(doc)}, not an object")
        version = doc.get("version", 1)
        if version != HEADER_VERSION:
            raise HeaderError(f"format version {version!r}; this vmb reads version {HEADER_VERSION}")
        _checked(cls, doc, "", "config.json")
        _checked(Operational, doc.get("operational") or {}, "operational", "operational")
        merged = doc.get("merged_from")
        return cls(hash=doc["hash"], determining=Determining.from_json(doc["determining"]),
                   selection=Selection.from_json(doc["selection"]),
                   operational=doc.get("operational") or {}, packages=doc.get("packages") or {},
                   created=doc.get("created"), updated=doc.get("updated"),
                   merged_from=merged)
