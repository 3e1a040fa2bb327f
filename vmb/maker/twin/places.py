"""Destinations renamed: a named place of an answer ("Westside Medical Center") gets another name.

Only a place's own name moves, never what it is: the words that name it ("Westside") become a surname
from the generator's name source ("Hartley Medical Center"), while the words that say what it is
("Medical Center", "Embassy", "Research Center") stay, so every reason given for going there still
holds. A place is renamed only where the group never says its naming word on its own (then every
mention is a mention of the full name, and each is rewritten), the query does not say it, and its
evidence states it; every query of the group whose answer goes there follows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from random import Random
from typing import Any

from vmb.maker.generate.words.fake import words
from vmb.maker.twin.values import Span

# The settings whose free-text values are places.
PLACE_SETTINGS = ("carcontrol_navigation_navigate_to",)
# Words that say what a place is, not which one: they stay.
_KIND_WORDS = frozenset(
    "center centre building street st avenue ave road rd institute university medical hospital clinic office "
    "court park station airport mall plaza school college library museum hq headquarters embassy hotel lab "
    "laboratory research gorge river lake mountain bridge market church hall tower warehouse site district "
    "administrative convention city downtown suburbs the of on in at near new north south east west central "
    "national international regional community county state federal public main high old memorial "
    "general science technology arts art business conference sports stadium arena theater theatre "
    "club cafe restaurant bank store shop factory plant farm ranch field gardens garden beach harbor port "
    "terminal depot facility complex campus centre square boulevard blvd drive lane way highway".split())


def naming_words(value: str) -> list[str]:
    """The word of ``value`` that names this place: its first capitalised word that says no kind of
    place ("Westside" of "Westside Medical Center", "Harwick" of "Harwick Dental Clinic")."""
    names = [w for w in re.findall(r"[A-Za-z][A-Za-z'\-]*", value) if w[0].isupper() and w.lower() not in _KIND_WORDS]
    return names[:1]


def _cased(like: str, word: str) -> str:
    return word.upper() if like.isupper() and len(like) > 1 else word if like[:1].isupper() else word.lower()


def _stands_alone(text: str, word: re.Match[str]) -> bool:
    """Whether ``word``, said outside the place's full name, is the place's name alone: capitalised and
    not part of another name ("Ronald Ross" is a person the place is named after)."""
    before = re.search(r"([A-Z][a-z]+)[\s\-]+$", text[:word.start()])
    after = re.match(r"[\s\-]+([A-Z][a-z]+)", text[word.end():])
    starts_sentence = before is None or re.search(r"[.!?:'\"]\s*$", text[:before.start()]) is not None
    return word.group(0)[0].isupper() and (before is None or starts_sentence and before.start() == 0) and after is None


def _new_names(naming: list[str], rng: Random, avoid: set[str]) -> dict[str, str]:
    """A surname for each naming word (lowercase word -> surname), none of ``avoid``, which grows."""
    firsts = {n.lower() for n in words()["first_names"]}  # "Thomas Medical Center" would read as a person's
    surnames = [n for n in words()["last_names"] if n.lower() not in avoid | firsts and len(n) > 3]
    out = {}
    for word in naming:
        choice = surnames[rng.randrange(len(surnames))]
        while choice.lower() in avoid:
            choice = surnames[rng.randrange(len(surnames))]
        avoid.add(choice.lower())
        out[word.lower()] = choice
    return out


# (text id, start, end, what stands there now, the value said there before, the value said there now)
Rewrite = tuple[Any, int, int, str, str, str]


def rename_place(texts: dict[Any, str], evidence: list[Any], blocked: dict[Any, list[tuple[int, int]]],
                 query: str, value: str, taken: Callable[[Any, Span], bool], rng: Random,
                 avoid: set[str]) -> tuple[str, list[Rewrite]] | str:
    """A new name for the place ``value`` of a query's answer and where to write it, or why it keeps its
    name. ``texts``: the group's texts by id; ``evidence``: the ids of the query's; ``blocked``: spans that
    are people's names; ``query``: what the query says; ``taken`` says whether a span is already
    rewritten; ``avoid`` holds the group's words (lowercase), which no new name may be, and grows with the
    names drawn."""
    naming = naming_words(value)
    if not naming:
        return "the place has no name of its own (a description)"
    word_pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, naming)) + r")\b", re.IGNORECASE)
    full = re.compile(r"\b" + r"[\s\-]+".join(map(re.escape, value.split())) + r"\b", re.IGNORECASE)
    if word_pattern.search(query):
        return "the query says the value"
    if not any(full.search(texts[t]) for t in evidence):
        return "the evidence does not state the value"
    places: list[tuple[Any, re.Match[str]]] = []
    for text_id, text in texts.items():
        found = list(full.finditer(text))
        for alone in word_pattern.finditer(text):
            if any(m.start() <= alone.start() < m.end() for m in found):
                continue
            if not _stands_alone(text, alone):
                return "the place's name is also said as another word or name"
            found.append(alone)  # "Westside? That's out of the way": the place by its name alone
        names = blocked.get(text_id, [])
        if any(a < m.end() and m.start() < b for m in found for a, b in names):
            return "the place's name is a person's name"
        places += [(text_id, m) for m in found]
    if any(taken(t, Span(m.start(), m.end(), m.group(0))) for t, m in places):
        return "its evidence is already changed for another query"
    mapping = _new_names(naming, rng, avoid)
    new = word_pattern.sub(lambda w: mapping[w.group(0).lower()], value)
    rewrites = []
    for text_id, m in places:
        written = word_pattern.sub(lambda w: _cased(w.group(0), mapping[w.group(0).lower()]), m.group(0))
        whole = full.fullmatch(m.group(0)) is not None
        rewrites.append((text_id, m.start(), m.end(), written, value if whole else m.group(0),
                         new if whole else written))
    return new, rewrites
