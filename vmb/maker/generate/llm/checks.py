"""What a model's answer must keep, stage by stage (used by :mod:`vmb.maker.generate.llm.backend`).

Each check validates the answer against the stage's schema, then reads it against the stage's plan
(:mod:`vmb.maker.generate.llm.briefs`), raising :class:`InvalidOutput` with a message the model can act on.

The chains check is a reader: for every planned line it works out the value a reader gets from what
was written, and the line passes only when that is the plan's value. A literal line must state the
value and no other value of the setting; an end-of-range line an end phrase of the right end; a step
line the size (as a word) and one direction, never the value it ends up at, the value then being the
previous line's plus the step; a "back" line no value, the value then being the one changed from; a
reply or a state's end no other value. So a value said indirectly still provably follows, and an
implicit answer stays unsaid.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pydantic import BaseModel, Field

from vmb.data import DataError, parse_call
from vmb.data.spoken import LINE_OFF, LINE_ON, LINE_TURNED_ON, described, mentions, says_value, step_said
from vmb.maker.generate.llm.briefs import EventPlan, LinePlan, QueryPlan, step_text
from vmb.maker.generate.schemas import (
    Chain,
    Clock,
    DialogueDay,
    Event,
    Line,
    OneLine,
    PersonaGroup,
    SpeakerName,
    Utterance,
)
from vmb.maker.generate.settings import Setting, settings
from vmb.maker.generate.words.devices import DEVICES, plain
from vmb.sim import World


class InvalidOutput(ValueError):
    """A model answer that parses but breaks what the stage must keep."""


class WrittenPerson(BaseModel):
    name: str
    education: OneLine
    interests: list[OneLine] = Field(min_length=1)
    lifestyle: OneLine


class WrittenPersonas(BaseModel):
    """The model's answer of the personas stage: each person's enrichment. The group's conflicts are
    the plan's (who prefers what is ours), so the model is not asked to find them."""

    people: list[WrittenPerson]


def check_personas(data: Any, draft: PersonaGroup) -> PersonaGroup:
    """The draft with the model's enrichment, when it names the same people in the same order."""
    answer = WrittenPersonas.model_validate(data)
    names = [p.name for p in draft.people]
    if [p.name for p in answer.people] != names:
        raise InvalidOutput(f"people must be {names}, in that order")
    people = [p.model_copy(update=w.model_dump(exclude={"name"})) for p, w in zip(draft.people, answer.people)]
    return draft.model_copy(update={"people": people})


# --- reading a value back from what was written ---------------------------------------------------

_BACK = re.compile(r"(?<!\w)(back|before|previous|undo|revert|original|used to be|had it)(?!\w)", re.IGNORECASE)
_DIGIT = re.compile(r"\d")
_STOP = {"the", "and", "for", "set", "level", "mode", "how", "what", "where", "way", "when", "its", "with", "display",
         "position", "enabled", "speed", "open"}


@cache
def device_names(api: str) -> tuple[str, ...]:
    """The names a device goes by: its plain name, catalog phrase and everyday names (no article)."""
    names = (plain(api), settings()[api].phrase, *DEVICES[api].names)
    return tuple(re.sub(r"^the ", "", n.lower()) for n in names)


@cache
def _name_pattern(api: str) -> re.Pattern[str]:
    names = sorted(device_names(api), key=len, reverse=True)
    return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r")(?!\w)", re.IGNORECASE)


@cache
def _device_word(api: str) -> re.Pattern[str]:
    """A word of the device's names (its first five letters: "mirrors" for "mirror")."""
    words = {w[:5] for name in device_names(api) for w in re.findall(r"[a-z]+", name) if len(w) >= 3 and w not in _STOP}
    return re.compile(r"(?<![a-z])(?:" + "|".join(map(re.escape, sorted(words))) + ")", re.IGNORECASE) if words \
        else _name_pattern(api)


