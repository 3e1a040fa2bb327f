"""What each vehicle chain of a group will say, before any wording: its recipe.

A recipe fixes the setting, the people who voice a value for it (in time order), what the query
asks and the value that answers it. Each reasoning type has the release's meaning:

- preference_conflict: ``--conflict-density`` people each voice their own value; who asks and who rides
  along decide (the driver's own usual or a step from it, the passenger's, "set it how you like");
  the asker may also have set someone else's value for them, so their own latest line is no rule.
- conditional_constraint: a rule under one condition and another value in another situation
  (the same person or someone else); the query implies the condition, never states the rule, and
  now and then asks a step from the rule's value ("the way I have it for this, one level brighter").
- coreference_resolution: the value is named by a description: mostly the asker's own (a relative's
  favorite, a theme they named once, the value of an earlier occasion plus or minus a few steps),
  now and then another person's preference; the other value is mostly someone else's.
- state_shift: a usual value and a temporary state with its own value; the state's end is an entry
  of its own, said with the usual value, or left to the query; the query asks for the usual value
  (the latest one is usually wrong), or the state comes back.
- error_correction: a value corrected, often minutes later in the same event, often relatively
  ("too strong, one lower"): the answer is then a value nobody said.

Each chain holds what the release's gold memories hold for its type: mostly two entries, a third
now and then, corrections often one. Every rate a type is planned with is its row of
``vmb.data.reasoning.REASONING``; each module's share of the chains is dealt by ``shares.py``.
Drawn from the personas' names with its own random source, so the personas stage (which records
the preferences) and the chains stage (which words them) agree.

A recipe is a ``recipe_types.Recipe``; the state_shift and error_correction builders are in
``recipe_changes.py``, the others here.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from random import Random

from vmb.data.reasoning import BY_NAME, ReasoningType
from vmb.maker.generate.plan.options import GenerateOptions, group_types, rng_for
from vmb.maker.generate.plan.recipe_changes import error_correction, state_shift
from vmb.maker.generate.plan.recipe_types import Recipe, Voice
from vmb.maker.generate.plan.shares import group_modules, module_weights, settings_of
from vmb.maker.generate.plan.values import answerable, describable, draw_values, stepped_value, text_values, two_calls
from vmb.maker.generate.settings import Setting
from vmb.maker.generate.words import causes, situations
from vmb.maker.generate.words.devices import DEVICES, content_of, usable

ROUTE = "navigate_to"  # how the API that sets a destination ends (routes_weight of the reasoning types)

# Each type's rates (how often the deciding voice is the latest, how often the answer is the default
# car's own value, which settings it keeps) are its row of vmb.data.reasoning.REASONING.


def _condition_pair(rng: Random, api: str) -> tuple[str, str]:
    """Two conditions of different categories, each a reason to change ``api``'s device where one
    is (``situations.fitting``): drawn among all conditions, one that does not fit standing for a
    fitting one of its category where there is one; the second, where no stand-in of another
    category than the first's is left, redrawn among the fitting ones of another, else among any."""
    drawn = rng.choice(sorted(situations.CONDITIONS))
    first = situations.fitting_stand_in(drawn, api)
    taken = situations.CONDITIONS[first].category
    drawn_second = rng.choice(sorted(k for k, c in situations.CONDITIONS.items()
                                     if c.category != situations.CONDITIONS[drawn].category))
    second = situations.fitting_stand_in(drawn_second, api, avoid=taken)
    if situations.CONDITIONS[second].category == taken:  # no stand-in left: never the same condition twice
        elsewhere = [k for k in sorted(situations.CONDITIONS) if situations.CONDITIONS[k].category != taken]
        second = rng.choice([k for k in situations.fitting(api) if k in elsewhere] or elsewhere)
    return first, second


