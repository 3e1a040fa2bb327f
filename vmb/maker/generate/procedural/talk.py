"""The everyday conversation of a procedural history: short exchanges written by hand.

A thread is one exchange of ``words/chat_interests.py`` or ``words/chat_life.py`` (an interest of
the one who starts it, their work, the household's life, the road, the car as people talk of it),
spoken by two occupants. Each exchange was written and read whole, so every line answers the one
before it; its second wordings are taken by column for the whole exchange, as they were read.
The only words filled in are the speakers' first names, an acquaintance's first name (never a
member's, nor one sharing its first letters: no "Cathy" beside a "Catherine") and a weekday. Decks
are dealt without replacement, so an exchange comes back only after the others of its bank.

Threads never speak of the car's settings: those come only from the chains, and from ``car_talk``,
which names a device with no value of anyone here.
"""

from __future__ import annotations

from random import Random

from vmb.maker.generate.schemas import Persona, PersonaGroup
from vmb.maker.generate.words import lexicon
from vmb.maker.generate.words.chat_interests import INTERESTS, Exchange
from vmb.maker.generate.words.chat_life import CAR, DRIVE, LIFE, WORK
from vmb.maker.generate.words.fake import words
from vmb.maker.generate.words.names import distinct

# Where a drive goes, with the clock hours (0-23) it can start at: nobody drives home from the match at 7 AM.
_ERRAND_HOURS = {
    "to the hardware store": (8, 19), "to the airport": (4, 23), "home from the office": (15, 21),
    "to a school concert": (16, 20), "to the dentist": (8, 17), "to the farmers' market": (7, 13),
    "to a client meeting": (8, 17), "to the gym": (5, 22), "to the garden center": (8, 18),
    "to dinner downtown": (17, 22), "to pick up a parcel": (8, 19), "to the coast for the day": (6, 12),
    "to the vet": (8, 18), "back from the cinema": (13, 23), "to the library": (9, 19),
    "to a birthday party": (10, 20), "to the train station": (5, 23), "to a job site": (6, 16),
    "to the pharmacy": (8, 21), "to the recycling center": (8, 17), "to a friend's housewarming": (16, 22),
    "to the climbing wall": (9, 22), "to the bank": (9, 16), "to a conference": (7, 12), "home from the match": (15, 23)}
ERRANDS = tuple(_ERRAND_HOURS)


def errand(rng: Random, hour: int | None = None, avoid: tuple[str, ...] = ()) -> str:
    """Where a drive goes (one that fits the clock ``hour``, when it is known), none of ``avoid``."""
    return rng.choice([e for e, (start, end) in _ERRAND_HOURS.items()
                       if (hour is None or start <= hour <= end) and e not in avoid])


def errand_clash(text: str, hour: int) -> bool:
    """Whether ``text`` names a drive that does not fit the clock ``hour``."""
    return any(e in text and not start <= hour <= end for e, (start, end) in _ERRAND_HOURS.items())


# How a thread's topic is drawn: any bank the starter may talk from (their interests, their work, the
# household's life, the drive, the car), weighted by how many exchanges it holds, so that each exchange
# comes back about as often as any other.
# Words that place an exchange in the day, with the clock hours (0-23) it may be said at: no sunset at 8 AM.
_SAID_AT = {"sunset": (17, 21), "stop for lunch": (11, 14), "lovely morning": (7, 11), "gray out there this morning": (7, 11),
            "this evening": (16, 21), "How was your day": (15, 21), "Good day?": (15, 21), "dinner tonight": (7, 19),
            "this morning": (9, 21), "Was that you playing this morning": (9, 21), "takeaway tonight": (7, 19)}


def said_at(exchange: Exchange, hour: int | None) -> bool:
    """Whether ``exchange`` may be said at the clock ``hour`` (any exchange when it is not known)."""
    text = " ".join(exchange)
    return hour is None or all(start <= hour <= end for words, (start, end) in _SAID_AT.items() if words in text)


WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# Car talk that is not a preference: a device named, no value, nobody's standing wish; and its answer.
CAR_TALK = (
    ("{device_cap} made a clicking noise this morning. I should mention it at the service.",
     "Good idea. Write it down or you'll forget."),
    ("{friend}'s car has {device} too, but they never touch it.", "Each to their own."),
    ("Did the dealer ever explain {device}? I just press things until it works.",
     "Same here. The manual is in the glove box somewhere."),
    ("My old car didn't even have {device}. Funny how quickly you get used to things.", "I know. We're spoiled now."),
)
# The same with a value nobody here keeps: someone else's car, a rental, a value tried once and given
# up (the release's histories state values that answer nothing; ours would state only the chains' own).
VALUED_CAR_TALK = (
    ("{friend}'s car has {setp}, and {friend} swears by it.", "Each to their own."),
    ("The rental on holiday came with {setp}. I never worked out how to change it.", "Rentals are always like that."),
    ("On the test drive the dealer had {setp}. Odd choice.", "Maybe nobody ever changed it."),
    ("I tried {setp} once on a long drive. Never again.", "Fair enough."),
    ("In the taxi last week they had {setp}. I nearly said something.", "You should have."),
    ("My old car always had {setp}, for years.", "I remember that car."),
)


