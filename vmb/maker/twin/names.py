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
from collections.abc import Set
from dataclasses import dataclass
from functools import cache
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


# Short forms people call each other by, beyond a first name's own first letters ("Sam" of "Samuel"): the
# project's own list of the common English ones.
_SHORT_FORMS = {
    "William": ("Bill", "Billy", "Will", "Liam"), "Robert": ("Bob", "Bobby", "Rob", "Robbie"),
    "Richard": ("Rick", "Rich", "Dick"), "Elizabeth": ("Liz", "Beth", "Lizzie", "Betty"), "Margaret": ("Maggie", "Peggy", "Meg"),
    "Katherine": ("Kate", "Katie", "Kathy"), "Catherine": ("Cathy", "Kate", "Katie", "Cat"),
    "Kathleen": ("Kathy", "Kate"), "Michael": ("Mike", "Mikey"), "James": ("Jim", "Jimmy", "Jamie"),
    "John": ("Johnny", "Jack"), "Anthony": ("Tony",), "Andrew": ("Andy", "Drew"), "Rebecca": ("Becky", "Becca"),
    "Susan": ("Sue", "Suzy"), "Jennifer": ("Jen", "Jenny"), "Joseph": ("Joe", "Joey"), "Thomas": ("Tom", "Tommy"),
    "Charles": ("Charlie", "Chuck"), "Edward": ("Ed", "Eddie", "Ted"), "Christopher": ("Chris",),
    "Christina": ("Chris", "Tina"), "Christine": ("Chris",), "Patricia": ("Pat", "Patty", "Trish"),
    "Jessica": ("Jess", "Jessie"), "Stephanie": ("Steph",), "Steven": ("Steve",), "Stephen": ("Steve",),
    "Nicholas": ("Nick",), "Daniel": ("Dan", "Danny"), "Matthew": ("Matt",), "Benjamin": ("Ben",),
    "Jonathan": ("Jon",), "Timothy": ("Tim",), "Gregory": ("Greg",), "Kenneth": ("Ken", "Kenny"),
    "Ronald": ("Ron", "Ronnie"), "Donald": ("Don", "Donnie"), "Alexander": ("Alex",), "Alexandra": ("Alex",),
    "Victoria": ("Vicky", "Tori"), "Deborah": ("Debbie", "Deb"), "Samantha": ("Sam",), "Samuel": ("Sam", "Sammy"),
    "Abigail": ("Abby",), "Jacqueline": ("Jackie",), "Zachary": ("Zach",), "Joshua": ("Josh",),
    "Jeffrey": ("Jeff",), "Frederick": ("Fred", "Freddie"), "Raymond": ("Ray",), "Lawrence": ("Larry",),
    "Gerald": ("Gerry",), "Theodore": ("Ted", "Teddy", "Theo"), "Dorothy": ("Dot",), "Kimberly": ("Kim",),
    "Pamela": ("Pam",), "Cynthia": ("Cindy",), "Sandra": ("Sandy",), "Barbara": ("Barb",), "Melissa": ("Mel",),
    "Melanie": ("Mel",), "Nathaniel": ("Nate", "Nat"), "Nathan": ("Nate",), "Douglas": ("Doug",),
    "Phillip": ("Phil",), "Philip": ("Phil",), "Vincent": ("Vince",), "Gabriel": ("Gabe",), "Allison": ("Ally",),
}


def short_forms(first: str, plain_words: Set[str]) -> set[str]:
    """What ``first`` may be called for short: its first three or more letters that are a name ("Sam" of
    "Samuel") and the common short forms, never a word the text writes in lower case ("Will", "Pat")."""
    prefixes = {first[:n] for n in range(3, len(first) - 1)} & set(words()["first_names"])
    return {n for n in prefixes | set(_SHORT_FORMS.get(first, ())) if n.lower() not in plain_words and n != first}


