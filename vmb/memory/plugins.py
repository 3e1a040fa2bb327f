"""External memory systems (Mem0, MemoryBank, ...): memory settings that ingest and search; one file each.

```python
from dataclasses import dataclass
from typing import Literal

from vmb.memory import register
from vmb.memory.plugins import MemoryItem, MemorySystem, by_day

@dataclass(frozen=True)
class MyBankOptions:
    ranking: Literal["recent", "similar"] = "similar"   # --memory-option ranking=recent

@register
class MyBank(MemorySystem[MyBankOptions]):
    name = "mybank"
    version = "0.1"

    async def ingest(self, chunks):            # the group's history, one chunk per (day, hour)
        for chunk in by_day(chunks, self.env.build):  # the run's progress follows the days read
            ...                                # write under self.env.store_dir; read self.options.ranking
        self.env.build.kept(count)             # how many memories it kept, if it can tell (0: a warning)
    async def search(self, query, top_k):      # must not change what ingest stored
        return [MemoryItem(text="...", score=0.9, metadata={"date": "2025-03-03"})]
```

A memory system is a memory setting like ``summary`` or ``kv`` (the same declarations: ``name``,
``label``, ``paper_name``, ``color``, its options as the type argument, found in the same registry,
``vmb.memory``); its build is ``ingest`` and its evaluation a ``search_memory(query, top_k=5)`` tool.
``vmb run --memory mybank --plugin my_module`` then ingests each group once (stored and reused
like every built memory); the text the tool returns is what Mem Token counts. The options arrive
parsed (``self.options``, a ``MyBankOptions``): an unknown key, a wrong type or a choice outside the
``Literal`` is refused before anything runs. Each group's ingest and search run on an instance of
its own (``at``: the same options, ``self.env`` naming the group's store). A system whose search
changes its own state (MemoryBank strengthens recalled memories) sets ``mutates_on_search = True``:
each query then searches a fresh copy of the stored directory, so results never depend on query
order. ``describe()`` (name, version, options) is recorded with the built memory.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import tempfile
from abc import abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from vmb.memory.base import BuildContext, GroupMemory, MemoryResult, MemorySetting, MemoryTool, QueryInfo, QueryMemory
from vmb.memory.options import non_default
from vmb.memory.simple import memory_section

if TYPE_CHECKING:
    from vmb.data import Group

SEARCH_TOOL = "search_memory"
DEFAULT_TOP_K = 5
SEARCH_DESCRIPTION = "Search the memory of earlier conversations."
SEARCH_PARAMETERS: dict[str, Any] = {
    "type": "object",
    "properties": {"query": {"type": "string"}, "top_k": {"type": "integer", "minimum": 1, "default": DEFAULT_TOP_K}},
    "required": ["query"],
}

OptionsT = TypeVar("OptionsT")


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
    """The group's store a system instance works on, and the run's model and cost while building."""

    namespace: str
    store_dir: Path
    build: BuildContext | None  # the build's model access and cost counters; None at evaluation


class MemorySystem(MemorySetting[OptionsT]):
    """An external memory system: a memory setting whose build ingests the group's history and whose
    evaluation searches it. Declares what every setting declares (``vmb.memory.base.MemorySetting``)
    plus its ``version``; implements ``ingest`` and ``search``."""

    builds = True
    version: ClassVar[str] = "0"
    mutates_on_search: ClassVar[bool] = False
    env: SystemEnv  # the group's store this instance ingests into or searches (set by ``at``)

    def at(self, env: SystemEnv) -> Self:
        """An instance of its own for one group's store, with the same options."""
        instance = type(self)(self.options)
        instance.env = env
        return instance

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "version": self.version, "settings": dataclasses.asdict(self.options)}  # type: ignore[call-overload]

    @abstractmethod
    async def ingest(self, chunks: list[Chunk]) -> None:
        """Store the group's history (called once per group, chunks in order)."""

    @abstractmethod
    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        """The ``top_k`` most relevant memories, best first."""

    def build_params(self) -> dict[str, Any]:
        return {"setting": self.name, "version": self.version, "options": non_default(self.options)}

    async def build(self, group: Group, ctx: BuildContext) -> None:
        store = ctx.directory / "store"
        store.mkdir(exist_ok=True)
        instance = self.at(SystemEnv(f"group_{group.number}", store, ctx))
        chunks = history_chunks(group)
        await instance.ingest(chunks)
        (ctx.directory / "system.json").write_text(
            json.dumps({**instance.describe(), "chunks": len(chunks)}, ensure_ascii=False, indent=1), encoding="utf-8"
        )

    def load(self, group: Group, directory: Path | None) -> GroupMemory:
        assert directory is not None, "an external memory system is loaded from its build directory"
        return _Searcher(self, f"group_{group.number}", directory / "store")


def history_chunks(group: Group) -> list[Chunk]:
    """The group's history cut into one chunk per (day, hour), in order."""
    chunks: list[Chunk] = []
    for line in group.lines:
        start = line.timestamp.replace(minute=0, second=0, microsecond=0)
        if not chunks or chunks[-1].start != start:
            chunks.append(Chunk(f"group_{group.number}", len(chunks), start, []))
        chunks[-1].lines.append(line.raw)
    return chunks


def by_day(chunks: list[Chunk], build: BuildContext | None) -> Iterator[Chunk]:
    """The chunks in order; once the last chunk of a day has been handled, the build's progress counts
    that day read (``BuildContext.day_done``). A system's ingest loops over this, not the bare list."""
    for position, chunk in enumerate(chunks):
        yield chunk
        day = chunk.start.date()
        if build is not None and (position + 1 == len(chunks) or chunks[position + 1].start.date() != day):
            build.day_done(day.isoformat())


def render_items(items: list[MemoryItem]) -> str:
    return "\n".join(f"{k}. {item.text}" for k, item in enumerate(items, 1))


class _Searcher:
    """A group's ingested store at evaluation: one shared instance, or a fresh copy per search."""

    def __init__(self, system: MemorySystem[Any], namespace: str, store: Path) -> None:
        self.system = system
        self.namespace = namespace
        self.store = store
        self._shared: MemorySystem[Any] | None = None

    async def items(self, query: str, top_k: int) -> list[MemoryItem]:
        """What the system returns for ``query``, searched as every run searches it."""
        if self.system.mutates_on_search:
            with tempfile.TemporaryDirectory(prefix="vmb-memory-") as scratch:
                copy = Path(scratch) / "store"
                shutil.copytree(self.store, copy)
                return await self.system.at(SystemEnv(self.namespace, copy, None)).search(query, top_k)
        if self._shared is None:
            self._shared = self.system.at(SystemEnv(self.namespace, self.store, None))
        return await self._shared.search(query, top_k)

    async def _search(self, args: dict[str, Any]) -> MemoryResult:
        top_k = int(args.get("top_k", DEFAULT_TOP_K))
        if top_k < 1:
            return MemoryResult("error: top_k must be at least 1", ok=False)
        text = render_items(await self.items(args["query"], top_k))
        return MemoryResult(text or "no memory matches", memory_text=text)

    def for_query(self, query: QueryInfo) -> QueryMemory:
        tool = MemoryTool(SEARCH_TOOL, SEARCH_DESCRIPTION, SEARCH_PARAMETERS, self._search)
        return QueryMemory(prompt=memory_section("plugin"), tools=[tool])
