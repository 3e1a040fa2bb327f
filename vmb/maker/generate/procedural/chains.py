"""Procedural event chains: each recipe (``recipes.py``) made into events people say in the car
(their words: ``voices.py``), plus background chains about the occupants' lives.

Worked example (coreference_resolution, variant "relation", the mood lighting): Ann, on March 3:
"My nephew goes quiet the moment the mood lighting turns cyan, it's his thing." Ann, on April 9:
"For me the cabin glow on purple, always." Query, Ann driving with her nephew: "He's fussing
already. Give him his colour." → ``carcontrol_light_set_ambient_color(color="cyan")``. The other
types are worked through in docs/generate.md.
"""

from __future__ import annotations

from random import Random
from typing import Any

from vmb.maker.generate.plan.options import GenerateOptions, rng_for
from vmb.maker.generate.plan.recipe_types import Recipe, Voice, event_voices
from vmb.maker.generate.plan.recipes import ROUTE, recipes
from vmb.maker.generate.procedural import talk
from vmb.maker.generate.procedural.speech import Words, first, undouble
from vmb.maker.generate.procedural.voices import theme_of, voice_lines
from vmb.maker.generate.schemas import Chain, ChainSet, Event, Persona, PersonaGroup, Target, Utterance
from vmb.maker.generate.settings import call_text, settings
from vmb.maker.generate.words import situations
from vmb.maker.generate.words.devices import DEVICES
from vmb.maker.generate.words.speech_words import REPLIES


class PlanMismatch(ValueError):
    """The personas do not hold the preferences the group's recipes need."""


def _rides(condition: str | None) -> bool:
    """Whether a rule under ``condition`` is said by someone not at the wheel (reading, napping)."""
    held = situations.CONDITIONS.get(condition or "")
    return held is not None and held.driven


def _event(chain: str, index: int, recipe: Recipe, words: Words, voices: list[Voice]) -> Event:
    main = voices[0]
    partner = recipe.passenger if recipe.passenger and recipe.passenger != main.person else words.other(main.person)
    lines: list[Utterance] = []
    for voice in voices:
        words.spoken = " ".join(u.text for u in lines)
        for text in voice_lines(words, recipe, voice):
            lines.append(Utterance(speaker=voice.person, text=undouble(text)))
        lines.append(Utterance(speaker=partner, text=words.rng.choice(REPLIES)))
    described = [v for v in voices if v.value is not None]
    value = described[-1].value if described else None
    return Event(id=f"{chain}.e{index}", person=main.person, others=[partner],
                 description=words.context(main.person, partner, any(_rides(v.condition) for v in voices if v.person == main.person),
                                           placeless=recipe.setting.endswith(ROUTE)), kind="vehicle",
                 setting=recipe.setting, value=value, condition=voices[-1].condition,
                 role="+".join(dict.fromkeys(v.role for v in voices)),  # a value said twice in its event: its role once
                 alias=theme_of(recipe, main) if main.role == "named" else None, lines=lines)


def content_call(recipe: Recipe) -> dict[str, Any] | None:
    """The call playing or going to what the query names (the recipe's content), if it names any."""
    return settings()[recipe.content[0]].call(recipe.content[1]) if recipe.content else None


def target_calls(recipe: Recipe, zone: str | None = None) -> list[dict[str, Any]]:
    """The answer: what the query names to play first (it switches the device on), else the device's
    switch where the recipe asks for it, then the setting."""
    setting = settings()[recipe.setting]
    content = content_call(recipe)
    if content is not None:
        return [content, setting.call(recipe.answer, zone)]
    calls = []
    switch = DEVICES[recipe.setting].switch
    if recipe.two_calls and switch is not None:
        on = settings().get(switch)
        if on is not None:
            calls.append(on.call(True, zone))
    calls.append(setting.call(recipe.answer, zone))
    return calls


def vehicle_chain(chain: str, recipe: Recipe, words: Words) -> Chain:
    words = words.of_chain(recipe)
    events = [_event(chain, i, recipe, words, list(voices)) for i, voices in enumerate(event_voices(recipe))]
    # the passenger's own seat, vents, lamp; the whole cabin where the recipe says so
    zone = "passenger" if recipe.variant == "for-passenger" else recipe.zone
    target = Target(person=recipe.asker, setting=recipe.setting, value=recipe.answer, condition=recipe.condition,
                    alias=recipe.theme, calls=target_calls(recipe, zone), base=recipe.base, offset=recipe.offset,
                    content=content_call(recipe))
    return Chain(id=chain, kind="vehicle", reasoning_type=recipe.reasoning_type,
                 topic=f"{recipe.variant}: {settings()[recipe.setting].phrase}", events=events, target=target)


def background(chain: str, group: PersonaGroup, rng: Random, thread: talk.Talk) -> Chain:
    person = rng.choice(group.people)
    topic = rng.choice(person.interests)
    count = rng.choices((2, 3, 4), weights=(25, 50, 25))[0]
    events = []
    for index in range(count):
        partner = rng.choice([p for p in group.people if p is not person])
        said = thread.milestone(person, partner, topic)
        events.append(Event(id=f"{chain}.e{index}", person=person.name, others=[partner.name],
                            description=f"{first(person.name)} talked about {topic}: '{said[0][1]}'", kind="background",
                            role="background", lines=[Utterance(speaker=who, text=undouble(text)) for who, text in said]))
    return Chain(id=chain, kind="background", topic=topic, events=events)


def build(options: GenerateOptions, group: PersonaGroup, revision: int = 0) -> ChainSet:
    rng = rng_for(options, group.group, "chains", revision=revision)
    names = [p.name for p in group.people]
    plan = recipes(options, group.group, names)
    words = Words(group, rng, {r.setting: r.answer for r in plan if r.described})
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
