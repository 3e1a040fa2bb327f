"""Procedural personas: Faker for names, ages and jobs, curated pools for the rest, and vehicle
preferences shaped by the group's reasoning-type plan.

The preferences are the values the group's chain recipes (``recipes.py``) have people voice as
their own: a usual value, a value under a condition or during a temporary state, a corrected value;
a value someone set for another person, a relative's favorite or a mistaken value is not theirs.
"""

from __future__ import annotations

from random import Random

from vmb.maker.generate.plan.options import GenerateOptions, rng_for
from vmb.maker.generate.plan.recipes import recipes
from vmb.maker.generate.schemas import Conflict, Persona, PersonaGroup, Preference
from vmb.maker.generate.words import pools
from vmb.maker.generate.words.fake import Names, american, faker, person_name
from vmb.maker.generate.words.names import distinct


def _people(options: GenerateOptions, group: int, rng: Random) -> list[dict[str, object]]:
    fake = faker()
    fake.seed_instance(rng.getrandbits(48))  # type: ignore[attr-defined]
    people: list[dict[str, object]] = []
    first_names: set[str] = set()
    last_names: set[str] = set()
    while len(people) < options.people:
        gender = rng.choice(("female", "male"))
        first = fake.first_name_female() if gender == "female" else fake.first_name_male()  # type: ignore[attr-defined]
        last = fake.last_name()  # type: ignore[attr-defined]
        # First names told apart: people are called by first name in the dialogue and the queries, so no
        # "Cathy" beside a "Catherine".
        if not distinct(first, first_names) or last in last_names or not person_name(first):
            continue
        first_names.add(first)
        last_names.add(last)
        people.append({
            "name": f"{first} {last}",
            "age": rng.randint(22, 68),
            "gender": gender,
            "occupation": american(fake.job()),  # type: ignore[attr-defined]
            "education": rng.choice(pools.EDUCATION),
            "home": Names(rng).city(),  # a town with its suffix: Faker's "New Tim" reads as a person
            "interests": rng.sample(pools.INTERESTS, 3),
            "lifestyle": rng.choice(pools.LIFESTYLES),
        })
    return people


def build(options: GenerateOptions, group: int, revision: int = 0) -> PersonaGroup:
    rng = rng_for(options, group, "personas", revision=revision)
    people = _people(options, group, rng)
    names = [str(p["name"]) for p in people]
    prefs: dict[str, list[Preference]] = {n: [] for n in names}
    conflicts: list[Conflict] = []
    for recipe in recipes(options, group, names):
        for voice in recipe.voices:
            if not voice.preference or voice.value is None:
                continue
            pref = Preference(setting=recipe.setting, value=voice.value, condition=voice.condition)
            if pref not in prefs[voice.person]:
                prefs[voice.person].append(pref)
    # A conflict: two or more people whose unconditional values for one setting differ.
    holders: dict[str, list[tuple[str, object]]] = {}
    for person in names:
        for pref in prefs[person]:
            if pref.condition is None:
                holders.setdefault(pref.setting, []).append((person, pref.value))
    for setting, held in holders.items():
        if len(held) > 1 and len({repr(v) for _, v in held}) > 1:
            conflicts.append(Conflict(setting=setting, people=[p for p, _ in held], values=[v for _, v in held]))  # type: ignore[misc]
    personas = [Persona(**p, vehicle_preferences=prefs[str(p["name"])]) for p in people]  # type: ignore[arg-type]
    return PersonaGroup(group=group, people=personas, conflicts=conflicts)
