"""Faker for the procedural backend (names, jobs, towns, companies), pinned in requirements.txt.

``faker()`` is the one instance, seeded by each user from its own random source before drawing.
``words()`` are Faker's own word lists (first and last names, jobs, countries, colours, town and
street name parts); ``Names`` composes companies, towns and streets from them with a group's own random source, which is deterministic and much faster than
Faker's weighted draws. A person's name is drawn from the first-name lists only, less the names that
read as words or places (``WORD_NAMES``); a town always ends in a town suffix (Faker's own towns include
"New Tim", which reads as a person: "New Tim had gone to sleep").
"""

from __future__ import annotations

import re
from functools import cache
from random import Random


@cache
def faker() -> object:
    from faker import Faker

    return Faker("en_US")


# British spellings in Faker's job titles, spelt as the rest of the generated text is (the catalog's "color").
AMERICAN = {"centre": "center", "colour": "color", "jewellery": "jewelry", "organiser": "organizer",
            "organisation": "organization", "programme": "program", "theatre": "theater"}
_BRITISH = re.compile(r"\b(" + "|".join(AMERICAN) + r")", re.IGNORECASE)


def american(text: str) -> str:
    """``text`` with the British spellings of ``AMERICAN`` in American spelling, capitals kept."""
    def spelt(match: re.Match[str]) -> str:
        said, word = match.group(0), AMERICAN[match.group(0).lower()]
        return word.capitalize() if said[:1].isupper() else word

    return _BRITISH.sub(spelt, text)


# First names a sentence reads as a word, a season or a place ("Summer came along", "Frank said", "we met
# Virginia"): never a person's name in generated text.
WORD_NAMES = frozenset((
    "Amber", "Angel", "April", "Austin", "Autumn", "Bill", "Brandy", "Chase", "Christian", "Crystal", "Daisy",
    "Dakota", "Dawn", "Destiny", "Diamond", "Drew", "Faith", "Frank", "Grace", "Grant", "Guy", "Heather", "Holly",
    "Hope", "Hunter", "Jade", "Jasmine", "Jordan", "Joy", "Lance", "Mark", "Mason", "Melody", "Misty", "Parker",
    "Penny", "Ray", "Rose", "Savannah", "Sierra", "Summer", "Virginia"))


def person_name(name: str) -> bool:
    """Whether a first name drawn from Faker's lists may name a person in the text."""
    return name not in WORD_NAMES


@cache
def words() -> dict[str, tuple[str, ...]]:
    from faker.providers.address.en_US import Provider as Address
    from faker.providers.color import Provider as Colors
    from faker.providers.company.en_US import Provider as Company
    from faker.providers.job.en_US import Provider as Jobs
    from faker.providers.person.en_US import Provider as People

    return {
        "first_names": tuple(sorted(filter(person_name, People.first_names))),
        "female_names": tuple(sorted(filter(person_name, People.first_names_female))),
        "male_names": tuple(sorted(filter(person_name, People.first_names_male))),
        "last_names": tuple(sorted(People.last_names)),
        "jobs": tuple(dict.fromkeys(american(j.split(",")[0].lower()) for j in Jobs.jobs)),
        "countries": tuple(Address.countries),
        "colors": tuple(sorted(c.lower() for c in Colors.all_colors)),
        "city_prefixes": tuple(Address.city_prefixes), "city_suffixes": tuple(Address.city_suffixes),
        "street_suffixes": tuple(Address.street_suffixes), "company_suffixes": tuple(Company.company_suffixes),
    }


class Names:
    """Companies, towns and streets composed from Faker's word lists."""

    def __init__(self, rng: Random) -> None:
        self.rng = rng
        self.w = words()

    def company(self) -> str:
        pick, w = self.rng.choice, self.w
        shape = self.rng.random()
        if shape < 0.4:
            return f"{pick(w['last_names'])} {pick(w['company_suffixes'])}"
        if shape < 0.7:
            return f"{pick(w['last_names'])}-{pick(w['last_names'])}"
        return f"{pick(w['last_names'])}, {pick(w['last_names'])} and {pick(w['last_names'])}"

    def city(self) -> str:
        pick, w = self.rng.choice, self.w
        if self.rng.random() < 0.5:
            return f"{pick(w['city_prefixes'])} {pick(w['first_names'])}{pick(w['city_suffixes'])}"
        return f"{pick(w['last_names'])}{pick(w['city_suffixes'])}"

    def street(self) -> str:
        pick, w = self.rng.choice, self.w
        return f"{pick(w['last_names'] + w['first_names'])} {pick(w['street_suffixes'])}"
