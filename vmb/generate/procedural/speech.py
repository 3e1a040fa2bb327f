"""What people say in the car about a setting: the wording of every voice of a chain.

One grammar serves every reasoning type: a *wish* (how someone asks for or keeps a value, from one
shared bank) with an optional *lead* before it (a complaint, a condition, a temporary state, a
correction) and an optional reason after it. The plan (``recipes.py``) decides which lead a voice
needs to mean what its role means (a rule has its condition, a temporary value its state, a
correction its "no, wait"); any voice that does not decide its query may also carry the leads of
other roles as colour (someone else's value "on wet days", a rival's sore wrist), so that no phrase
of the evidence belongs to one reasoning type: the type lives in the chain's structure.
"""

from __future__ import annotations

import re
from copy import copy
from random import Random
from typing import Any

from vmb.data.reasoning import BY_NAME
from vmb.generate.procedural import causes, situations, talk
from vmb.generate.procedural.corrections import (
    CHANGED_FROM,
    CORRECTIONS,
    CORRECTIONS_LATER,
    LANDED,
    REFERRING,
    REFERRING_LATER,
    REFERRING_USE,
    RELATIVE,
    RELATIVE_LATER,
    REVERTED,
    step_said,
    step_words,
)
from vmb.generate.procedural.devices import COUNT_WORDS, DEVICES, extreme, literal, plain
from vmb.generate.procedural.lexicon import fresh
from vmb.generate.procedural.recipe_types import Recipe, Voice, event_voices
from vmb.generate.schemas import PersonaGroup
from vmb.generate.settings import settings
from vmb.generate.text import DESCRIBED_VALUES, SPOKEN_VALUES

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


# How someone asks for a value or says they keep it: {setp} is the device with its value, {habit}
# an adverb of habit ("usually ") where the role allows one, empty otherwise.
WISH = ("{setp_cap}, please.", "I'd like {setp}.", "Can we have {setp}?", "Let's have {setp}.",
        "I {habit}prefer {setp}.", "I {habit}want {setp}.", "I {habit}go with {setp}.", "I {habit}keep {setp}.",
        "I {habit}end up with {setp}.", "{setp_cap} suits me best.", "{setp_cap} is what works for me.",
        "Give me {setp}.", "I'll take {setp}.", "For me it's {setp}.", "Could we do {setp}?", "I'm going for {setp}.",
        "{setp_cap} feels right to me.", "I'd rather have {setp}.", "My pick is {setp}.", "How about {setp}?",
        "Let me have {setp}.", "Honestly, {setp} is the only way I'm comfortable.", "I need {setp}.",
        "{setp_cap} and I'm happy.", "Just {setp} for me.", "I'm going with {setp}.")
# How often a value at the end of its range said as such ("all the way up") goes without its number.
EXTREME_ALONE = 0.3
HABITS = ("", "", "usually ", "normally ", "always ", "mostly ", "generally ")
# Said about the car as it is now, before a wish: no direction, so it never contradicts the value,
# and never a reply to something unsaid ("That's not quite right."): each names what it is about.
# (no "on" or "off" in them: those would read as a switch's value)
COMPLAINTS = ("Something isn't right with {dev} at the moment.", "Hmm, {dev} like this doesn't work for me.",
              "{dev_cap}: wrong again today.", "Someone has been fiddling with {dev}.", "I'm not happy with {dev}.",
              "Something's off with {dev}.", "I don't like {dev} like that.", "Ugh, {dev} again.",
              "That's not how I like {dev}.", "{dev_cap}: all wrong as it is.", "Let me change {dev}.",
              "Time to sort out {dev}.")
# The same when the wish already names the device every way it has.
PLAIN_COMPLAINTS = ("This isn't how I like the car.", "The car is set up all wrong for me right now.",
                    "Whoever drove last left everything wrong.", "Nothing in here is how I left it.")
