"""The health check of a built memory: what a build kept, measured, and the warnings it gives.

A build can finish without error and still keep nothing worth reading: a small model "summarising" by
copying dialogue lines, a summary that stops changing after its first days, a key-value store or an
external system's store left empty. The build measures what it kept (``copied``, ``unchanged``,
``empty`` of ``vmb.memory.base.BuildHealth``) and ``warnings_of`` turns the measures into the warnings
``build.json`` records, ``metric.json`` counts and ``vmb run``, ``vmb memory ingest``, ``vmb show``, the
run's card and the notebooks show. The thresholds are declared here, once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

# A run of this many words, in the order a history line has them, is a quote of it: a summary's own sentence
# shares a name or a phrase with the dialogue ("the seat heating on level three"), rarely eight words in a row,
# while a copied line, whole or cut, shares all of its words in a row.
QUOTE_WORDS = 8
# A summary is a copy of the dialogue when at least this share of its words are quotes of history lines: a
# summary paraphrases and merges what several days said, quoting a phrase now and then, while the 0.5B local
# model of issue 43 kept one 183-character dialogue line as its summary, every word of it copied.
COPIED_SHARE = 0.5
# A summary is stale when it stayed as it was on more than this share of the days read ("does not change
# for most days"): each day of a group's history brings talk a summary can keep, and the 0.5B model kept
# its quote unchanged for 32 of 46 days (70%). A model that skips a quiet day now and then stays under it.
UNCHANGED_SHARE = 0.5

# The kinds of warning, each a problem of what was built (never a failure of the model being evaluated).
EMPTY, COPIED, UNCHANGED = "empty", "copied", "unchanged"
_WORD = re.compile(r"\w+")


def copied_share(text: str, lines: Iterable[str]) -> float:
    """The share of ``text``'s words that stand in a run of ``QUOTE_WORDS`` words found in one of the history
    ``lines`` in the same order (case and punctuation aside): a line copied whole, cut or without its time
    and speaker counts, a paraphrase does not. 0 for a text shorter than one quote."""
    words = _words(text)
    if len(words) < QUOTE_WORDS:
        return 0.0
    quotes = {" ".join(said[k:k + QUOTE_WORDS]) for line in lines if len(said := _words(line)) >= QUOTE_WORDS
              for k in range(len(said) - QUOTE_WORDS + 1)}
    covered = [False] * len(words)
    for k in range(len(words) - QUOTE_WORDS + 1):
        if " ".join(words[k:k + QUOTE_WORDS]) in quotes:
            covered[k:k + QUOTE_WORDS] = [True] * QUOTE_WORDS
    return sum(covered) / len(words)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


@dataclass(frozen=True)
class BuildWarning:
    """One problem of what a build kept: its kind (``EMPTY``, ``COPIED``, ``UNCHANGED``) and a sentence."""

    kind: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def warnings_of(days: int, empty: bool | None, copied: float | None, unchanged: int | None) -> list[BuildWarning]:
    """The warnings of a build's measures (None: not measured); an empty memory is said alone."""
    if empty:
        return [BuildWarning(EMPTY, "the memory is empty: the build kept nothing")]
    found = []
    if copied is not None and copied >= COPIED_SHARE:
        found.append(BuildWarning(COPIED, f"{copied:.0%} of the summary's words are dialogue lines copied word for word "
                                          f"(a summary is flagged from {COPIED_SHARE:.0%})"))
    if unchanged is not None and days and unchanged / days > UNCHANGED_SHARE:
        found.append(BuildWarning(UNCHANGED, f"the summary stayed unchanged on {unchanged} of {days} days "
                                             f"(flagged above {UNCHANGED_SHARE:.0%})"))
    return found
