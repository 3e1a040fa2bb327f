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

from vmb.generate.schemas import Persona, PersonaGroup
from vmb.generate.words import lexicon
from vmb.generate.words.fake import Names, words

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

OPEN = (
    "{when_cap} I {adv} {act} the {thing}, and [it turned out|the result was|it ended up] {qual}.",
    "[I have to|Let me|I need to|I must|I should] [tell you|fill you in|update you] [about|on] [the|that|my] {thing} {when}.",
    "{name} and I {act} the {thing} {when}; [it was|it came out|everything looked] {qual}.",
    "So the {thing} is {adv} {qual}, after {dur} [of work|of fiddling|of trying|with {name}].",
    "[You won't believe|Guess|Wait till you hear|Ask me] what [happened|went down|went wrong] [with|to] [the|my|that] {thing} [at|near|outside] the {place}.",
    "I spent {dur} on the {thing} {when} and [felt|came away|ended up] {feel}.",
    "{name_full} from {company} [asked me|grilled me|quizzed me|emailed me] about the {thing} {when}.",
    "The {thing} cost me {amount}, [can you believe it|no joke|and I'm still {feel}]?",
    "[I'm|Still] {feel} about the {thing}; {name} [says|reckons|thinks] it looks {qual}.",
    "[Big|Small|Odd|Funny] news [on the {thing} front|about the {thing}]: I {act} it [myself|with {name}'s help].",
    "[Work update|Quick one from work|News from {company}]: [the|our|that] {work_thing} is {work_qual} [again|as usual|{when}].",
    "[As a|Being a] {my_job}, I [never thought|didn't expect|hardly imagined] I'd {act} a {thing} {when}.",
    "My {rel} [dropped off|lent me|sent over|found] a {color} {thing} {when}, [no idea why|out of nowhere].",
    "[Someone at {company} wants|A guy from {company} wants|Two people at {company} want] to {bs} {later}, {adv}.",
    "{name} brought {food} to the {event} {when} and [nobody|everybody|half the room] [noticed|asked for more].",
    "The {weather} {when} [ruined|wrecked|delayed] the {thing}, so {name} and I [improvised|gave up|went for {food}].",
    "[Did I mention|Have I told you|Did you hear|I forgot to say] my {rel} adopted a {animal}? It [chewed|sat on|knocked over] my {object} {when}.",
    "{adv_cap}, the {event} at {name}'s [place|house|flat] [turned into|became|ended in] a [debate|row|long chat] [about|over] the {thing}.",
    "I [lost|found|broke|borrowed] {name}'s {object} {when}, [right before|just after|in the middle of] the {thing}.",
    "[My|Our] {rel} [just got|landed|started] [a job as|work as|a post as|a position as] a {job} [at|with] {company} in {city}.",
    "{name} is learning {lang} [before|for] [the|a] trip to {country}, [and|so] we [practiced|tried it out] together {when}.",
    "[Over|At] {food} {when}, {name_full} [explained|pitched|described] the {catch} [at|behind] {company}.",
)
ASK = (
    "[Wait|Hang on|Sorry|Hold on], [is that|was that|isn't that] [the|that] {thing} {name} [was on about|mentioned|kept raving about]?",
    "How [long|many evenings|many weekends|many hours] did [the|that|your] {thing} [take|eat up|cost you]?",
    "Did {name} [ever|actually|finally] [get back to you|reply|follow up|say anything] [about|on|regarding] [the|that] {thing2}?",
    "Was it the {qual} [kind|sort|type] or [more|rather] {qual2}?",
    "[Who told you to|What made you|Whose idea was it to|Why did you] [try|pick|go to|book] [the|that] {place} [in {city}|on {street}]?",
    "And what does {name} [think of|make of|say about] the {thing2}?",
    "Are you [doing|tackling|starting|planning] the {thing2} [next|after that|{later}]?",
    "[Was this|Was that|Did this happen|Did all that happen] [before or after|around|during|right after] [the|that] {event} at {name}'s?",
    "[Is that|Was that|So that's] [why|the reason] you [looked|seemed|sounded|were] so {feel} {when}?",
    "Would {name} [help|give you a hand|pitch in|lend a hand] [with|on] [the|that] {thing2}, [do you think|maybe|honestly]?",
    "How much is a {qual} {thing2} [these days|now|at the {place}|in {city}]?",
    "Didn't your {rel} [have|own|try] [one|a {thing2}] [once|years ago|in {country}]?",
    "[Any|Got any] [photos|pictures|proof] [of|from] [the|that] {thing}, or [was it|is it] too {qual}?",
    "[What did the {animal} make of|How did the {animal} react to] [all that|the {object}]?",
    "Is {name} still [working as|training as] a {job} [at|for] {company}?",
    "[Does|Did] {name} [still|ever] speak {lang}, [from|after] the years in {country}?",
)
DETAIL = (
    "Mostly the {thing2}. I {act} it [twice|three times|again {when}|once more] and [it's|now it's|it looks|it seems] {adv} {qual}.",
    "{name} [showed me|taught me|found] [a trick|a shortcut|another approach] [with|for] [the|that|my] {thing2}; [saved|cut] {dur}.",
    "The [guy|woman|kid|owner] at the {place}, a {job}, [said|claimed|swore] it [usually|often] looks {qual}.",
    "It was {qual} at first, then {qual2} once I {act} the {thing2}.",
    "I [copied|followed|stole] {name}'s [method|routine|approach]: {act} it, wait {dur}, then [repeat|check].",
    "[We ended up|We wound up|We finished|The day ended] [at|near|behind|outside] [a|the|some] {place} in {city} with {name}'s [crew|cousins|friends from {country}].",
    "[It took|All told it was|That cost me] {dur}, plus {amount} for a [new|spare|used] {thing2}.",
    "[About|Roughly|Maybe|Nearly] {num} [tries|attempts|goes|rounds], [and|but] [the last|the {ordinal} one|the {ordinal}] [was|looked|came out] [the least|the most] {qual}.",
    "My {rel} swears by a {qual} {thing2}, so I [borrowed|bought|ordered] one [from {company}|off {name}|online].",
    "[Half|Most|Some|A third] of the {thing2} [went fine|worked|held up|survived]; [the rest|everything else|the remainder] [was|looked|felt] {adv} {qual2}.",
    "[Apparently|Supposedly|According to {name}|Word is] the [secret|trick|key] [is|involves|needs] a {color} {thing2} and [patience|{food}|luck|{adv} good timing].",
    "[The|Our|That] {work_thing} [came up|got mentioned|hit the agenda|resurfaced] [too|again|as well], since {company} [insists on|keeps pushing|wants] a {catch}.",
    "[Between|Around|Despite] the {weather} and the {event}, I {adv} [still|somehow|even] {act} the {thing2}.",
    "{name_full} [offered|promised|threatened] to {bs} [if|unless|once] the {thing2} [works|fails|arrives].",
    "The {object} [broke|went missing|fell apart] halfway, so {name} [lent|gave|threw] me theirs.",
    "[Funnily|Strangely|Sadly] enough, the {animal} [loved|ignored|attacked] the {thing2} [most|first].",
    "{name} [is|works as] a {job} now, [somewhere in|out in|near] {country}, [and|so] [knows|swears by] the {thing2}.",
    "{company} [calls|markets] it [their|a] {catch}, [whatever that means|which tells you nothing].",
    "[On|Along|Off] {street} there's a {place} [run by|owned by] a {job} [from|who grew up in] {country}.",
)
REACT = (
    "{reaction}, that [sounds|seems|looks] {qual}.", "{reaction}! {name} would have [loved|hated|filmed] the {thing2}.",
    "{reaction}. I'd have been {feel} [too|as well|myself].",
    "{reaction}, [you never|nobody ever|{name} never] [mentioned|told me about|brought up] [the|that|your] {thing2} [before|{when}|till now].",
    "{reaction}, [and|so] [all that|the whole saga|that palaver|the drama] [for|over] {amount}?", "{reaction}. [Sounds like|That's so] {name} [all over|to a tee].",
    "{reaction}, I remember the {place} [being|looking] {qual} [in {month}|back then|in the spring].",
    "{reaction}; [a|even a] {qual} {thing} beats [no|a {qual2}] {thing}.",
    "{reaction}. My {rel} [went through|had|lived through|survived] [the same|a similar|exactly that] [thing|drama|saga] [in {city}|{when}].",
    "{reaction}, {first}. [Next time|Maybe next time] bring {food}.",
)
CALLBACK = (
    "[Isn't|Wasn't|Is] that [what|exactly what|roughly what|pretty much what|just what|the thing] [you|{name}] [said|told me|kept saying|claimed] {when} [about|regarding] [the|that] {past}?",
    "[Like|Just like|Same as] that time {when} with {name} and the {past}.",
    "You were so {feel} about the {past} {when}, [remember|admit it]?",
    "After what {name} [told us|said|posted] {when} about the {past}, I'm not [surprised|shocked].",
    "[Last time|On {weekday}|Back in {month}] [you'd|you had] [only just|barely|hardly|just about] {act} [the|that] {past}.",
    "[That's|Quite|What] a [change|leap|shift|contrast] [from|after|compared to] [the|that|your] {qual} {past} [we laughed about|you showed me|{name} mocked] {when}.",
    "[Remember|Think back to] the {past} [from|on] {weekday}? [Same energy|Same story|Not even close].",
    "[Still|So] better than the {past} [saga|fiasco|episode] [at the {event}|in {month}|with {name}].",
)
PLAN = (
    "Let's ask {name} [about it|what they think|for advice] {later}.", "I'll [try|check out|look at] the {place} in {city} {later}.",
    "Maybe I'll {plan} {later}.", "I'm [booking|planning|lining up|arranging|pencilling in] [another go at|a rematch with|a second round of|one more try at] [the|that] {thing2} {later}.",
    "{name} wants to [come along|join|tag along] {later}, if you [fancy it|are free|want to].",
    "We could [take|bring] the {thing2} [over to|along to] {name}'s {later}.",
    "I'll [report back|let you know|text you] {later}, [fingers crossed|wish me luck].",
    "[Next up is|After that comes|Then comes|Next comes] the {thing2}, [probably|hopefully|supposedly] {later}.",
    "[If|Once] the {weather} [clears|passes|holds off], I'll [get back to|have another look at|finish] the {thing2} {later}.",
    "I promised {name} we'd {bs} {later}, [half as a joke|only half joking].",
)
CLOSE = (
    "[Keep me posted|Let me know how it goes|Let me know how it turns out|Tell me everything|Report back] {later}.", "[Good luck|Best of luck|Fingers crossed] [with|for] the {thing}, {first}.",
    "[Send|Show] me a [photo|picture|video] [later|tonight|of the {thing}].", "Tell {name} I said [hi|hello|well done].",
    "[Sounds like a plan|Deal|Fair enough|Brilliant], {first}.", "[Don't let {name} talk you out of|Never let {name} put you off|Ignore {name} if they mock|Stick with] [the|that] {thing2}.",
    "[Count me in|I'm in|Sign me up], [whenever it is|any day but {weekday}|if there's room|if {name} comes], [I'll bring {food}|as long as there's {food}].", "[I'll hold you to that|I'll hold you to it|That's a promise|No backing out|You said it], {first}.",
)
PLANS = ("give it another shot", "ask for a refund", "take a proper class", "start over from scratch",
         "drag {name} along", "write it all down", "buy a better {thing2}", "sleep on it", "call {company}",
         "ask my {rel}", "visit the {place}", "bribe {name} with {food}", "borrow {name}'s {object}")
