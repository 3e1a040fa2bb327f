"""What a procedural query asks: its request, from banks shared by every recipe variant that can
mean them, so that the wording does not give the reasoning type away (the chain does).

Each recipe variant (``recipes.py``) has one builder here, which picks the request's frames, who
rides along and what its scene shows; a request never repeats the history's words for
what decides it (a state's end, a rule's condition, a name someone gave a value): it describes
them ("the one I gave a name to", "like that trip through the downpour, one notch higher").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from random import Random

from vmb.data.reasoning import BY_NAME
from vmb.maker.generate.procedural.speech import PRONOUNS, cap, first, lowered, noun, nouns
from vmb.maker.generate.schemas import Chain, Persona, PersonaGroup
from vmb.maker.generate.settings import settings
from vmb.maker.generate.words import causes, situations, states
from vmb.maker.generate.words.ask_words import (
    ASIDE_USE,
    CHATTER,
    CHATTER_USE,
    CONTENT_ASKS,
    DRIVER_DECIDES,
    EARLIER,
    EARLIER_STEP,
    GENERIC,
    GRUMBLES,
    HABIT_FIRST,
    HABIT_LATER,
    HABIT_WAY,
    MINE,
    MY_WAY,
    NAMED_BY,
    NAMED_MINE,
    NOT_THEIRS,
    OTHER_PERSON,
    OWN_NAME_USE,
    RELATION,
    RESTORE,
    RULE_STEP,
    SETTLED,
    STATE_LEAD_USE,
    STATE_LEADS,
    SWITCH_ON,
    SWITCH_SAID_USE,
    TURN_ON,
    TURN_ON_STEP,
    TURN_ON_USE,
    TURN_ON_WHEN,
    USUAL_TIMES,
    WITH_ME,
)
from vmb.maker.generate.words.corrections import step_said, step_words
from vmb.maker.generate.words.devices import DEVICES, value_noun
from vmb.maker.generate.words.lexicon import fresh, once_words


@dataclass
class Ask:
    """One query's request while it is built: its frames, what fills them, who rides along, what its scene shows."""

    chain: Chain
    people: dict[str, Persona]
    rng: Random
    fill: dict[str, str]
    frames: tuple[str, ...] = MY_WAY
    passenger: str | None = None
    shows: str | None = None  # the condition the query's scene shows (``scenes.py`` composes it)
    relative: tuple[str, str] | None = None  # a relative riding in the back: (relation, "he" or "she")
    lead: str = ""
    generic: bool = True  # a request any type could make may stand in for the frames
    # whether the request may tell of the end of a state the asker spoke of (``_aside``): never a
    # correction's (the release's narrate none: the state's end would make it a state shift)
    aside: bool = True
    switch_said: bool = False  # the frames already ask for the device to be switched on

    @property
    def asker(self) -> str:
        assert self.chain.target is not None
        return self.chain.target.person

    def holder(self) -> str:
        """Whose voice set the answer's value."""
        assert self.chain.target is not None
        return next(e.person for e in self.chain.events if e.value == self.chain.target.value)

    def about(self, person: str) -> None:
        pron = PRONOUNS[self.people[person].gender][0]
        self.fill.update(who=first(person), pron_cap=cap(pron))

    def state_lead(self, said: tuple[str, ...], cause: bool = True) -> None:
        """``said`` before the request; as its cause ("..., so") only where ``cause`` allows."""
        text = self.rng.choice(said)
        leads = STATE_LEADS if cause else tuple(lead for lead in STATE_LEADS if not lead.endswith(", so"))
        self.lead = self.rng.choice(leads).format(said=text, said_cap=cap(text))
        self.generic = False


