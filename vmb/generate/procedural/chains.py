"""Procedural event chains: each recipe (``recipes.py``) worded as events people say in the car,
plus background chains about the occupants' lives.

Worked example (coreference_resolution, variant "relation", the mood lighting): Ann, on March 3:
"My nephew goes quiet the moment the mood lighting turns cyan, it's his thing." Ann, on April 9:
"For me the cabin glow on purple, always." Query, Ann driving with her nephew: "He's fussing
already. Give him his colour." → ``carcontrol_light_set_ambient_color(color="cyan")``. The other
types are worked through in docs/generate.md.
"""

from __future__ import annotations

from random import Random
from typing import Any

from vmb.generate.options import GenerateOptions, rng_for
from vmb.generate.procedural import situations, talk
from vmb.generate.procedural.devices import COUNT_WORDS, DEVICES, extreme, literal, name, plain
from vmb.generate.procedural.recipes import Recipe, Voice, event_voices, recipes
from vmb.generate.schemas import Chain, ChainSet, Event, Persona, PersonaGroup, Target, Utterance
from vmb.generate.settings import call_text, settings


class PlanMismatch(ValueError):
    """The personas do not hold the preferences the group's recipes need."""


def first(name_: str) -> str:
    return name_.split()[0]


def spoken(value: Any) -> str:
    return str(value).replace("_", " ")


def step_words(offset: int, unit: str) -> str:
    size = abs(offset)
    word = COUNT_WORDS[size] if size < len(COUNT_WORDS) else str(size)
    noun = {"degrees": "degree", "percent": "point"}.get(unit, "notch")
    plural = ("es" if noun.endswith("ch") else "s") if size != 1 else ""
    return f"{word} {noun}{plural} {'higher' if offset > 0 else 'lower'}"


# Frames of what people say; {setp} is the device with its value, {dev} the device alone.
OWN = ("Honestly, {setp} is the only way I can drive comfortably, {reason}.",
       "I'm putting {setp}, {reason}.", "For me it has to be {setp}. {reason_cap}.",
       "Can we do {setp}? {reason_cap}.", "I always end up with {setp}; {reason}.",
       "Let me fix this, {setp}. Much better, {reason}.", "You know me, {setp} every time, {reason}.")
FOR_OTHER = ("{who} always complains otherwise, so I'm putting {setp} for {obj}.",
             "Since {who} is riding with me, I set {setp} the way {pron} wants it.",
             "I changed it to {setp} for {who}; {pron} had asked nicely.")
RULE = ("{cond_cap}, I want {setp}. {reason_cap}.", "Remember this one: {cond}, {setp}, no exceptions.",
        "My rule is simple, {cond} it's {setp}.", "{cond_cap} I switch to {setp}, {reason}.",
        "Whenever it's like this, meaning {cond}, put {setp}.")
SITUATION = ("It's {cond} right now, so I'm going with {setp}.", "Today is a {cond} kind of day, {setp} works.",
             "With it being {cond}, {setp} feels right to me.")
EVERYDAY = ("I just put {setp}, no particular reason.", "I bumped it to {setp} for a while, it was fine.",
            "Tried {setp} on the way over, it was okay.")
RELATION = ("My {rel} goes quiet the moment {setp}, it's {poss} thing.",
            "Whenever my {rel} rides with me, {pron} insists on {setp}.",
            "You should see my {rel} light up with {setp}. {pron_cap} loves it.")
NAMED = ("Let's call {setp} the {theme}, I love it.", "This right here, {setp}, is my {theme}.",
         "{setp_cap}: that's what I mean when I say the {theme}.")
OCCASION = ("It's {cond}, so I set {setp}, and it worked well.", "{cond_cap}, {setp} was exactly right.",
            "Had to go with {setp} today, {cond}.")
USUAL = ("My normal is {setp}, {reason}.", "Day to day I keep {setp}, {reason}.",
         "Normally I don't touch it: {setp}, {reason}.", "Standard for me is {setp}. {reason_cap}.")
TEMPORARY = ("{state_cap}, so for the next little while {setp}.", "Because {state}, I need {setp} for now.",
             "{state_cap}. Until that's sorted, {setp}, please.")
ENDED = ("Good news, {end}.", "Finally, {end}. What a relief.", "Just so you know, {end}.")
ENDED_VALUE = ("Good news, {end}, so back to {setp}.", "{end_cap}, which means {setp} again.")
WRONG = ("Could you put {setp}?", "Let's try {setp} today.", "I'll go with {setp}, I think.")
CORRECTED = ("Actually no, {setp}, I got that wrong.", "Wait, scratch that. I meant {setp}.",
             "Hmm, not like that. Make it {setp} instead.")
RELATIVE = {"lower": ("That's too much. Take it {step}.", "Hmm, I overdid it. Go {step}.", "Too strong for me, {step} please."),
            "higher": ("That's not enough. Take it {step}.", "Too weak, honestly. Go {step}.", "I barely notice it, {step} please."),
            "either": ("No, that's not right, {step} please.", "Close, but {step} would be better.")}
