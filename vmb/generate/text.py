"""Whether a text says a value: the one matching rule of verification and setting selection."""

from __future__ import annotations

import re
from typing import Any


def mentions(text: str, value: Any) -> bool:
    """Whether ``text`` says ``value``: a number not inside a longer number, or a string as
    words in any case with ``_``, ``-`` or spaces between them."""
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, (int, float)):
        return re.search(rf"(?<![\d.]){re.escape(str(value))}(?!\d)", text) is not None
    words = [w for w in re.split(r"[_\-\s]+", str(value)) if w]
    if not words:
        return False
    pattern = r"(?<!\w)" + r"[_\-\s]+".join(map(re.escape, words)) + r"(?!\w)"
    return re.search(pattern, text, re.IGNORECASE) is not None


# How people say a value at an end of its range without the number: the one list both the
# procedural wording and verification use.
END_PHRASES = {"max": ("all the way up", "as high as it goes", "maxed out"),
               "min": ("all the way down", "as low as it goes")}
_SWITCH = re.compile(r"(?<!\w)(on|off)(?!\w)", re.IGNORECASE)


def says_value(text: str, value: Any, domain: tuple[Any, ...] = ()) -> bool:
    """Whether ``text`` states ``value``: :func:`mentions`, an on/off word for a boolean, or an end
    phrase for the highest or lowest value of an integer ``domain``."""
    if isinstance(value, bool):
        return _SWITCH.search(text) is not None
    if mentions(text, value):
        return True
    if isinstance(value, int) and domain and all(isinstance(v, int) for v in domain):
        ends = ("max",) * (value == max(domain)) + ("min",) * (value == min(domain))
        return any(p in text for end in ends for p in END_PHRASES[end])
    return False
