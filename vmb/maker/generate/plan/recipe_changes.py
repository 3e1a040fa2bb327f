"""The recipes of the chains whose value changes: a temporary value that gives way to the usual one
(state_shift), a value corrected (error_correction).

Each is a builder of ``recipes.BUILDERS``, with the meaning of its type that ``recipes.py`` gives.
"""

from __future__ import annotations

from random import Random
from typing import Any

from vmb.data.reasoning import ReasoningType
from vmb.maker.generate.plan.recipe_types import Recipe, Voice
from vmb.maker.generate.plan.values import draw_values, stepped_value, text_values, two_calls
from vmb.maker.generate.settings import Setting
from vmb.maker.generate.words import causes

# How often a state shift's temporary value is someone else's, set for a passing need of theirs (the
# release's "Jack Hall drove the car. He switched the language to Chinese to practice for his meeting",
# "Susan moved the seat forward", "Andrew borrowed the car": the asker's own entry is then the latest).
OTHERS_TEMPORARY = 0.35


def state_shift(i: int, s: Setting, names: list[str], rng: Random, density: int, kind: ReasoningType) -> Recipe:
    """A usual value and a temporary one with its state, mostly two entries as in the release: the
    state's end is then for the query to say ("now that my back is better"); now and then a third
    entry, the state ending, or someone else's value before them. The query always asks for the usual
    value (the release's meaning of the type: a usual value, a state that changes it, the state over),
    never the temporary one back because the state came back."""
    person = rng.choice(names)
    fitting: list[str] = []
    for _ in range(20):  # values whose move some state explains (a fever warms the seat, never cools it)
        answer, temporary = draw_values(s, rng, 2, kind.default_answers)
        # "two notches lower than usual while my back heals": the state's value said as a step from the usual
        stepped = stepped_value(s, rng) if rng.random() < 0.1 else None
        if stepped is not None:
            answer, _, temporary = stepped
        usual = answer
        # "my usual, but one notch lower": the query adds a step to the usual value (the release: 6 of 90
        # requests; kept higher here, 10 of its 90 answers being values its histories never state and
        # these being most of ours)
        asked = stepped_value(s, rng) if stepped is None and rng.random() < 0.3 else None
        if asked is not None:
            usual, _, answer = asked
            temporary = rng.choice([v for v in s.domain if v not in (usual, answer)])
        fitting = [k for k in sorted(causes.AFFECTS) if causes.explains(k, s.api, usual, temporary)]
        if fitting:
            break
    state = rng.choice(fitting or causes.states_for(s.api) or sorted(causes.AFFECTS))
    base = asked
    said_usual = Voice(person, usual, "usual-base" if base else "usual")
    during = Voice(person, temporary, "temporary-step" if stepped else "temporary", condition=state,
                   offset=stepped[1] if stepped else None)
    third = [v for v in (s.domain or text_values(s, rng, 3)) if v not in (usual, temporary, answer)]
    order = rng.random()
    # a step asked from the usual value is asked from one said before the temporary one (the release: 5 of 6)
    if order < 0.1:  # the state ends in an entry of its own, now and then restating the usual value
        ended = Voice(person, usual if not base and rng.random() < 0.15 else None, "ended",
                      condition=state, preference=False)
        voices: tuple[Voice, ...] = (said_usual, during, ended)
    elif order < 0.15 and third:  # someone else's value came first
        others = [n for n in names if n != person]
        voices = (Voice(rng.choice(others), rng.choice(third), "own", preference=False), said_usual, during)
    elif order < 0.3 and not base and not stepped:  # the usual value recalled while the state lasts
        voices = (during, said_usual)
    elif order < 0.42 and not base and not stepped:  # the state's end says the usual value again
        voices = (during, Voice(person, usual, "ended", condition=state, preference=False))
    else:  # the state's end is the query's to say, or implied by asking for the usual value
        if not stepped and "guest" in fitting and rng.random() < 0.4:  # a houseguest's own value while the guest stays
            state = "guest"
            during = Voice(rng.choice([n for n in names if n != person]), temporary, "temporary", condition=state,
                           preference=False)
            voices = (said_usual, during)
        elif not stepped and rng.random() < OTHERS_TEMPORARY:
            # someone else's passing need changed it ("Jack switched the language to Chinese for his
            # meeting"), over in an entry of theirs, and the query restores the asker's usual value
            other = rng.choice([n for n in names if n != person])
            during = Voice(other, temporary, "temporary", condition=state, preference=False)
            voices = (said_usual, during, Voice(other, None, "ended", condition=state, preference=False))
        else:
            voices = (said_usual, during)
    two = two_calls(s, rng, 0.95)
    variant = "usual-step" if asked else "usual"
    return Recipe(i, kind.name, s.api, variant, voices, person, answer,
                  condition=state, two_calls=two, passenger=rng.choice([n for n in names if n != person] + [None]),
                  base=base[0] if base else None, offset=base[1] if base else None)