def _ordered(deciding: list[Voice], others: list[Voice], rng: Random, last: bool) -> tuple[Voice, ...]:
    """The deciding voice(s) and the others in time order, the deciding one last or not."""
    voices = others[:]
    rng.shuffle(voices)
    if last:
        return tuple(voices + deciding)
    spot = rng.randint(0, max(0, len(voices) - 1))
    return tuple(voices[:spot] + deciding + voices[spot:])


def _conflict(i: int, s: Setting, names: list[str], rng: Random, density: int, kind: ReasoningType) -> Recipe:
    count = density if s.kind == "text" or len(s.domain) >= density else 2  # a switch has two voices
    holders = rng.sample(names, count)
    values = draw_values(s, rng, count, kind.default_answers)
    holder, answer = holders[0], values[0]
    # the driver asking for a passenger's value mostly where no seat of theirs is set (the music, the
    # route), and seldom: the release's askers have a value of their own in the gold in all but 1 of its
    # 91 conflicts whose gold states two values
    variant = rng.choices(("own", "for-passenger", "driver-decides"), (76, 2 if s.zone else 5, 18))[0]
    roll = rng.random() if variant == "own" else 1.0
    stepped = stepped_value(s, rng) if roll < ASKED_STEP + OTHERS_STEP else None
    asked = stepped is not None and roll < ASKED_STEP
    if stepped is not None:
        base, offset, answer = stepped
        rest = list(dict.fromkeys(v for v in (*values, *s.domain) if v not in (base, answer)))
        if asked:  # "my usual, but one step dimmer": the holder says their value, the query the step
            variant, values = "own-step-asked", [base, *rest[: count - 1]]
        else:  # "two degrees warmer than Dana has it": the holder's value is a step from another's
            values = [answer, base, *rest[: count - 2]]
    said_step = stepped is not None and not asked
    others = [Voice(p, v, "own") for p, v in zip(holders[1:], values[1:])]
    if said_step:
        others[0] = Voice(holders[1], values[1], "own-base")
    passenger: str | None
    if variant in ("own", "own-step-asked"):
        asker, passenger = holder, rng.choice([n for n in names if n != holder] + [None])
    elif variant == "for-passenger":
        asker, passenger = rng.choice([n for n in names if n != holder]), holder
    else:
        asker, passenger = holder, rng.choice(holders[1:])
    # a value a step is taken from is said as its number
    role = "own-step" if said_step else "own-base" if asked else "own"
    deciding = Voice(holder, values[0], role, offset=offset if said_step else None)
    rest = [n for n in names if n not in holders]
    third = [v for v in s.domain if v not in values] if s.kind != "bool" else []
    if not said_step and count == 2 and rest and third and rng.random() < 0.08:  # a third person's own value (the release: 17 of 149)
        others.append(Voice(rng.choice(rest), rng.choice(third), "own"))
    voices = _ordered([deciding], others, rng, rng.random() < kind.latest_decides)
    room = len(voices) < 3  # three entries at most, as in the release
    if room and not said_step and rng.random() < 0.02:  # the holder says it again another day (the release: 1 of 149)
        again = (Voice(holder, values[0], role),)
        voices = (again + voices) if rng.random() < 0.7 else (voices + again)
    elif room and asker == holder and variant != "driver-decides" and rng.random() < 0.04:
        # the asker later set another person's value for them: their own latest line is not the rule
        voices += (Voice(holder, others[0].value, "for-other", preference=False, condition=None),)
    events: tuple[int, ...] = ()
    if not said_step and rng.random() < 0.35:
        # the holder says why in the same event, minutes later, without saying the value again: the
        # deciding entry is the fuller one, as the release's are, and its value is said once (the
        # release states a value twice in its gold 1 time in 149, and in its history as seldom)
        spot = voices.index(deciding) + 1
        voices = voices[:spot] + (Voice(holder, values[0], "why", preference=False),) + voices[spot:]
        events = tuple(2 if k == spot - 1 else 1 for k in range(len(voices) - 1))
    return Recipe(i, kind.name, s.api, variant, voices, asker, answer, passenger=passenger,
                  two_calls=two_calls(s, rng, 0.5), events=events,
                  base=stepped[0] if stepped else None, offset=stepped[1] if stepped else None,
                  extra={"holder": holder, "favour_for": others[0].person})


