"""What people say in the car about a setting: how a group's speakers say a setting and its value
(``Words``: the device, the value, a wish, a reason, a lead before it), and the small helpers every
wording module shares (``cap``, ``first``, ``nouns``, ``lowered``, ...).

What each voice of a chain says, by its role, is ``voices.py``'s; the word banks are ``speech_words.py``'s.
"""

from __future__ import annotations

import re
from copy import copy
from random import Random
from typing import Any

from vmb.data.reasoning import BY_NAME
from vmb.data.spoken_words import DESCRIBED_VALUES, SPOKEN_VALUES
from vmb.maker.generate.plan.recipe_types import Recipe
from vmb.maker.generate.procedural import talk
from vmb.maker.generate.schemas import PersonaGroup
from vmb.maker.generate.settings import settings
from vmb.maker.generate.words import causes
from vmb.maker.generate.words.devices import DEVICES, extreme, literal, plain
from vmb.maker.generate.words.lexicon import fresh
from vmb.maker.generate.words.speech_words import CONTEXTS, EXTREME_ALONE, HABITS, RIDING, WISH

PRONOUNS = {"female": ("she", "her", "her"), "male": ("he", "him", "his")}


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def first(name_: str) -> str:
    return name_.split()[0]


def spoken(value: Any) -> str:
    """A value as people say it ("feet and windshield", not "feet_window")."""
    return SPOKEN_VALUES.get(str(value), (str(value).replace("_", " "),))[0]


def nouns(api: str) -> tuple[str, ...]:
    """The device's names that read as a noun phrase ("the seat warmer", not "how high I sit")."""
    found = tuple(n for n in DEVICES[api].names if n.startswith(("the ", "my ")) and " when " not in n
                  and not n.startswith("the way "))
    return found or (f"the {plain(api)}",)


def noun(api: str, rng: Random) -> str:
    return rng.choice(nouns(api))