# Car talk that is not a preference: a device named, no value, nobody's standing wish.
CAR_TALK = (
    "[By the way,|Oh, and] {device} made a [weird|funny|clicking] noise {when}; I should [mention it at|book] the service.",
    "{name}'s car has {device} too, but they never [touch|use] it.",
    "I [read|heard] that {device} [drains|eats] the battery, no idea if that's true.",
    "[Did the dealer ever explain|Has anyone ever explained|Does anyone understand] {device}? I just [poke at it|press things until it works].",
    "[My old car|My first car|Dad's old car] [didn't even have|never had|came without] {device}; [funny how you get used to things|you get spoiled fast|now I can't do without it].",
)
# The same with a value nobody here keeps: someone else's car, a rental, a value tried once and given
# up (the release's histories state values that answer nothing; ours stated only the chains' own).
VALUED_CAR_TALK = (
    "{name}'s car has {setp}, and [they swear by it|they never change it|I can't stand it].",
    "The rental [last month|on holiday|in {city}] came with {setp}; I never worked out how to change it.",
    "On the test drive the dealer had {setp}. [Odd choice|Strange|No idea why].",
    "I tried {setp} once [on the motorway|on a long drive|for a week]. Never again.",
    "In the taxi {when} they had {setp}, [it was awful|I nearly said something|fair enough].",
    "[My old car|Dad's old car|My first car] always had {setp}, [believe it or not|for years|until it died].",
)
# Acquaintances by how they are related to the speaker, with the gender the word says (none: either).
_KINDS = (("cousin", ""), ("neighbor", ""), ("aunt", "female"), ("uncle", "male"), ("colleague", ""),
          ("old roommate", ""), ("brother-in-law", "male"), ("boss", ""), ("landlady", "female"),
          ("friend from college", ""), ("dentist", ""), ("barber", ""), ("godmother", "female"), ("mentor", ""),
          ("physio", ""))