def _conditional(i: int, s: Setting, names: list[str], rng: Random, density: int, kind: ReasoningType) -> Recipe:
    person = rng.choice(names)
    want, other = _condition_pair(rng, s.api)
    stepped = stepped_value(s, rng)
    last = rng.random() < kind.latest_decides
    rest = [v for v in s.domain if v not in (stepped[0], stepped[2])] if stepped else []  # for the usual value
    if stepped is not None and rest and rng.random() < 0.15:
        # "the way I have it for this, but one level brighter": the query adds a step to the rule's
        # value (the release: 9 of 102 requests say a step, none of its conditional gold memories)
        ruled, offset, answer = stepped
        usual = rng.choice(rest)
        contrasts = [v for v in answerable(s) if v not in (ruled, answer, usual)]
        rule = Voice(person, ruled, "rule", condition=want)
        others = [Voice(person, usual, "usual")]
        if contrasts and rng.random() < 0.1:
            others.append(Voice(rng.choice([n for n in names if n != person]), rng.choice(contrasts), "situation",
                                condition=other))
        voices = _ordered([rule], others, rng, last)
        passenger = None if want in ("kids", "client", "dog", "elder") else rng.choice([n for n in names if n != person] + [None])
        return Recipe(i, kind.name, s.api, "rule-step", voices, person, answer, passenger=passenger,
                      condition=want, base=ruled, offset=offset, two_calls=two_calls(s, rng, 0.75))
    values = draw_values(s, rng, 3, kind.default_answers)
    # the rule may name the value of other days after its own ("the wipers at 4, not 2 like other days")
    said_against = s.kind != "bool" and rng.random() < 0.05
    rule = Voice(person, values[0], "rule-not" if said_against else "rule", condition=want)
    if rng.random() < 0.55:
        contrast = Voice(person, values[1], "rule", condition=other)
    else:
        contrast = Voice(rng.choice([n for n in names if n != person]), values[1], "situation", condition=other)
    others = [contrast]
    if len(values) > 2 and rng.random() < 0.12:  # a third entry now and then (the release: 11 of 102)
        others.append(Voice(rng.choice([n for n in names if n != person]), values[2], "everyday", preference=False))
    voices = _ordered([rule], others, rng, last)
    two = two_calls(s, rng, 0.95)
    passenger = rng.choice([n for n in names if n != person] + [None]) if want not in ("kids", "client", "dog", "elder") else None
    return Recipe(i, kind.name, s.api, "rule", voices, person, values[0], passenger=passenger,
                  condition=want, two_calls=two, extra={"not": values[1]})


# How often the other value of a coreference chain (another occasion's, the asker's own beside a
# relative's favorite) is someone else's: the release's gold holds two people's values in 66 of 97.
OTHER_VOICE = 0.6


def _distractor(person: str, names: list[str], rng: Random) -> str:
    """Who says a coreference chain's other value: someone else at ``OTHER_VOICE``, else ``person``."""
    return rng.choice([n for n in names if n != person]) if rng.random() < OTHER_VOICE else person