def _work(person: Persona) -> str:
    job = person.occupation.lower()
    return next((d for keys, d in lexicon.JOB_DOMAINS if any(k in job for k in keys)), "office")


class _Deck:
    """A bank's exchanges dealt in a shuffled order, shuffled again when all are dealt."""

    def __init__(self, bank: tuple[Exchange, ...], rng: Random) -> None:
        self.bank, self.rng, self.left = bank, rng, list[Exchange]()

    def deal(self, hour: int | None = None) -> Exchange:
        """The next exchange that may be said at ``hour`` (the next of all, where none may)."""
        for _ in range(2):
            if not self.left:
                self.left = list(self.bank)
                self.rng.shuffle(self.left)
            for index in range(len(self.left) - 1, -1, -1):
                if said_at(self.left[index], hour):
                    return self.left.pop(index)
            self.left = []
        return self.rng.choice(self.bank)


class Talk:
    """Threads of one group: its people's interests and work, its household, its drives."""

    def __init__(self, group: PersonaGroup, rng: Random) -> None:
        self.rng = rng
        self.people = group.people
        members = [p.name.split()[0] for p in group.people]
        self.friends = [n for n in rng.sample(words()["first_names"], 80) if distinct(n, members)][:40]
        opened = {f"opens:{k}": tuple(e for e in bank if e[0].startswith("A")) for k, bank in INTERESTS.items()}
        self.decks = {key: _Deck(bank, rng) for key, bank in
                      (*INTERESTS.items(), *opened.items(), *WORK.items(), ("life", LIFE), ("drive", DRIVE), ("car", CAR))}

    def _topic(self, person: Persona) -> str:
        topics = [i for i in person.interests if i in INTERESTS] + [_work(person), "life", "drive", "car"]
        return self.rng.choices(topics, [len(self.decks[t].bank) for t in topics])[0]

    def _said(self, line: str, column: int, a: Persona, b: Persona, friend: str, day: str) -> str:
        alternatives = line[3:].split(" | ")
        text = alternatives[min(column, len(alternatives) - 1)]
        return text.format(A=a.name.split()[0], B=b.name.split()[0], friend=friend, day=day)

    def _exchange(self, topic: str, a: Persona, b: Persona, hour: int | None = None) -> list[tuple[str, str]]:
        exchange = self.decks[topic].deal(hour)
        column = self.rng.randrange(max(len(line[3:].split(" | ")) for line in exchange))
        friend, day = self.rng.choice(self.friends), self.rng.choice(WEEKDAYS)
        return [((a if line.startswith("A") else b).name, self._said(line, column, a, b, friend, day))
                for line in exchange]

    def thread(self, size: int, hour: int | None = None) -> list[tuple[str, str]]:
        """Up to ``size`` lines (at least one) said at the clock ``hour``: (speaker name, text)."""
        a, b = self.rng.sample(self.people, 2)
        return self._exchange(self._topic(a), a, b, hour)[:max(1, size)]

    def person(self, name: str) -> Persona:
        return next(p for p in self.people if p.name == name)

    def car_talk(self, device: str, speaker: Persona, listener: Persona, setp: str | None = None) -> list[tuple[str, str]]:
        """``speaker`` naming ``device`` with no wish of theirs, and ``listener``'s answer: no value, or
        where ``setp`` (the device with a value, "the seat warmer at 3") is given, that value in
        another car or tried once and given up."""
        remark, answer = self.rng.choice(VALUED_CAR_TALK if setp else CAR_TALK)
        said = remark.format(device=device, device_cap=device[:1].upper() + device[1:], setp=setp,
                             friend=self.rng.choice(self.friends))
        return [(speaker.name, said), (listener.name, answer)]

    def milestone(self, person: Persona, partner: Persona, topic: str) -> list[tuple[str, str]]:
        """A step of ``person``'s interest ``topic`` told to ``partner``: one of its exchanges that
        ``person`` opens, whole."""
        return self._exchange(f"opens:{topic}" if topic in INTERESTS else "life", person, partner)
