"""Answers whose value is said only by a description ("the climate program cleaning the pollen out
of the air"): each description picks its value out of its setting's values, a described answer's
lines never say the value's word, the vetting and the LLM checks hear the description, and the
literal readers (the shortcut baselines, the audit) do not."""

from __future__ import annotations

from functools import cache

from vmb.data.reasoning import REASONING
from vmb.data.spoken import described, spoken_pattern
from vmb.data.spoken_words import DESCRIBED_VALUES
from vmb.maker.generate.export.vetting import check_query
from vmb.maker.generate.llm.briefs import LinePlan
from vmb.maker.generate.llm.checks import read_line
from vmb.maker.generate.plan import personas
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.plan.recipe_types import Recipe
from vmb.maker.generate.plan.recipes import UNDESCRIBED, recipes
from vmb.maker.generate.plan.values import describable
from vmb.maker.generate.procedural import chains
from vmb.maker.generate.schemas import Chain
from vmb.maker.generate.settings import call_text, settings
from vmb.maker.generate.words.devices import usable

OPTIONS = GenerateOptions(groups=60, seed=5)


def test_each_description_picks_its_value_out_of_every_setting_that_has_it() -> None:
    enums = [s for s in usable().values() if s.kind == "enum"]
    assert {str(m) for s in enums for m in s.domain} >= set(DESCRIBED_VALUES)  # no description of nothing
    for setting in enums:
        for member in setting.domain:
            for phrase in DESCRIBED_VALUES.get(str(member), ()):
                assert described(f"I want it {phrase}.", str(member)), phrase
                for other in setting.domain:  # never a word of any value, its own included
                    assert spoken_pattern(str(other)).search(phrase) is None, (setting.api, phrase, other)
                    if other != member:
                        assert not described(phrase, str(other)), (setting.api, phrase, other)


@cache
def _planned() -> list[tuple[Recipe, Chain]]:
    made = []
    for group in range(1, OPTIONS.groups + 1):
        people = personas.build(OPTIONS, group)
        plan = recipes(OPTIONS, group, [p.name for p in people.people])
        built = {c.id: c for c in chains.build(OPTIONS, people).chains}
        made += [(r, built[f"c{r.index}"]) for r in plan]
    return made


def test_described_answers_come_at_their_types_rates_and_only_on_enum_values() -> None:
    """The planned rates, measured on the plans of 200 groups (no chains made: 70-130 describable answers
    per type, so a rate is measured to about ±0.04)."""
    options = GenerateOptions(groups=200, seed=5)
    plans = [r for group in range(1, options.groups + 1)
             for r in recipes(options, group, [p.name for p in personas.build(options, group).people])]
    for kind in REASONING:
        planned = [r for r in plans if r.reasoning_type == kind.name]
        marked = [r for r in planned if r.described]
        assert all(settings()[r.setting].kind == "enum" and str(r.answer) in DESCRIBED_VALUES for r in marked)
        if kind.described_answers == 0:
            assert not marked, kind.name
        else:
            describable_ = [r for r in planned
                            if r.variant not in UNDESCRIBED and describable(settings()[r.setting], r.answer)]
            assert len(describable_) > 60, kind.name
            assert abs(len(marked) / len(describable_) - kind.described_answers) < 0.08, kind.name


def test_a_described_answer_is_said_only_by_its_description_and_the_vetting_hears_it() -> None:
    found = [(r, c) for r, c in _planned() if r.described]
    assert len(found) >= 10
    for recipe, chain in found:
        assert chain.target is not None
        word = spoken_pattern(str(recipe.answer))
        lines = [u.text for e in chain.events for u in e.lines]
        assert not any(word.search(text) for text in lines), (chain.id, lines)  # a literal reader hears nothing
        assert any(described(text, str(recipe.answer)) for text in lines), (chain.id, lines)
        answer = [call_text(call) for call in chain.target.calls]
        content = chain.target.content  # what the query names to play or go to, said by the query itself
        query = "Set it how I like it." + (f" Play {next(iter(content['args'].values()))}." if content else "")
        lines = {e.id: [u.text for u in e.lines] for e in chain.events}
        assert check_query(query, answer, lines, content=content) == []


def test_the_llm_plan_asks_for_the_description_and_the_check_refuses_the_word() -> None:
    setting = settings()["carcontrol_airConditioner_set_mode"]
    line = LinePlan("Ann", "", "described", "purify")
    assert read_line("Put the climate program on filtering the air clean.", line, setting, [], None) is None
    assert read_line("Put the climate program on purify.", line, setting, [], None) is not None
    assert read_line("Purify, filtering the air clean.", line, setting, [], None) is not None
