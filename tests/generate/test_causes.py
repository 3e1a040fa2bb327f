"""The reasons and temporary states a generated line gives fit the setting it is about, and steps are
the size people take: checked over the default 50-group benchmark's chains.

Faults found reading generated data: "I'm shivery, so the air through the seat at 4" (seat
cooling while shivering), "the dash cluster on 3, it's easier on my back", "the thermostat like
the other day, then ten degrees higher"."""

from __future__ import annotations

import re
from functools import cache
from random import Random

from vmb.data.spoken import says_value
from vmb.data.spoken_words import END_PHRASES
from vmb.maker.generate.plan import personas
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.plan.recipe_types import Recipe
from vmb.maker.generate.plan.recipes import recipes
from vmb.maker.generate.procedural import chains
from vmb.maker.generate.procedural.speech import Words
from vmb.maker.generate.procedural.voices import voice_lines
from vmb.maker.generate.schemas import PersonaGroup
from vmb.maker.generate.settings import settings
from vmb.maker.generate.words import causes, states
from vmb.maker.generate.words.devices import DEVICES, STEPS, usable

DEFAULT = GenerateOptions(groups=50, seed=1)
_REASON_OF = {r.lower(): (concern, way) for concern, bank in causes.REASONS.items() for way, said in bank.items() for r in said}
_REASON = re.compile("|".join(re.escape(r) for r in sorted(_REASON_OF, key=len, reverse=True)), re.IGNORECASE)


def _phrases(part: str) -> dict[str, str]:
    return {p: key for key, state in states.STATES.items() for p in getattr(state, part)}


@cache
def _plans() -> list[tuple[PersonaGroup, list[Recipe]]]:
    found = []
    for number in range(1, DEFAULT.groups + 1):
        group = personas.build(DEFAULT, number)
        found.append((group, recipes(DEFAULT, number, [p.name for p in group.people])))
    return found


def _report(slips: list[str]) -> str:
    return f"{len(slips)} slips:\n" + "\n".join(slips[:15])


def test_the_tables_cover_every_device_and_state_once() -> None:
    families = {DEVICES[api].family for api in usable()}
    assert all(set(causes.concerns(api)) - {"habit"} for api in usable()), "a device with no concern"
    assert set(causes.REASONS) == set(causes.SERVES) | {"habit"}
    assert set(causes.AFFECTS) == set(states.STATES)
    assert {c for effects in causes.AFFECTS.values() for c in effects} <= set(causes.SERVES)
    assert {f for served in causes.SERVES.values() for f in served} <= families
    said = [r for bank in causes.REASONS.values() for rs in bank.values() for r in rs]
    assert len(said) == len(set(said)), "a reason in two banks"


def _ends(domain: tuple[object, ...]) -> tuple[object, ...]:
    """What says_value reads of a number's domain (its two ends, for an end phrase): a domain of a hundred
    numbers, passed whole for each of its values, made this test quadratic."""
    numbers = [v for v in domain if isinstance(v, int) and not isinstance(v, bool)]
    return (min(numbers), max(numbers)) if numbers and len(numbers) == len(domain) else domain


def test_no_reason_says_a_value() -> None:
    """A reason after "the seat warmer at 2" must not say another value ("off", "low", "3")."""
    domains = {api: (s.domain if s.kind != "bool" else (True,), _ends(s.domain)) for api, s in settings().items()}
    slips = [f"{r!r} says {v!r} of {api}" for r in _REASON_OF for api, (values, ends) in domains.items()
             for v in values if says_value(r, v, ends)]
    slips += [r for r in _REASON_OF if re.search(r"\d", r) or any(p in r for ps in END_PHRASES.values() for p in ps)]
    assert not slips, _report(slips)


def test_every_reason_a_history_line_gives_belongs_to_its_device() -> None:
    slips = []
    for group, _ in _plans():
        for chain in chains.build(DEFAULT, group).chains:
            for event in chain.events:
                if event.kind != "vehicle":
                    continue
                own = causes.concerns(event.setting or "")
                for line in event.lines:
                    slips += [f"{event.setting}: {m.group(0)!r} in {line.text!r}" for m in _REASON.finditer(line.text)
                              if _REASON_OF[m.group(0).lower()][0] not in own]
    assert not slips, _report(slips)


