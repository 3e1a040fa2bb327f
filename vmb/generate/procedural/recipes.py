"""What each vehicle chain of a group will say, before any wording: its recipe.

A recipe fixes the setting, the people who voice a value for it (in time order), what the query
asks and the value that answers it. Each reasoning type has the release's meaning:

- preference_conflict: ``--conflict-density`` people each voice their own value; who asks and who rides
  along decide (the driver's own usual, the passenger's, "set it how you like" to the driver);
  the asker may also have set someone else's value for them, so their own latest line is no rule.
- conditional_constraint: a rule under one condition and another value in another situation
  (the same person or someone else); the query implies the condition, never states the rule.
- coreference_resolution: the value is named by a description: another person's preference, a
  relative's favourite, a theme someone named once, or the value of an earlier occasion plus or
  minus a few steps (arithmetic).
- state_shift: a usual value, a temporary state with its own value, then the state ends (without a
  value); the query asks for the usual value (the latest one is wrong), or the state comes back.
- error_correction: a value corrected, often minutes later in the same event, often relatively
  ("too strong, one lower"): the answer is then a value nobody said.

Drawn from the personas' names with its own random source, so the personas stage (which records
the preferences) and the chains stage (which words them) agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from random import Random
from typing import Any

from vmb.data.reasoning import BY_NAME
from vmb.generate.options import GenerateOptions, group_types, rng_for
from vmb.generate.procedural import causes, situations
from vmb.generate.procedural.devices import DEVICES, MODULE_SHARES, STEPS, usable
from vmb.generate.procedural.fake import Names, words
from vmb.generate.settings import Setting
from vmb.sim import World

# How often the voice that decides a query is also the latest one in its chain (per type): the
# release's "latest mention" rates.
LAST_DECIDES = {"preference_conflict": 0.5, "conditional_constraint": 0.35, "coreference_resolution": 0.33}
# How often the answer is the default car's own value where that call still changes the car (it
# switches the device on): the release's 80 of 500 answers, which no "never the default" rule may skip.
DEFAULT_ANSWERS = {"preference_conflict": 0.25, "conditional_constraint": 0.35, "coreference_resolution": 0.2,
                   "state_shift": 0.2, "error_correction": 0.4}


@dataclass(frozen=True)
class Voice:
    person: str
    value: Any  # None: the voice says no value (a temporary state ending)
    role: str
    condition: str | None = None  # a condition key (situations.CONDITIONS) or a state key (situations.STATES)
    offset: int | None = None  # said as a step from the previous voice's value ("one lower")
    preference: bool = True  # a value of the speaker's own profile


@dataclass(frozen=True)
class Recipe:
    index: int
    reasoning_type: str
    setting: str
    variant: str
    voices: tuple[Voice, ...]
    asker: str
    answer: Any
    passenger: str | None = None
    base: Any = None  # the answer is base + offset, a value nobody said
    offset: int | None = None
    condition: str | None = None  # what the query implies (a condition or state key)
    relation: tuple[str, str] | None = None
    theme: str | None = None
    two_calls: bool = False
    single_event: bool = False  # the voices are one event (a correction minutes later)
    extra: dict[str, Any] = field(default_factory=dict)


def event_voices(recipe: Recipe) -> list[tuple[Voice, ...]]:
    """The voices of each event of the chain: one event per voice, or all in one (a correction minutes later)."""
    return [recipe.voices] if recipe.single_event else [(v,) for v in recipe.voices]


def _weights(options: GenerateOptions) -> tuple[list[str], list[float]]:
    found = usable()
    per_module: dict[str, float] = {}
    for api in found:
        per_module[found[api].module] = per_module.get(found[api].module, 0.0) + DEVICES[api].share
    apis = sorted(found)
    # switches are the most numerous settings but a small part of what people remember (the release: 16%)
    return apis, [MODULE_SHARES.get(found[a].module, 0.2) * DEVICES[a].share / per_module[found[a].module]
                  * (0.4 if found[a].kind == "bool" else 1.0) for a in apis]


def _text_values(setting: Setting, rng: Random, count: int) -> list[str]:
    names = Names(rng)
    last_names = words()["last_names"]
    made: list[str] = []
    while len(made) < count:
        if setting.api.endswith("navigate_to"):
            value = f"{rng.choice(last_names)} {rng.choice(situations.PLACE_KINDS)}"
        elif setting.api.endswith("play_song"):
            value = f"{rng.choice(situations.SONG_WORDS[0])} {rng.choice(situations.SONG_WORDS[1])}"
        elif setting.api.endswith("play_station"):
            value = f"{names.city()} {rng.choice(situations.STATION_WORDS)}"
        else:
            value = f"{rng.choice(last_names)} {rng.choice(situations.VIDEO_WORDS)}"
        if value not in made:
            made.append(value)
    return made


def _two_calls(s: Setting, rng: Random, share: float) -> bool:
    """Whether the answer also switches the device on: only where the switch's catalog phrase is not
    part of the setting's (a group's phrases stay apart)."""
    switch = DEVICES[s.api].switch
    if switch is None or switch not in usable():
        return False
    return usable()[switch].phrase.lower() not in s.phrase.lower() and rng.random() < share


@cache
def default_answers(api: str) -> bool:
    """Whether the default car's own value of ``api`` can be an answer: its call alone still changes
    the car (a setter that switches its device on), so the scorer checks the state it leaves."""
    setting = usable()[api]
    value = setting.default()
    if value is None:
        return False
    world = World()
    return bool(world.call(api, setting.call(value)["args"])["success"] and world.diff())


def _answerable(setting: Setting) -> tuple[Any, ...]:
    """The values an answer may set: those changing the default car's leaf, and its own where allowed."""
    own = (setting.default(),) if default_answers(setting.api) else ()
    return tuple(setting.values) + own


