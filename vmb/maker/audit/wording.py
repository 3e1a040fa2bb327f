"""How queries are worded: their request templates, catalog phrases, and what the wording gives away.

A *request wording* is a query with everything that varies between otherwise equal requests
masked: group members' names, clock times, numbers, the simulator's value words and the settings'
catalog phrases. Many queries sharing one wording are one template. The *catalog phrase* of a
setting is how the generator's catalog names it (``vmb.maker.generate.settings``), so a query that uses
it names its target the way the gold memory does, a string match away from the answer.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache

from vmb.data import REASONING_TYPES, Benchmark, Group, Query
from vmb.data.spoken import value_words

_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s*[AaPp]\.?[Mm]\.?(?!\w)")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SPACES = re.compile(r"\s+")
_WORD = re.compile(r"[a-z<>#]+")
# Folds of the held-out-group classifier: groups go to fold (number mod FOLDS).
FOLDS = 5


@cache
def catalog_phrases() -> dict[str, str]:
    """API name → the catalog phrase the generator names its setting by ("HUD brightness level")."""
    from vmb.maker.generate.settings import settings

    return {api: setting.phrase for api, setting in settings().items()}


@cache
def _phrase_pattern() -> re.Pattern[str]:
    phrases = sorted(set(catalog_phrases().values()), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, phrases)) + r")(?!\w)", re.IGNORECASE)


def name_pattern(people: Sequence[str]) -> re.Pattern[str] | None:
    """The full and first names of ``people``, as written (capitalised), longest first."""
    aliases = {p for person in people for p in (person, *person.split()[:1])}
    if not aliases:
        return None
    return re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(aliases, key=len, reverse=True))) + r")\b")


def mask(text: str, group: Group) -> str:
    """``text`` with names, times, numbers, value words and catalog phrases masked, lowercased."""
    names = name_pattern(group.speakers)
    if names is not None:
        text = names.sub("<person>", text)
    text = _CLOCK.sub("<time>", text)
    text = _phrase_pattern().sub("<setting>", text)
    text = value_words().sub("<value>", text)
    text = _NUMBER.sub("#", text)
    return _SPACES.sub(" ", text).strip().lower()


def request_wording(query: Query, group: Group) -> str:
    return mask(query.query, group)


def catalog_phrase_share(queries: Sequence[Query]) -> float:
    """Percent of queries (with a target the catalog names) whose text uses that target's catalog phrase."""
    phrases = catalog_phrases()
    counted = named = 0
    for query in queries:
        own = [phrases[c["name"]] for c in query.calls if c["name"] in phrases]
        if not own:
            continue
        counted += 1
        lowered = query.query.lower()
        named += any(p.lower() in lowered for p in own)
    return 100 * named / counted if counted else 0.0


def nested_phrase_groups(bench: Benchmark) -> int:
    """Groups in which the catalog phrase of one target setting is part of another's ("brightness")."""
    phrases = catalog_phrases()
    count = 0
    for group in bench.groups:
        own = {phrases[c["name"]].lower() for q in group.queries for c in q.calls if c["name"] in phrases}
        count += any(a != b and a in b for a in own for b in own)
    return count


# Speech opens where no letter comes before the quote: the apostrophe of "Suzanne's brother" opens nothing.
_QUOTED = re.compile(r"(?<!\w)['‘\"“].+?['’\"”](?!\w)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n")


def narration_sentences(query: Query, group: Group) -> set[str]:
    """The masked sentences of at least five words a query narrates around its quoted speech, but the
    clock's ("At <time>, <person> drove ...") and those leading into speech ("<person> told the car:"):
    its scene."""
    told = _QUOTED.sub("\n", query.query)
    return {s for s in (mask(part, group) for part in _SENTENCE_END.split(told))
            if len(s.split()) >= 5 and "<time>" not in s and not s.endswith(":")}


def shared_scenes(bench: Benchmark) -> float:
    """Percent of queries narrating a sentence that another query narrates too: a scene drawn from a
    small bank, which a reader can learn to match to its condition across the benchmark."""
    told = [narration_sentences(q, bench.group(q.group)) for q in bench.queries]
    counts = Counter(s for sentences in told for s in sentences)
    return 100 * sum(any(counts[s] > 1 for s in sentences) for sentences in told) / len(told) if told else 0.0


def request_words(query: Query, group: Group) -> list[str]:
    """The words of the masked request."""
    return _WORD.findall(request_wording(query, group))


def gold_words(query: Query, group: Group) -> list[str]:
    """The words of the masked gold memory: what its entries say, not who says it nor the values."""
    return _WORD.findall(mask(query.gold_memory, group))


def gold_size(query: Query, group: Group) -> list[str]:
    """The gold memory's number of entries (its lines), as one word."""
    return [f"entries{sum(1 for line in query.gold_memory.splitlines() if line.strip())}"]


def classify_types(bench: Benchmark, read: Callable[[Query, Group], list[str]] = request_words) -> tuple[float, float]:
    """(accuracy, majority share), percent: a word classifier's reasoning type from the words
    ``read`` gives of each query (by default its masked request).

    Multinomial naive Bayes with add-one smoothing, trained on the other folds' groups and tested on
    each held-out fold in turn; the majority share is what always guessing the commonest type scores.
    With one fold only (fewer than two groups) both are that fold's majority share.
    """
    docs = [(q.group % FOLDS, q.reasoning_type, read(q, bench.group(q.group))) for q in bench.queries]
    if not docs:
        return 0.0, 0.0
    correct = 0
    for fold in sorted({d[0] for d in docs}):
        train = [d for d in docs if d[0] != fold] or [d for d in docs if d[0] == fold]
        model = _train(train)
        correct += sum(_predict(model, words) == kind for f, kind, words in docs if f == fold)
    majority = max(Counter(kind for _, kind, _ in docs).values())
    return 100 * correct / len(docs), 100 * majority / len(docs)


_Model = tuple[dict[str, float], dict[str, dict[str, float]], dict[str, float]]


def _train(docs: Sequence[tuple[int, str, list[str]]]) -> _Model:
    vocab = {w for _, _, words in docs for w in words}
    kinds = Counter(kind for _, kind, _ in docs)
    prior = {k: math.log(n / len(docs)) for k, n in kinds.items()}
    likelihood: dict[str, dict[str, float]] = {}
    unseen: dict[str, float] = {}
    for kind in kinds:
        counts = Counter(w for _, k, words in docs if k == kind for w in words)
        total = sum(counts.values()) + len(vocab) + 1
        likelihood[kind] = {w: math.log((counts[w] + 1) / total) for w in counts}
        unseen[kind] = math.log(1 / total)
    return prior, likelihood, unseen


def _predict(model: _Model, words: Sequence[str]) -> str:
    prior, likelihood, unseen = model
    order = {k: i for i, k in enumerate(REASONING_TYPES)}

    def score(kind: str) -> tuple[float, int]:
        table, floor = likelihood[kind], unseen[kind]
        return prior[kind] + sum(table.get(w, floor) for w in words), -order.get(kind, len(order))

    return max(prior, key=score)
