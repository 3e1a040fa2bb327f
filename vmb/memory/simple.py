"""Settings with nothing to build: ``none`` (the floor), ``gold`` (the query's gold memory) and
``history`` (the whole raw history, for long-context models; beyond the paper)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from vmb.memory.base import GroupMemory, MemorySetting, QueryInfo, QueryMemory
from vmb.memory.options import NoOptions
from vmb.prompts import load_prompt

if TYPE_CHECKING:
    from vmb.data import Group


def memory_section(setting: str, memory: str = "") -> str:
    section = load_prompt("memory").section(setting)
    return section.render(memory=memory) if "$memory" in section.body else section.render()


@dataclass(frozen=True)
class _Fixed:
    """The same memory for every query of the group."""

    memory: QueryMemory

    def for_query(self, query: QueryInfo) -> QueryMemory:
        return self.memory


class _Gold:
    def for_query(self, query: QueryInfo) -> QueryMemory:
        return QueryMemory(prompt=memory_section("gold", query.gold_memory), injected=query.gold_memory)


class NoMemory(MemorySetting[NoOptions]):
    name = "none"
    label = "no memory"
    color = "#999999"
    reads_history = False

    def load(self, group: Group, directory: Path | None) -> GroupMemory:
        return _Fixed(QueryMemory(prompt=memory_section("none")))


class GoldMemory(MemorySetting[NoOptions]):
    name = "gold"
    label = "gold memory"
    paper_name = "gold_memory"
    color = "#E69F00"
    reads_history = False

    def load(self, group: Group, directory: Path | None) -> GroupMemory:
        return _Gold()


class HistoryMemory(MemorySetting[NoOptions]):
    name = "history"
    label = "full history"
    color = "#CC79A7"

    def load(self, group: Group, directory: Path | None) -> GroupMemory:
        text = group.history_text.strip()
        return _Fixed(QueryMemory(prompt=memory_section("history", text), injected=text))
