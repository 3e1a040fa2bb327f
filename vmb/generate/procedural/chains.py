"""Procedural event chains: one template per reasoning type, plus background chains.

Worked examples (setting: the HUD brightness level, values 1-10):

- preference_conflict: Ann: "I like the HUD brightness level at 8"; later Bo: "Honestly, I prefer
  the HUD brightness level at 3". Query, Bo driving: "Set the HUD brightness level the way I like
  it." → ``carcontrol_HUD_set_brightness_level(level=3)``.
- conditional_constraint: Ann: "When it's raining, I want the HUD brightness level at 9", and on
  another day "on hot afternoons ... at 4". Query scene: "Rain was drumming on the roof." → level 9.
- coreference_resolution: Ann: "The HUD brightness level at 6, that's what I call my 'forest
  mode'". Query, Bo: "Could you switch to Ann's 'forest mode'?" → level 6.
- state_shift: Ann sets 8, weeks later "These days I want the HUD brightness level at 5 instead".
  Query: "... the way I like it these days" → level 5.
- error_correction: Ann: "Set the HUD brightness level to 7"; later "Correction: not 7, I meant
  2". Query: "... the way I asked for it" → level 2.
"""

from __future__ import annotations

from random import Random
from typing import Any

from vmb.generate.options import GenerateOptions, group_types, rng_for
from vmb.generate.procedural import pools
from vmb.generate.schemas import Chain, ChainSet, Event, Persona, PersonaGroup, Target, Utterance
from vmb.generate.settings import call_text, settings


class PlanMismatch(ValueError):
    """The personas do not hold the preferences the group's reasoning-type plan needs."""


def spoken(value: Any) -> str:
    return str(value).replace("_", " ")


def first(name: str) -> str:
    return name.split()[0]


class _ChainBuilder:
    def __init__(self, group: PersonaGroup, rng: Random) -> None:
        self.group = group
        self.rng = rng
        self.names = [p.name for p in group.people]
        self.aliases = rng.sample(pools.ALIASES, len(pools.ALIASES))

    def other(self, person: str) -> str:
        return self.rng.choice([n for n in self.names if n != person])

    def event(self, chain: str, index: int, person: str, role: str, description: str, said: str,
              reply: str | None = None, *, kind: str = "vehicle", **fields: Any) -> Event:
        partner = self.other(person)
        lines = [Utterance(speaker=person, text=said)]
        if reply is not None:
            lines.append(Utterance(speaker=partner, text=reply))
        return Event(id=f"{chain}.e{index}", person=person, others=[partner], description=description,
                     kind=kind, role=role, lines=lines, **fields)  # type: ignore[arg-type]

    def vehicle(self, chain: str, reasoning_type: str, setting: str, prefs: list[tuple[str, Any, str | None]]) -> Chain:
        """A vehicle chain; ``prefs`` are (person, value, condition) from the personas."""
        rng, phrase = self.rng, settings()[setting].phrase
        events: list[Event] = []

        def add(person: str, role: str, description: str, template: str, value: Any, **extra: Any) -> None:
            said = template.format(setting=phrase, value=spoken(value), **{k: spoken(v) for k, v in extra.items()})
            fields = {"setting": setting, "value": value}
            if role in ("conditional",):
                fields["condition"] = extra["when_key"]
            if "alias" in extra:
                fields["alias"] = extra["alias"]
            events.append(self.event(chain, len(events), person, role, description, said, rng.choice(pools.ACK),
                                     **fields))

        place, reason = rng.choice(pools.PLACES), rng.choice(pools.REASONS)
        if reasoning_type == "preference_conflict":
            for position, (person, value, _) in enumerate(prefs):
                template = rng.choice(pools.STATE if position == 0 else pools.CONFLICT)
                add(person, "conflict", f"{first(person)} set the {phrase} to {spoken(value)} {place}, "
                    f"saying it is the value they prefer.", template, value)
            asker, value, _ = rng.choice(prefs)
            target = Target(person=asker, setting=setting, value=value, call=settings()[setting].call(value))
        elif reasoning_type == "conditional_constraint":
            for person, value, condition in prefs:
                clause = pools.CONDITIONS[condition or ""][0]
                add(person, "conditional", f"{first(person)} explained {place} that {clause} they want the "
                    f"{phrase} at {spoken(value)}.", rng.choice(pools.CONDITIONAL), value,
                    when=clause, when_cap=clause[0].upper() + clause[1:], when_key=condition)
            person, value, condition = rng.choice(prefs)
            target = Target(person=person, setting=setting, value=value, condition=condition,
                            call=settings()[setting].call(value))
        elif reasoning_type == "coreference_resolution":
            (person, value, _), alias = prefs[0], self.aliases.pop()
            add(person, "alias", f"{first(person)} set the {phrase} to {spoken(value)} {place} and named it "
                f"their '{alias}'.", rng.choice(pools.ALIAS), value, alias=alias)
            add(person, "alias_again", f"{first(person)} asked for their '{alias}' again, and the {phrase} "
                f"went to {spoken(value)}.", rng.choice(pools.ALIAS_AGAIN) + " The {setting} at {value}.", value,
                alias=alias)
            asker = rng.choice(self.names)
            target = Target(person=asker, setting=setting, value=value, alias=alias,
                            call=settings()[setting].call(value))
        elif reasoning_type == "state_shift":
            person, value, _ = prefs[0]
            earlier = [settings()[setting].pick(rng, {value})]
            if rng.random() < 0.4:
                earlier.append(settings()[setting].pick(rng, {value, *earlier}))
            for old in earlier:
                place, reason = rng.choice(pools.PLACES), rng.choice(pools.REASONS)
                add(person, "state", f"{first(person)} set the {phrase} to {spoken(old)} {place} {reason}.",
                    rng.choice(pools.STATE), old)
            add(person, "shift", f"{first(person)} changed their preference: the {phrase} now goes to "
                f"{spoken(value)}.", rng.choice(pools.SHIFT), value)
            target = Target(person=person, setting=setting, value=value, call=settings()[setting].call(value))
        elif reasoning_type == "error_correction":
            person, value, _ = prefs[0]
            wrong = settings()[setting].pick(rng, {value})
            add(person, "wrong", f"{first(person)} asked for the {phrase} at {spoken(wrong)} {place}.",
                rng.choice(pools.WRONG), wrong)
            add(person, "correction", f"{first(person)} corrected an earlier request: the {phrase} should be "
                f"{spoken(value)}, not {spoken(wrong)}.", rng.choice(pools.CORRECTION), value, wrong=wrong)
            target = Target(person=person, setting=setting, value=value, call=settings()[setting].call(value))
        else:
            raise PlanMismatch(f"unknown reasoning type {reasoning_type!r}")
        return Chain(id=chain, kind="vehicle", reasoning_type=reasoning_type, topic=phrase, events=events,
                     target=target)

    def background(self, chain: str) -> Chain:
        rng = self.rng
        person = rng.choice(self.group.people)
        topic = rng.choice(person.interests)
        opening, progress, outcome = rng.choice(pools.BACKGROUND)
        count = rng.choices((2, 3, 4), weights=(25, 50, 25))[0]
        stages = [opening] + [progress] * (count - 2) + [outcome]
        places = [p.home for p in self.group.people]
        events = []
        for index, template in enumerate(stages):
            said = template.format(topic=topic, place=rng.choice(places))
            description = f"{first(person.name)} talked about {topic}: '{said}'"
            events.append(self.event(chain, index, person.name, "background", description, said,
                                     rng.choice(pools.BACKGROUND_REPLY), kind="background"))
        return Chain(id=chain, kind="background", topic=topic, events=events)