# How an error_correction chain goes, measured on the release's 62 corrections (most of them on a
# number that a step may move): of the chains on such a number, a relative correction (the release:
# 7 of 62, each saying where it lands but one: "step-alone" of them a step said alone), a query
# asking a step from the corrected value (11 of 62, its base always the value the correction settled
# on); of the others, someone else having changed it since, the query asking for the asker's value
# back (the release's "Deborah changed it. I need to put it back": about 5 of 62, the asker's value
# the earlier), or "put it back" naming no value; of any, someone else's value on another day before
# or after (the release: 6 of 62, 3 of them the latest).
# How often a correction comes minutes later in its value's own event (one gold entry; the release: 20
# of 62 corrections, "put it back" and the query's own taking back aside).
SAME_EVENT = 0.38
CORRECTION_SHARES = {"relative": 0.15, "step-alone": 0.2, "step-on-corrected": 0.28, "restore": 0.12,
                     "revert": 0.12, "someone-else": 0.18}


def error_correction(i: int, s: Setting, names: list[str], rng: Random, density: int, kind: ReasoningType) -> Recipe:
    """A value corrected, minutes later in its event or on another day, at the release's rates
    (``CORRECTION_SHARES``): mostly the correction says the value it settles on, as the release's
    do even where they are relative ("too strong, lower it a bit", then level 2); a step said alone
    now and then (the answer is then a value nobody said); more often the query asks a step from
    the value the correction settled on ("like last time, one notch higher"); and now and then
    someone else sets another value on an earlier or a later day (a third entry: neither the first
    nor the latest value is the rule), or someone else changed it since and the query takes it back
    ("restore"), or "put it back" names no value at all."""
    person = rng.choice(names)
    stepped = stepped_value(s, rng)
    events: tuple[int, ...] = (2,) if rng.random() < SAME_EVENT else ()
    shares = CORRECTION_SHARES
    roll = rng.random()

    def around(voices: tuple[Voice, ...], taken: tuple[Any, ...]) -> tuple[tuple[Voice, ...], tuple[int, ...]]:
        rest = [v for v in (s.domain or text_values(s, rng, 4)) if v not in taken]
        if not rest or rng.random() >= shares["someone-else"]:
            return voices, events
        said = Voice(rng.choice([n for n in names if n != person]), rng.choice(rest), "everyday", preference=False)
        if rng.random() < 0.5:  # before, or after: the latest value is then someone else's
            return (said, *voices), (1, *(events or (1, 1)))
        return (*voices, said), (*(events or (1, 1)), 1)

    if stepped and roll < shares["relative"]:  # "too strong, two lower" (and where it lands, mostly)
        wrong, offset, answer = stepped
        role = "corrected-to" if rng.random() >= shares["step-alone"] else "corrected"
        voices, grouped = around((Voice(person, wrong, "wrong", preference=False),
                                   Voice(person, answer, role, offset=offset)), (wrong, answer))
        return Recipe(i, kind.name, s.api, "relative", voices, person, answer, base=wrong, offset=offset,
                      events=grouped, two_calls=two_calls(s, rng, 0.45))
    if stepped and roll < shares["relative"] + shares["step-on-corrected"]:  # the query asks a step from it
        settled, offset, answer = stepped
        wrong = next(v for v in s.domain if v not in (settled, answer))
        voices, grouped = around((Voice(person, wrong, "wrong", preference=False),
                                   Voice(person, settled, "corrected")), (wrong, settled, answer))
        return Recipe(i, kind.name, s.api, "step-on-corrected", voices, person, answer, base=settled,
                      offset=offset, events=grouped, two_calls=two_calls(s, rng, 0.45))
    answer, wrong = draw_values(s, rng, 2, kind.default_answers)
    if rng.random() < shares["restore"]:  # someone else changed it since: the query corrects them
        other = rng.choice([n for n in names if n != person])
        voices = (Voice(person, answer, "own"), Voice(other, wrong, "own", preference=False))
        return Recipe(i, kind.name, s.api, "restore", voices, person, answer, two_calls=two_calls(s, rng, 0.75),
                      extra={"changed_by": other})
    if s.kind != "bool" and rng.random() < shares["revert"]:
        # "from B to A", then "no, put it back": the answer is the value it was changed from
        voices = (Voice(person, wrong, "changed-from", preference=False, condition=None),
                  Voice(person, answer, "reverted"))
        return Recipe(i, kind.name, s.api, "revert", voices, person, answer, events=(2,),
                      extra={"from": answer}, two_calls=two_calls(s, rng, 0.75))
    voices, grouped = around((Voice(person, wrong, "wrong", preference=False), Voice(person, answer, "corrected")),
                              (wrong, answer))
    return Recipe(i, kind.name, s.api, "absolute", voices, person, answer, events=grouped,
                  two_calls=two_calls(s, rng, 0.75))
