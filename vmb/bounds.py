"""One check for the numeric options of every command (run, grid, generate): type, finiteness, range."""

from __future__ import annotations

import math
from typing import Any


def number_problem(option: str, value: Any, low: float, *, above: bool = False, whole: bool = False,
                   high: float | None = None, required: bool = False) -> str | None:
    """Why ``value`` is not an acceptable ``option`` (None when it is, or when it is None: not given,
    unless ``required``).

    ``whole`` asks for an integer; ``above`` excludes ``low`` itself; ``high`` is an inclusive bound.
    Booleans, text, NaN and infinities are refused by name.
    """
    if value is None and not required:
        return None
    kind = "a whole number" if whole else "a finite number"
    if isinstance(value, bool) or not isinstance(value, int if whole else (int, float)):
        return f"{option} must be {kind}, got {value!r}"
    if not math.isfinite(value) or value < low or (above and value == low) or (high is not None and value > high):
        bound = f"greater than {_shown(low)}" if above else f"at least {_shown(low)}"
        if high is not None:
            bound += f" and at most {_shown(high)}"
        return f"{option} must be {kind} {bound}, got {value!r}"
    return None


def _shown(bound: float) -> str:
    return f"{int(bound):,}" if math.isfinite(bound) and float(bound).is_integer() else f"{bound:g}"
