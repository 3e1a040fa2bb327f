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