def _own(ask: Ask) -> None:
    if not any("for-other" in e.role for e in ask.chain.events):  # the asker's own value was also their last one
        # "my usual" mostly for a value the asker set before anyone else set theirs: a habit of long
        # standing, which a later voice changed (the release's conflict requests saying "usual" ask
        # for the earlier of two values 15 times in 21, the others 25 in 48)
        first = ask.chain.events[0].person == ask.asker
        habit = ask.rng.random() < (HABIT_FIRST if first else HABIT_LATER)
        ask.frames, ask.generic = (HABIT_WAY, False) if habit else (MINE + EARLIER, ask.generic)
        ask.fill["when"] = ask.rng.choice(SETTLED[:1] + SETTLED[3:])
    rivals = [e.person for e in ask.chain.events if e.person != ask.asker]
    if rivals and ask.rng.random() < 0.15:
        ask.frames, ask.generic = NOT_THEIRS, False
        ask.about(ask.rng.choice(rivals))


def _for_passenger(ask: Ask) -> None:
    holder = next(e.person for e in ask.chain.events if e.value == ask.chain.target.value  # type: ignore[union-attr]
                  and e.role.split("+")[0] in ("own", "own-step"))
    ask.frames, ask.passenger, ask.generic = tuple(f + w for f in OTHER_PERSON for w in WITH_ME), holder, False
    ask.about(holder)


def _driver_decides(ask: Ask) -> None:
    holder = next(e.person for e in ask.chain.events if e.value == ask.chain.target.value  # type: ignore[union-attr]
                  and e.role.split("+")[0] in ("own", "own-step"))
    ask.frames, ask.generic = DRIVER_DECIDES, False
    ask.passenger = ask.rng.choice([e.person for e in ask.chain.events if e.person != holder])


def _rule(ask: Ask) -> None:
    condition = situations.CONDITIONS[ask.chain.target.condition or ""]  # type: ignore[union-attr]
    ask.shows = condition.key
    if condition.category == "company":
        ask.passenger = None


def _rule_step(ask: Ask) -> None:
    _rule(ask)
    target = ask.chain.target
    assert target is not None
    ask.frames, ask.generic = RULE_STEP, False
    ask.fill["step"] = step_words(target.offset or 0, DEVICES[target.setting].unit)


def _other_person(ask: Ask) -> None:
    owner = ask.holder()
    ask.frames, ask.generic = OTHER_PERSON, False
    ask.about(owner)
    if ask.passenger == owner:
        ask.frames = tuple(f + w for f in OTHER_PERSON for w in WITH_ME)


def _relation(ask: Ask) -> None:
    lines = " ".join(u.text for e in ask.chain.events for u in e.lines)
    rel, pron = next((r for r in situations.RELATIONS if f" {r[0]} " in lines), situations.RELATIONS[0])
    ask.frames, ask.generic, ask.passenger = RELATION + OTHER_PERSON, False, None
    ask.fill.update(who=f"my {rel}", rel=rel, pron=pron, pron_cap=cap(pron), poss={"he": "his", "she": "her"}[pron])
    ask.relative = (rel, pron)


def _theme(ask: Ask) -> None:
    owner = ask.holder()
    ask.generic = False
    if owner == ask.asker:
        ask.frames = NAMED_MINE
    else:
        ask.frames = NAMED_BY
        ask.about(owner)


def _step(ask: Ask, when: tuple[str, ...]) -> None:
    target = ask.chain.target
    assert target is not None
    ask.frames, ask.generic = EARLIER_STEP, False
    ask.fill.update(when=ask.rng.choice(when), step=step_words(target.offset or 0, DEVICES[target.setting].unit))


def _earlier(ask: Ask, when: tuple[str, ...]) -> None:
    ask.frames, ask.generic = EARLIER, False
    ask.fill["when"] = ask.rng.choice(when)


def _ended_before(chain: Chain) -> bool:
    """Whether an entry of the chain says its temporary state is over."""
    return any(e.role == "ended" for e in chain.events)