def stated(text: str, setting: Setting, text_values: list[Any]) -> list[Any]:
    """The setting's values a text states (a value inside a longer stated one not counted, nor a word of
    the device's name: "low" in "the low beam intensity")."""
    if setting.kind == "bool" or (setting.kind == "text" and not text_values):
        return []
    text = _name_pattern(setting.api).sub(" ", text)
    pool = text_values if setting.kind == "text" else list(setting.domain)
    found = [v for v in pool if mentions(text, v)]
    return [v for v in found if not any(w != v and mentions(str(w).replace("_", " "), v) for w in found)]


def names_device(text: str, api: str) -> bool:
    """Whether a text names the setting's device: one of its names, or a word of one."""
    return _name_pattern(api).search(text) is not None or _device_word(api).search(text) is not None


def read_line(text: str, line: LinePlan, setting: Setting, text_values: list[Any], read_before: Any) -> str | None:
    """Why the value a reader gets from ``text`` is not the plan's, or None when it is."""
    said = stated(text, setting, text_values)
    others = [v for v in said if v != line.value]
    if line.form in ("literal", "end", "described"):
        if setting.kind == "bool":
            ok = (LINE_ON.search(text) and not LINE_OFF.search(text)) if line.value else \
                (LINE_OFF.search(text) and not LINE_TURNED_ON.search(text))
            return None if ok else f"must say {'on' if line.value else 'off'} (and not the opposite)"
        if line.form == "literal" and line.value not in said:
            return f"must state {line.value!r}"
        if line.form == "end" and not says_value(text, line.value, setting.domain):
            return f"must say {line.value!r} as the end of its range"
        if line.form == "described" and (not described(text, str(line.value)) or line.value in said):
            return f"must say {line.value!r} by its description, never by its own word"
        return f"also states {others}, so {line.value!r} does not follow" if others else None
    if line.form == "step":
        step = step_said(text)
        if mentions(text, line.value):
            return f"states {line.value!r}: say only the change ('{line.offset:+d}' as a word and a direction)"
        if step is None or [v for v in said if v != read_before]:
            return f"must say one step size as a word and one direction ({line.offset:+d}), and no other value"
        if read_before is None or read_before + step != line.value:
            return f"{read_before!r} changed by {step:+d} is not {line.value!r}"
        return None
    if line.form == "back":
        return None if _BACK.search(text) and not said else "must say it goes back to how it was, with no value"
    if line.form == "from-to":
        spots = [re.search(re.escape(str(v).replace("_", " ")), text, re.IGNORECASE) for v in (line.before, line.value)]
        if not all(spots) or spots[0].start() > spots[1].start():  # type: ignore[union-attr]
            return f"must say from {line.before!r} to {line.value!r}, in that order"
        return None
    if line.form == "none" and said:
        return f"states {said}; it must say no value"
    if line.form == "reply" and others:
        return f"states {others}: a reply must not change the value"
    return None


def read_value(lines: list[str], plans: list[LinePlan], setting: Setting, text_values: list[Any],
               before: Any) -> tuple[Any, list[str]]:
    """The value each planned line leaves, read in order, with the problems found."""
    problems: list[str] = []
    value = before
    for number, (text, line) in enumerate(zip(lines, plans), 1):
        # a step from a value said elsewhere (a usual value, another person's) starts from the plan's base,
        # which its own line states literally and is checked there
        start = line.before if line.form == "step" and line.before is not None else value
        problem = read_line(text, line, setting, text_values, start)
        if problem:
            problems.append(f"line {number} ({line.speaker}): {problem}")
        elif line.form not in ("none", "reply"):
            value = line.value
    return value, problems


class WrittenEvent(BaseModel):
    id: str
    description: OneLine
    lines: list[OneLine] = Field(min_length=1)


class WrittenChain(BaseModel):
    """The model's answer of the chains stage: for each event its description and its lines, in order."""

    events: list[WrittenEvent]