STATE_LEADS = ("{state_cap}, so", "Because {state},", "{state_cap}.", "Since {state},", "{state_cap}, so for now")
# How a state shift's temporary value follows the state that causes it. The state itself says the
# value is for a while; a word saying so ("since", "because", "for now", "today") is in 27 of the
# release's 90 state-shift gold memories, hardly more than in its other types' (14-21%).
TEMPORARY_LEADS = ("{state_cap}, so", "{state_cap}.", "{state_cap}. Anyway,", "Ugh, {state}.", "{state_cap}, what a pain.")
MARKED_LEADS = ("Because {state},", "Since {state},", "{state_cap}, so for now", "{state_cap}, so", "{state_cap}.")
TEMPORARY_MARKED = 0.3
# How often the temporary value may be said without its number ("all the way up"): the release
# says its number (one of its 40 integer state shifts says only "the maximum intensity").
TEMPORARY_UNNUMBERED = 0.1
# How often a marked temporary value is said to be for a while ("for now") after a lead that does not say so.
FOR_NOW_USE = 0.5
TEMPORARY_STEPS = ("{start_cap}, so {dev} {step} than usual.", "{start_cap}. {dev_cap} {step} than usual, please.",
                   "{start_cap}, which means {dev} {step} than I usually have it.")
MARKED_STEPS = ("{start_cap}, so for now {dev} {step} than usual.", "Since {start}, {dev} {step} than usual.")
COND_LEADS = ("{cond_cap},", "{cond_cap},", "{cond_cap}, I find,")
# Said before a line now and then, whatever its role (never before a complaint or a correction:
# "Remember, that's not quite right" is no sentence).
MARKERS = ("Just so you know,", "Honestly,", "Oh,", "By the way,", "Look,", "For the record,", "Right,",
           "Okay,", "So,", "Listen,", "Well,")

END_LEADS = ("{end_cap}, so", "{end_cap}. Anyway,", "Now that {end},", "{end_cap}, which means",
             "{end_cap}, finally, so", "What a relief, {end}. Anyway,")
FOR_NOW = (" for now", " for the moment", " today", " for a while", "")
ENDED = ("{end_cap}.", "{end_cap}.", "{end_cap}, finally.", "{end_cap}. What a relief.")
RELATION = ("My {rel} {habit}wants {setp}.", "My {rel} is happiest with {setp}.", "{setp_cap} is what my {rel} likes.",
            "Whenever my {rel} rides with me, {pron} asks for {setp}.", "My {rel} goes quiet the moment I put {setp}.",
            "You should see my {rel} with {setp}, {pron} loves it.", "My {rel} always begs for {setp}.")
NAMED = (" I call that the {theme}.", " That's my {theme}.", " Let's call it the {theme}.",
         " That's what I mean by the {theme}.", " Call it the {theme}, I love it.", " My {theme}, as I say.",
         " The {theme}, that one.", " Remember that as the {theme}.", " That one's the {theme}.",
         " In my head that's the {theme}.", " Around here we say the {theme}.", " The {theme}, we agreed.")
FOR_OTHER = ("{who} always complains otherwise, so {setp} for {obj}.", "{who} is riding with me, so {setp} the way {pron} wants it.",
             "For {who}'s sake, {setp}; {pron} asked nicely.", "{who} likes {setp}, so that's for {obj}.")
REPLIES = ("Sure, done.", "Okay, I'll remember that.", "Fair enough.", "If that's what works for you.",
           "I'd never have picked that, but okay.", "Noted.", "Makes sense.", "Fine by me.", "Huh, interesting choice.",
           "Whatever you like.", "Got it.", "Really? Okay.", "Sounds good.", "No argument from me.", "Right you are.",
           "You and your settings.", "Okay, okay.", "I'll try to remember.", "Works for me.", "If you say so.")
# Narration of who was in the car: {who}, {with_}, {where}.
CONTEXTS = ("{who} was driving {with_} {where}.", "{who} and {with_} were on the way {where}.",
            "{with_} rode along while {who} drove {where}.", "{who} drove {with_} {where}.",
            "{who} had {with_} in the passenger seat.", "{who} was at the wheel, {with_} beside {pron_obj}.",
            "{who} picked up {with_} and drove {where}.", "{who} gave {with_} a lift {where}.")