def _usual(ask: Ask) -> None:
    """The usual value: the state's end is said here unless an entry said it (else nothing would
    tell the usual value from the temporary one), and now and then when one did; never the end of
    someone else's state (a houseguest's aside), said in the asker's first person."""
    temporary = next(e for e in ask.chain.events if e.role.startswith("temporary"))
    if temporary.person != ask.asker and ask.chain.target.condition != "guest":  # type: ignore[union-attr]
        return
    if not _ended_before(ask.chain) or ask.rng.random() < STATE_LEAD_USE:
        ask.state_lead(states.STATES[ask.chain.target.condition or ""].over)  # type: ignore[union-attr]


def _usual_step(ask: Ask) -> None:
    _step(ask, USUAL_TIMES)
    _usual(ask)


def _switched_on(ask: Ask) -> bool:
    """Whether the device of the answer has an "on" a request may ask for with its value (a level, a
    color), and this request does."""
    target = ask.chain.target
    assert target is not None
    setting = settings()[target.setting]
    # not a value at the bottom of a number's range: "turn on the wheel warmer" to level 0 says two things
    fits = DEVICES[target.setting].switch is not None and setting.kind in ("int", "enum") and \
        not (setting.kind == "int" and target.value == min(setting.domain))
    ask.switch_said = fits and ask.rng.random() < TURN_ON_USE
    if ask.switch_said:  # the device is named as one switches it on ("the seat massage"), its value by the noun
        dev = noun(DEVICES[target.setting].switch or target.setting, ask.rng)
        ask.fill.update(dev=dev, dev_cap=cap(dev), bare=dev.removeprefix("the ").removeprefix("my "),
                        when=ask.rng.choice(TURN_ON_WHEN))
    return ask.switch_said


def _corrected(ask: Ask) -> None:
    # the value settled on, seldom "my usual" (the release's correction requests: "last time", "again",
    # "the one I settled on" in 26 of 62, a habit word in 8)
    ask.frames, ask.aside = MINE + EARLIER + EARLIER, False
    ask.fill["when"] = ask.rng.choice(SETTLED)
    if _switched_on(ask):
        switch = DEVICES[ask.chain.target.setting].switch  # type: ignore[union-attr]
        # a switch of several settings (the climate system's temperature, its fan) is asked with the one meant
        sole = sum(d.switch == switch for d in DEVICES.values()) == 1
        ask.frames, ask.generic = TURN_ON if sole else tuple(f for f in TURN_ON if "{noun}" in f), False


def _restore(ask: Ask) -> None:
    ask.frames, ask.aside, ask.generic = RESTORE, False, False
    ask.about(ask.chain.events[-1].person)


def _step_on_corrected(ask: Ask) -> None:
    """A step from the corrected value, said in any of the release's forms ("a touch higher")."""
    target = ask.chain.target
    assert target is not None
    _step(ask, TURN_ON_WHEN)  # "when I fixed it" would tell the type: the time as any type's request says it
    ask.aside = False
    ask.fill["step"] = step_said(target.offset or 0, DEVICES[target.setting].unit, ask.rng)
    if _switched_on(ask):
        ask.frames = TURN_ON_STEP


# Each recipe variant's request (every variant of recipes.py has one: tests/generate/test_procedural.py).
BUILDERS: dict[str, Callable[[Ask], None]] = {
    "own": _own, "for-passenger": _for_passenger, "driver-decides": _driver_decides,
    "own-step-asked": lambda ask: _step(ask, USUAL_TIMES),
    "rule": _rule, "rule-step": _rule_step,
    "other-person": _other_person, "relation": _relation, "theme": _theme,
    "occasion": lambda ask: _earlier(ask, situations.CONDITIONS[ask.chain.target.condition or ""].occasion),  # type: ignore[union-attr]
    "occasion-step": lambda ask: _step(ask, situations.CONDITIONS[ask.chain.target.condition or ""].occasion),  # type: ignore[union-attr]
    "usual": _usual, "usual-step": _usual_step,
    "absolute": _corrected, "relative": _corrected, "revert": _corrected, "restore": _restore,
    "step-on-corrected": _step_on_corrected,
}