def _values(setting: Setting, rng: Random, count: int, default_share: float = 0.0) -> list[Any]:
    """``count`` distinct values; the first is the answer: one that changes the default car, or with
    ``default_share`` the default car's own value where its call still changes the car."""
    if setting.kind == "text":
        return _text_values(setting, rng, count)
    own = default_answers(setting.api) and rng.random() < default_share
    first = setting.default() if own else rng.choice(setting.values)
    rest = [v for v in setting.domain if v != first]
    rng.shuffle(rest)
    if setting.kind == "bool":
        rest = [not first] * (count - 1)  # a boolean has one other value; several voices may share it
    return [first, *rest[: count - 1]]


def _stepped(setting: Setting, rng: Random) -> tuple[Any, int, Any] | None:
    """(base, offset, base + offset), both values of the setting, for a value said as a step (the
    answer one an answer may set, ``_answerable``)."""
    steps = STEPS.get(DEVICES[setting.api].unit)
    if setting.kind != "int" or steps is None:
        return None
    answers = _answerable(setting)
    for _ in range(20):
        base, offset = rng.choice(setting.domain), rng.choice(steps) * rng.choice((1, -1))
        if base + offset in answers:
            return base, offset, base + offset
    return None


def _condition_pair(rng: Random, hours_needed: bool = False) -> tuple[str, str]:
    first = rng.choice(sorted(situations.CONDITIONS))
    category = situations.CONDITIONS[first].category
    second = rng.choice(sorted(k for k, c in situations.CONDITIONS.items() if c.category != category))
    return first, second


def _ordered(deciding: list[Voice], others: list[Voice], rng: Random, last: bool) -> tuple[Voice, ...]:
    """The deciding voice(s) and the others in time order, the deciding one last or not."""
    voices = others[:]
    rng.shuffle(voices)
    if last:
        return tuple(voices + deciding)
    spot = rng.randint(0, max(0, len(voices) - 1))
    return tuple(voices[:spot] + deciding + voices[spot:])


