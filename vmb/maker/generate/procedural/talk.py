"""The everyday conversation of a procedural history: topical threads grounded in the personas.

A thread is two (sometimes three) occupants talking about one topic of one speaker's life (a
domain of their interests or job, or of everyday life, ``lexicon.py``) for several lines: news,
questions, details, reactions, a callback to something said on an earlier day, a plan. Lines are
built from clause frames written with alternatives (``[a|b|c]``) and slots (``{thing}``: the
topic's things, what was done, how it went, acquaintances with Faker names, jobs, companies,
towns, countries, times, amounts), so that the words change every two or three words and a
history of thousands of lines rarely repeats five words in a row. Threads never speak of the
car's settings: those come only from the chains, and from ``CAR_TALK``, which names a device
without any value (talk that is not a preference).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from random import Random

from vmb.maker.generate.schemas import Persona, PersonaGroup
from vmb.maker.generate.words import everyday, lexicon
from vmb.maker.generate.words.fake import Names, words
from vmb.maker.generate.words.talk_frames import (
    ADJUNCTS,
    ASK,
    AWAY,
    CALLBACK,
    CAR_TALK,
    CAUSE,
    CLOSE,
    COUNTS,
    DETAIL,
    DO,
    DOING,
    DOINGS,
    DRIVE,
    DRIVE_REPLY,
    ENDINGS,
    KINDS,
    MONTHS,
    OCCASIONS,
    OPEN,
    PLAN,
    PLANS,
    REACT,
    SUBJECTS,
    VALUED_CAR_TALK,
    WEEKDAYS,
    WORK_QUALS,
    WORK_THINGS,
)

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

# "a" before a vowel where two slots meet ("a overpriced kebab shop").
_ARTICLE = re.compile(r"\b([Aa]) (?!one\b|once\b|us|uni|eu)([aeiouAEIO]\w*)")
_SLOT = re.compile(r"\[([^\]]*)\]|\{(\w+)\}")
Part = tuple[str, tuple[str, ...] | None]


# Bounded: frames with a value already filled in are new in every group, and an unbounded cache of them grew
# the generator by half a MiB a group (tests/test_budgets.py); the few hundred fixed frames stay within it.
@lru_cache(maxsize=2048)
def _compiled(frame: str) -> tuple[Part, ...]:
    """A frame as text pieces, alternatives (a tuple) and slots (a name, marked by ``None``)."""
    parts: list[Part] = []
    position = 0
    for match in _SLOT.finditer(frame):
        if match.start() > position:
            parts.append((frame[position:match.start()], ()))
        if match.group(1) is not None:
            parts.append(("", tuple(match.group(1).split("|"))))
        else:
            parts.append((match.group(2), None))
        position = match.end()
    if position < len(frame):
        parts.append((frame[position:], ()))
    return tuple(parts)


def expand(frame: str, rng: Random, slot: Callable[[str], str]) -> str:
    """``frame`` with one of each ``[a|b|c]`` taken (itself expanded) and each ``{name}`` filled by
    ``slot``, "a" before a vowel made "an"."""
    out: list[str] = []
    for text, choice in _compiled(frame):
        if choice is None:
            out.append(slot(text))
        elif choice:
            picked = rng.choice(choice)
            out.append(expand(picked, rng, slot) if "{" in "".join(choice) else picked)
        else:
            out.append(text)
    return _ARTICLE.sub(r"\1n \2", "".join(out))


# How often a thread is about the drive itself, and how often a detail says why it went as it did.
DRIVE_USE, CAUSE_USE = 0.12, 0.35


class Talk:
    """Threads of one group: its people's domains, a cast of acquaintances, Faker places and work."""

    # slots filled from a bank of everyday.py, each pick itself a frame
    _bank_slots = {"cause": everyday.CAUSES, "cause_cap": everyday.CAUSES, "purpose": everyday.PURPOSES,
                   "road": everyday.ROADS, "road2": everyday.ROADS, "road_cap": everyday.ROADS,
                   "holdup": everyday.HOLDUPS, "errand": everyday.ERRAND_ITEMS, "landmark": everyday.LANDMARKS,
                   "chore": everyday.CHORES}

    def __init__(self, group: PersonaGroup, rng: Random) -> None:
        pool, made = words(), Names(rng)
        self.rng = rng
        self.people = group.people
        hobbies = sorted(set(lexicon.INTEREST_DOMAINS.values()))
        # Besides their listed interests, each person has a few side interests they bring up now and then.
        self.domains = {p.name: self._domains(p) + rng.sample(hobbies, 4) for p in group.people}
        self.cast = rng.sample(pool["first_names"], 420)
        self.full = [f"{rng.choice(pool['first_names'])} {last}" for last in rng.sample(pool["last_names"], 200)]
        self.jobs = rng.sample(pool["jobs"], 400)
        self.companies = [made.company() for _ in range(150)]
        self.cities = [made.city() for _ in range(150)] + [p.home for p in group.people]
        self.streets = [made.street() for _ in range(150)]
        self.countries = rng.sample(pool["countries"], 200)
        self.colors = rng.sample(pool["colors"], 80)
        self.catch = [made.catch_phrase() for _ in range(200)]
        self.bs = [made.bs() for _ in range(120)]
        self.languages = list(lexicon.LANGUAGES)
        # a relation that says a gender goes with a first name of that gender ("our landlady Antonio" is nobody)
        named = {"female": pool["female_names"], "male": pool["male_names"], "": tuple(self.cast)}
        self.relatives = [f"{r} {rng.choice(named[gender])}" for r, gender in KINDS for _ in range(3)]
        self.past: list[str] = []
        # words that keep their capital inside a sentence: names of people, places, firms, languages
        self.proper = {w.split("'")[0] for n in (*self.cast, *self.full, *self.companies, *self.cities, *self.streets,
                                                 *self.countries, *self.languages, *(p.name for p in group.people))
                       for w in n.split()[:1]} | {"I", *MONTHS, *WEEKDAYS}

    @staticmethod
    def _domains(person: Persona) -> list[str]:
        own = [lexicon.INTEREST_DOMAINS.get(i, "shows") for i in person.interests]
        job = person.occupation.lower()
        work = next((d for words, d in lexicon.JOB_DOMAINS if any(w in job for w in words)), "office")
        return own + own + [work, work] + list(lexicon.SHARED_DOMAINS)

    def _when(self) -> str:
        """When something happened, in one of several shapes (a day, a count of days, a day by what
        happened on it), so that a history of thousands of lines seldom says one twice."""
        rng = self.rng
        shape = rng.random()
        if shape < 0.2:
            return rng.choice(lexicon.WHEN)
        if shape < 0.4:
            return f"{rng.choice(('on', 'last', 'this past', 'early on', 'late on'))} {rng.choice(WEEKDAYS)}"
        if shape < 0.5:
            return f"{rng.choice(WEEKDAYS)} {rng.choice(('morning', 'night', 'lunchtime', 'evening', 'afternoon'))}"
        if shape < 0.62:
            return f"{rng.choice(('two', 'three', 'a few', 'four', 'five', 'six', 'ten'))} {rng.choice(('days', 'weeks'))} ago"
        if shape < 0.72:
            return f"{rng.choice(('in early', 'in late', 'back in', 'over', 'late in', 'early in', 'sometime in', 'all through'))} {rng.choice(MONTHS)}"
        if shape < 0.82:
            return f"{rng.choice(('the day of', 'that weekend of', 'the night of', 'the week of', 'on the morning of', 'around', 'during'))} {rng.choice(self.cast)}'s {rng.choice(OCCASIONS)}"
        if shape < 0.9:
            return f"{rng.choice(('while', 'when', 'just after'))} {rng.choice(self.cast)} was {rng.choice(AWAY)}"
        return f"the {rng.choice(('morning', 'evening', 'night', 'afternoon'))} {rng.choice(('before', 'after'))} {rng.choice(self.cast)}'s {rng.choice(OCCASIONS)}"

    def _later(self) -> str:
        """When something will happen, in one of several shapes, as ``_when`` says when it did."""
        rng = self.rng
        shape = rng.random()
        if shape < 0.35:
            return rng.choice(lexicon.LATER)
        if shape < 0.55:
            return f"{rng.choice(('on', 'next', 'this coming'))} {rng.choice(WEEKDAYS)}"
        if shape < 0.7:
            return f"{rng.choice(('in early', 'in late', 'sometime in'))} {rng.choice(MONTHS)}"
        if shape < 0.85:
            return f"{rng.choice(('before', 'after', 'the day after', 'in time for', 'straight after', 'around'))} {rng.choice(self.cast)}'s {rng.choice(OCCASIONS)}"
        return f"{rng.choice(('once', 'when', 'as soon as', 'whenever', 'if'))} {rng.choice(self.cast)} is {rng.choice(('back', 'free', 'home', 'off work', 'over the flu', 'settled in'))}"

    def _fill(self, frame: str, domain: dict[str, tuple[str, ...]], thing: str, speaker: Persona) -> str:
        return expand(frame, self.rng, lambda name: self._slot(name, domain, thing, speaker))

    def _slot(self, name: str, domain: dict[str, tuple[str, ...]], thing: str, speaker: Persona) -> str:
        rng = self.rng
        pick = rng.choice
        if name == "thing":
            return thing
        if name in ("thing2", "act", "qual", "qual2", "place"):
            return pick(domain[{"thing2": "items", "act": "acts", "qual": "qualities", "qual2": "qualities",
                                "place": "places"}[name]])
        simple = {"name": self.cast, "name_full": self.full, "job": self.jobs, "company": self.companies,
                  "city": self.cities, "street": self.streets, "country": self.countries, "color": self.colors,
                  "catch": self.catch, "bs": self.bs, "lang": self.languages, "feel": lexicon.FEELINGS, "rel": self.relatives,
                  "reaction": lexicon.REACTIONS, "work_thing": WORK_THINGS, "work_qual": WORK_QUALS,
                  "weekday": WEEKDAYS, "do": DO, "doing": DOING, "adv": lexicon.ADVERBS, "food": lexicon.FOODS, "object": lexicon.OBJECTS,
                  "animal": lexicon.ANIMALS, "event": lexicon.EVENTS, "weather": lexicon.WEATHER, "month": MONTHS}
        if name in simple:
            return pick(simple[name])
        if name == "adv_cap":
            adverb = pick(lexicon.ADVERBS)
            return adverb[:1].upper() + adverb[1:]
        if name == "later":
            return self._later()
        if name in ("amount", "dur"):  # a bank phrase, or one composed of a count and a unit
            if rng.random() < 0.5:
                return pick(lexicon.AMOUNTS if name == "amount" else lexicon.DURATIONS)
            unit = pick(("dollars", "bucks", "dollars", "dollars a month", "dollars each")) if name == "amount" else \
                pick(("minutes", "hours", "evenings", "weekends", "mornings", "days"))
            return f"{pick(COUNTS)} {unit}" if rng.random() < 0.6 or name == "dur" else f"about {pick(COUNTS)} {unit}"
        if name in ("when", "when_cap"):
            when = self._when()
            return when[:1].upper() + when[1:] if name == "when_cap" else when
        if name == "ordinal":
            return pick(("second", "third", "fourth", "fifth", "sixth", "final"))
        if name in ("num", "num2"):  # in words: the only digits of a history are what the car is set to
            return pick(COUNTS)
        if name == "past":
            return pick(self.past) if self.past else pick(domain["items"])
        if name == "my_job":
            return speaker.occupation.split(",")[0].lower()
        if name == "first":
            return pick([p for p in self.people if p is not speaker]).name.split()[0]
        if name == "plan":
            return self._fill(pick(PLANS), domain, thing, speaker)
        if name in self._bank_slots:
            text = self._fill(pick(self._bank_slots[name]), domain, thing, speaker)
            return text[:1].upper() + text[1:] if name.endswith("_cap") else text
        raise KeyError(f"unknown slot {name!r} in a talk frame")

    def _clause(self, domain: dict[str, tuple[str, ...]], thing: str, speaker: Persona) -> str:
        rng = self.rng
        verbs, objects = rng.choice(DOINGS)
        parts = [rng.choice(SUBJECTS), rng.choice(verbs), rng.choice(objects), rng.choice(ADJUNCTS)]
        if rng.random() < 0.4:
            parts.append(rng.choice(ADJUNCTS))
        text = self._fill(" ".join(parts), domain, thing, speaker)
        ending = rng.choice(ENDINGS)
        return text[:1].upper() + text[1:] + ending

    def _line(self, table: tuple[str, ...], domain: dict[str, tuple[str, ...]], thing: str, speaker: Persona,
              extra: float = 0.3) -> str:
        rng = self.rng
        if table is DETAIL and rng.random() < 0.35:
            text = self._clause(domain, thing, speaker)
        elif table is DETAIL and rng.random() < CAUSE_USE:  # why it went so, said plainly
            text = self._fill(rng.choice(CAUSE), domain, thing, speaker)
        else:
            text = self._fill(rng.choice(table), domain, thing, speaker)
        if table is not REACT and rng.random() < 0.25:
            opener = rng.choice(lexicon.fresh(lexicon.OPENERS, text))
            first_word = text.split(" ", 1)[0]
            kept = text if first_word.split("'")[0] in self.proper else text[:1].lower() + text[1:]
            text = f"{opener}, {kept}"
        if rng.random() < extra:
            for _ in range(3):  # a second sentence that says no word the first says once ("now ... now")
                if rng.random() < 0.45:
                    more = self._clause(domain, thing, speaker)
                else:
                    follow = (DETAIL, CALLBACK, PLAN, ASK, CAUSE) if table is not ASK else (DETAIL, CALLBACK, CAUSE)
                    more = self._fill(rng.choice(rng.choice(follow)), domain, thing, speaker)
                if not lexicon.once_words(text) & lexicon.once_words(more):
                    text += " " + more
                    break
        return text

    def thread(self, size: int) -> list[tuple[str, str]]:
        """Up to ``size`` lines (at least one): (speaker name, text)."""
        rng = self.rng
        a, b = rng.sample(self.people, 2)
        if rng.random() < DRIVE_USE:  # the drive itself: the road, a hold-up, an errand, and an answer
            domain = lexicon.DOMAINS[rng.choice(self.domains[a.name])]
            thing = rng.choice(domain["items"])
            said = [(a.name, self._fill(rng.choice(DRIVE), domain, thing, a))]
            if size > 1:
                said.append((b.name, self._fill(rng.choice(DRIVE_REPLY + DRIVE), domain, thing, b)))
            return said
        third = [p for p in self.people if p is not a and p is not b]
        domain = lexicon.DOMAINS[rng.choice(self.domains[a.name])]
        thing = rng.choice(domain["items"])
        length = max(1, min(size, rng.randint(3, 11)))
        if length == 1:
            return [(a.name, self._line(CLOSE, domain, thing, a, extra=1.0))]
        lines = [(a.name, self._line(OPEN, domain, thing, a))]
        for index in range(1, length):
            speaker = b if index % 2 else a
            if third and rng.random() < 0.12:
                speaker = third[0]
            table = (CLOSE if speaker is b else PLAN) if index == length - 1 and length > 2 else \
                rng.choice((ASK, DETAIL, REACT, CALLBACK, DETAIL))
            lines.append((speaker.name, self._line(table, domain, thing, speaker)))
        self.past = (self.past + [thing])[-40:]
        return lines

    def person(self, name: str) -> Persona:
        return next(p for p in self.people if p.name == name)

    def car_talk(self, device: str, speaker: Persona, setp: str | None = None) -> str:
        """A line naming ``device`` with no wish of the speaker's: no value, or where ``setp`` (the
        device with a value, "the seat warmer at 3") is given, that value in another car or tried
        once and given up."""
        frame = self.rng.choice(VALUED_CAR_TALK).replace("{setp}", setp) if setp else \
            self.rng.choice(CAR_TALK).replace("{device}", device)
        return self._fill(frame, lexicon.DOMAINS["home"], "car", speaker)

    def milestone(self, person: Persona, topic: str, index: int, count: int) -> str:
        domain = lexicon.DOMAINS[lexicon.INTEREST_DOMAINS.get(topic, "shows")]
        table = OPEN if index == 0 else (PLAN if index == count - 1 else DETAIL)
        return self._line(table, domain, self.rng.choice(domain["items"]), person, extra=0.4)

    def reply(self, person: Persona, topic: str) -> str:
        domain = lexicon.DOMAINS[lexicon.INTEREST_DOMAINS.get(topic, "shows")]
        return self._line(REACT, domain, self.rng.choice(domain["items"]), person, extra=0.3)
