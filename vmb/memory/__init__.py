"""Memory settings: what the agent knows of a group's history, and how it is built.

Built in: ``none``, ``gold``, ``summary`` (recursive summarization), ``kv`` (key-value store),
``history`` (the raw history). Any other name is an external memory system registered with
``vmb.memory.plugins.register`` (see that module for the one-file extension path).
"""

from __future__ import annotations

import importlib
from typing import Any

from vmb.memory.base import MemorySetting

SETTINGS: dict[str, str] = {
    "none": "vmb.memory.simple:NoMemory",
    "gold": "vmb.memory.simple:GoldMemory",
    "summary": "vmb.memory.summary:SummaryMemory",
    "kv": "vmb.memory.kv:KeyValueMemory",
    "history": "vmb.memory.simple:HistoryMemory",
}


def memory_names() -> list[str]:
    from vmb.memory.plugins import BUILTIN, SYSTEMS

    return [*SETTINGS, *sorted(set(BUILTIN) | set(SYSTEMS))]


def get_setting(name: str, options: dict[str, Any] | None = None) -> MemorySetting:
    """The setting called ``name`` (a built-in one or a registered memory system)."""
    options = dict(options or {})
    if name in SETTINGS:
        module_name, cls_name = SETTINGS[name].split(":")
        cls = getattr(importlib.import_module(module_name), cls_name)
        setting: MemorySetting = cls(options)
        return setting
    from vmb.memory.plugins import PluginMemory, find_system

    system = find_system(name)
    if system is None:
        raise ValueError(f"unknown memory setting {name!r}; choose from {', '.join(memory_names())} "
                         "(or load a plugin module with --plugin)")
    return PluginMemory(system, options)
