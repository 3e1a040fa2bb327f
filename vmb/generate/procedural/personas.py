"""Procedural personas: Faker for names, ages and jobs, curated pools for the rest, and vehicle
preferences shaped by the group's reasoning-type plan.

Each vehicle chain of the plan takes its own setting (no two chains of a group share one):

- preference_conflict: ``conflict_density`` occupants each prefer a different value (a conflict);
- conditional_constraint: one occupant prefers two values under two incompatible conditions;
- the other three types: one occupant has one (final) value.
"""

from __future__ import annotations

from functools import cache
from random import Random

from vmb.generate.options import GenerateOptions, group_types, rng_for
from vmb.generate.procedural import pools
from vmb.generate.schemas import Conflict, Persona, PersonaGroup, Preference
from vmb.generate.settings import settings


@cache
def _faker() -> object:
    from faker import Faker

    return Faker("en_US")


def _people(options: GenerateOptions, group: int, rng: Random) -> list[dict[str, object]]:
    fake = _faker()
    fake.seed_instance(rng.getrandbits(48))  # type: ignore[attr-defined]
    people: list[dict[str, object]] = []
    first_names: set[str] = set()
    last_names: set[str] = set()
    while len(people) < options.people:
        gender = rng.choice(("female", "male"))
        first = fake.first_name_female() if gender == "female" else fake.first_name_male()  # type: ignore[attr-defined]
        last = fake.last_name()  # type: ignore[attr-defined]
        # Unique first names: people are called by first name in the dialogue and the queries.
        if first in first_names or last in last_names:
            continue
        first_names.add(first)
        last_names.add(last)
        people.append({
            "name": f"{first} {last}",
            "age": rng.randint(22, 68),
            "gender": gender,
            "occupation": fake.job(),  # type: ignore[attr-defined]
            "education": rng.choice(pools.EDUCATION),
            "home": fake.city(),  # type: ignore[attr-defined]
            "interests": rng.sample(pools.INTERESTS, 3),
            "lifestyle": rng.choice(pools.LIFESTYLES),
        })
    return people


def _distinct_values(setting_name: str, count: int, rng: Random) -> list[int | str]:
    setting = settings()[setting_name]
    chosen: list[int | str] = []
    for _ in range(count):
        chosen.append(setting.pick(rng, set(chosen)))
    return chosen


def build(options: GenerateOptions, group: int, revision: int = 0) -> PersonaGroup:
    rng = rng_for(options, group, "personas", revision=revision)
    people = _people(options, group, rng)
    names = [str(p["name"]) for p in people]
    prefs: dict[str, list[Preference]] = {n: [] for n in names}
    conflicts: list[Conflict] = []
    plan = group_types(options, group)
    chosen_settings = rng.sample(sorted(settings()), len(plan)) if len(plan) <= len(settings()) else None
    if chosen_settings is None:
        raise ValueError(f"--vehicle-chains {len(plan)} exceeds the {len(settings())} settings available")
    for reasoning_type, setting in zip(plan, chosen_settings):
        if reasoning_type == "preference_conflict":
            who = rng.sample(names, options.conflict_density)
            values = _distinct_values(setting, len(who), rng)
            for person, value in zip(who, values):
                prefs[person].append(Preference(setting=setting, value=value))
            conflicts.append(Conflict(setting=setting, people=who, values=values))
        elif reasoning_type == "conditional_constraint":
            person = rng.choice(names)
            first, second = rng.choice(pools.CONDITION_PAIRS)
            for condition, value in zip((first, second), _distinct_values(setting, 2, rng)):
                prefs[person].append(Preference(setting=setting, value=value, condition=condition))
        else:
            person = rng.choice(names)
            prefs[person].append(Preference(setting=setting, value=_distinct_values(setting, 1, rng)[0]))
    personas = [Persona(**p, vehicle_preferences=prefs[str(p["name"])]) for p in people]  # type: ignore[arg-type]
    return PersonaGroup(group=group, people=personas, conflicts=conflicts)