class Words:
    """One group's speakers and one random source: every line of its vehicle chains."""

    def __init__(self, group: PersonaGroup, rng: Random, described: dict[str, Any] | None = None) -> None:
        self.group, self.rng = group, rng
        self.people = {p.name: p for p in group.people}
        self.names = {first(p.name) for p in group.people}
        # setting → the answer value its plan says only by a description (``Recipe.described``)
        self.described = described or {}
        self.plainly = 0.4  # how often a setting is named by its plain name: its chain's type's rate
        self.spoken = ""  # what the event in hand has said so far: no reason is given in it twice

    def of_chain(self, recipe: Recipe) -> Words:
        """These words for one chain: the same speakers and random source, the setting named as
        plainly as the chain's reasoning type names it (``ReasoningType.named_plainly``)."""
        chain = copy(self)
        chain.plainly = BY_NAME[recipe.reasoning_type].named_plainly
        return chain

    def describes(self, api: str, value: Any) -> bool:
        return api in self.described and self.described[api] == value

    def setp(self, api: str, value: Any, literal_only: bool = False) -> str:
        """The device with its value; a value the plan describes is always said by its description."""
        setting, rng = settings()[api], self.rng
        dev = f"the {plain(api)}" if rng.random() < self.plainly else noun(api, rng)
        if self.describes(api, value):
            return f"{dev} {rng.choice(DESCRIBED_VALUES[str(value)])}"
        if setting.kind == "bool":
            switched = literal(api, value, rng)
            verb = rng.choice(("", "", "switched ", "turned ")) if switched in ("on", "off") else ""
            return f"{dev} {verb}{switched}"
        end = None if literal_only or rng.random() > 0.35 else extreme(setting, value)
        if end:  # mostly with its number too, as the release's are ("all the way up at 44": 34 of 47)
            return f"{dev} {end}" if rng.random() < EXTREME_ALONE else f"{dev} {end}, at {literal(api, value, rng)}"
        if setting.kind == "text":
            return _text_value(api, value, dev, rng)
        said = literal(api, value, rng)
        unit_word, _, number = said.partition(" ")
        if number and dev.endswith(f" {unit_word}"):  # "the heating level at 6", not "... level at level 6"
            said = number
        if setting.kind == "int":
            joiner = rng.choice((" at ", " on "))
        elif said.split(" ", 1)[0] in _PREPOSITIONS:  # "the play mode in list order", not "on in list order"
            joiner = " "
        else:  # not "on off"
            joiner = " set to " if said in ("on", "off") else rng.choice((" on ", " set to "))
        return f"{dev}{joiner}{said}"

    def wish(self, api: str, value: Any, *, habit: bool = False, literal_only: bool = False) -> str:
        setp = self.setp(api, value, literal_only)
        frame = self.rng.choice(WISH)
        return frame.format(setp=setp, setp_cap=cap(setp), habit=self.rng.choice(HABITS) if habit else "")

    def reason(self, text: str, api: str, value: Any, chance: float = 0.22) -> str:
        """``text`` (saying ``value`` for ``api``) with a reason after it, now and then: one that fits
        the device and the way the value leans (``causes``)."""
        if self.rng.random() >= chance:
            return text
        reason = self.rng.choice(fresh(causes.reasons(api, value), text))
        if text.endswith("?") or self.rng.random() < 0.5:
            return f"{text} {cap(reason)}."
        return f"{text[:-1]}, {reason}{text[-1]}"

    def led(self, lead: str, wish: str, value: Any) -> str:
        """A wish after a lead: "Since my back hurts," + "I'd like ..." → one sentence."""
        if lead.endswith((".", "!", "?")):
            return f"{lead} {wish}"
        if lead.endswith(", I find,") and not wish.startswith("I "):  # "I find, how about ...?" is no sentence
            lead = lead.removesuffix(" I find,")
        if not lead.endswith(",") and wish.startswith("Honestly, "):  # not "so for now honestly, ..."
            wish = cap(wish.removeprefix("Honestly, "))
        return f"{lead} {lowered(wish, self.names | set(str(value).split()[:1]))}"

    def other(self, person: str) -> str:
        return self.rng.choice([n for n in self.people if n != person])

    def context(self, person: str, partner: str, riding: bool = False, placeless: bool = False) -> str:
        """Who drove whom where when ``person`` spoke to ``partner``; ``person`` as the passenger if ``riding``;
        no place named if ``placeless`` (a route said on the way somewhere else would contradict it)."""
        rng = self.rng
        pron_obj = PRONOUNS[self.people[person].gender][1] if person in self.people else "them"
        frames = [f for f in (RIDING if riding else CONTEXTS) if not placeless or "{where}" not in f]
        return rng.choice(frames).format(who=first(person), with_=first(partner),
                                                                 where=rng.choice(talk.ERRANDS), pron_obj=pron_obj)


# A value said as a phrase of its own place or manner ("in list order", "in the background", "behind
# everything") takes no preposition before it.
_PREPOSITIONS = frozenset(("in", "on", "at", "behind", "straight", "with"))


def _text_value(api: str, value: Any, dev: str, rng: Random) -> str:
    if api.endswith("navigate_to"):
        return rng.choice((f"a route to {value}", f"the route to {value}", f"the navigation set for {value}"))
    if api.endswith("play_song"):
        return rng.choice((f"{value} playing", f"the song {value}", f"{dev} set to {value}"))
    if api.endswith("play_station"):
        return rng.choice((f"{value} on the radio", f"the station {value}", f"the radio tuned to {value}"))
    return rng.choice((f"the {value} playing", f"{value} on the screen", f"{dev} set to {value}"))


def for_now(wish: str, when: str) -> str:
    """``wish`` limited to a time or a situation: "I'd like X." → "I'd like X for now." (before a
    closing "please")."""
    body, end = wish[:-1], wish[-1]
    if body.endswith(", please"):
        return f"{body[:-len(', please')]}{when}, please{end}"
    return f"{body}{when}{end}"


_DOUBLED = re.compile(r"\b(\w+) \1\b", re.IGNORECASE)


def undouble(text: str) -> str:
    """``text`` without a word said twice in a row where two grammar pieces meet ("now that that")."""
    return _DOUBLED.sub(r"\1", text)


def lowered(text: str, names: set[str]) -> str:
    """``text`` continuing a sentence: its first word in lower case, unless it is "I" or a name."""
    head, _, rest = text.partition(" ")
    if head in names or head.split("'")[0] in ("I", *names) or (head.isupper() and len(head) > 1):
        return text
    return f"{head.lower()} {rest}"
