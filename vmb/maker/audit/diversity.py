"""How varied a benchmark's text is, and what its answers look like, per group and over all queries.

Every figure is a pure function of the release layout (``vmb.data``), so the release, a generated
benchmark and a user's own are measured alike. Each has a name, a reading (what it says, its unit)
and is computed once in :func:`measure`.
"""

from __future__ import annotations

import gzip
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from statistics import mean
from typing import Any

from vmb.data import Benchmark, Group, Query
from vmb.data.spoken import spoken_pattern, stated_numbers
from vmb.maker.audit import naturalness
from vmb.maker.audit.wording import classify_types, gold_size, gold_words, request_wording
from vmb.paper import read_table
from vmb.sim.registry import API_BY_NAME, module_of
from vmb.sim.spec import Bool, Zone
from vmb.stats import gold_memory_dates

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


class GroupText:
    """A group's history cut into words once, for every figure that reads them."""

    def __init__(self, group: Group) -> None:
        self.group = group
        self.line_words = [_words(line.text) for line in group.lines]
        self.vocabulary = {w for words in self.line_words for w in words}
        self.lines_text = "\n".join(line.text for line in group.lines)
        # what the lines say, not their timestamps: "[2025-04-15 09:30]" states no value
        self.numbers = {n for line in group.lines for n in stated_numbers(line.text)}


def distinct_line_ratio(group: Group) -> float:
    """Distinct line texts (speaker and timestamp left out) over lines."""
    return len({line.text for line in group.lines}) / len(group.lines)


def distinct_ngram_ratio(text: GroupText, n: int) -> float:
    """Distinct word n-grams over n-grams, each line's words on their own (no n-gram spans two lines)."""
    seen: set[tuple[str, ...]] = set()
    total = 0
    for tokens in text.line_words:
        grams = list(zip(*(tokens[i:] for i in range(n))))
        total += len(grams)
        seen.update(grams)
    return len(seen) / total if total else 0.0


def gzip_ratio(group: Group) -> float:
    """Compressed over raw size of the history's line texts: low means repetitive."""
    raw = "\n".join(line.text for line in group.lines).encode("utf-8")
    return len(gzip.compress(raw, compresslevel=6, mtime=0)) / len(raw) if raw else 0.0


def vocabulary(text: GroupText) -> int:
    return len(text.vocabulary)


def history_tokens(group: Group) -> int:
    from vmb.tokens import count_tokens

    return count_tokens(group.history_text)


def value_args(query: Query) -> list[Any]:
    """The non-zone argument values of a query's reference calls (what the answer sets)."""
    values = []
    for call in query.calls:
        api = API_BY_NAME.get(str(call["name"]))
        for name, value in call["args"].items():
            param = api.params.get(name) if api is not None else None
            if not isinstance(param, Zone):
                values.append(value)
    return values


def sets_a_flag(query: Query) -> bool:
    """Whether some reference call sets a boolean parameter."""
    for call in query.calls:
        api = API_BY_NAME.get(str(call["name"]))
        if api is not None and any(isinstance(api.params.get(n), Bool) for n in call["args"]):
            return True
    return False


def stated_in(text: GroupText, value: Any) -> bool:
    """Whether the history states ``value`` literally, as a reader would count it: a number in digits or
    words as a value (never a line's timestamp, a clock time or a date), a string as its words."""
    if isinstance(value, bool) or value is None:
        return True  # an on/off is said with verbs, never "true": not a literal value
    if isinstance(value, (int, float)):
        return float(value) in text.numbers
    if not str(value).strip():
        return True
    return spoken_pattern(str(value)).search(text.lines_text) is not None


def unstated_value(query: Query, text: GroupText) -> bool:
    """Whether some value the answer sets is never written in the group's history."""
    return any(not stated_in(text, v) for v in value_args(query))


def in_date_order(query: Query) -> bool | None:
    """Whether a gold memory's entries are written in date order (None with fewer than two)."""
    dates = gold_memory_dates(query.gold_memory)
    if len(dates) < 2:
        return None
    return all(a <= b for a, b in zip(dates, dates[1:]))


def _share(flags: Iterable[bool | None]) -> float:
    counted = [f for f in flags if f is not None]
    return 100 * sum(counted) / len(counted) if counted else 0.0


def module_shares(queries: Sequence[Query]) -> dict[str, tuple[float, float]]:
    """Module → (share here, share in the paper's Table 4), percent of queries, for the modules it prints."""
    counts = Counter(module_of(str(c["name"])) for q in queries for c in q.calls)
    paper = {r["name"]: float(r["share"]) for r in read_table("table4_distribution") if r["kind"] == "target_module"}
    return {m: (100 * counts[m] / len(queries), share) for m, share in paper.items()}


def measure(bench: Benchmark, *, tokens: bool = True) -> dict[str, Any]:
    """Every diversity and answer-space figure of ``bench`` (means over groups where per group)."""
    from vmb.maker.audit.wording import catalog_phrase_share, nested_phrase_groups, shared_scenes

    groups, queries = bench.groups, bench.queries
    texts = {g.number: GroupText(g) for g in groups}
    shares = module_shares(queries)
    wordings = {request_wording(q, bench.group(q.group)) for q in queries}
    accuracy, majority = classify_types(bench)
    figures: dict[str, Any] = {
        "groups": len(groups),
        "queries": len(queries),
        "distinct_lines": mean(distinct_line_ratio(g) for g in groups),
        "distinct_5grams": mean(distinct_ngram_ratio(t, 5) for t in texts.values()),
        "distinct_3grams": mean(distinct_ngram_ratio(t, 3) for t in texts.values()),
        "gzip_ratio": mean(gzip_ratio(g) for g in groups),
        "vocabulary": mean(vocabulary(t) for t in texts.values()),
        "lines": mean(len(g.lines) for g in groups),
        "speakers": mean(len(g.speakers) for g in groups),
        **naturalness.measure(([line.text for line in g.lines] for g in groups), [q.query for q in queries]),
        "request_wordings": len(wordings),
        "catalog_phrase": catalog_phrase_share(queries),
        "shared_scenes": shared_scenes(bench),
        "type_from_wording": accuracy,
        "type_majority": majority,
        "type_from_gold": classify_types(bench, gold_words)[0],
        "type_from_gold_size": classify_types(bench, gold_size)[0],
        "target_apis": len({str(c["name"]) for q in queries for c in q.calls}),
        "boolean_answers": _share(sets_a_flag(q) for q in queries),
        "multi_call_answers": _share(len(q.calls) > 1 for q in queries),
        "unstated_values": _share(unstated_value(q, texts[q.group]) for q in queries),
        "gold_in_date_order": _share(in_date_order(q) for q in queries),
        "nested_phrase_groups": nested_phrase_groups(bench),
        "module_gap": max(abs(ours - paper) for ours, paper in shares.values()),
        **{f"module:{m}": ours for m, (ours, _) in shares.items()},
    }
    if tokens:
        figures["history_tokens"] = mean(history_tokens(g) for g in groups)
    return figures