CHANGED_FROM = ("Let's switch {dev} from {old} to {new} for a change.", "I'm moving {dev} off {old}, trying {new}.",
                "How about {new} instead of {old} for {dev}?")
REVERTED = ("Hmm, no. Put it back the way it was.", "Actually I liked it better before. Change it back.",
            "No, that's worse. Back to what we had.")
REPLIES = ("Sure, done.", "Okay, I'll remember that.", "Fair enough.", "If that's what works for you.",
           "I'd never have picked that, but okay.", "Noted.", "Makes sense.", "Fine by me.", "Huh, interesting choice.")
REASONS = ("it keeps my neck from aching", "otherwise I get a headache", "it just feels calmer", "I can concentrate better",
           "it's what I'm used to from my old car", "anything else drives me up the wall", "it helps on long days",
           "my eyes thank me for it", "it makes the commute bearable", "I sleep better after the drive",
           "the kids stop fussing", "I learned that the hard way", "it matches how I sit", "I hate squinting")
PRONOUNS = {"female": ("she", "her", "her"), "male": ("he", "him", "his")}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Words:
    def __init__(self, group: PersonaGroup, rng: Random) -> None:
        self.group, self.rng = group, rng
        self.people = {p.name: p for p in group.people}

    def setp(self, api: str, value: Any, literal_only: bool = False) -> str:
        setting, rng = settings()[api], self.rng
        dev = f"the {plain(api)}" if rng.random() < 0.4 else name(api, rng)
        if setting.kind == "bool":
            return f"{dev} {literal(api, value, rng)}"
        said = None if literal_only or rng.random() > 0.35 else extreme(setting, value)
        if said:
            return f"{dev} {said}"
        if setting.kind == "text":
            return f"{dev} set for {value}"
        joiner = " at " if setting.kind == "int" else rng.choice((" on ", " set to "))
        return f"{dev}{joiner}{literal(api, value, rng)}"

    def say(self, frames: tuple[str, ...], api: str, value: Any, literal_only: bool = False, **slots: str) -> str:
        setp = self.setp(api, value, literal_only) if value is not None else ""
        fill = {"setp": setp, "setp_cap": _cap(setp), "dev": name(api, self.rng), "reason": self.rng.choice(REASONS),
                **slots}
        fill["reason_cap"] = _cap(fill["reason"])
        text = self.rng.choice(frames).format(**fill)
        if self.rng.random() < 0.5:  # not every wish comes with a reason
            for said in (f", {fill['reason']}", f"; {fill['reason']}", f" {fill['reason_cap']}."):
                text = text.replace(said, "" if not said.endswith(".") else "")
            text = text.rstrip(",;") if text.rstrip(",;").endswith((".", "!", "?")) else text.rstrip(",; ") + "."
        return text

    def other(self, person: str) -> str:
        return self.rng.choice([n for n in self.people if n != person])

    def context(self, person: str, partner: str) -> str:
        rng, who, with_ = self.rng, first(person), first(partner)
        where = rng.choice(talk.ERRANDS)
        return rng.choice((f"{who} was driving {with_} {where}.", f"{who} and {with_} were on the way {where}.",
                           f"{with_} rode along while {who} drove {where}.", f"{who} drove {with_} {where}."))


def _theme(recipe: Recipe, voice: Voice) -> str:
    return str(recipe.theme if voice.person == recipe.extra["owner"] else recipe.extra["rival_theme"])


def _voice_lines(words: _Words, recipe: Recipe, voice: Voice) -> list[str]:
    api, rng, v = recipe.setting, words.rng, voice.value
    if voice.condition in situations.CONDITIONS:
        cond = rng.choice(situations.CONDITIONS[voice.condition].rule)
    else:
        cond = ""
    state = situations.STATES.get(recipe.condition or "", ((), (), ()))
    role = voice.role
    if role == "own":
        return [words.say(OWN, api, v)]
    if role == "for-other":
        other = recipe.extra["favour_for"]
        gender = words.people[other].gender
        return [words.say(FOR_OTHER, api, v, literal_only=True, who=first(other), pron=PRONOUNS[gender][0],
                          obj=PRONOUNS[gender][1])]
    if role == "rule":
        return [words.say(RULE, api, v, cond=cond, cond_cap=_cap(cond))]
    if role == "situation":
        return [words.say(SITUATION, api, v, cond=cond)]
    if role == "everyday":
        return [words.say(EVERYDAY, api, v)]
    if role == "relation":
        rel, rel_pron = recipe.relation or ("nephew", "he")
        poss = {"he": "his", "she": "her"}[rel_pron]
        return [words.say(RELATION, api, v, rel=rel, pron=rel_pron, pron_cap=_cap(rel_pron), poss=poss)]
    if role == "named":
        return [words.say(NAMED, api, v, theme=_theme(recipe, voice))]
    if role == "occasion":
        return [words.say(OCCASION, api, v, literal_only=True, cond=cond, cond_cap=_cap(cond))]
    if role == "usual":
        return [words.say(USUAL, api, v)]
    if role == "temporary":
        start = rng.choice(state[0])
        return [words.say(TEMPORARY, api, v, state=start, state_cap=_cap(start))]
    if role == "ended":
        end = rng.choice(state[1])
        if v is None:
            return [rng.choice(ENDED).format(end=end)]
        return [words.say(ENDED_VALUE, api, v, literal_only=True, end=end, end_cap=_cap(end))]
    if role == "wrong":
        return [words.say(WRONG, api, v, literal_only=True)]
    if role == "changed-from":
        dev = name(api, rng)
        return [rng.choice(CHANGED_FROM).format(dev=dev, old=spoken(recipe.extra["from"]), new=spoken(v))]
    if role == "reverted":
        return [rng.choice(REVERTED)]
    if role == "corrected" and voice.offset is not None:
        frames = RELATIVE["higher" if voice.offset > 0 else "lower"] + RELATIVE["either"]
        return [rng.choice(frames).format(step=step_words(voice.offset, DEVICES[api].unit))]
    if role == "corrected":
        return [words.say(CORRECTED, api, v, literal_only=True)]
    raise PlanMismatch(f"unknown voice role {role!r}")


