"""People renamed: every speaker of the source benchmark gets a new first and last name in each group.

The new names come from the generator's name source (Faker's lists, ``vmb.maker.generate.words.fake.words``),
of the same gender where Faker's lists tell it, never a name of the source benchmark nor a word the
group's text already holds (so a new name never reads as something else, and the renaming is one to
one). A full name, a first name alone (possessives included) and a last name after a title or a first
name are renamed wherever they stand; a last name alone only where it is never a plain word of the
source's text ("Green" is a colour too).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from random import Random

from vmb.maker.generate.words.fake import words

TITLES = ("Mr.", "Mrs.", "Ms.", "Miss", "Dr.", "Professor", "Aunt", "Uncle", "Grandma", "Grandpa")


@dataclass(frozen=True)
class People:
    """The people of a source benchmark, read off its speakers."""

    firsts: frozenset[str]
    lasts: frozenset[str]
    # Last names that are never a plain word of the source's text: renamed even when alone.
    bare_lasts: frozenset[str]

    @classmethod
    def of(cls, speakers: set[str], text_words: set[str]) -> People:
        firsts = {s.split()[0] for s in speakers}
        lasts = {s.split()[-1] for s in speakers if len(s.split()) > 1}
        return cls(frozenset(firsts), frozenset(lasts), frozenset(n for n in lasts if n.lower() not in text_words))

    def left_in(self, text: str) -> list[str]:
        """The source's names ``text`` still says (as ``rename`` would find them)."""
        return sorted({m.group(0) for m in name_pattern(self, self.firsts).finditer(text)})


def lowercase_words(text: str) -> set[str]:
    """The words ``text`` writes in lower case (a last name among them is a plain word too)."""
    return set(re.findall(r"\b[a-z][a-z'-]*\b", text))


def name_pattern(people: People, firsts: frozenset[str]) -> re.Pattern[str]:
    """Full names, then a last name after a title, then first names and the bare last names."""
    first = "|".join(sorted(map(re.escape, firsts), key=len, reverse=True))
    last = "|".join(sorted(map(re.escape, people.lasts), key=len, reverse=True))
    titles = "|".join(map(re.escape, TITLES))
    bare = "|".join(sorted(map(re.escape, people.bare_lasts | firsts), key=len, reverse=True))
    return re.compile(rf"\b(?:(?P<full>(?:{first}) (?:{last}))|(?P<title>(?:{titles}) (?:{last}))|(?P<one>{bare}))\b")


def _gender(first: str, female: set[str], male: set[str]) -> str | None:
    if (first in female) == (first in male):
        return None
    return "female" if first in female else "male"


def new_names(people: People, speakers: list[str], group_words: set[str], rng: Random) -> dict[str, str]:
    """Source name (first names, last names) → new name, for one group: its speakers first, then every
    other source name (one of them may be said in the group's text). Deterministic in ``rng``."""
    lists = words()
    female, male = set(lists["female_names"]), set(lists["male_names"])
    taken = set(people.firsts) | set(people.lasts) | {w.capitalize() for w in group_words}
    pools = {"female": [n for n in lists["female_names"] if n not in male and n not in taken],
             "male": [n for n in lists["male_names"] if n not in female and n not in taken]}
    last_pool = [n for n in lists["last_names"] if n not in taken and " " not in n]
    mapping: dict[str, str] = {}
    firsts = list(dict.fromkeys([s.split()[0] for s in speakers] + sorted(people.firsts)))
    for first in firsts:
        pool = pools[_gender(first, female, male) or "male"]
        mapping[first] = pool.pop(rng.randrange(len(pool)))
    for speaker in speakers:
        parts = speaker.split()
        if len(parts) > 1 and parts[-1] not in mapping:
            mapping[parts[-1]] = last_pool.pop(rng.randrange(len(last_pool)))
    # A source last name of nobody in this group, which its text may still say.
    for last in sorted(people.lasts - set(mapping)):
        mapping[last] = last_pool.pop(rng.randrange(len(last_pool)))
    return mapping


def renamer(people: People, mapping: dict[str, str]) -> re.Pattern[str]:
    return name_pattern(people, frozenset(n for n in mapping if n in people.firsts))


def rename(text: str, pattern: re.Pattern[str], mapping: dict[str, str]) -> str:
    """``text`` with every name ``pattern`` finds replaced through ``mapping``, word by word."""
    def one(match: re.Match[str]) -> str:
        return " ".join(mapping.get(part, part) for part in match.group(0).split(" "))

    return pattern.sub(one, text)
