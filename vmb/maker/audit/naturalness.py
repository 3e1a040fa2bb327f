"""Whether a benchmark's lines read as something a person says: how many repeat a template, and how
many break a rule of grammar a reader trips on.

A line's *skeleton* is its function words in order, each run of other words one gap ("So, just before
the rain, the lovebird sat on the ankle sprain" → "so just before the _ the _ on the _"): lines a
template writes with different fillers share one, natural talk of any length seldom does. A line is
*templated* when its skeleton is that of another line of its group; only lines of ``MIN_WORDS`` or
more count, since "Thanks, that's great." is said by everyone. The grammar check is a few patterns
(``GRAMMAR``), not a parser: each names a mistake a procedural template makes when its slots do not
agree ("did anybody moved", "a apple", "the the"), so a line it flags is wrong, and a line it passes
may still be.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from statistics import mean

# Words a template keeps while its slots change: articles, pronouns, prepositions, conjunctions,
# auxiliaries, common adverbs of time and degree.
FUNCTION_WORDS = frozenset("""
a an the this that these those my your his her its our their me him us them i you he she it we they
mine yours ours theirs myself yourself himself herself ourselves themselves someone somebody anyone
anybody everyone everybody nobody nothing something anything everything one
of in on at to from for with by about over under after before since until while during into onto
out up down off through around between behind near across against without within along
and or but so because if when then than as though although unless whether where why how what which
who whom whose
is are was were be been being am do does did have has had having will would can could shall should
may might must not no
just still even also too very really quite only again already yet ever never always often now there
here all some any each every both either neither more most less much many such own same other
""".split())
MIN_WORDS = 8
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")

# Pattern name → what it finds; each a mistake, never a style. Case matters where a capital marks a
# name ("Would Alfred help", "Melendez-May waxed") or an acronym ("an MRI", "in the OR or the lab").
_SUBJECT = r"(?:I|you|he|she|it|we|they|anybody|anyone|somebody|someone|everyone|everybody|nobody)"
_PAST = r"(?!(?:need|feed|seed|speed|bleed|breed|proceed|succeed|exceed|shed|shred|bred|embed)\b)[a-z]{3,}ed\b"
_A_VOWEL_OK = r"(?:one|once|uni|use|usu|usa|uti|ur|eu|ew|u\b)"
_DOUBLE_OK = frozenset("had that no very really so ha bye now well oh go yes there knock night".split())
GRAMMAR: dict[str, re.Pattern[str]] = {
    # "did anybody moved", "does she liked": do-support takes the bare verb
    "do with a past verb": re.compile(rf"\b(?:[Dd]id|[Dd]oes|[Dd]o|[Dd]idn't|[Dd]oesn't|[Dd]on't)\s+{_SUBJECT}\s+{_PAST}"),
    # "can moved", "should tried": a modal takes the bare verb ("will" is a noun too: "the political will matched")
    "modal with a past verb": re.compile(rf"\b(?:can|could|would|shall|should|must|might|may|won't|can't)\s+{_PAST}"),
    "a before a vowel": re.compile(rf"(?<![\w'’&-])a\s+(?!(?i:{_A_VOWEL_OK}))[aeiouAEIOU][a-z]"),
    "an before a consonant": re.compile(r"(?<![\w'’&-])[Aa]n\s+(?![hH])[b-df-gj-np-tv-zB-DF-GJ-NP-TV-Z][a-z]"),
    "doubled word": re.compile(r"(?<![\w-])(?<!\w['’])([A-Za-z]+)\s+\1\b(?!['’-])", re.IGNORECASE),
    "subject and verb disagree": re.compile(r"\b(?:[Hh]e|[Ss]he|[Ii]t)\s+don't\b|\b(?:[Tt]hey|[Ww]e)\s+was\b|\bI\s+is\b"),
}


def _doubled(match: re.Match[str]) -> bool:
    """Whether a doubled word is a mistake: not one people double ("no no", "had had"), nor a name or an
    acronym beside its word ("Duran Duran", "or OR")."""
    first, second = match.group(1), match.group(0).split()[-1]
    return first.lower() not in _DOUBLE_OK and second.islower() and not (len(first) > 1 and first.isupper())


def skeleton(text: str) -> tuple[str, ...]:
    """``text``'s function words in order, each run of other words one ``"_"``."""
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        if word in FUNCTION_WORDS or word.split("'")[0] in FUNCTION_WORDS:
            out.append(word)
        elif not out or out[-1] != "_":
            out.append("_")
    return tuple(out)


def templated_share(lines: Iterable[str]) -> float:
    """Percent of the lines of ``MIN_WORDS`` words or more whose skeleton another of them has."""
    skeletons = [skeleton(line) for line in lines if len(_WORD.findall(line.lower())) >= MIN_WORDS]
    counts = Counter(skeletons)
    return 100 * sum(counts[s] > 1 for s in skeletons) / len(skeletons) if skeletons else 0.0


def grammar_errors(text: str) -> list[str]:
    """The names of the ``GRAMMAR`` mistakes ``text`` makes (none: it passes)."""
    found = []
    for name, pattern in GRAMMAR.items():
        matches = pattern.finditer(text)
        if any(_doubled(m) for m in matches) if name == "doubled word" else next(matches, None) is not None:
            found.append(name)
    return found


def ungrammatical_share(lines: Iterable[str]) -> float:
    """Percent of ``lines`` with a ``GRAMMAR`` mistake."""
    flags = [bool(grammar_errors(line)) for line in lines]
    return 100 * sum(flags) / len(flags) if flags else 0.0


def measure(histories: Iterable[list[str]], queries: list[str]) -> dict[str, float]:
    """The figures of a benchmark from its histories' line texts (one list per group) and its query texts."""
    groups = list(histories)
    return {
        "templated_lines": mean(templated_share(lines) for lines in groups) if groups else 0.0,
        "ungrammatical_lines": ungrammatical_share(line for lines in groups for line in lines),
        "ungrammatical_queries": ungrammatical_share(queries),
    }