def spoken(text: str, speaker: str) -> str:
    """A line as said, without the script shapes a model writes it in: a leading speaker label
    ("Ann Lee: ...", "Ann: ...") or quotes around the whole of it. What was said is left as it is."""
    text = text.strip()
    for label in (speaker, speaker.split()[0]):
        if text.lower().startswith(label.lower() + ":"):
            text = text[len(label) + 1:].strip()
            break
    inner = text[1:-1]
    if len(text) > 1 and text[0] + text[-1] in ('""', "\u201c\u201d", "''") and text[0] not in inner \
            and text[-1] not in inner:  # one quotation around it all, not '"four", not "five"'
        text = inner.strip()
    return text


def narrated(text: str, speaker: str) -> bool:
    """Whether a line tells what its speaker does ("Rita Russell says...", "Sandra looks at...") rather
    than being what they say: no one opens their own words with their own name and a verb."""
    return any(re.match(rf"{re.escape(name)} [a-z]", text) for name in (speaker, speaker.split()[0]))


def _written(data: Any, draft: Chain, speakers: dict[str, list[str]]) -> tuple[Chain, list[WrittenEvent]]:
    answer = WrittenChain.model_validate(data)
    ids = [e.id for e in draft.events]
    if [e.id for e in answer.events] != ids:
        raise InvalidOutput(f"chain {draft.id}: the events must be {ids}, in that order")
    for event in answer.events:
        if len(event.lines) != len(speakers[event.id]):
            raise InvalidOutput(f"event {event.id}: {len(event.lines)} line(s), the plan has "
                                f"{len(speakers[event.id])}")
    written = [w.model_copy(update={"lines": [spoken(t, s) for s, t in zip(speakers[w.id], w.lines)]})
               for w in answer.events]
    events = [e.model_copy(update={"description": w.description,
                                   "lines": [Utterance(speaker=s, text=t) for s, t in zip(speakers[e.id], w.lines)]})
              for e, w in zip(draft.events, written)]
    return draft.model_copy(update={"events": events}), written


def check_chain(data: Any, draft: Chain, plans: list[EventPlan] | None, text_values: list[Any]) -> Chain:
    """The chain as written, when every line reads back as planned (``plans`` None: a background chain)."""
    if plans is None:
        chain, _ = _written(data, draft, {e.id: [u.speaker for u in e.lines] for e in draft.events})
        phrases = [s.phrase.lower() for s in settings().values()]
        for event in chain.events:
            spoken = " ".join(u.text for u in event.lines).lower()
            if any(p in spoken for p in phrases):
                raise InvalidOutput(f"event {event.id}: a background event mentions a vehicle setting")
        return chain
    assert draft.target is not None
    setting = settings()[draft.target.setting]
    chain, written = _written(data, draft, {p.id: [line.speaker for line in p.lines] for p in plans})
    problems: list[str] = []
    value: Any = None
    for plan, said in zip(plans, written):
        value, found = read_value(said.lines, plan.lines, setting, text_values, value)
        problems += [f"event {plan.id} {p}" for p in found]
        problems += [f"event {plan.id} line {n} ({line.speaker}) tells what they do; write the words they say"
                     for n, (text, line) in enumerate(zip(said.lines, plan.lines), 1) if narrated(text, line.speaker)]
        if stated(said.description, setting, text_values) or mentions(said.description, draft.target.value):
            problems.append(f"event {plan.id}: the description states a value; it gives the context only")
        if not names_device(" ".join(said.lines), setting.api):
            problems.append(f"event {plan.id}: no line names the device ({plain(setting.api)})")
        alias = next(e.alias for e in draft.events if e.id == plan.id)
        if alias and not any(alias.lower() in t.lower() for t in said.lines):
            problems.append(f"event {plan.id}: no line quotes the name {alias!r}")
    if problems:
        raise InvalidOutput("; ".join(problems[:4]) + (f" (and {len(problems) - 4} more)" if len(problems) > 4 else ""))
    return chain


class TalkLine(BaseModel):
    time: Clock
    speaker: SpeakerName
    text: OneLine


class EventTime(BaseModel):
    id: str
    time: Clock


