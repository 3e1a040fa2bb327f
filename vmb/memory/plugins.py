"""External memory systems (Mem0, MemoryBank, ...) behind one protocol; adding one takes one file.

```python
from vmb.memory.plugins import MemoryItem, MemorySystem, register

@register("mybank")
class MyBank(MemorySystem):
    version = "0.1"

    async def ingest(self, chunks):            # the group's history, one chunk per (day, hour)
        ...                                    # write under self.env.store_dir
    async def search(self, query, top_k):      # must not change what ingest stored
        return [MemoryItem(text="...", score=0.9, metadata={"date": "2025-03-03"})]
```

``vmb run --memory mybank --plugin my_module`` then ingests each group once (stored and reused
like every built memory) and gives the agent ``search_memory(query, top_k=5)``; the text it returns
is what Mem Token counts. A system whose search changes its own state (MemoryBank strengthens
recalled memories) sets ``mutates_on_search = True``: each query then searches a fresh copy of the
stored directory, so results never depend on query order. ``describe()`` (name, version, settings)
is recorded with the built memory. The systems shipped with vmb are listed in ``BUILTIN`` and
imported only when chosen.
"""

from __future__ import annotations

import importlib
import json
import shutil
import tempfile
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from vmb.memory.base import BuildContext, GroupMemory, MemoryResult, MemorySetting, MemoryTool, QueryInfo, QueryMemory
from vmb.memory.options import NoOptions, parse_options
from vmb.memory.simple import memory_section

SEARCH_TOOL = "search_memory"
DEFAULT_TOP_K = 5
SEARCH_DESCRIPTION = "Search the memory of earlier conversations."
SEARCH_PARAMETERS: dict[str, Any] = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "top_k": {"type": "integer", "minimum": 1, "default": DEFAULT_TOP_K}},
    "required": ["query"],
}

# name → the module that registers it; imported only when that system is chosen.
BUILTIN: dict[str, str] = {
    "mem0": "vmb.memory.systems.mem0",
    "memorybank": "vmb.memory.systems.memorybank",
    "memos": "vmb.memory.systems.memos",
    "lightmem": "vmb.memory.systems.lightmem",
    "memobase": "vmb.memory.systems.memobase",
    "supermemory": "vmb.memory.systems.supermemory",
}
SYSTEMS: dict[str, type[MemorySystem]] = {}

S = TypeVar("S", bound="type[MemorySystem]")


@dataclass(frozen=True)
class Chunk:
    """One slice of a group's history: every line of one (day, hour), speakers named in each line."""

    namespace: str  # one per group: "group_7"
    index: int
    start: datetime
    lines: list[str]  # "[YYYY-MM-DD HH:MM] Full Name: text", as in the release

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def speakers(self) -> list[str]:
        return sorted({line.split("] ", 1)[-1].split(":", 1)[0] for line in self.lines})


@dataclass(frozen=True)
class MemoryItem:
    text: str
    score: float | None = None
    metadata: dict[str, Any] = field(default_factory=dict)


@dataclass
class SystemEnv:
    """What a system instance gets: its namespace, its directory, and the run's model and cost."""

    namespace: str
    store_dir: Path
    build: BuildContext | None  # the build's model access and cost counters; None at evaluation


class MemorySystem(ABC):
    """An external memory system. Declares, as a setting does (``vmb.memory.options``), its ``label``,
    ``paper_name``, ``color`` and ``Options`` dataclass; ``register`` gives it its ``name``."""

    name: ClassVar[str]
    label: ClassVar[str | None] = None  # how tables and figures name it (None: its name)
    paper_name: ClassVar[str | None] = None
    color: ClassVar[str | None] = None  # None: a stable spare colour chosen from its name
    Options: ClassVar[type] = NoOptions
    version: ClassVar[str] = "0"
    mutates_on_search: ClassVar[bool] = False

    def __init__(self, settings: dict[str, Any], env: SystemEnv) -> None:
        parse_options(self.name, self.Options, settings)
        self.settings = settings  # as given; each option's default is in ``Options``
        self.env = env

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "settings": self.settings}

    @abstractmethod
    async def ingest(self, chunks: list[Chunk]) -> None:
        """Store the group's history (called once per group, chunks in order)."""

    @abstractmethod
    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        """The ``top_k`` most relevant memories, best first."""