def preference_queues(group: PersonaGroup) -> dict[str, list[tuple[str, list[tuple[str, Any, str | None]]]]]:
    """The personas' preferences sorted into what each reasoning type consumes, in a fixed order."""
    conflict_settings = {c.setting for c in group.conflicts}
    queues: dict[str, list[tuple[str, list[tuple[str, Any, str | None]]]]] = {
        "conflict": [(c.setting, list(zip(c.people, c.values, [None] * len(c.people)))) for c in group.conflicts],
        "conditional": [], "single": [],
    }
    for person in group.people:
        conditional: dict[str, list[tuple[str, Any, str | None]]] = {}
        for pref in person.vehicle_preferences:
            if pref.setting in conflict_settings:
                continue
            if pref.condition is None:
                queues["single"].append((pref.setting, [(person.name, pref.value, None)]))
            else:
                conditional.setdefault(pref.setting, []).append((person.name, pref.value, pref.condition))
        queues["conditional"] += list(conditional.items())
    return queues


def build(options: GenerateOptions, group: PersonaGroup, revision: int = 0) -> ChainSet:
    rng = rng_for(options, group.group, "chains", revision=revision)
    builder = _ChainBuilder(group, rng)
    queues = preference_queues(group)
    chains: list[Chain] = []
    for index, reasoning_type in enumerate(group_types(options, group.group)):
        queue = {"preference_conflict": "conflict", "conditional_constraint": "conditional"}.get(reasoning_type, "single")
        if not queues[queue]:
            raise PlanMismatch(f"group {group.group}: the personas have no {queue} preference left for "
                               f"chain c{index} ({reasoning_type})")
        setting, prefs = queues[queue].pop(0)
        chains.append(builder.vehicle(f"c{index}", reasoning_type, setting, prefs))
    for index in range(options.vehicle_chains, options.vehicle_chains + options.background_chains):
        chains.append(builder.background(f"c{index}"))
    return ChainSet(group=group.group, chains=chains)


def reference_answer(chain: Chain) -> list[str]:
    assert chain.target is not None
    return [call_text(chain.target.call)]


def persona(group: PersonaGroup, name: str) -> Persona:
    return next(p for p in group.people if p.name == name)
