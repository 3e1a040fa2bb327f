"""When two first names would be taken for one person: the same name, a short form of the other
("Cathy" and "Catherine", "Bill" and "William"), the same first four letters ("Daniel" and
"Danielle"), or one the start of the other ("Ann" and "Anna"). A group's members, and the acquaintances its talk names, are drawn to be distinct.
"""

from __future__ import annotations

from collections.abc import Iterable

# Short forms that do not begin with their full name's first four letters, each with that name.
SHORT_FORMS = {
    "Bob": "Robert", "Bobby": "Robert", "Rob": "Robert", "Robbie": "Robert", "Bill": "William", "Billy": "William",
    "Will": "William", "Liz": "Elizabeth", "Beth": "Elizabeth", "Betty": "Elizabeth", "Lisa": "Elizabeth",
    "Peggy": "Margaret", "Maggie": "Margaret", "Meg": "Margaret", "Becky": "Rebecca", "Dick": "Richard",
    "Rick": "Richard", "Ricky": "Richard", "Jim": "James", "Jimmy": "James", "Jack": "John", "Johnny": "John",
    "Ted": "Edward", "Ed": "Edward", "Eddie": "Edward", "Tony": "Anthony", "Kate": "Katherine", "Katie": "Katherine",
    "Kathy": "Katherine", "Cathy": "Catherine", "Kathleen": "Katherine", "Sue": "Susan", "Chuck": "Charles",
    "Charlie": "Charles", "Hank": "Henry", "Harry": "Henry", "Larry": "Lawrence", "Sally": "Sarah",
    "Patty": "Patricia", "Trish": "Patricia", "Jenny": "Jennifer", "Jen": "Jennifer", "Mike": "Michael",
    "Nick": "Nicholas", "Tom": "Thomas", "Dan": "Daniel", "Danny": "Daniel", "Steve": "Stephen",
    "Steven": "Stephen", "Chris": "Christopher", "Matt": "Matthew", "Sam": "Samuel", "Alex": "Alexander",
    "Andy": "Andrew", "Greg": "Gregory", "Joe": "Joseph", "Ben": "Benjamin", "Pat": "Patrick", "Jeff": "Jeffrey",
    "Ken": "Kenneth", "Ron": "Ronald", "Don": "Donald", "Tim": "Timothy", "Vicky": "Victoria", "Debbie": "Deborah",
    "Tina": "Christina", "Abby": "Abigail", "Mandy": "Amanda", "Cindy": "Cynthia", "Sandy": "Sandra",
    "Terry": "Terrence", "Jerry": "Gerald", "Gabe": "Gabriel", "Nate": "Nathan", "Zach": "Zachary",
}


def _root(name: str) -> str:
    return SHORT_FORMS.get(name, name).lower()


def same_person(a: str, b: str) -> bool:
    """Whether first names ``a`` and ``b`` could be taken for one person."""
    short, long = sorted((a.lower(), b.lower()), key=len)
    return _root(a)[:4] == _root(b)[:4] or short[:4] == long[:4] or len(short) >= 3 and long.startswith(short)


def distinct(name: str, others: Iterable[str]) -> bool:
    """Whether first name ``name`` can be told from every one of ``others``."""
    return not any(same_person(name, other) for other in others)
