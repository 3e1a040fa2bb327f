"""Memory settings: what the agent knows of a group's history, and how it is built; one registry.

Built in: ``none``, ``gold``, ``summary`` (recursive summarization), ``kv`` (key-value store),
``history`` (the raw history), and the external memory systems shipped with vmb (``mem0``,
``memorybank``, ...: ``vmb.memory.plugins``). A plugin module adds its own with ``@register``
(``--plugin MODULE`` imports it). Every one is a ``vmb.memory.base.MemorySetting`` declaring its
name, label, paper name, colour and options on its class.
"""

from __future__ import annotations

import hashlib
import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from vmb.bounds import did_you_mean
from vmb.errors import OptionError
from vmb.memory.base import MemorySetting

# Every setting shipped with vmb → the class declaring it, imported only when the setting is used.
# In the order tables and figures list them: the paper's settings floor to ceiling, then ours, then
# the memory systems; a plugin's follow by name.
SHIPPED: dict[str, str] = {
    "none": "vmb.memory.simple:NoMemory",
    "summary": "vmb.memory.summary:SummaryMemory",
    "kv": "vmb.memory.kv:KeyValueMemory",
    "gold": "vmb.memory.simple:GoldMemory",
    "history": "vmb.memory.simple:HistoryMemory",
    "mem0": "vmb.systems.mem0:Mem0",
    "memorybank": "vmb.systems.memorybank:MemoryBank",
    "memos": "vmb.systems.memos:MemOS",
    "lightmem": "vmb.systems.lightmem:LightMem",
    "memobase": "vmb.systems.memobase:Memobase",
    "supermemory": "vmb.systems.supermemory:Supermemory",
    "http": "vmb.memory.http:HttpMemory",
}
# The settings whose code is an extra's (the folders ``vmb.extras.EXTRAS`` declares): each module imports
# without the extra's packages (they are imported when a store is built or searched), so a run's label and
# colour read anywhere; building or searching one without them is one line naming the install command.
# Settings registered by plugin modules (``@register``), by name.
REGISTERED: dict[str, type[MemorySetting[Any]]] = {}
# For a setting that declares no colour: a stable one from its name, never a declared one's.
SPARE_COLORS = ("#44AA99", "#AA4499", "#999933", "#661100", "#6699CC", "#888888")

C = TypeVar("C", bound=type[MemorySetting[Any]])


def register(cls: C) -> C:
    """Make a plugin's setting (its class declares ``name``) choosable as ``--memory NAME``."""
    name = cls.name
    if name in SHIPPED or REGISTERED.get(name, cls) is not cls:
        owner = SHIPPED[name].split(":")[0] if name in SHIPPED else REGISTERED[name].__module__
        raise OptionError(f"memory setting {name!r} is already registered by {owner}")
    REGISTERED[name] = cls
    return cls


def load_plugins(modules: Iterable[str]) -> None:
    """Import each module named by ``--plugin`` (it registers its memory systems), or say in one line why not."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as error:
            raise OptionError(f"--plugin {module}: cannot import it ({error})") from None


def find(name: str) -> type[MemorySetting[Any]] | None:
    """The class declaring setting ``name``, or None when nobody registered it."""
    if name in SHIPPED:
        from vmb import extras

        cls: type[MemorySetting[Any]] = extras.load(SHIPPED[name], None, f"--memory {name}")
        return cls
    return REGISTERED.get(name)


@dataclass(frozen=True)
class MemoryInfo:
    """A memory setting's identity as its class declares it."""

    name: str
    label: str
    paper_name: str | None
    color: str
    rank: tuple[int, str]  # sort key: shipped settings in their order, then others by name


def memory_info(name: str) -> MemoryInfo:
    """Label, paper name, colour and rank of a setting; a name nobody registered gets its name as label."""
    order = list(SHIPPED)
    rank = (order.index(name), "") if name in order else (len(order), name)
    cls = find(name)
    color = cls.color if cls is not None else None
    if color is None:
        digest = int(hashlib.sha256(name.encode()).hexdigest(), 16)
        color = SPARE_COLORS[digest % len(SPARE_COLORS)]
    label = (cls.label if cls is not None else None) or name
    return MemoryInfo(name, label, cls.paper_name if cls is not None else None, color, rank)


def from_paper_name(paper_name: str) -> str:
    """Our name for a setting the paper names ``paper_name`` (itself when none declares it)."""
    return next((name for name in SHIPPED if memory_info(name).paper_name == paper_name), paper_name)


def memory_names() -> list[str]:
    return [*SHIPPED, *sorted(set(REGISTERED) - set(SHIPPED))]


def named_setting(memory: str, options: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """``--memory`` and its options as a setting's name and options: a service's URL
    (``--memory http://HOST:PORT/``) is the ``http`` system with that ``url`` option; a name is itself."""
    from vmb.memory.http import NAME, is_url

    if is_url(memory):
        return NAME, {**options, "url": memory}
    return memory, dict(options)


def get_memory_setting(name: str, options: Mapping[str, Any] | None = None) -> MemorySetting[Any]:
    """The setting called ``name`` with ``options`` (as ``--memory-option`` gives them), checked."""
    cls = find(name)
    if cls is None:
        raise OptionError(f"unknown memory setting {name!r}{did_you_mean(name, memory_names())}; choose from "
                          f"{', '.join(memory_names())} "
                          "(or load a plugin module with --plugin)")
    return cls.parse(options or {})
