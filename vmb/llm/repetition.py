"""Whether a reply repeats itself: the evidence behind "a local model may be repeating itself".

A small model at temperature 0 can fall into a loop, writing the same call (or sentence) again and
again until the output-token limit cuts it off. A reply counts as repeating itself when it was cut
off there (``finish_reason`` ``length``) and either holds one tool call (same name, same arguments)
at least ``REPEATS`` times, or its text holds one run of ``SPAN`` words at least ``REPEATS`` times.
A slow reply alone is no evidence: on a busy CPU a long prompt takes minutes to read.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

REPEATS = 3  # copies of one call, or of one run of words, that make a repetition
SPAN = 8  # words in a run of text compared (short runs repeat in sane replies: "the driver seat ...")


def _calls(message: dict[str, Any]) -> list[str]:
    calls = message.get("tool_calls")
    if not isinstance(calls, list):
        return []
    signatures = []
    for call in calls:
        function = call.get("function") if isinstance(call, dict) else None
        if isinstance(function, dict):
            signatures.append(f"{function.get('name')}\0{' '.join(str(function.get('arguments')).split())}")
    return signatures


def _repeated_run(text: str) -> bool:
    """Whether one run of ``SPAN`` words occurs ``REPEATS`` times in ``text`` without overlapping itself."""
    words = text.split()
    last: dict[tuple[str, ...], int] = {}  # run -> where its latest counted copy starts
    copies: Counter[tuple[str, ...]] = Counter()
    for i in range(len(words) - SPAN + 1):
        run = tuple(words[i:i + SPAN])
        if run not in last or i - last[run] >= SPAN:
            last[run] = i
            copies[run] += 1
            if copies[run] >= REPEATS:
                return True
    return False


def repeats_itself(message: dict[str, Any], finish_reason: str | None) -> bool:
    """A reply cut off at the token limit while repeating one call or one run of text (see the module)."""
    if finish_reason != "length":
        return False
    if any(count >= REPEATS for count in Counter(_calls(message)).values()):
        return True
    content = message.get("content")
    return isinstance(content, str) and _repeated_run(content)
