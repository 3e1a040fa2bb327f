"""What the generator reads off the simulator's declarations once: a setting's answerable values."""

from __future__ import annotations

from random import Random

import pytest

from vmb.generate.procedural.devices import usable
from vmb.generate.procedural.values import answerable, draw_values
from vmb.sim import World


def test_default_answers_says_whether_the_default_value_alone_changes_the_car() -> None:
    found = {}
    for api, setting in usable().items():
        own = setting.default()
        world = World()
        found[api] = own is not None and world.call(api, setting.call(own)["args"])["success"] and bool(world.diff())
        assert setting.default_answers == found[api], api
    assert any(found.values()) and not all(found.values())


def test_planning_values_reads_the_settings_without_calling_the_simulator(monkeypatch: pytest.MonkeyPatch) -> None:
    made = usable()  # the simulator is asked once, when the settings are read

    def refuse(*_: object) -> None:
        raise AssertionError("planning values called the simulator again")

    monkeypatch.setattr(World, "call", refuse)
    rng = Random(3)
    for setting in made.values():
        if setting.kind == "text":
            continue
        assert (setting.default() in answerable(setting)) == setting.default_answers, setting.api
        draw_values(setting, rng, 3, default_share=1.0)