# Where the speaker rides along: a rule about reading or napping in the car is said by no driver.
RIDING = ("{with_} was driving {who} {where}.", "{who} rode along while {with_} drove {where}.",
          "{with_} drove {who} {where}.", "{with_} gave {who} a lift {where}.", "{who} sat beside {with_}, who was driving.")


class Words:
    """One group's speakers and one random source: every line of its vehicle chains."""

    def __init__(self, group: PersonaGroup, rng: Random, described: dict[str, Any] | None = None) -> None:
        self.group, self.rng = group, rng
        self.people = {p.name: p for p in group.people}
        self.names = {first(p.name) for p in group.people}
        # setting → the answer value its plan says only by a description (``Recipe.described``)
        self.described = described or {}
        self.plainly = 0.4  # how often a setting is named by its plain name: its chain's type's rate

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

    def context(self, person: str, partner: str, riding: bool = False) -> str:
        """Who drove whom where when ``person`` spoke to ``partner``; ``person`` as the passenger if ``riding``."""
        rng = self.rng
        pron_obj = PRONOUNS[self.people[person].gender][1] if person in self.people else "them"
        return rng.choice(RIDING if riding else CONTEXTS).format(who=first(person), with_=first(partner),
                                                                 where=rng.choice(talk.ERRANDS), pron_obj=pron_obj)


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


def theme_of(recipe: Recipe, voice: Voice) -> str:
    return str(recipe.theme if voice.person == recipe.extra["owner"] else recipe.extra["rival_theme"])


def _decides(recipe: Recipe, voice: Voice) -> bool:
    return voice.value is not None and voice.value in (recipe.answer, recipe.base)


def _complaint(words: Words, api: str, wish: str) -> str:
    """A complaint about the car as it is, naming the device by another name than ``wish`` does."""
    rng = words.rng
    others = [n for n in nouns(api) if n.lower() not in wish.lower()]
    if not others:
        return rng.choice(PLAIN_COMPLAINTS)
    dev = rng.choice(others)
    return rng.choice(COMPLAINTS).format(dev=dev, dev_cap=cap(dev))


def _takes_back(words: Words, api: str, wish: str) -> str:
    """A correction on a later occasion, naming the device by another name than ``wish`` does."""
    others = [n for n in nouns(api) if n.lower() not in wish.lower()]
    if not others:
        return "I've changed my mind since last time."
    dev = words.rng.choice(others)
    return words.rng.choice(fresh(CORRECTIONS_LATER, wish)).format(dev=dev, dev_cap=cap(dev))


def _colour(words: Words, recipe: Recipe, voice: Voice, api: str, wish: str) -> str | None:
    """A lead for a voice: a complaint now and then; for a voice that does not decide its query also
    a correction of the car as it is, or someone's other situation or state (one the chain itself is
    not about), so that no lead belongs to one reasoning type."""
    rng = words.rng
    roll = rng.random()
    deciding = _decides(recipe, voice)
    if roll < 0.1 or (deciding and roll < 0.2):
        return _complaint(words, api, wish)
    own_news = deciding and voice.role == "own" and roll < 0.3  # a standing value said with other news
    if (deciding and not own_news) or roll > 0.55 or (own_news and recipe.condition in situations.STATES):
        return None
    used = {recipe.condition, *(v.condition for v in recipe.voices)}
    if own_news:
        roll = 0.5  # the end of some state: it leaves the value standing
    if roll < 0.25:
        taken = {situations.CONDITIONS[c].category for c in used if c in situations.CONDITIONS}
        # never reading or napping: the event's words may put the speaker at the wheel
        fitting = [k for k in situations.fitting(api) if situations.CONDITIONS[k].category not in taken
                   and not situations.CONDITIONS[k].still]
        if not fitting:
            return None
        key = rng.choice(fitting)
        cond = rng.choice(situations.CONDITIONS[key].rule)
        return rng.choice(COND_LEADS).format(cond=cond, cond_cap=cap(cond))
    if roll < 0.3 and voice.role != "wrong":  # a value later corrected is no correction itself
        return _takes_back(words, api, wish)
    if recipe.condition in situations.STATES:  # no other state beside the chain's own
        return None
    # a state that begins explains a value leaning its way; one that ends, a value leaning back
    way = causes.lean(api, voice.value) * (1 if roll < 0.42 else -1)
    fitting = [k for k in sorted(situations.STATES) if causes.fits(k, api, way)]
    if not fitting:
        return None
    state = situations.STATES[rng.choice(fitting)]
    if roll < 0.42:
        said = rng.choice(fresh(state.start, wish))
        return rng.choice(fresh(STATE_LEADS, f"{said} {wish}")).format(state=said, state_cap=cap(said))
    said = rng.choice(fresh(state.end, wish))
    return rng.choice(fresh(END_LEADS, f"{said} {wish}")).format(end=said, end_cap=cap(said))


