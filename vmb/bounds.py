"""The option checks every command shares: numbers (type, finiteness, range), and a misspelt choice's nearest
choices (``did_you_mean``), the one place every option with fixed choices, argparse's or a registry's, asks."""

from __future__ import annotations

import difflib
import math
from collections.abc import Iterable
from typing import Any


def did_you_mean(given: object, choices: Iterable[object]) -> str:
    """`` (did you mean summary?)`` for a ``given`` value close to one of ``choices`` (``--memory summry``),
    empty when none is close: what follows the value in every unknown-choice message."""
    named = {str(choice): choice for choice in choices}
    close = difflib.get_close_matches(str(given), list(named), n=1, cutoff=0.6)
    return f" (did you mean {close[0]}?)" if close else ""


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