def test_reasons_and_states_lean_the_way_the_value_does() -> None:
    """Every voice of every chain, said a few times: a reason fits the value's lean, a state that
    begins in a line explains its value's lean, one that ends the opposite lean."""
    starts, ends = _phrases("start"), _phrases("end")
    slips = []
    for group, plan in _plans():
        words = Words(group, Random(group.group))
        for recipe in plan:
            api = recipe.setting
            for voice in recipe.voices:
                if voice.value is None:
                    continue
                for _ in range(4):
                    for line in voice_lines(words, recipe, voice):
                        where = f"group {group.group} {api} {voice.role} {voice.value!r}: {line!r}"
                        slips += [f"{where} gives {m.group(0)!r}" for m in _REASON.finditer(line)
                                  if m.group(0).lower() not in {r.lower() for r in causes.reasons(api, voice.value)}]
                        if voice.role.startswith("temporary"):  # the chain's own state: test_state_shifts...
                            continue
                        way = causes.lean(api, voice.value)
                        slips += [f"{where} after {p!r}" for p, key in starts.items()
                                  if p in line and not causes.fits(key, api, way)]
                        slips += [f"{where} after {p!r}" for p, key in ends.items()
                                  if p in line and key != recipe.condition and not causes.fits(key, api, -way)]
    assert not slips, _report(slips)


def test_state_shifts_move_the_way_their_state_does() -> None:
    """No shivery passenger turns the seat cooling up: a state's value goes from the usual one the
    way the state moves the device's concerns."""
    for key, state in states.STATES.items():  # the table says what the state's own words say
        said = " ".join(state.start)
        if re.search(r"shivery|can't get warm", said):
            assert causes.AFFECTS[key]["warmth"] == 1, key
        if re.search(r"run hot|overheat", said):
            assert causes.AFFECTS[key]["warmth"] == -1, key
    slips, warming = [], 0
    for group, plan in _plans():
        for recipe in plan:
            if recipe.reasoning_type != "state_shift":
                continue
            usual = next(v.value for v in recipe.voices if v.role.startswith("usual")
                         or v.role == "ended" and v.value is not None)  # said again as the state ends
            temporary = next(v.value for v in recipe.voices if v.role.startswith("temporary"))
            way = causes.change(recipe.setting, usual, temporary)
            if not causes.explains(recipe.condition or "", recipe.setting, usual, temporary):
                slips.append(f"group {group.group}: {recipe.condition} with {recipe.setting} {usual!r} -> {temporary!r}")
            heat = causes.concerns(recipe.setting).get("warmth")
            if heat and causes.AFFECTS[recipe.condition or ""].get("warmth"):
                warming += 1
                if way * heat != causes.AFFECTS[recipe.condition or ""]["warmth"]:
                    slips.append(f"group {group.group}: {recipe.condition} moves {recipe.setting} the wrong way")
    assert not slips, _report(slips)
    assert warming, "no state of the benchmark changes a warmth setting: the check checked nothing"


def test_steps_are_the_size_of_the_unit() -> None:
    """A degree or three, a notch or two, five or ten points: never "ten degrees higher"."""
    slips, counted = [], 0
    for group, plan in _plans():
        for recipe in plan:
            offsets = [recipe.offset, *(v.offset for v in recipe.voices)]
            for offset in (o for o in offsets if o is not None):
                counted += 1
                unit = DEVICES[recipe.setting].unit
                if abs(offset) not in STEPS[unit] or (unit == "degrees" and abs(offset) > 3):
                    slips.append(f"group {group.group}: {recipe.setting} moved {offset} {unit}")
    assert not slips, _report(slips)
    assert counted > 20, counted


def test_a_security_reason_goes_with_locking() -> None:
    """ "the child lock on the windows turned off ... the kids can't fiddle with anything": a
    security reason leans the way the lock does, on for keeping things shut, off for the freedom."""
    kids = "the kids can't fiddle with anything"
    for api in ("carcontrol_window_set_child_lock", "carcontrol_door_set_locked",
                "carcontrol_rearviewMirror_set_auto_fold_on_lock"):
        assert kids in causes.reasons(api, True) and kids not in causes.reasons(api, False), api
        assert "I'm in and out of the car all day" in causes.reasons(api, False), api