def _follows(recipe: Recipe, voice: Voice) -> bool:
    """Whether ``voice`` speaks after another voice of its own event (a correction minutes later)."""
    return any(v is voice for event in event_voices(recipe) for v in event[1:])


def _refers_back(recipe: Recipe, voice: Voice, api: str, rng: Random) -> str:
    """A correction of the value said just before it (in its event, or on an earlier day), by that
    value, not by the device: the gold entry of a later correction then names no setting."""
    old = next(before for before, this in zip(recipe.voices, recipe.voices[1:]) if this is voice).value
    way = "either"
    if DEVICES[api].unit in ("level", "percent", "degrees") and rng.random() < 0.7:  # "too strong" fits no position
        way = "higher" if voice.value > old else "lower"
    said_old, said_new = literal(api, old, rng), literal(api, voice.value, rng)
    bank = REFERRING if _follows(recipe, voice) else REFERRING_LATER
    return rng.choice(bank[way]).format(old=said_old, old_cap=cap(said_old), new=said_new, new_cap=cap(said_new))


def _relative(words: Words, recipe: Recipe, api: str, value: Any, deciding: bool = False) -> str:
    """A relative's favorite value: the recipe's relative for the value that decides, another one's
    for a value that decides nothing."""
    if deciding and recipe.relation:
        rel, rel_pron = recipe.relation
    else:
        rel, rel_pron = words.rng.choice([r for r in situations.RELATIONS if r != recipe.relation])
    setp = words.setp(api, value)
    return words.rng.choice(RELATION).format(rel=rel, pron=rel_pron, setp=setp, setp_cap=cap(setp),
                                             habit=words.rng.choice(HABITS))


# Why someone wants the value they just said, as a line of its own ({reason}: a cause that fits it);
# no number word in it, which would read as another value of the setting ("it's one thing...").
WHY = ("Leave it like that, {reason}.", "Trust me on this, {reason}.", "Don't touch it, {reason}.",
       "It has to be that way, {reason}.", "Seriously, {reason}.", "That's the right call, {reason}.",
       "Keep it there, {reason}.", "Just so you know, {reason}.")
_COUNTED = re.compile(rf"\b(?:{'|'.join(COUNT_WORDS)}|\d+)\b", re.IGNORECASE)


def _unnumbered(reasons: tuple[str, ...]) -> list[str]:
    """The reasons that say no number (a line saying no value must not seem to say one)."""
    return [r for r in reasons if not _COUNTED.search(r)] or ["it just suits me"]


def voice_lines(words: Words, recipe: Recipe, voice: Voice) -> list[str]:
    """What ``voice`` says: one line, now and then after a discourse marker."""
    said = _said(words, recipe, voice)
    if words.rng.random() < 0.2 and not _OBJECTION.match(said[0]):
        names = {first(n) for n in words.people} | set(str(voice.value).split()[:1])
        said = [f"{words.rng.choice(fresh(MARKERS, said[0]))} {lowered(said[0], names)}", *said[1:]]
    return said


def _starts(*banks: tuple[str, ...]) -> re.Pattern[str]:
    """Lines opening with any frame of ``banks`` (its words up to the first slot)."""
    heads = {f.split("{")[0].strip() for bank in banks for f in bank}
    return re.compile("|".join(re.escape(h) for h in sorted(heads, key=len, reverse=True) if h))


_OBJECTION = _starts(COMPLAINTS, PLAIN_COMPLAINTS, CORRECTIONS, CORRECTIONS_LATER, REVERTED, *RELATIVE.values(),
                     *RELATIVE_LATER.values())


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