def _coreference(i: int, s: Setting, names: list[str], rng: Random, density: int, kind: ReasoningType) -> Recipe:
    stepped = stepped_value(s, rng)
    # the value of an occasion, now and then a step from it (the release: about 5 of 97)
    variants = ["other-person", "relation", "theme", "occasion"] + (["occasion-step"] if stepped else [])
    # another person's preference named in the query is the release's rarer kind (5 of its 49 answers
    # said in the gold are not the asker's own); a station or a place already has a name
    weights = (12, 25, 25 if s.kind != "text" else 0, 24, 14)
    variant = rng.choices(variants, weights[: len(variants)])[0]
    share = kind.default_answers
    two = two_calls(s, rng, 0.25)
    last = rng.random() < kind.latest_decides
    # a third voice now and then (the release: 10 of 97): someone else's value in passing
    third = rng.random() < 0.12
    if variant == "other-person":
        asker, owner = rng.sample(names, 2)
        values = draw_values(s, rng, 3, share)
        rest = [n for n in names if n not in (asker, owner)]
        rival = rng.choice(rest) if rest and rng.random() < 0.4 else asker  # whose value is the other one
        others = [Voice(rival, values[1], "own")]
        if third and len(values) > 2 and rest:
            others.append(Voice(rng.choice(rest), values[2], "everyday", preference=False))
        voices = _ordered([Voice(owner, values[0], "own")], others, rng, last)
        return Recipe(i, kind.name, s.api, variant, voices, asker, values[0], two_calls=two,
                      passenger=rng.choice([owner, None]), extra={"owner": owner})
    if variant == "relation":
        person = rng.choice(names)
        relation = rng.choice(situations.RELATIONS)
        values = draw_values(s, rng, 3, share)
        others = [Voice(_distractor(person, names, rng), values[1], "own")]
        if third and len(values) > 2:
            others.append(Voice(rng.choice([n for n in names if n != person]), values[2], "everyday", preference=False))
        voices = _ordered([Voice(person, values[0], "relation", preference=False)], others, rng, rng.random() < 0.65)
        return Recipe(i, kind.name, s.api, variant, voices, person, values[0], relation=relation, two_calls=two)
    if variant == "theme":
        owner, rival = rng.sample(names, 2)
        values = draw_values(s, rng, 2, share)
        themes = [situations.nickname(s.api, head) for head in rng.sample(situations.NICKNAME_HEADS, 2)]
        voices = _ordered([Voice(owner, values[0], "named")], [Voice(rival, values[1], "named")], rng, last)
        asker = owner if rng.random() < 0.85 else rng.choice(names)
        return Recipe(i, kind.name, s.api, variant, voices, asker, values[0], theme=themes[0], two_calls=two,
                      extra={"owner": owner, "rival_theme": themes[1]})
    person = rng.choice(names)
    occasion, other = _condition_pair(rng, s.api)
    if variant == "occasion":  # "like that trip through the fog": the value of that occasion
        answer, distractor = draw_values(s, rng, 2, share)
        voices = _ordered([Voice(person, answer, "occasion", condition=occasion)],
                          [Voice(_distractor(person, names, rng), distractor, "occasion", condition=other)], rng, last)
        return Recipe(i, kind.name, s.api, variant, voices, person, answer, condition=occasion, two_calls=two)
    assert stepped is not None
    base, offset, answer = stepped
    distractor = next(v for v in s.domain if v not in (base, answer))
    # the occasion a step is taken from is seldom the latest (the release: its steps are on an earlier value)
    voices = _ordered([Voice(person, base, "occasion", condition=occasion)],
                      [Voice(_distractor(person, names, rng), distractor, "occasion", condition=other)], rng,
                      rng.random() < 0.15)
    return Recipe(i, kind.name, s.api, variant, voices, person, answer, base=base, offset=offset,
                  condition=occasion, two_calls=two)


# Of the "own" conflicts, how often the holder asks in the query for a step from their own value, and
# how often their value is said as a step from another person's; only where the setting has steps
# (half of them): the release's steps are mostly the query's ("my usual, but one step dimmer": 10 of
# its 149 conflicts), a step from someone else's value seldom (2).
ASKED_STEP, OTHERS_STEP = 0.2, 0.04
# Modules whose answers may set the whole cabin (the air for everyone, every window) rather than the
# driver's own zone, as the release's often do (cabin-wide climate: 36 of its 57 climate answers).
WHOLE_CAR = ("airConditioner", "window")
# Variants whose answer is never described: a value taken back to ("from B to A", then "put it back")
# is said in a "from ... to" frame, which reads only with the value's own word.
UNDESCRIBED = ("revert",)
# Each reasoning type names its recipe in vmb.data.reasoning.REASONING.
BUILDERS = {"conflict": _conflict, "conditional": _conditional, "coreference": _coreference,
            "shift": state_shift, "correction": error_correction}


