"""One memory family: built-in settings and external systems in one registry, options parsed once."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from vmb.errors import OptionError
from vmb.memory import SHIPPED, find, get_memory_setting, register
from vmb.memory.base import MemorySetting
from vmb.memory.plugins import MemorySystem, SystemEnv

# The choices each system takes, as its Options declares them with Literal.
CHOICES = [
    ("mem0", "mode", "'local' or 'hosted'"),
    ("memorybank", "granularity", "'line' or 'chunk'"),
    ("memos", "api", "'cloud' or 'server'"),
    ("memobase", "search_mode", "'context' or 'events'"),
    ("supermemory", "search_mode", "'memories' or 'documents'"),
]


def test_every_shipped_setting_is_one_kind_declaring_its_registered_name() -> None:
    for name in SHIPPED:
        cls = find(name)
        assert cls is not None and issubclass(cls, MemorySetting) and cls.name == name
        assert dataclasses.is_dataclass(cls.Options)
    systems = [name for name in SHIPPED if issubclass(find(name), MemorySystem)]  # type: ignore[arg-type]
    assert systems == ["mem0", "memorybank", "memos", "lightmem", "memobase", "supermemory", "http"]


@pytest.mark.parametrize("name, option, choices", CHOICES)
def test_a_choice_outside_the_literal_is_refused_in_one_line(name: str, option: str, choices: str) -> None:
    with pytest.raises(OptionError) as refused:
        get_memory_setting(name, {option: "telepathy"})
    message = str(refused.value)
    assert message.startswith(f"memory setting {name!r}: option {option} takes {choices}, got 'telepathy'")
    assert "\n" not in message


@pytest.mark.parametrize("name, option, choices", CHOICES)
def test_a_system_receives_its_options_parsed(name: str, option: str, choices: str, tmp_path: Path) -> None:
    second = choices.split(" or ")[1].strip("'")
    setting = get_memory_setting(name, {option: second})
    assert isinstance(setting, MemorySystem) and isinstance(setting.options, setting.Options)
    instance = setting.at(SystemEnv("group_1", tmp_path, None))
    assert getattr(instance.options, option) == second and instance.env.store_dir == tmp_path
    assert instance.describe()["settings"] == dataclasses.asdict(setting.options)


def test_a_build_is_keyed_by_the_options_that_differ_from_their_defaults() -> None:
    # As the store of earlier versions keyed it when only those were given: existing builds are found.
    assert get_memory_setting("memorybank", {"summaries": False}).build_params() == {
        "setting": "memorybank", "version": "1", "options": {"summaries": False}}
    assert get_memory_setting("memorybank", {"granularity": "line"}).build_params()["options"] == {}
    assert get_memory_setting("summary", {}).build_params() == {"setting": "summary", "summary_cap": 8192}


def test_a_plugin_cannot_take_a_shipped_name() -> None:
    class Impostor(MemorySystem[object]):
        name = "mem0"

    with pytest.raises(ValueError, match="'mem0' is already registered by vmb.systems.mem0"):
        register(Impostor)
