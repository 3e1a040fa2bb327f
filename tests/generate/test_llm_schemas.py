"""The JSON schema sent with each request is the check's own shape, pinned to the plan: every answer
the checks accept fits it, and an answer of the wrong shape is refused by both. The value of a line is
never the schema's business: an answer that fits it can still be refused by the reader."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema
import pytest
from pydantic import BaseModel

from vmb.maker.generate.llm.answer_schemas import chain_schema, day_schema, model_schema, personas_schema, qa_schema
from vmb.maker.generate.llm.briefs import chain_request, day_payload, days_of, query_plan, recipe_of, talk_lines
from vmb.maker.generate.llm.checks import (
    InvalidOutput,
    QAAnswer,
    WrittenChain,
    WrittenDay,
    WrittenPersonas,
    check_chain,
    check_day,
    check_personas,
)
from vmb.maker.generate.plan import timeline
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.procedural.backend import ProceduralBackend
from vmb.maker.generate.settings import call_text
from vmb.maker.writer import PlanWriter

OPTIONS = GenerateOptions(groups=2, seed=4, history_lines=150, background_chains=1, vehicle_chains=4)
WRITER = PlanWriter()


def fits(answer: Any, schema: dict[str, Any]) -> bool:
    return jsonschema.Draft202012Validator(schema).is_valid(answer)


def refused(check: Any, answer: Any, *plan: Any) -> bool:
    try:
        check(answer, *plan)
    except (InvalidOutput, ValueError):
        return True
    return False


@pytest.mark.parametrize("model", [WrittenPersonas, WrittenChain, WrittenDay, QAAnswer])
def test_the_schema_is_the_checks_model(model: type[BaseModel]) -> None:
    """Declared once: the schema's properties are the model's fields, all required, nothing more."""
    schema = model_schema(model)
    assert list(schema["properties"]) == list(model.model_fields) == schema["required"]
    assert schema["additionalProperties"] is False and "$defs" not in str(schema)


def test_every_stage_answer_fits_its_schema_and_a_wrong_shape_is_refused_by_both() -> None:
    draft = ProceduralBackend()
    for group in (1, 2):
        personas = draft.personas(OPTIONS, group)
        names = [p.name for p in personas.people]
        answer = WRITER.personas({"people": [p.model_dump(mode="json") for p in personas.people]})
        schema = personas_schema(names)
        assert fits(answer, schema) and check_personas(answer, personas).people[0].name == names[0]
        swapped = {"people": answer["people"][::-1]}
        assert not fits(swapped, schema) and refused(check_personas, swapped, personas)

        chains = draft.chains(OPTIONS, personas)
        for chain in chains.chains:
            payload, plans, values = chain_request(OPTIONS, personas, chain)
            lines = {p.id: len(p.lines) for p in plans} if plans else {e.id: len(e.lines) for e in chain.events}
            schema, written = chain_schema(lines), WRITER.chains(payload)
            assert fits(written, schema)
            check_chain(written, chain, plans, values)
            for fault in _chain_faults(written):
                assert not fits(fault, schema) and refused(check_chain, fault, chain, plans, values)

        placed = timeline.build(OPTIONS, chains, 0)
        sizes = {d: 12 for d in days_of(chains, placed)}
        for date, todays in days_of(chains, placed).items():
            payload = day_payload(personas, date, todays, sizes[date])
            schema = day_schema(date, names, [e.id for e in todays], talk_lines(sizes[date], todays))
            day = WRITER.dialogue(payload)
            assert fits(day, schema)
            made = check_day(day, date, todays, set(names), [])
            assert [line.event for line in made.lines if line.event] == [e.id for e in todays for _ in e.lines]
            missing = {**day, "events": day["events"][1:]}
            stranger = copy.deepcopy(day)
            if stranger["lines"]:
                stranger["lines"][0]["speaker"] = "Nobody Here"
            for fault in (missing, stranger) if day["lines"] else (missing,):
                assert not fits(fault, schema) and refused(check_day, fault, date, todays, set(names), [])

        for chain in (c for c in chains.chains if c.target is not None):
            plan = query_plan(OPTIONS, group, chain, recipe_of(OPTIONS, personas, chain))
            calls = [call_text(c) for c in chain.target.calls]  # type: ignore[union-attr]
            schema = qa_schema(calls)
            assert fits({"query": "At 9:00 AM, Ann said: 'as usual.'", "new_answer": calls}, schema)
            other = {"query": plan.clock, "new_answer": ["carcontrol_light_set_fog_light(enabled=true)"]}
            assert not fits(other, schema)


def _chain_faults(written: dict[str, Any]) -> list[dict[str, Any]]:
    """The shapes a model got wrong: a description left out, a line too few, an event's id changed."""
    no_description = copy.deepcopy(written)
    del no_description["events"][0]["description"]
    short = copy.deepcopy(written)
    short["events"][-1]["lines"] = short["events"][-1]["lines"][:-1]
    renamed = copy.deepcopy(written)
    renamed["events"][0]["id"] = "c99.e1"
    return [no_description, short, renamed]


def test_an_answer_of_the_right_shape_can_still_be_off_the_plan() -> None:
    """The schema fixes the shape; whether a line says the plan's value is the reader's to decide."""
    draft = ProceduralBackend()
    personas = draft.personas(OPTIONS, 1)
    chain = next(c for c in draft.chains(OPTIONS, personas).chains if c.target is not None)
    payload, plans, values = chain_request(OPTIONS, personas, chain)
    assert plans is not None
    written = WRITER.chains(payload)
    written["events"][0]["lines"][0] = "Nice weather today."  # the right shape, no value, no device
    assert fits(written, chain_schema({p.id: len(p.lines) for p in plans}))
    with pytest.raises(InvalidOutput):
        check_chain(written, chain, plans, values)