@cache
def _ruled(api: str) -> bool:
    """Whether a rule on ``api`` can have its condition and another situation each bear on the device (two
    kinds of situation do): no clock format by the weather. (Nor is a route a rule's setting: "up in the
    hills, the route to the tennis club" is asked for while already driving; the release's one
    conditional route is a place its query names.)"""
    return len({situations.CONDITIONS[k].category for k in situations.fitting(api)}) >= 2


def recipes(options: GenerateOptions, group: int, names: list[str]) -> list[Recipe]:
    """The group's vehicle chains, one per reasoning type of its plan; one setting per device family."""
    rng = rng_for(options, group, "recipes", *names)
    found = usable()
    modules, weights = zip(*module_weights().items())
    out: list[Recipe] = []
    families: set[str] = set()
    phrases: list[str] = []  # catalog phrases of the group's settings: none inside another's
    for index, (reasoning_type, module) in enumerate(zip(group_types(options, group), group_modules(options, group))):
        kind = BY_NAME[reasoning_type]
        for attempt in range(200):
            if attempt and attempt % 50 == 0:  # nothing of the dealt module fits this chain: another module
                module = rng.choices(modules, weights)[0]
            apis, shares = settings_of()[module]
            chances = [w * (kind.texts_weight if found[a].kind == "text" else 1.0)
                       * (kind.routes_weight if a.endswith(ROUTE) else 1.0)
                       * (1.0 if not kind.implied_condition or _ruled(a) and not a.endswith(ROUTE) else 0.0)
                       for a, w in zip(apis, shares)]
            if not any(chances):  # no setting of the module fits the type: another module
                module = rng.choices(modules, weights)[0]
                continue
            api = rng.choices(apis, chances)[0]
            setting = found[api]
            if DEVICES[api].family in families:
                continue
            own = [setting.phrase.lower()] + [found[s].phrase.lower() for s in (DEVICES[api].switch,) if s in found]
            if attempt < 150 and any(a in b or b in a for a in own for b in phrases):
                continue
            if setting.kind == "bool" and rng.random() >= kind.switches_kept:
                continue  # a switch leaves little to correct or describe
            if setting.kind != "int" and rng.random() >= kind.non_numbers_kept:
                continue
            if kind.temporary_state and not causes.states_for(api):
                continue  # no temporary state people speak of would change this setting
            if kind.value_per_voice and options.conflict_density > 2 and \
                    setting.kind != "text" and len(setting.domain) < options.conflict_density and rng.random() < 0.8:
                continue  # mostly settings with a value for every voice
            break
        else:  # nothing drawn fits: the first setting of a family the group has not used
            api = next(a for a in sorted(found) if DEVICES[a].family not in families)
            setting = found[api]
            own = [setting.phrase.lower()]
        families.add(DEVICES[api].family)
        phrases += own
        recipe = BUILDERS[kind.recipe](index, setting, names, rng, options.conflict_density, kind)
        if setting.module in WHOLE_CAR and "all" in setting.zones and recipe.variant != "for-passenger" \
                and rng.random() < kind.whole_car:
            recipe = replace(recipe, zone="all")
        if recipe.variant not in UNDESCRIBED and describable(setting, recipe.answer) and \
                rng_for(options, group, "described", index).random() < kind.described_answers:
            recipe = replace(recipe, described=True)
        content = content_of(setting.api)
        named = rng_for(options, group, "content", index)
        if content is not None and named.random() < kind.named_content * (kind.routes_weight if content.endswith(ROUTE) else 1.0):
            recipe = replace(recipe, content=(content, text_values(found[content], named, 1)[0]), two_calls=False)
        out.append(recipe)
    return out