def register(name: str) -> Callable[[S], S]:
    def decorate(cls: S) -> S:
        if name in SYSTEMS and SYSTEMS[name] is not cls:
            raise ValueError(f"memory system {name!r} is already registered by {SYSTEMS[name].__module__}")
        cls.name = name
        SYSTEMS[name] = cls
        return cls

    return decorate


def find_system(name: str) -> type[MemorySystem] | None:
    if name not in SYSTEMS and name in BUILTIN:
        importlib.import_module(BUILTIN[name])
    return SYSTEMS.get(name)


def history_chunks(group: Any) -> list[Chunk]:
    """The group's history cut into one chunk per (day, hour), in order."""
    chunks: list[Chunk] = []
    for line in group.lines:
        start = line.timestamp.replace(minute=0, second=0, microsecond=0)
        if not chunks or chunks[-1].start != start:
            chunks.append(Chunk(f"group_{group.number}", len(chunks), start, []))
        chunks[-1].lines.append(line.raw)
    return chunks


def render_items(items: list[MemoryItem]) -> str:
    return "\n".join(f"{k}. {item.text}" for k, item in enumerate(items, 1))


class PluginMemory(MemorySetting):
    """Adapts a registered ``MemorySystem`` to a memory setting (ingest = build, search = a tool)."""

    builds = True

    def __init__(self, system: type[MemorySystem], options: dict[str, Any]) -> None:
        # Not MemorySetting.__init__: the options are the system's, checked against its Options.
        self.system = system
        self.name = system.name  # type: ignore[misc]
        self.options = options
        self.settings = parse_options(system.name, system.Options, options)

    def build_params(self) -> dict[str, Any]:
        return {"setting": self.system.name, "version": self.system.version, "options": self.options}

    async def build(self, group: Any, ctx: BuildContext) -> None:
        store = ctx.directory / "store"
        store.mkdir(exist_ok=True)
        instance = self.system(self.options, SystemEnv(f"group_{group.number}", store, ctx))
        chunks = history_chunks(group)
        await instance.ingest(chunks)
        (ctx.directory / "system.json").write_text(
            json.dumps({**instance.describe(), "chunks": len(chunks)}, ensure_ascii=False, indent=1), encoding="utf-8"
        )

    def load(self, group: Any, directory: Path | None) -> GroupMemory:
        assert directory is not None, "an external memory system is loaded from its build directory"
        return _Searcher(self.system, self.options, f"group_{group.number}", directory / "store")


class _Searcher:
    """A group's ingested store at evaluation: one shared instance, or a fresh copy per search."""

    def __init__(self, system: type[MemorySystem], options: dict[str, Any], namespace: str, store: Path) -> None:
        self.system = system
        self.options = options
        self.namespace = namespace
        self.store = store
        self._shared: MemorySystem | None = None

    async def _search(self, args: dict[str, Any]) -> MemoryResult:
        top_k = int(args.get("top_k", DEFAULT_TOP_K))
        if top_k < 1:
            return MemoryResult("error: top_k must be at least 1", ok=False)
        if self.system.mutates_on_search:
            with tempfile.TemporaryDirectory(prefix="vmb-memory-") as scratch:
                copy = Path(scratch) / "store"
                shutil.copytree(self.store, copy)
                instance = self.system(self.options, SystemEnv(self.namespace, copy, None))
                items = await instance.search(args["query"], top_k)
        else:
            if self._shared is None:
                self._shared = self.system(self.options, SystemEnv(self.namespace, self.store, None))
            items = await self._shared.search(args["query"], top_k)
        text = render_items(items)
        return MemoryResult(text or "no memory matches", memory_text=text)

    def for_query(self, query: QueryInfo) -> QueryMemory:
        tool = MemoryTool(SEARCH_TOOL, SEARCH_DESCRIPTION, SEARCH_PARAMETERS, self._search)
        return QueryMemory(prompt=memory_section("plugin"), tools=[tool])