def _conflict(i: int, s: Setting, names: list[str], rng: Random, density: int) -> Recipe:
    count = density if s.kind == "text" or len(s.domain) >= density else 2  # a switch has two voices
    holders = rng.sample(names, count)
    values = _values(s, rng, count, DEFAULT_ANSWERS["preference_conflict"])
    holder = holders[0]
    variant = rng.choices(("own", "for-passenger", "driver-decides"), (70, 10, 20))[0]
    stepped = _stepped(s, rng) if variant == "own" and rng.random() < 0.06 else None
    if stepped is not None:  # "two degrees warmer than Dana has it": the holder's value is a step from another's
        base, offset, answer = stepped
        values = [answer, base] + [v for v in values if v not in (answer, base)][: count - 2]
    others = [Voice(p, v, "own") for p, v in zip(holders[1:], values[1:])]
    if stepped is not None:
        others[0] = Voice(holders[1], values[1], "own-base")
    passenger: str | None
    if variant == "own":
        asker, passenger = holder, rng.choice([n for n in names if n != holder] + [None])
    elif variant == "for-passenger":
        asker, passenger = rng.choice([n for n in names if n != holder]), holder
    else:
        asker, passenger = holder, rng.choice(holders[1:])
    deciding = Voice(holder, values[0], "own-step", offset=stepped[1]) if stepped else Voice(holder, values[0], "own")
    voices = _ordered([deciding], others, rng, rng.random() < LAST_DECIDES["preference_conflict"])
    if stepped is None and rng.random() < 0.35:  # the holder says it again another day
        again = (Voice(holder, values[0], "own"),)
        voices = (again + voices) if rng.random() < 0.7 else (voices + again)
    if variant == "own" and rng.random() < 0.05:
        # the asker later set another person's value for them: their own latest line is not the rule
        favour = others[0]
        voices += (Voice(holder, favour.value, "for-other", preference=False, condition=None),)
    two = _two_calls(s, rng, 0.75)
    return Recipe(i, "preference_conflict", s.api, variant, voices, asker, values[0], passenger=passenger, two_calls=two,
                  base=stepped[0] if stepped else None, offset=stepped[1] if stepped else None,
                  extra={"holder": holder, "favour_for": others[0].person})


def _conditional(i: int, s: Setting, names: list[str], rng: Random, density: int) -> Recipe:
    person = rng.choice(names)
    want, other = _condition_pair(rng)
    stepped = _stepped(s, rng)
    if stepped is not None and rng.random() < 0.35:
        # "on the highway, two degrees cooler than my usual": the rule is a step from a value said elsewhere
        usual, offset, answer = stepped
        contrast_value = rng.choice([v for v in _answerable(s) if v not in (usual, answer)])
        rule = Voice(person, answer, "rule-step", condition=want, offset=offset)
        others = [Voice(person, usual, "usual-base")]
        if rng.random() < 0.5:
            others.append(Voice(rng.choice([n for n in names if n != person]), contrast_value, "situation",
                                condition=other))
        voices = _ordered([rule], others, rng, rng.random() < LAST_DECIDES["conditional_constraint"])
        passenger = None if want in ("kids", "client", "dog", "elder") else rng.choice([n for n in names if n != person] + [None])
        return Recipe(i, "conditional_constraint", s.api, "rule-step", voices, person, answer, passenger=passenger,
                      condition=want, base=usual, offset=offset, two_calls=_two_calls(s, rng, 0.5))
    values = _values(s, rng, 3, DEFAULT_ANSWERS["conditional_constraint"])
    # the rule may name the value of other days after its own ("the wipers at 4, not 2 like other days")
    said_against = s.kind != "bool" and rng.random() < 0.05
    rule = Voice(person, values[0], "rule-not" if said_against else "rule", condition=want)
    if rng.random() < 0.55:
        contrast = Voice(person, values[1], "rule", condition=other)
    else:
        contrast = Voice(rng.choice([n for n in names if n != person]), values[1], "situation", condition=other)
    others = [contrast]
    if len(values) > 2 and rng.random() < 0.3:
        others.append(Voice(rng.choice([n for n in names if n != person]), values[2], "everyday", preference=False))
    voices = _ordered([rule], others, rng, rng.random() < LAST_DECIDES["conditional_constraint"])
    two = _two_calls(s, rng, 0.85)
    passenger = rng.choice([n for n in names if n != person] + [None]) if want not in ("kids", "client", "dog", "elder") else None
    return Recipe(i, "conditional_constraint", s.api, "rule", voices, person, values[0], passenger=passenger,
                  condition=want, two_calls=two, extra={"not": values[1]})