class WrittenDay(BaseModel):
    """The model's answer of the dialogue stage: the talk of the day and when each event happens in it.
    The events' lines are the chains stage's, as checked there: put in the day by us, never copied by
    the model (a copy could drift from what was checked)."""

    date: str
    lines: list[TalkLine]
    events: list[EventTime]


def check_day(data: Any, date: str, events: list[Event], names: set[str], guarded: list[tuple[Setting, list[Any]]]
              ) -> DialogueDay:
    """One day as written: the talk in time order, each event at a time of it (in the day's order), and
    no talk line that sets a value of the group's settings (``guarded``: each setting with its chain's
    text values); the events' lines go in at their times."""
    answer = WrittenDay.model_validate(data)
    answer.lines = [line.model_copy(update={"text": spoken(line.text, line.speaker)}) for line in answer.lines]
    if answer.date != date:
        raise InvalidOutput(f"date is {answer.date}, expected {date}")
    strangers = sorted({line.speaker for line in answer.lines} - names)
    if strangers:
        raise InvalidOutput(f"speakers not in the group: {', '.join(strangers)}")
    times = [line.time for line in answer.lines]
    if times != sorted(times):
        raise InvalidOutput("times go backwards")
    ids = [e.id for e in events]
    if [e.id for e in answer.events] != ids:
        raise InvalidOutput(f"events must be {ids}, in that order, each with its time")
    at = [e.time for e in answer.events]
    if at != sorted(at):
        raise InvalidOutput("the events' times go backwards: they happen in the order given")
    for line in answer.lines:
        if narrated(line.text, line.speaker):
            raise InvalidOutput(f"the line at {line.time} tells what {line.speaker} does; write the words said")
        for setting, values in guarded:
            if setting.kind == "text" and stated(line.text, setting, values):
                raise InvalidOutput(f"the line at {line.time} names {stated(line.text, setting, values)[0]!r}, "
                                    "a value of a car setting; only event lines say values")
            if _DIGIT.search(line.text) and names_device(line.text, setting.api):
                raise InvalidOutput(f"the line at {line.time} gives the {plain(setting.api)} a number; "
                                    "only event lines say values")
    # talk first at a shared minute, then the event; sorted() keeps each one's own order
    timed = [(line.time, 0, Line(time=line.time, speaker=line.speaker, text=line.text)) for line in answer.lines]
    timed += [(when.time, 1, Line(time=when.time, speaker=u.speaker, text=u.text, event=event.id))
              for when, event in zip(answer.events, events) for u in event.lines]
    lines = [line for _, _, line in sorted(timed, key=lambda t: (t[0], t[1]))]
    return DialogueDay(date=date, lines=lines)


class QAAnswer(BaseModel):
    """The model's answer of the qa stage: the query and the calls that answer it."""

    query: OneLine
    new_answer: list[str]


def check_answer(data: Any, target_calls: list[dict[str, Any]], values: list[Any], plan: QueryPlan, phrase: str
                 ) -> QAAnswer:
    """The query as written: its calls reach the planned car, and its text carries the plan (the
    clock, the asker and names, the step) without the value or the setting's catalog phrase."""
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
    problems = [f"the query says the value {v!r}; it must be left for the history to supply"
                for v in values if mentions(answer.query, v)]
    if " " in phrase and phrase.lower() in answer.query.lower():  # a one-word phrase ("seat") is everyday speech
        problems.append(f"the query uses the catalog phrase {phrase!r}; name the device in everyday words")
    if plan.clock not in answer.query:
        problems.append(f"the query must say the time as '{plan.clock}'")
    problems += [f"the query must name {name!r}" for name in plan.names if name.lower() not in answer.query.lower()]
    if plan.step is not None and step_said(answer.query) != plan.step:
        problems.append(f"the request must add the step '{step_text(plan.step)}' (as a word and a direction)")
    if plan.step is None and step_said(answer.query) is not None:  # "..., but one lower": another answer
        problems.append(f"the request adds a step ('{step_text(step_said(answer.query) or 0)}') the history does "
                        "not imply; ask for the remembered value itself")
    if problems:
        raise InvalidOutput("; ".join(problems))
    return answer
