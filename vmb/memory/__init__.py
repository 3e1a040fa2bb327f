"""Memory settings: what the agent knows of a group's history, and how it is built.

Built in: ``none``, ``gold``, ``summary`` (recursive summarization), ``kv`` (key-value store),
``history`` (the raw history). Any other name is an external memory system registered with
``vmb.memory.plugins.register`` (see that module for the one-file extension path).
"""

from __future__ import annotations

import hashlib
import importlib
from dataclasses import dataclass
from typing import Any

from vmb.memory.base import MemorySetting

# In the order tables and figures list them: the paper's settings floor to ceiling, then ours; the
# shipped memory systems follow (``vmb.memory.plugins.BUILTIN``), then any other by name.
SETTINGS: dict[str, str] = {
    "none": "vmb.memory.simple:NoMemory",
    "summary": "vmb.memory.summary:SummaryMemory",
    "kv": "vmb.memory.kv:KeyValueMemory",
    "gold": "vmb.memory.simple:GoldMemory",
    "history": "vmb.memory.simple:HistoryMemory",
}
# For a plugin that declares no colour: a stable one from its name, never a declared one's.
SPARE_COLORS = ("#44AA99", "#AA4499", "#999933", "#661100", "#6699CC", "#888888")


@dataclass(frozen=True)
class MemoryInfo:
    """A memory setting's identity as its class declares it."""

    name: str
    label: str
    paper_name: str | None
    color: str
    rank: tuple[int, str]  # sort key: settings, then shipped systems, then others by name


def _setting_class(name: str) -> Any:
    """The class declaring setting ``name`` (a ``MemorySetting`` or a ``MemorySystem``), or None."""
    if name in SETTINGS:
        module_name, cls_name = SETTINGS[name].split(":")
        return getattr(importlib.import_module(module_name), cls_name)
    from vmb.memory.plugins import find_system

    return find_system(name)


def describe(name: str) -> MemoryInfo:
    """Label, paper name, colour and rank of a setting; a name nobody registered gets its name as label."""
    from vmb.memory.plugins import BUILTIN

    order = [*SETTINGS, *BUILTIN]
    rank = (order.index(name), "") if name in order else (len(order), name)
    cls = _setting_class(name)
    label = getattr(cls, "label", None) or name
    color = getattr(cls, "color", None)
    if color is None:
        digest = int(hashlib.sha256(name.encode()).hexdigest(), 16)
        color = SPARE_COLORS[digest % len(SPARE_COLORS)]
    return MemoryInfo(name, label, getattr(cls, "paper_name", None), color, rank)


def from_paper_name(paper_name: str) -> str:
    """Our name for a setting the paper names ``paper_name`` (itself when none declares it)."""
    from vmb.memory.plugins import BUILTIN

    for name in [*SETTINGS, *BUILTIN]:
        if describe(name).paper_name == paper_name:
            return name
    return paper_name


def memory_names() -> list[str]:
    from vmb.memory.plugins import BUILTIN, SYSTEMS

    return [*SETTINGS, *sorted(set(BUILTIN) | set(SYSTEMS))]


def get_setting(name: str, options: dict[str, Any] | None = None) -> MemorySetting:
    """The setting called ``name`` (a built-in one or a registered memory system)."""
    options = dict(options or {})
    if name in SETTINGS:
        setting: MemorySetting = _setting_class(name)(options)
        return setting
    from vmb.memory.plugins import PluginMemory, find_system

    system = find_system(name)
    if system is None:
        raise ValueError(f"unknown memory setting {name!r}; choose from {', '.join(memory_names())} "
                         "(or load a plugin module with --plugin)")
    return PluginMemory(system, options)