# A value that decides nothing, set without saying it ("Karen adjusted the mirrors for her height"):
# the release's gold holds such entries beside the one that answers, whose value it states, so that
# where only one entry of its gold states a value it is the answer in 49 of 102 (ours were 35%).
UNSAID = ("{dev_cap} the way I like it, please.", "I've set {dev} to suit me.", "I put {dev} where I like it.",
          "{dev_cap} like this is much better for me.", "Let me fix {dev} for myself.", "I've adjusted {dev} my way.",
          "There, {dev} is how I want it now.", "I moved {dev} to where it feels right.")
UNSAID_ROLES = ("own", "everyday", "situation", "occasion", "temporary", "usual")
UNSAID_USE = 0.15
# How often a line says why after its value, for a value that decides nothing and for one that
# decides its query: the entry that answers is the fuller one (the release's is the longest of its
# gold 74% of the time in conditionals, 64% in conflicts, 58% in coreferences; ours were 25-57%).
REASONED = {False: 0.12, True: 0.45}


def _said(words: Words, recipe: Recipe, voice: Voice) -> list[str]:
    api, rng, v, role = recipe.setting, words.rng, voice.value, voice.role
    why = REASONED[_decides(recipe, voice)]
    dev = noun(api, rng)
    cond = rng.choice(situations.CONDITIONS[voice.condition].rule) if voice.condition in situations.CONDITIONS else ""
    state = situations.STATES.get(recipe.condition or "")
    if role == "why":  # why they want the value just said, minutes later, without saying it again
        return [rng.choice(WHY).format(reason=rng.choice(_unnumbered(causes.reasons(api, v))))]
    if role in ("own-step", "temporary-step"):  # a step from a value said elsewhere, never the value
        step = step_words(voice.offset or 0, DEVICES[api].unit)
        if role == "own-step":
            base_holder = next(x.person for x in recipe.voices if x.role == "own-base")
            return [words.reason(f"I like {dev} {step} than {first(base_holder)} has it.", api, v, why)]
        assert state is not None
        start = rng.choice(state.start)
        said_as: tuple[str, ...] = MARKED_STEPS if rng.random() < TEMPORARY_MARKED else TEMPORARY_STEPS
        return [rng.choice(said_as).format(start=start, start_cap=cap(start), dev=dev, dev_cap=cap(dev), step=step)]
    if role in UNSAID_ROLES and not _decides(recipe, voice) and rng.random() < UNSAID_USE:
        wish = rng.choice(UNSAID).format(dev=dev, dev_cap=cap(dev))
        if role == "temporary":  # the state still says why, the value goes unsaid
            assert state is not None
            start = rng.choice(state.start)
            opening = rng.choice(fresh(TEMPORARY_LEADS, start)).format(state=start, state_cap=cap(start))
            return [words.led(opening, wish, v)]
        if role in ("situation", "occasion") and cond:
            return [words.led(rng.choice(COND_LEADS).format(cond=cond, cond_cap=cap(cond)), wish, v)]
        return [wish]
    if role in ("own", "usual", "everyday", "wrong", "own-base", "usual-base"):
        # a value a step is taken from is said as its number; a value that decides nothing may be
        # someone's for now, a relative's, or have a name (the words of other types' voices)
        aside = rng.random() if role in ("own", "everyday") and not _decides(recipe, voice) else 1.0
        if aside < 0.07:
            return [_relative(words, recipe, api, v)]
        wish = words.wish(api, v, habit=role in ("own", "usual", "own-base", "usual-base") and aside >= 0.25,
                          literal_only=role in ("wrong", "own-base", "usual-base"))
        if aside < 0.12:
            wish += rng.choice(NAMED).format(theme=rng.choice(situations.nicknames(api)))
        if role == "everyday" or (role == "wrong" and rng.random() < 0.35) or 0.12 <= aside < 0.25:
            wish = for_now(wish, rng.choice(FOR_NOW))
        lead = _colour(words, recipe, voice, api, wish)
        return [words.reason(words.led(lead, wish, v) if lead else wish, api, v, why)]
    if role == "rule-not":  # the rule said against the value of other days, which comes last
        wish = words.wish(api, v, habit=True, literal_only=True)
        lead = rng.choice(COND_LEADS).format(cond=cond, cond_cap=cap(cond))
        return [f"{words.led(lead, wish, v)} Not {literal(api, recipe.extra['not'], rng)} like other days."]
    if role in ("rule", "situation", "occasion"):
        wish = words.wish(api, v, habit=role == "rule", literal_only=role == "occasion" or v == recipe.base)
        if rng.random() < 0.35 and not wish.startswith(("How", "Honestly")):  # the condition after the wish
            return [words.reason(for_now(wish, f" {cond}"), api, v, why)]
        if role != "rule" and rng.random() < 0.3:  # someone's value on one occasion, not a rule of theirs
            wish = for_now(wish, rng.choice(FOR_NOW[:4]))
        lead = rng.choice(COND_LEADS).format(cond=cond, cond_cap=cap(cond))
        return [words.reason(words.led(lead, wish, v), api, v, why)]
    if role == "temporary":
        assert state is not None
        start = rng.choice(state.start)
        marked = rng.random() < TEMPORARY_MARKED
        lead = rng.choice(fresh(MARKED_LEADS if marked else TEMPORARY_LEADS, start)).format(state=start,
                                                                                           state_cap=cap(start))
        wish = words.wish(api, v, literal_only=rng.random() >= TEMPORARY_UNNUMBERED)
        if marked and lead.endswith((", so", ".")) and rng.random() < FOR_NOW_USE:
            wish = for_now(wish, rng.choice(fresh(FOR_NOW[:4], f"{lead} {wish}")))
        return [words.led(lead, wish, v)]
    if role == "ended":
        assert state is not None
        end = rng.choice(state.end)
        if v is None:
            return [rng.choice(fresh(ENDED, end)).format(end=end, end_cap=cap(end))]
        wish = words.wish(api, v, literal_only=True)
        return [words.led(rng.choice(fresh(END_LEADS, f"{end} {wish}")).format(end=end, end_cap=cap(end)), wish, v)]
    if role == "for-other":
        other = recipe.extra["favour_for"]
        pron, obj, _ = PRONOUNS[words.people[other].gender]
        setp = words.setp(api, v, literal_only=True)
        return [rng.choice(FOR_OTHER).format(who=first(other), setp=setp, pron=pron, obj=obj)]
    if role == "relation":
        return [_relative(words, recipe, api, v, deciding=True)]
    if role == "named":
        wish = words.wish(api, v, habit=True)
        return [wish + rng.choice(NAMED).format(theme=theme_of(recipe, voice))]
    if role == "changed-from":
        return [rng.choice(CHANGED_FROM).format(dev=dev, dev_cap=cap(dev), old=spoken(recipe.extra["from"]),
                                                new=spoken(v))]
    if role == "reverted":
        return [rng.choice(REVERTED)]
    if role in ("corrected", "corrected-to") and voice.offset is not None:
        bank = RELATIVE if _follows(recipe, voice) else RELATIVE_LATER
        frames = bank["higher" if voice.offset > 0 else "lower"] + bank["either"]
        said = rng.choice(frames).format(step=step_said(voice.offset, DEVICES[api].unit, rng), dev=dev,
                                         dev_cap=cap(dev))
        if role == "corrected":  # the step alone: where it lands is for the reader to work out
            return [said]
        landed = rng.choice(LANDED).format(value=literal(api, v, rng))
        return [f"{said} {cap(landed)}"]
    if role == "corrected" and settings()[api].kind != "bool" and rng.random() < REFERRING_USE:
        return [_refers_back(recipe, voice, api, rng)]
    if role == "corrected":
        wish = words.wish(api, v, habit=True, literal_only=True)
        takes_back = rng.choice(CORRECTIONS) if _follows(recipe, voice) else _takes_back(words, api, wish)
        lead = takes_back if rng.random() < len(CORRECTIONS) / (len(CORRECTIONS) + len(COMPLAINTS)) \
            else _complaint(words, api, wish)
        return [words.reason(words.led(lead, wish, v), api, v, 0.3)]
    raise ValueError(f"unknown voice role {role!r}")
