"""Memory options are finite numbers within the bounds their settings declare."""

from __future__ import annotations

import pytest

from vmb.errors import OptionError
from vmb.memory import get_memory_setting


@pytest.mark.parametrize("setting, options, message", [
    ("summary", {"summary_cap": -1}, "option summary_cap must be a finite number at least 1, got -1"),
    ("kv", {"kv_rounds": 0}, "option kv_rounds must be a finite number at least 1, got 0"),
    ("memorybank", {"strength": float("nan")}, "option strength must be a finite number"),
    ("memorybank", {"strength_step": float("inf")}, "option strength_step must be a finite number"),
])
def test_out_of_bounds_memory_options_are_refused(setting: str, options: dict[str, float], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        get_memory_setting(setting, options)


def test_options_within_bounds_are_taken() -> None:
    assert get_memory_setting("summary", {"summary_cap": 1}).build_params()["summary_cap"] == 1
    assert get_memory_setting("memorybank", {"seed": -3, "summaries": False}) is not None
