"""What a generated benchmark records of each query's evidence, for the stage rules (``vmb.results.stages``).

``vmb generate`` writes ``metadata.json``: per query the chain of events behind it, each event with
its setting (the API), its value, its person and the numbers of the history lines that say it. The
**recorded evidence** of one setting of the answer is a list of alternatives, each a set of history
lines that together state the answer's value:

- each event of the chain on that setting whose value is the answer's (compared as the simulator's
  values are, ``names_value``): each of its person's lines that names the value is one alternative;
  where none names it (an implicit value: "one notch higher than my usual", "no, five higher"), all
  of its person's lines together, with those of an event holding the base value the answer is a
  step from, when the chain has one;
- where no event holds the answer's value (the step is said in the query: "ten more than when I
  drive downtown"), each event holding the base value.

A text that quotes every line of one alternative states the fact; a text that quotes a line of the
history is judged by this record for that line, never by its wording (``unquoted`` blanks the quoted
lines out before the textual rule reads the rest). The release has no metadata: nothing is recorded.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vmb.data.loader import Benchmark, Query
from vmb.data.metadata import METADATA, ChainNote, EventNote, read_metadata
from vmb.data.spoken import is_number, names_value, value_pattern


@dataclass(frozen=True)
class Recorded:
    """The recorded evidence of one setting of a query's answer."""

    person: str  # whose preference the recorded lines state (the first such event's person)
    alternatives: tuple[tuple[str, ...], ...]  # each: history utterances that together state the value
    history: frozenset[str]  # every utterance of the group's history: a text quoting one is judged by the record

    def quoted_in(self, texts: Sequence[str]) -> bool:
        """Whether ``texts`` quote every line of one alternative (each line in one text or another)."""
        return any(all(any(line in text for text in texts) for line in alternative)
                   for alternative in self.alternatives)

    def spans(self, text: str) -> list[tuple[int, int]]:
        """Where ``text`` quotes a line of an alternative (for highlighting)."""
        found = []
        for line in dict.fromkeys(line for alternative in self.alternatives for line in alternative):
            start = text.find(line)
            while start >= 0:
                found.append((start, start + len(line)))
                start = text.find(line, start + len(line))
        return found


def same_value(recorded: Any, value: Any) -> bool:
    """Whether an event's value is ``value`` as ``names_value`` compares them (numbers as numbers, words in any case)."""
    if isinstance(recorded, bool) or isinstance(value, bool):
        return recorded is value
    if is_number(recorded) and is_number(value):
        return float(recorded) == float(value)
    pattern = value_pattern(type(value).__name__, value)
    return pattern is not None and pattern.fullmatch(str(recorded).strip()) is not None


_KEY = 8  # characters of an utterance's start that index it for ``unquoted``
_START = re.compile(r"(?:^|(?<=[\s'\"‘“(]))\S", re.MULTILINE)


@functools.lru_cache(maxsize=64)
def _by_start(history: frozenset[str]) -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for line in history:
        table.setdefault(line[:_KEY], []).append(line)
    return {key: tuple(sorted(lines, key=len, reverse=True)) for key, lines in table.items()}


@functools.lru_cache(maxsize=64)
def unquoted(text: str, history: frozenset[str]) -> str:
    """``text`` with every line of ``history`` it quotes blanked (same length, so offsets stay).

    An utterance starts at the text's start or after a space or an opening quote: only those
    places are looked up (by their first characters), so a whole history is read in one pass.
    """
    table = _by_start(history)
    spans: list[tuple[int, int]] = []
    end = 0
    for match in _START.finditer(text):
        start = match.start()
        if start < end:
            continue
        for line in table.get(text[start:start + _KEY], ()):
            if text.startswith(line, start):
                spans.append((start, start + len(line)))
                end = start + len(line)
                break
    if not spans:
        return text
    pieces, last = [], 0
    for start, stop in spans:
        pieces += [text[last:start], " " * (stop - start)]
        last = stop
    return "".join([*pieces, text[last:]])


@dataclass(frozen=True)
class _Generated:
    chains: Mapping[str, ChainNote]  # query id -> its chain in metadata.json


@functools.lru_cache(maxsize=8)
def _generated(root: Path, stamp: int) -> _Generated | None:
    # ``stamp`` (the file's modification time) keys the cache: a benchmark regenerated in place is read again.
    metadata = read_metadata(root)
    return None if metadata is None else _Generated(metadata.chains_by_query())


def _said(event: EventNote, lines: Sequence[Any]) -> list[str]:
    """The utterances of an event's own person (the replies of others hold nothing of the preference)."""
    said = [lines[n - 1] for n in event.lines if 0 < n <= len(lines)]
    own = [line.text for line in said if line.speaker == event.person]
    return own or [line.text for line in said]


def recorded_evidence(bench: Benchmark, query: Query) -> dict[tuple[str, str], Recorded]:
    """The recorded evidence per (API, argument) of ``query``'s answer; empty for the release."""
    path = Path(bench.root) / METADATA  # the release has none
    generated = _generated(Path(bench.root), path.stat().st_mtime_ns) if path.exists() else None
    chain = generated.chains.get(query.id) if generated is not None else None
    if chain is None:
        return {}
    group = bench.group(query.group)
    lines = group.lines
    history = _history(group.history_text, tuple(line.text for line in lines))
    target = chain.target
    base = target.base if target is not None else None
    out: dict[tuple[str, str], Recorded] = {}
    for call in query.calls:
        api = str(call.get("name"))
        events = [e for e in chain.events if e.setting == api and e.value is not None]
        for arg, value in (call.get("args") or {}).items():
            stepped = base is not None and target is not None and same_value(target.value, value)
            bases = [_said(e, lines) for e in events if stepped and same_value(e.value, base)]
            alternatives: list[tuple[str, ...]] = []
            holders = [e for e in events if same_value(e.value, value)]
            for event in holders:
                said = _said(event, lines)
                naming = [line for line in said if names_value(line, value, group.speakers)]
                if naming:
                    alternatives += [(line,) for line in naming]
                else:
                    alternatives += [tuple(said) + tuple(b) for b in bases] or [tuple(said)]
            if not holders:
                alternatives = [tuple(b) for b in bases]
            alternatives = [a for a in dict.fromkeys(alternatives) if a]
            if alternatives:
                person = str((holders or [e for e in events if same_value(e.value, base)])[0].person)
                out[api, arg] = Recorded(person, tuple(alternatives), history)
    return out


@functools.lru_cache(maxsize=8)
def _history(text: str, utterances: tuple[str, ...]) -> frozenset[str]:
    # One frozenset per group's history (``text`` keys it), shared by every fact of its queries.
    return frozenset(utterances)
