"""Whether a text says a value: the one matching rule of the vetting and setting selection."""

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
# procedural wording and the vetting use.
END_PHRASES = {"max": ("all the way up", "as high as it goes", "maxed out"),
               "min": ("all the way down", "as low as it goes")}
# How people say the values whose API spelling nobody speaks ("feet_window", "12h"): the wording says
# these, and a line that does states the value.
SPOKEN_VALUES: dict[str, tuple[str, ...]] = {
    "face_feet": ("face and feet", "face and footwell"), "face_window": ("face and windshield", "face and the glass"),
    "feet_window": ("feet and windshield", "the footwell and the windshield"),
    "face_feet_window": ("face, feet and windshield", "face, feet and glass"),
    "window": ("the windshield", "windshield"), "12h": ("twelve-hour", "12-hour", "AM and PM"),
    "24h": ("twenty-four-hour", "24-hour", "military time"), "2d": ("flat 2D", "2D"), "3d": ("3D",),
    "single_loop": ("one song on repeat", "repeat one"), "list_loop": ("the whole list on repeat", "repeat all"),
    "sequential": ("in order", "straight through the list"), "heading_up": ("heading up", "the direction I'm facing on top"),
    "north_up": ("north up", "north at the top"), "constant": ("steady", "constant"), "blink": ("blinking", "flashing"),
    "foreground": ("in the foreground", "front and center"), "background": ("in the background", "behind everything"),
    "scene": ("the scenic look", "the scenery display"), "map": ("the map look", "the map display")}
_SWITCH = re.compile(r"(?<!\w)(on|off)(?!\w)", re.IGNORECASE)


def says_value(text: str, value: Any, domain: tuple[Any, ...] = ()) -> bool:
    """Whether ``text`` states ``value``: :func:`mentions`, an on/off word for a boolean, or an end
    phrase for the highest or lowest value of an integer ``domain``."""
    if isinstance(value, bool):
        return _SWITCH.search(text) is not None
    if mentions(text, value) or any(p.lower() in text.lower() for p in SPOKEN_VALUES.get(str(value), ())):
        return True
    if isinstance(value, int) and domain and all(isinstance(v, int) for v in domain):
        ends = ("max",) * (value == max(domain)) + ("min",) * (value == min(domain))
        return any(p in text for end in ends for p in END_PHRASES[end])
    return False
