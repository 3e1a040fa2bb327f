"""What a run's memory setting holds per query, and what the agent was given of it (for ``vmb.results.stages``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from vmb.data.loader import Group, Query
from vmb.results.record import QueryRecord


def store_text(memory: str, run_memory_dir: Path, group: Group, gold_memory: str) -> list[str]:
    """The texts the memory setting holds for one query of ``group``.

    ``none`` holds nothing; ``gold`` the query's gold memory; ``history`` the history; ``summary``
    and ``kv`` their built files; an external system what it ingested (its own store is opaque:
    the history, cut into the chunks it was given).
    """
    if memory == "none":
        return []
    if memory == "gold":
        return [gold_memory]
    built = run_memory_dir / f"group_{group.number}"
    if memory == "summary":
        return [json.loads((built / "summary.json").read_text(encoding="utf-8")).get("summary", "")]
    if memory == "kv":
        store = json.loads((built / "store.json").read_text(encoding="utf-8"))
        return [f"{k}: {v}" for k, v in store.items()]
    return [group.history_text.strip()]  # as the history setting puts it in the prompt


_ITEM = re.compile(r"^\d+\. ", re.MULTILINE)


def result_items(text: str) -> list[str]:
    """The items of one memory tool result: numbered items (``search_memory``), else its lines."""
    starts = [m.start() for m in _ITEM.finditer(text)]
    if starts:
        return [text[a:b].strip() for a, b in zip(starts, [*starts[1:], len(text)])]
    return [line for line in text.splitlines() if line.strip()]


def memory_results(record: QueryRecord) -> list[str]:
    """The text of each memory tool result of a record (the tool results list only says what was called)."""
    replies = {m.get("tool_call_id"): m.get("content") for m in record.messages if m.get("role") == "tool"}
    return [str(replies.get(r.id) or "") for r in record.tool_results if r.kind == "memory"]


class Stores:
    """What one run's memory setting holds per query (``store_text``), each group's built store read once."""

    def __init__(self, memory: str, memory_dir: Path, group: Callable[[int], Group]) -> None:
        self.memory = memory
        self.memory_dir = memory_dir
        self.group = group  # group number -> the benchmark's group
        self._texts: dict[int, list[str]] = {}

    def texts(self, query: Query) -> list[str]:
        if self.memory == "gold":
            return [query.gold_memory]
        if query.group not in self._texts:
            self._texts[query.group] = store_text(self.memory, self.memory_dir, self.group(query.group), "")
        return self._texts[query.group]