def spoken_states(chain: Chain, person: str) -> list[str]:
    """The states ``person`` told of the start of in ``chain``'s lines, in key order; a lead may
    capitalise the phrase ("I strained my back..., so")."""
    said = " ".join(u.text for e in chain.events for u in e.lines if u.speaker == person).lower()
    return [k for k, state in sorted(states.STATES.items()) if any(p.lower() in said for p in state.start)]


def _aside(ask: Ask, frame: str) -> None:
    """The end of a state the asker spoke of in the chain's history (a sore wrist they set another
    value for), said before the request as people mention their news; given as its cause ("...,
    so") only where it would explain the requested value (an end leaning back). No aside about a
    state the history never mentions: "the optician is out of my life" would come from nowhere."""
    target = ask.chain.target
    assert target is not None
    spoken = spoken_states(ask.chain, ask.asker)
    if not spoken:
        return
    key = ask.rng.choice(spoken)
    way = -causes.lean(target.setting, target.value)
    over = fresh(states.STATES[key].over, frame)
    if not once_words(over[0]) & once_words(frame):
        ask.state_lead(over, cause=causes.fits(key, target.setting, way))


def _own_name(chain: Chain) -> str | None:
    """The everyday name the asker gave the device where they said the value that answers (or the
    one a step is taken from), if they used one: people call a device what they always call it."""
    target = chain.target
    assert target is not None
    said = [u.text.lower() for e in chain.events if e.person == target.person and e.value in (target.value, target.base)
            for u in e.lines if u.speaker == target.person]
    return next((n for text in reversed(said) for n in nouns(target.setting) if n.lower() in text), None)


def request(chain: Chain, group: PersonaGroup, rng: Random) -> Ask:
    """The query's request (``Ask.fill["request"]``), who rides along and what its scene shows."""
    target, variant = chain.target, chain.topic.split(":")[0]
    assert target is not None and chain.reasoning_type is not None
    people = {p.name: p for p in group.people}
    dev = _own_name(chain) if rng.random() < OWN_NAME_USE else None
    dev = dev or noun(target.setting, rng)
    fill = {"dev": dev, "dev_cap": cap(dev), "bare": dev.removeprefix("the ").removeprefix("my "),
            "noun": value_noun(target.setting) if value_noun(target.setting) not in dev else "one"}
    ask = Ask(chain, people, rng, fill, passenger=rng.choice([n for n in people if n != target.person] + [None, None]))
    BUILDERS[variant](ask)
    frame = rng.choice(fresh(ask.frames, ask.lead))
    if ask.generic and not ask.lead and rng.random() < BY_NAME[chain.reasoning_type].generic_requests:
        frame = rng.choice(GENERIC)
    if ask.aside and not ask.lead and target.condition not in states.STATES and rng.random() < ASIDE_USE:
        _aside(ask, frame)
    if ask.shows is None and ask.relative is None and rng.random() < 0.1:
        ask.relative = rng.choice(situations.RELATIONS)
    text = frame.format(**fill)
    if not ask.lead and rng.random() < CHATTER_USE:
        ask.lead = rng.choice(fresh(CHATTER, frame))
    if not ask.lead and rng.random() < 0.12:
        ask.lead = rng.choice(GRUMBLES)
    if text.startswith("my "):
        text = cap(text)
    if ask.lead:
        text = f"{ask.lead} {text if ask.lead.endswith('.') else lowered(text, {first(n) for n in people})}"
    if target.content is None and len(target.calls) > 1 and not ask.switch_said and rng.random() < SWITCH_SAID_USE:
        text += rng.choice(SWITCH_ON)
    if target.content is not None:  # what to play or where to go, said before or after the setting's request
        name = next(iter(target.content["args"].values()))
        named = rng.choice(CONTENT_ASKS[target.content["name"]]).format(v=name)
        text = f"{named} {text}" if rng.random() < 0.5 or ask.lead else f"{text} {named}"
    fill["request"] = text
    return ask
