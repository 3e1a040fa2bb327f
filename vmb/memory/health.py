"""The health check of a built memory: what a build kept, measured, and the warnings it gives.

A build can finish without error and still keep nothing worth reading: a small model "summarising" by
copying dialogue lines, a summary that stops changing after its first days, a key-value store or an
external system's store left empty, a store a model filled writing one key over and over. The build measures
what it kept (``copied``, ``unchanged``, ``empty`` and ``loops`` of ``vmb.memory.base.BuildHealth``) and ``warnings_of`` turns the measures into the warnings
``build.json`` records, ``metric.json`` counts and ``vmb run``, ``vmb memory ingest``, ``vmb show``, the
run's card and the notebooks show. The thresholds are declared here, once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

# A run of this many words, in the order a history line has them, is a quote of it: a summary's own sentence
# shares a name or a phrase with the dialogue ("the seat heating on level three"), rarely eight words in a row,
# while a copied line, whole or cut, shares all of its words in a row.
QUOTE_WORDS = 8
# A whole sentence of a history line is a quote too from this many words (fewer is chance: "Yes, please."). The
# real 0.5B model's summary (docs/memory.md) joined the first line with the second line's last sentence, "Are you
# feeling excited or a bit overwhelmed?", 8 words, a quote only just: the same copy of a 5-word sentence would
# have gone uncounted, and a summary of such sentences read as the model's own.
SENTENCE_WORDS = 4
# A summary is a copy of the dialogue when at least this share of its words are quotes of history lines: a
# summary paraphrases and merges what several days said, quoting a phrase now and then, while the 0.5B local
# model of issue 43 kept one 183-character dialogue line as its summary, every word of it copied.
COPIED_SHARE = 0.5
# A summary is stale when it stayed as it was on more than this share of the days read ("does not change
# for most days"): each day of a group's history brings talk a summary can keep, and the 0.5B model kept
# its quote unchanged for 32 of 46 days (70%). A model that skips a quiet day now and then stays under it.
UNCHANGED_SHARE = 0.5
# Write calls aimed at one target (a key, the summary) within one day of a build that make a loop: a
# day's note needs one or two; a model repeating itself makes dozens (25 add/remove calls on one key, and the
# real 0.5B model's key-value build added one key 7 times and tried to remove it 6 times in one reply of its
# first day, docs/memory.md). One such day is a warning: what the store holds is what the loop left.
LOOP_CALLS = 5

# The kinds of warning, each a problem of what was built (never a failure of the model being evaluated).
EMPTY, COPIED, UNCHANGED, LOOP = "empty", "copied", "unchanged", "loop"
_WORD = re.compile(r"\w+")
# Where a sentence of a history line ends: at . ! ? and after the speaker's name ("[2025-03-03 08:31] Justin
# Martinez: Oh, ..."), not inside a time ("08:31") or a number ("21.5").
_SENTENCE_END = re.compile(r"[.!?:]+\s+")


def copied_share(text: str, lines: Iterable[str]) -> float:
    """The share of ``text``'s words that stand in a quote of one of the history ``lines`` (case and punctuation
    aside): a run of ``QUOTE_WORDS`` words in the line's order, or a whole sentence of the line of
    ``SENTENCE_WORDS`` words or more. A line copied whole, cut or without its time and speaker counts, a
    paraphrase does not. 0 for a text shorter than the shortest quote."""
    words = _words(text)
    if len(words) < SENTENCE_WORDS:
        return 0.0
    quotes: dict[int, set[str]] = {QUOTE_WORDS: set()}  # the quotes by their length in words
    for line in lines:
        said = _words(line)
        quotes[QUOTE_WORDS].update(" ".join(said[k:k + QUOTE_WORDS]) for k in range(len(said) - QUOTE_WORDS + 1))
        for sentence in _SENTENCE_END.split(line):  # a longer sentence is made of the runs above
            if SENTENCE_WORDS <= len(whole := _words(sentence)) < QUOTE_WORDS:
                quotes.setdefault(len(whole), set()).add(" ".join(whole))
    covered = [False] * len(words)
    for length, known in quotes.items():
        for k in range(len(words) - length + 1):
            if " ".join(words[k:k + length]) in known:
                covered[k:k + length] = [True] * length
    return sum(covered) / len(words)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


@dataclass(frozen=True)
class BuildWarning:
    """One problem of what a build kept: its kind (``EMPTY``, ``COPIED``, ``UNCHANGED``, ``LOOP``) and a sentence."""

    kind: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def warnings_of(days: int, empty: bool | None, copied: float | None, unchanged: int | None,
                loops: Sequence[tuple[str, str, int]] = ()) -> list[BuildWarning]:
    """The warnings of a build's measures (None: not measured; ``loops``: the days with ``LOOP_CALLS`` writes or
    more to one target, as (date, target, calls)); an empty memory is said alone."""
    if empty:
        return [BuildWarning(EMPTY, "the memory is empty: the build kept nothing")]
    found = []
    if copied is not None and copied >= COPIED_SHARE:
        found.append(BuildWarning(COPIED, f"{copied:.0%} of the summary's words are dialogue lines copied word for word "
                                          f"(a summary is flagged from {COPIED_SHARE:.0%})"))
    if unchanged is not None and days and unchanged / days > UNCHANGED_SHARE:
        found.append(BuildWarning(UNCHANGED, f"the summary stayed unchanged on {unchanged} of {days} days "
                                             f"(flagged above {UNCHANGED_SHARE:.0%})"))
    if loops:
        date, target, calls = max(loops, key=lambda loop: loop[2])
        found.append(BuildWarning(LOOP, f"the model wrote {target} {calls} times on {date}, over and over "
                                        f"({len(loops)} of {days} days with a loop; flagged from {LOOP_CALLS} writes "
                                        "to one target in a day)"))
    return found
