"""What a run's memory setting holds per query, and what the agent was given of it (for ``vmb.results.stages``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from vmb.boundedjson import read_json_file
from vmb.data.loader import Group, Query
from vmb.errors import VmbError
from vmb.jsontypes import json_kind
from vmb.results.record import QueryRecord


class StoreError(VmbError):
    """A run's built memory file that cannot be read as its setting writes it: one line naming the file."""


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
        summary = _built(built / "summary.json").get("summary", "")
        if not isinstance(summary, str):
            raise StoreError(f"{built / 'summary.json'}: its summary is {json_kind(summary)}, not text")
        return [summary]
    if memory == "kv":
        return [f"{k}: {v}" for k, v in _built(built / "store.json").items()]
    return [group.history_text.strip()]  # as the history setting puts it in the prompt


def _built(path: Path) -> dict[str, Any]:
    """The JSON object of one built memory file of a run, read within bounds; a ``StoreError`` naming the file
    when it is missing, damaged or not an object (a run relabelled with another memory setting, a forged store)."""
    try:
        value = read_json_file(path)
    except FileNotFoundError:
        raise StoreError(f"{path} is missing: the run's memory setting builds it (a run of another setting?)") from None
    except OSError as error:
        raise StoreError(f"{path}: cannot read it ({error.strerror or error})") from None
    except (ValueError, RecursionError) as error:
        raise StoreError(f"{path} is damaged ({str(error).removeprefix(f'{path}: ')})") from None
    if not isinstance(value, dict):
        raise StoreError(f"{path} holds {json_kind(value)}, not an object")
    return value


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
