"""Memory adapters broken the ways adapters break, and one sound one: what ``vmb memory check`` must tell apart.

Each is a plugin (``--plugin broken_adapters``), the one-file extension path of docs/memory.md."""

from __future__ import annotations

import asyncio
import json
import re

from vmb.memory import register
from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem

LINES = "lines.json"


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


def ranked(lines: list[str], query: str) -> list[MemoryItem]:
    """The lines sharing a word with the query, most shared first."""
    asked = _words(query)
    shared = [(len(asked & _words(line)), line) for line in lines]
    return [MemoryItem(line, score) for score, line in sorted(shared, key=lambda pair: -pair[0]) if score]


@register
class SoundLines(MemorySystem):
    """Sound: every line kept as written, in the group's own store."""

    name = "sound-lines"
    version = "1"

    async def ingest(self, chunks: list[Chunk]) -> None:
        self.keep([line for chunk in chunks for line in chunk.lines])

    def keep(self, lines: list[str]) -> None:
        (self.env.store_dir / LINES).write_text(json.dumps(lines))

    def lines(self) -> list[str]:
        path = self.env.store_dir / LINES
        return json.loads(path.read_text()) if path.exists() else []

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        return ranked(self.lines(), query)[:top_k]


@register
class EmptyStore(SoundLines):
    """Every write refused (a rate limit swallowed), the build reported done: an empty store."""

    name = "empty-store"

    async def ingest(self, chunks: list[Chunk]) -> None:
        self.keep([])


_SHARED: list[str] = []


@register
class StockAnswer(SoundLines):
    """Answers every search with the same text, whatever it stored."""

    name = "stock-answer"

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        return [MemoryItem("No relevant memories yet.")]


@register
class LeakyStore(SoundLines):
    """One store for every group: the namespace ignored."""

    name = "leaky-store"

    async def ingest(self, chunks: list[Chunk]) -> None:
        _SHARED.extend(line for chunk in chunks for line in chunk.lines)

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        return ranked(_SHARED, query)[:top_k]


@register
class IgnoresTopK(SoundLines):
    """Every matching line, whatever top_k asks."""

    name = "ignores-top-k"

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        return ranked(self.lines(), query)


@register
class DropsWhoAndWhen(SoundLines):
    """Keeps what was said, not who said it or when."""

    name = "drops-who-and-when"

    async def ingest(self, chunks: list[Chunk]) -> None:
        self.keep([line.split(": ", 1)[1] for chunk in chunks for line in chunk.lines])


@register
class LateIngest(SoundLines):
    """Returns from ingest while the last chunk is still being written."""

    name = "late-ingest"

    async def ingest(self, chunks: list[Chunk]) -> None:
        lines = [line for chunk in chunks for line in chunk.lines]
        self.keep(lines[:-1])
        self._later = asyncio.get_running_loop().call_later(0.5, self.keep, lines)  # type: ignore[attr-defined]


@register
class RewritesOnSearch(SoundLines):
    """Reorders its store on every search (recency) without declaring mutates_on_search."""

    name = "rewrites-on-search"

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        found = await super().search(query, top_k)
        hits = {item.text for item in found}
        lines = self.lines()
        self.keep([line for line in lines if line not in hits] + [line for line in lines if line in hits])
        return found


@register
class CrashesOnSearch(SoundLines):
    """A bug in the adapter: every search raises."""

    name = "crashes-on-search"

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        return [MemoryItem(line) for line in self.lines()[str(top_k)]]  # type: ignore[index]  # a bug: a list read as a dict


@register
class CrashesOnIngest(SoundLines):
    """A bug in the adapter: ingest raises."""

    name = "crashes-on-ingest"

    async def ingest(self, chunks: list[Chunk]) -> None:
        raise KeyError("namespace")