def _coreference(i: int, s: Setting, names: list[str], rng: Random, density: int) -> Recipe:
    stepped = _stepped(s, rng)
    variants = ["other-person", "relation", "theme"] + (["occasion-step"] if stepped else [])
    variant = rng.choices(variants, (20, 25, 25, 35)[: len(variants)])[0]
    share = DEFAULT_ANSWERS["coreference_resolution"]
    last = rng.random() < LAST_DECIDES["coreference_resolution"]
    if variant == "other-person":
        asker, owner = rng.sample(names, 2)
        values = _values(s, rng, 2, share)
        third = [n for n in names if n not in (asker, owner)]
        rival = rng.choice(third) if third and rng.random() < 0.4 else asker  # whose value is the other one
        voices = _ordered([Voice(owner, values[0], "own")], [Voice(rival, values[1], "own")], rng, last)
        return Recipe(i, "coreference_resolution", s.api, variant, voices, asker, values[0],
                      passenger=rng.choice([owner, None]), extra={"owner": owner})
    if variant == "relation":
        person = rng.choice(names)
        relation = rng.choice(situations.RELATIONS)
        values = _values(s, rng, 2, share)
        voices = _ordered([Voice(person, values[0], "relation", preference=False)], [Voice(person, values[1], "own")], rng,
                          rng.random() < 0.65)
        return Recipe(i, "coreference_resolution", s.api, variant, voices, person, values[0], relation=relation)
    if variant == "theme":
        owner, rival = rng.sample(names, 2)
        values = _values(s, rng, 2, share)
        themes = rng.sample(THEMES, 2)
        voices = _ordered([Voice(owner, values[0], "named")], [Voice(rival, values[1], "named")], rng, last)
        asker = owner if rng.random() < 0.85 else rng.choice(names)
        return Recipe(i, "coreference_resolution", s.api, variant, voices, asker, values[0], theme=themes[0],
                      extra={"owner": owner, "rival_theme": themes[1]})
    assert stepped is not None
    base, offset, answer = stepped
    person = rng.choice(names)
    occasion, other = _condition_pair(rng)
    distractor = next(v for v in s.domain if v not in (base, answer))
    voices = _ordered([Voice(person, base, "occasion", condition=occasion)],
                      [Voice(person, distractor, "occasion", condition=other)], rng, last)
    return Recipe(i, "coreference_resolution", s.api, variant, voices, person, answer, base=base, offset=offset,
                  condition=occasion)


def _state_shift(i: int, s: Setting, names: list[str], rng: Random, density: int) -> Recipe:
    person = rng.choice(names)
    recurs = rng.random() < 0.2
    fitting: list[str] = []
    for _ in range(20):  # values whose move some state explains (a fever warms the seat, never cools it)
        answer, other = _values(s, rng, 2, DEFAULT_ANSWERS["state_shift"])
        stepped = _stepped(s, rng) if recurs and rng.random() < 0.8 else None
        if stepped is not None:  # "two notches lower than usual while my back heals": the state's value is a step
            other, offset, answer = stepped
        usual, temporary = (other, answer) if recurs else (answer, other)
        fitting = [k for k in sorted(causes.AFFECTS) if causes.explains(k, s.api, usual, temporary)]
        if fitting:
            break
    state = rng.choice(fitting or causes.states_for(s.api) or sorted(causes.AFFECTS))
    restated = not recurs and rng.random() < 0.1
    said_usual = Voice(person, usual, "usual-base" if stepped else "usual")
    during = Voice(person, temporary, "temporary-step" if stepped else "temporary", condition=state,
                   offset=stepped[1] if stepped else None)
    ended = Voice(person, usual if restated else None, "ended", condition=state, preference=False)
    third = [v for v in (s.domain or _text_values(s, rng, 3)) if v not in (usual, temporary)]
    order = rng.random()
    if order < 0.25 or (order >= 0.65 and not third):
        voices: tuple[Voice, ...] = (said_usual, during, ended)
    elif order < 0.35 or stepped:  # the usual value recalled while the state lasts
        voices = (during, said_usual, ended) if not stepped else (said_usual, during, ended)
    elif order < 0.65:  # recalled while it lasts, and the state's value asked for again before it ends
        voices = (during, said_usual, during, ended)
    else:  # someone else's value came first
        others = [n for n in names if n != person]
        voices = (Voice(rng.choice(others), rng.choice(third), "own", preference=False), said_usual, during, ended)
    two = _two_calls(s, rng, 0.75)
    return Recipe(i, "state_shift", s.api, "recurs" if recurs else "usual", voices, person, answer,
                  condition=state, two_calls=two, passenger=rng.choice([n for n in names if n != person] + [None]),
                  base=stepped[0] if stepped else None, offset=stepped[1] if stepped else None)