_WORK_THINGS = ("proposal", "budget", "roll-out", "review", "deadline", "pilot", "audit", "launch", "rota", "handover")
_WORK_QUALS = ("slipping", "on fire", "stalled", "back on track", "under review", "late", "a headache", "nearly done")
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# A free clause: who, did what, to what, where or when (each part from its own bank).
_SUBJECTS = ("I", "we", "{name}", "my {rel}", "{name_full}", "a {job} from {company}", "{name} and I",
             "our neighbor {name}", "the whole team at {company}", "{name}'s {rel}")
# What was done to what: verbs with the objects they fit.
_DOINGS = (
    (("{act}", "{act}", "{act}"), ("the {thing2}", "a {qual} {thing2}", "two {thing2}s", "the {thing}", "a {thing2} from {city}")),
    (("borrowed", "returned", "fixed", "found", "lost", "cleaned", "packed", "wrapped", "painted", "sold"),
     ("{name}'s {object}", "a {color} {object}", "the {object}", "an old {object}")),
    (("ordered", "cooked", "brought", "shared", "burned", "tried", "served", "finished"),
     ("the {food}", "{food}", "a tray of {food}", "leftover {food}")),
    (("booked", "canceled", "queued for", "organized", "missed", "talked about"),
     ("the {event} tickets", "the {event}", "[a table|seats|a spot|a slot] for [the|that] {event}", "{name}'s {event}")),
    (("argued about", "laughed about", "complained about", "read up on", "asked {name} about"),
     ("the {thing2}", "the {work_thing} at {company}", "the {weather}", "the {catch}")),
)
_ADJUNCTS = ("{when}", "at the {place}", "in {city}", "for {dur}", "with {name}", "before the {event}",
             "after the {weather}", "on {street}", "near {name}'s place", "during the {event}",
             "for {amount}", "without telling {name}")
