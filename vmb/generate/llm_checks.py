"""What a model's answer must keep, stage by stage (used by :mod:`vmb.generate.llm`).

Each check validates the answer against the stage's schema, then compares it with the seeded
draft or the stage's inputs, raising :class:`InvalidOutput` with a message the model can act on.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from vmb.data import DataError, parse_call
from vmb.generate.schemas import Chain, DialogueDay, Event, OneLine, PersonaGroup
from vmb.generate.settings import settings
from vmb.generate.text import mentions, says_value
from vmb.sim import World


class InvalidOutput(ValueError):
    """A model answer that parses but breaks what the stage must keep."""


def check_personas(data: Any, draft: PersonaGroup) -> PersonaGroup:
    answer = PersonaGroup.model_validate(data)
    if answer.group != draft.group:
        raise InvalidOutput(f"group is {answer.group}, expected {draft.group}")
    kept = ("name", "age", "gender", "occupation", "home", "vehicle_preferences")
    if len(answer.people) != len(draft.people):
        raise InvalidOutput(f"{len(answer.people)} people, expected {len(draft.people)}")
    for ours, theirs in zip(draft.people, answer.people):
        for key in kept:
            if getattr(ours, key) != getattr(theirs, key):
                raise InvalidOutput(f"{ours.name}: {key} must stay as given")
    expected = {c.setting for c in draft.conflicts}
    found = {c.setting for c in answer.conflicts}
    if found != expected:
        missing, extra = sorted(expected - found), sorted(found - expected)
        raise InvalidOutput(f"conflicts: missing {missing or 'none'}, not conflicts {extra or 'none'}")
    return answer


def _shape(event: Event) -> tuple[Any, ...]:
    return (event.id, event.person, event.others, event.kind, event.setting, event.value, event.condition,
            event.role, event.alias, [u.speaker for u in event.lines])


def check_chain(data: Any, ours: Chain) -> Chain:
    theirs = Chain.model_validate(data)
    same = (ours.id, ours.kind, ours.reasoning_type, ours.topic, ours.target) == (
        theirs.id, theirs.kind, theirs.reasoning_type, theirs.topic, theirs.target)
    if not same or len(ours.events) != len(theirs.events):
        raise InvalidOutput(f"chain {ours.id}: id, kind, reasoning type, topic, target and event count must stay")
    phrases = [s.phrase for s in settings().values()]
    for mine, event in zip(ours.events, theirs.events):
        if _shape(mine) != _shape(event):
            raise InvalidOutput(f"event {mine.id}: only the description and the spoken text may change")
        said = " ".join(u.text for u in event.lines)
        derived = theirs.target is not None and theirs.target.offset is not None and event.value == theirs.target.value
        if event.kind == "vehicle" and event.value is not None and not derived and not says_value(
                said, event.value, settings()[event.setting or ""].domain):
            raise InvalidOutput(f"event {event.id}: no line states the value {event.value!r}")
        if event.alias and event.alias not in said:
            raise InvalidOutput(f"event {event.id}: no line quotes the alias {event.alias!r}")
        if event.kind == "background" and any(p.lower() in said.lower() for p in phrases):
            raise InvalidOutput(f"event {event.id}: a background event mentions a vehicle setting")
    return theirs


def check_day(data: Any, date: str, events: list[Event], names: set[str]) -> DialogueDay:
    day = DialogueDay.model_validate(data)
    if day.date != date:
        raise InvalidOutput(f"date is {day.date}, expected {date}")
    strangers = sorted({line.speaker for line in day.lines} - names)
    if strangers:
        raise InvalidOutput(f"speakers not in the group: {', '.join(strangers)}")
    times = [line.time for line in day.lines]
    if times != sorted(times):
        raise InvalidOutput("times go backwards")
    for event in events:
        tagged = [(line.speaker, line.text) for line in day.lines if line.event == event.id]
        wanted = [(u.speaker, u.text) for u in event.lines]
        if tagged != wanted:
            raise InvalidOutput(f"event {event.id}: its lines must be said as given, in order, tagged with its id")
    known = {e.id for e in events}
    stray = sorted({line.event for line in day.lines if line.event is not None} - known)
    if stray:
        raise InvalidOutput(f"lines tagged with events not of this day: {', '.join(stray)}")
    return day


class QAAnswer(BaseModel):
    """The model's answer of the qa stage: the query and the calls that answer it."""

    query: OneLine
    new_answer: list[str]


def check_answer(data: Any, target_calls: list[dict[str, Any]], value: Any) -> Any:
    answer = QAAnswer.model_validate(data)
    if not answer.new_answer:
        raise InvalidOutput("new_answer is empty")
    world = World()
    for raw in answer.new_answer:
        try:
            call = parse_call(raw)
        except DataError as error:
            raise InvalidOutput(str(error)) from None
        result = world.call(call["name"], call["args"])
        if not result["success"]:
            raise InvalidOutput(f"{raw}: refused by the vehicle: {result['message']}")
    intended = World()
    for call in target_calls:
        intended.call(call["name"], call["args"])
    if world.diff() != intended.diff():
        raise InvalidOutput("new_answer does not carry out what the history implies for this person and setting")
    if mentions(answer.query, value):
        raise InvalidOutput("the query says the value; it must be left for the history to supply")
    return answer