def _error_correction(i: int, s: Setting, names: list[str], rng: Random, density: int) -> Recipe:
    person = rng.choice(names)
    stepped = _stepped(s, rng)
    roll = rng.random()
    single = rng.random() < 0.6
    if stepped and roll < 0.3:  # "too strong, two lower": the answer is a value nobody said
        wrong, offset, answer = stepped
        voices = (Voice(person, wrong, "wrong", preference=False), Voice(person, answer, "corrected", offset=offset))
        return Recipe(i, "error_correction", s.api, "relative", voices, person, answer, base=wrong, offset=offset,
                      single_event=single, two_calls=_two_calls(s, rng, 0.3))
    if stepped and roll < 0.5:  # the query asks a step from the corrected value
        settled, offset, answer = stepped
        wrong = next(v for v in s.domain if v not in (settled, answer))
        voices = (Voice(person, wrong, "wrong", preference=False), Voice(person, settled, "corrected"))
        return Recipe(i, "error_correction", s.api, "step-on-corrected", voices, person, answer, base=settled,
                      offset=offset, single_event=single, two_calls=_two_calls(s, rng, 0.3))
    answer, wrong = _values(s, rng, 2, DEFAULT_ANSWERS["error_correction"])
    if s.kind in ("enum", "text") and rng.random() < 0.35:
        # "from B to A", then "no, put it back": the answer is the value it was changed from
        voices = (Voice(person, wrong, "changed-from", preference=False, condition=None),
                  Voice(person, answer, "reverted"))
        return Recipe(i, "error_correction", s.api, "revert", voices, person, answer, single_event=True,
                      extra={"from": answer}, two_calls=_two_calls(s, rng, 0.75))
    voices = (Voice(person, wrong, "wrong", preference=False), Voice(person, answer, "corrected"))
    return Recipe(i, "error_correction", s.api, "absolute", voices, person, answer, single_event=single,
                  two_calls=_two_calls(s, rng, 0.75))


THEMES = ("harbor look", "reading nook", "campfire setup", "library hush", "sunday drive", "deep-sea look",
          "study mode", "cabin retreat", "runway calm", "orchard setting", "glacier look", "lantern mode",
          "rush-hour setup", "quiet hour", "picnic setting", "starlight mode", "workshop look", "gallery setting")
# Each reasoning type names its recipe in vmb.data.reasoning.REASONING.
BUILDERS = {"conflict": _conflict, "conditional": _conditional, "coreference": _coreference,
            "state_shift": _state_shift, "error_correction": _error_correction}


def recipes(options: GenerateOptions, group: int, names: list[str]) -> list[Recipe]:
    """The group's vehicle chains, one per reasoning type of its plan; one setting per device family."""
    rng = rng_for(options, group, "recipes", *names)
    apis, weights = _weights(options)
    found = usable()
    out: list[Recipe] = []
    families: set[str] = set()
    phrases: list[str] = []  # catalog phrases of the group's settings: none inside another's
    for index, reasoning_type in enumerate(group_types(options, group)):
        for attempt in range(200):
            api = rng.choices(apis, weights)[0]
            setting = found[api]
            if DEVICES[api].family in families:
                continue
            own = [setting.phrase.lower()] + [found[s].phrase.lower() for s in (DEVICES[api].switch,) if s in found]
            if attempt < 150 and any(a in b or b in a for a in own for b in phrases):
                continue
            if reasoning_type in ("error_correction", "coreference_resolution") and setting.kind == "bool" and rng.random() < 0.7:
                continue  # a switch leaves little to correct or describe
            if reasoning_type == "error_correction" and setting.kind != "int" and rng.random() < 0.6:
                continue  # corrections are mostly of a number (the release: 49 of 62), often a step from it
            if reasoning_type == "state_shift" and not causes.states_for(api):
                continue  # no temporary state people speak of would change this setting
            if reasoning_type == "preference_conflict" and options.conflict_density > 2 and \
                    setting.kind != "text" and len(setting.domain) < options.conflict_density and rng.random() < 0.8:
                continue  # mostly settings with a value for every voice
            break
        else:  # nothing drawn fits: the first setting of a family the group has not used
            api = next(a for a in apis if DEVICES[a].family not in families)
            setting = found[api]
            own = [setting.phrase.lower()]
        families.add(DEVICES[api].family)
        phrases += own
        out.append(BUILDERS[BY_NAME[reasoning_type].recipe](index, setting, names, rng, options.conflict_density))
    return out