_COUNTS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "a dozen", "fifteen", "twenty",
           "thirty", "forty", "eleven", "twelve")
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


class Talk:
    """Threads of one group: its people's domains, a cast of acquaintances, Faker places and work."""

    def __init__(self, group: PersonaGroup, rng: Random) -> None:
        pool, made = words(), Names(rng)
        self.rng = rng
        self.people = group.people
        hobbies = sorted(set(lexicon.INTEREST_DOMAINS.values()))
        # Besides their listed interests, each person has a side interest or two they bring up now and then.
        self.domains = {p.name: self._domains(p) + rng.sample(hobbies, 2) for p in group.people}
        self.cast = rng.sample(pool["first_names"], 420)
        self.full = [f"{rng.choice(pool['first_names'])} {last}" for last in rng.sample(pool["last_names"], 200)]
        self.jobs = rng.sample(pool["jobs"], 260)
        self.companies = [made.company() for _ in range(150)]
        self.cities = [made.city() for _ in range(150)] + [p.home for p in group.people]
        self.streets = [made.street() for _ in range(150)]
        self.countries = rng.sample(pool["countries"], 120)
        self.colors = rng.sample(pool["colors"], 60)
        self.catch = [made.catch_phrase() for _ in range(200)]
        self.bs = [made.bs() for _ in range(120)]
        self.languages = list(lexicon.LANGUAGES)
        # a relation that says a gender goes with a first name of that gender ("our landlady Antonio" is nobody)
        named = {"female": pool["female_names"], "male": pool["male_names"], "": tuple(self.cast)}
        self.relatives = [f"{r} {rng.choice(named[gender])}" for r, gender in _KINDS for _ in range(3)]
        self.past: list[str] = []
        # words that keep their capital inside a sentence: names of people, places, firms, languages
        self.proper = {w.split("'")[0] for n in (*self.cast, *self.full, *self.companies, *self.cities, *self.streets,
                                                 *self.countries, *self.languages, *(p.name for p in group.people))
                       for w in n.split()[:1]} | {"I", *_MONTHS, *_WEEKDAYS}

    @staticmethod
    def _domains(person: Persona) -> list[str]:
        own = [lexicon.INTEREST_DOMAINS.get(i, "shows") for i in person.interests]
        job = person.occupation.lower()
        work = next((d for words, d in lexicon.JOB_DOMAINS if any(w in job for w in words)), "office")
        return own + own + [work, work] + list(lexicon.SHARED_DOMAINS)

    def _when(self) -> str:
        rng = self.rng
        shape = rng.random()
        if shape < 0.35:
            return rng.choice(lexicon.WHEN)
        if shape < 0.6:
            return f"{rng.choice(('on', 'last', 'this past', 'early on', 'late on'))} {rng.choice(_WEEKDAYS)}"
        if shape < 0.8:
            return f"{rng.choice(('two', 'three', 'a few', 'four', 'five'))} {rng.choice(('days', 'weeks'))} ago"
        return f"the {rng.choice(('morning', 'evening', 'night', 'afternoon'))} {rng.choice(('before', 'after'))} {rng.choice(self.cast)}'s {rng.choice(('party', 'visit', 'exam', 'move', 'wedding', 'trip'))}"

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
                  "catch": self.catch, "bs": self.bs, "lang": self.languages, "later": lexicon.LATER, "dur": lexicon.DURATIONS,
                  "amount": lexicon.AMOUNTS, "feel": lexicon.FEELINGS, "rel": self.relatives,
                  "reaction": lexicon.REACTIONS, "work_thing": _WORK_THINGS, "work_qual": _WORK_QUALS,
                  "weekday": _WEEKDAYS, "adv": lexicon.ADVERBS, "food": lexicon.FOODS, "object": lexicon.OBJECTS,
                  "animal": lexicon.ANIMALS, "event": lexicon.EVENTS, "weather": lexicon.WEATHER, "month": _MONTHS}
        if name in simple:
            return pick(simple[name])
        if name == "adv_cap":
            adverb = pick(lexicon.ADVERBS)
            return adverb[:1].upper() + adverb[1:]
        if name in ("when", "when_cap"):
            when = self._when()
            return when[:1].upper() + when[1:] if name == "when_cap" else when
        if name == "ordinal":
            return pick(("second", "third", "fourth", "fifth", "sixth", "final"))
        if name in ("num", "num2"):  # in words: the only digits of a history are what the car is set to
            return pick(_COUNTS)
        if name == "past":
            return pick(self.past) if self.past else pick(domain["items"])
        if name == "my_job":
            return speaker.occupation.split(",")[0].lower()
        if name == "first":
            return pick([p for p in self.people if p is not speaker]).name.split()[0]
        if name == "plan":
            return self._fill(pick(PLANS), domain, thing, speaker)
        raise KeyError(f"unknown slot {name!r} in a talk frame")

    def _clause(self, domain: dict[str, tuple[str, ...]], thing: str, speaker: Persona) -> str:
        rng = self.rng
        verbs, objects = rng.choice(_DOINGS)
        parts = [rng.choice(_SUBJECTS), rng.choice(verbs), rng.choice(objects), rng.choice(_ADJUNCTS)]
        if rng.random() < 0.4:
            parts.append(rng.choice(_ADJUNCTS))
        text = self._fill(" ".join(parts), domain, thing, speaker)
        ending = rng.choice((".", ".", ".", "!", ", honestly.", ", believe it or not.", ", picture that.",
                             ", no kidding.", ", of all things.", ", go figure.", ", mind you.", ", apparently.",
                             ", imagine that.", ", as usual.", ", would you believe.", ", for once.", ", again."))
        return text[:1].upper() + text[1:] + ending

    def _line(self, table: tuple[str, ...], domain: dict[str, tuple[str, ...]], thing: str, speaker: Persona,
              extra: float = 0.5) -> str:
        rng = self.rng
        if table is DETAIL and rng.random() < 0.35:
            text = self._clause(domain, thing, speaker)
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
                    follow = (DETAIL, CALLBACK, PLAN, ASK) if table is not ASK else (DETAIL, CALLBACK)
                    more = self._fill(rng.choice(rng.choice(follow)), domain, thing, speaker)
                if not lexicon.once_words(text) & lexicon.once_words(more):
                    text += " " + more
                    break
        return text

    def thread(self, size: int) -> list[tuple[str, str]]:
        """Up to ``size`` lines (at least one): (speaker name, text)."""
        rng = self.rng
        a, b = rng.sample(self.people, 2)
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