def _event(chain: str, index: int, recipe: Recipe, words: _Words, voices: list[Voice]) -> Event:
    main = voices[0]
    partner = recipe.passenger if recipe.passenger and recipe.passenger != main.person else words.other(main.person)
    lines: list[Utterance] = []
    for voice in voices:
        for text in _voice_lines(words, recipe, voice):
            lines.append(Utterance(speaker=voice.person, text=text))
        lines.append(Utterance(speaker=partner, text=words.rng.choice(REPLIES)))
    described = [v for v in voices if v.value is not None]
    value = described[-1].value if described else None
    return Event(id=f"{chain}.e{index}", person=main.person, others=[partner],
                 description=words.context(main.person, partner), kind="vehicle",
                 setting=recipe.setting, value=value, condition=voices[-1].condition, role="+".join(v.role for v in voices),
                 alias=_theme(recipe, main) if main.role == "named" else None, lines=lines)


def target_calls(recipe: Recipe, zone: str | None = None) -> list[dict[str, Any]]:
    setting = settings()[recipe.setting]
    calls = []
    switch = DEVICES[recipe.setting].switch
    if recipe.two_calls and switch is not None:
        on = settings().get(switch)
        if on is not None:
            calls.append(on.call(True, zone))
    calls.append(setting.call(recipe.answer, zone))
    return calls


def vehicle_chain(chain: str, recipe: Recipe, words: _Words) -> Chain:
    events = [_event(chain, i, recipe, words, list(voices)) for i, voices in enumerate(event_voices(recipe))]
    zone = "passenger" if recipe.variant == "for-passenger" else None  # the passenger's own seat, vents, lamp
    target = Target(person=recipe.asker, setting=recipe.setting, value=recipe.answer, condition=recipe.condition,
                    alias=recipe.theme, calls=target_calls(recipe, zone), base=recipe.base, offset=recipe.offset)
    return Chain(id=chain, kind="vehicle", reasoning_type=recipe.reasoning_type,
                 topic=f"{recipe.variant}: {settings()[recipe.setting].phrase}", events=events, target=target)


def background(chain: str, group: PersonaGroup, rng: Random, thread: talk.Talk) -> Chain:
    person = rng.choice(group.people)
    topic = rng.choice(person.interests)
    count = rng.choices((2, 3, 4), weights=(25, 50, 25))[0]
    events = []
    for index in range(count):
        partner = rng.choice([p for p in group.people if p is not person])
        said = thread.milestone(person, topic, index, count)
        events.append(Event(id=f"{chain}.e{index}", person=person.name, others=[partner.name],
                            description=f"{first(person.name)} talked about {topic}: '{said}'", kind="background",
                            role="background", lines=[Utterance(speaker=person.name, text=said),
                                                      Utterance(speaker=partner.name, text=thread.reply(partner, topic))]))
    return Chain(id=chain, kind="background", topic=topic, events=events)


def build(options: GenerateOptions, group: PersonaGroup, revision: int = 0) -> ChainSet:
    rng = rng_for(options, group.group, "chains", revision=revision)
    words = _Words(group, rng)
    names = [p.name for p in group.people]
    plan = recipes(options, group.group, names)
    held = {(p.name, pref.setting) for p in group.people for pref in p.vehicle_preferences}
    for recipe in plan:
        owners = {v.person for v in recipe.voices if v.preference}
        if any((o, recipe.setting) not in held for o in owners):
            raise PlanMismatch(f"group {group.group}: the personas do not hold the preferences of chain "
                               f"c{recipe.index} ({recipe.reasoning_type} on {recipe.setting})")
    chains = [vehicle_chain(f"c{r.index}", r, words) for r in plan]
    thread = talk.Talk(group, rng)
    for index in range(options.vehicle_chains, options.vehicle_chains + options.background_chains):
        chains.append(background(f"c{index}", group, rng, thread))
    return ChainSet(group=group.group, chains=chains)


def reference_answer(chain: Chain) -> list[str]:
    assert chain.target is not None
    return [call_text(call) for call in chain.target.calls]


def persona(group: PersonaGroup, name_: str) -> Persona:
    return next(p for p in group.people if p.name == name_)