def new_names(people: People, speakers: list[str], group_words: set[str], rng: Random,
              plain_words: Set[str] = frozenset()) -> dict[str, str]:
    """A member's name (first names, last names, short forms) → new name, for one group: only its members
    (its speakers) are renamed; a public figure or anyone else it names keeps their name. A short form of one
    member's first name ("Sam" of "Samuel") becomes that member's new first name, unless it is one of
    ``plain_words``, the words the group writes in lower case ("will"). Deterministic in ``rng``."""
    lists = words()
    female, male = set(lists["female_names"]), set(lists["male_names"])
    taken = set(people.firsts) | set(people.lasts) | {w.capitalize() for w in group_words}
    pools = {"female": [n for n in lists["female_names"] if n not in male and n not in taken],
             "male": [n for n in lists["male_names"] if n not in female and n not in taken]}
    last_pool = [n for n in lists["last_names"] if n not in taken and " " not in n]
    mapping: dict[str, str] = {}
    firsts = list(dict.fromkeys(s.split()[0] for s in speakers))
    for first in firsts:
        pool = pools[_gender(first, female, male) or "male"]
        mapping[first] = pool.pop(rng.randrange(len(pool)))
    for speaker in speakers:
        parts = speaker.split()
        if len(parts) > 1 and parts[-1] not in mapping:
            mapping[parts[-1]] = last_pool.pop(rng.randrange(len(last_pool)))
    owners: dict[str, list[str]] = {}
    for first in firsts:
        for short in short_forms(first, plain_words):
            owners.setdefault(short, []).append(first)
    for short, of in sorted(owners.items()):
        if len(of) == 1 and short not in mapping:  # one member's alone, and no member's own name
            mapping[short] = mapping[of[0]]
    return mapping


@dataclass(frozen=True)
class Renamer:
    """Renames a group's members in its texts and leaves everyone else's name alone: a first name or short
    form followed by a surname that is not its member's ("Bill Evans", "Miles Davis"), or a last name after
    a first name that is not its member's, names someone else."""

    pattern: re.Pattern[str]
    mapping: dict[str, str]
    firsts: frozenset[str]  # the members' first names and short forms
    lasts: frozenset[str]  # the members' last names
    members: frozenset[str]  # the members' full names

    def _owners(self, name: str) -> set[str]:
        return {m for m in self.members if name in m.split() or self.mapping.get(name) == self.mapping.get(m.split()[0])}

    def _someone_else(self, text: str, match: re.Match[str]) -> bool:
        if match.group("full") is not None:  # "Bill Evans": a short form of one member, the surname of another
            first, last = match.group("full").split(" ", 1)
            return not self._owners(first) & self._owners(last)
        if match.group("one") is None:
            return False
        said = match.group("one")
        after = re.match(r" ([A-Z][a-z]+)\b", text[match.end():])
        before = re.search(r"\b([A-Z][a-z]+) $", text[:match.start()])
        if said in self.firsts and after is not None and after.group(1) in _surnames() and \
                f"{said} {after.group(1)}" not in self.members:
            return True
        return said in self.lasts and before is not None and before.group(1) in _forenames() and \
            f"{before.group(1)} {said}" not in self.members

    def rename(self, text: str) -> tuple[str, int, int]:
        """``text`` with every member's name replaced, how many other people's names it kept and how many
        short forms it renamed."""
        kept = short = 0

        def one(match: re.Match[str]) -> str:
            nonlocal kept, short
            if self._someone_else(text, match):
                kept += 1
                return match.group(0)
            short += sum(part in self.mapping and part not in self.lasts and part not in self.members_firsts
                         for part in match.group(0).split(" "))
            return " ".join(self.mapping.get(part, part) for part in match.group(0).split(" "))

        return self.pattern.sub(one, text), kept, short

    @property
    def members_firsts(self) -> frozenset[str]:
        return frozenset(m.split()[0] for m in self.members)

    def left_in(self, text: str) -> list[str]:
        """The members' source names ``text`` still says."""
        return sorted({m.group(0) for m in self.pattern.finditer(text) if not self._someone_else(text, m)})


@cache
def _forenames() -> frozenset[str]:
    """First names and their short forms ("Bill" is no first name of Faker's lists)."""
    return frozenset(words()["first_names"]) | {n for forms in _SHORT_FORMS.values() for n in forms}


@cache
def _surnames() -> frozenset[str]:
    return frozenset(words()["last_names"])


def renamer(people: People, speakers: list[str], mapping: dict[str, str]) -> Renamer:
    """The renamer of one group's members (``mapping`` from ``new_names``)."""
    lasts = frozenset(s.split()[-1] for s in speakers if len(s.split()) > 1)
    firsts = frozenset(n for n in mapping if n not in lasts) | {s.split()[0] for s in speakers}
    group = People(firsts, lasts, people.bare_lasts & lasts)
    return Renamer(name_pattern(group, firsts), mapping, firsts, lasts, frozenset(speakers))
