"""The everyday conversation of a procedural history: topical threads grounded in the personas.

A thread is two (sometimes three) occupants talking about one topic of one speaker's life (a
domain of their interests or job, or of everyday life, ``lexicon.py``) for several lines: news,
questions, details, reactions, a callback to something said on an earlier day, a plan. Lines are
built from short clause frames whose slots (the topic's things, what was done, how it went,
acquaintances with Faker names, jobs, companies, towns, times, amounts) change every few words,
so that a history of thousands of lines rarely repeats five words in a row. Threads never speak of
the car's settings: those come only from the chains, and from the car talk of ``CAR_TALK`` that
names a device without any value.
"""

from __future__ import annotations

from random import Random

from vmb.generate.procedural import lexicon
from vmb.generate.procedural.fake import faker
from vmb.generate.schemas import Persona, PersonaGroup

ERRANDS = ("to the hardware store", "to the airport", "home from the office", "to a school concert", "to the dentist",
           "to the farmers' market", "to a client meeting", "to the gym", "to the garden center", "to dinner downtown",
           "to pick up a parcel", "to the coast for the day", "to the vet", "back from the cinema", "to the library",
           "to a birthday party", "to the train station", "to a job site", "to the pharmacy", "to the recycling center",
           "to a friend's housewarming", "to the climbing wall", "to the bank", "to a conference", "home from the match")

OPEN = ("{when_cap} I {act} the {thing}, and it turned out {qual}.", "I have to tell you about the {thing} {when}.",
        "{name} and I {act} the {thing} {when}; it was {qual}.", "So the {thing} is finally {qual}, after {dur}.",
        "You won't believe what happened with the {thing} at the {place}.",
        "I spent {dur} on the {thing} {when}, felt {feel} afterwards.",
        "{name_full} from {company} asked me about the {thing} {when}.", "The {thing} cost me {amount}, can you believe it?",
        "I'm {feel} about the {thing}, {name} says it looks {qual}.", "Big news on the {thing} front: I {act} it myself.")
ASK = ("Wait, is that the {thing} {name} was on about?", "How long did the {thing} take you?",
       "Did {name} ever get back to you about the {thing2}?", "Was it the {qual} kind or the {qual2} kind?",
       "Who told you to try the {place}?", "And what does {name} think of it?", "Are you doing the {thing2} next?",
       "Hang on, was this before or after the {thing2}?", "Is that why you looked so {feel} {when}?",
       "Would {name} help with the {thing2}, do you think?", "How much is a {thing2} these days?")
DETAIL = ("Mostly the {thing2}. I {act} it twice and it's still {qual}.",
          "{name} showed me a trick with the {thing2}, saved me {dur}.",
          "The guy at the {place}, a {job}, said it's normal for it to look {qual}.",
          "It was {qual} at first, then {qual2} once I {act} the {thing2}.",
          "I followed what {name} does: {act} it, wait {dur}, then start over.",
          "We ended up at the {place} in {city} with {name}'s whole crew.",
          "It took {dur}, plus {amount} for a new {thing2}.",
          "I'd say about {num} tries so far, and the last one was the least {qual}.",
          "My {rel} swears by a {qual} {thing2}, so I borrowed one.",
          "Half of it went fine; the {thing2} was a disaster, honestly {qual}.")
REACT = ("{reaction}, that sounds {qual}.", "{reaction}! {name} would have loved that.", "{reaction}. I'd have been {feel} too.",
         "{reaction}, you never mentioned the {thing2} before.", "{reaction}, and all that for {amount}?",
         "{reaction}. Sounds like {name} all over.", "{reaction}, I remember the {place} being {qual}.",
         "{reaction}, a {qual} {thing} is still a {thing}.")
CALLBACK = ("Isn't that what you said {when} about the {thing2}?", "Like that time {when} with {name} and the {thing2}.",
            "You were so {feel} about it {when}, remember?", "After what {name} told us {when}, I'm not surprised.",
            "Last time we talked you'd only just {act} the {thing2}.", "That's a far cry from the {qual} mess {when}.")
PLAN = ("Let's ask {name} about it {later}.", "I'll try the {place} in {city} {later}.", "Maybe I'll {plan} {later}.",
        "I'm booking another go at the {thing2} {later}.", "{name} wants to come along {later}, if you fancy it.",
        "We could take the {thing2} over to {name}'s {later}.", "I'll report back {later}, fingers crossed.")
CLOSE = ("Keep me posted.", "Good luck with it.", "Send me a photo.", "Tell {name} I said hi.", "I want the full story {later}.",
         "Sounds like a plan.", "Don't let {name} talk you out of it.", "Count me in {later}.", "I'll hold you to that.")
PLANS = ("give it another shot", "ask for a refund", "take a proper class", "start over from scratch",
         "drag {name} along", "write it all down", "buy a better {thing2}", "sleep on it")
# Car talk that is not a preference: a device named, no value, nobody's standing wish.
CAR_TALK = ("The {device} made a weird clicking noise {when}, I should mention it at the service.",
            "{name}'s car has {device} too, but she never uses it.", "I read that {device} drains the battery, no idea if that's true.",
            "Did the dealer ever explain how {device} works? I just poke at it.",
            "My old car didn't even have {device}, funny how you get used to things.")

_ACTS = (OPEN, ASK, DETAIL, REACT, CALLBACK, PLAN, CLOSE)


class Talk:
    """Threads of one group: its people's domains, a cast of acquaintances, Faker places."""

    def __init__(self, group: PersonaGroup, rng: Random) -> None:
        fake = faker()
        fake.seed_instance(rng.getrandbits(48))  # type: ignore[attr-defined]
        self.rng = rng
        self.people = group.people
        self.domains = {p.name: self._domains(p) for p in group.people}
        self.cast = [fake.first_name() for _ in range(220)]  # type: ignore[attr-defined]
        self.full = [fake.name() for _ in range(90)]  # type: ignore[attr-defined]
        self.jobs = [fake.job().split(",")[0].lower() for _ in range(120)]  # type: ignore[attr-defined]
        self.companies = [fake.company() for _ in range(70)]  # type: ignore[attr-defined]
        self.cities = [fake.city() for _ in range(70)] + [p.home for p in group.people]  # type: ignore[attr-defined]
        self.relatives = [f"{r} {fake.first_name()}" for r in ("cousin", "neighbor", "aunt", "uncle", "colleague",  # type: ignore[attr-defined]
                                                              "old roommate", "brother-in-law", "boss", "landlady",
                                                              "friend from college", "dentist", "barber") for _ in range(3)]

    @staticmethod
    def _domains(person: Persona) -> list[str]:
        own = [lexicon.INTEREST_DOMAINS.get(i, "shows") for i in person.interests]
        job = person.occupation.lower()
        work = next((d for words, d in lexicon.JOB_DOMAINS if any(w in job for w in words)), "office")
        return own + [work, work] + list(lexicon.SHARED_DOMAINS)

    def _fill(self, frame: str, domain: dict[str, tuple[str, ...]], thing: str) -> str:
        rng = self.rng
        pick = rng.choice
        slots = {
            "thing": thing, "thing2": pick(domain["items"]), "act": pick(domain["acts"]), "qual": pick(domain["qualities"]),
            "qual2": pick(domain["qualities"]), "place": pick(domain["places"]), "name": pick(self.cast),
            "name_full": pick(self.full), "job": pick(self.jobs), "company": pick(self.companies), "city": pick(self.cities),
            "when": pick(lexicon.WHEN), "later": pick(lexicon.LATER), "dur": pick(lexicon.DURATIONS),
            "amount": pick(lexicon.AMOUNTS), "feel": pick(lexicon.FEELINGS), "rel": pick(self.relatives),
            "reaction": pick(lexicon.REACTIONS), "num": str(rng.randint(3, 40)),
        }
        slots["plan"] = pick(PLANS).format(**slots)
        slots["when_cap"] = slots["when"][:1].upper() + slots["when"][1:]
        return frame.format(**slots)

    def _line(self, table: tuple[str, ...], domain: dict[str, tuple[str, ...]], thing: str, extra: float = 0.55) -> str:
        rng = self.rng
        text = self._fill(rng.choice(table), domain, thing)
        if rng.random() < 0.3:
            text = f"{rng.choice(lexicon.OPENERS)}, {text[:1].lower()}{text[1:]}" if not text.startswith("I ") else \
                f"{rng.choice(lexicon.OPENERS)}, {text}"
        if rng.random() < extra:
            follow = rng.choice((DETAIL, CALLBACK, PLAN, ASK) if table is not ASK else (DETAIL, CALLBACK))
            text += " " + self._fill(rng.choice(follow), domain, thing)
        return text

    def thread(self, size: int) -> list[tuple[str, str]]:
        """Up to ``size`` lines (at least one): (speaker name, text)."""
        rng = self.rng
        a, b = rng.sample(self.people, 2)
        third = [p for p in self.people if p is not a and p is not b]
        domain = lexicon.DOMAINS[rng.choice(self.domains[a.name])]
        thing = rng.choice(domain["items"])
        length = max(1, min(size, rng.randint(3, 11)))
        lines = [(a.name, self._line(OPEN, domain, thing))]
        for index in range(1, length):
            speaker = b if index % 2 else a
            if third and rng.random() < 0.12:
                speaker = third[0]
            table: tuple[str, ...]
            if index == length - 1 and length > 2:
                table = CLOSE if speaker is b else PLAN
            else:
                table = rng.choice(_ACTS[1:6])
            lines.append((speaker.name, self._line(table, domain, thing)))
        if length == 1:
            lines = [(a.name, self._line(CLOSE, domain, thing, extra=1.0))]
        return lines

    def car_talk(self, device: str) -> str:
        return self._fill(self.rng.choice(CAR_TALK).replace("{device}", device), lexicon.DOMAINS["home"], "car")

    def milestone(self, person: Persona, topic: str, index: int, count: int) -> str:
        domain = lexicon.DOMAINS[lexicon.INTEREST_DOMAINS.get(topic, "shows")]
        table = OPEN if index == 0 else (PLAN if index == count - 1 else DETAIL)
        return self._line(table, domain, self.rng.choice(domain["items"]), extra=0.4)

    def reply(self, person: Persona, topic: str) -> str:
        domain = lexicon.DOMAINS[lexicon.INTEREST_DOMAINS.get(topic, "shows")]
        return self._line(REACT, domain, self.rng.choice(domain["items"]), extra=0.3)
