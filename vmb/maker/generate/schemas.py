"""The typed records each stage writes, one JSONL line per group, validated on write and read.

Every line carries ``schema`` (``"<stage>/<version>"``) and ``options`` (the digest of the run's
options), then the stage's fields. A line that fails its schema is an error naming the file and
the line; a version other than the current one is refused rather than misread.

Stages and what one record (one group) holds:

- ``personas``: the occupants (name, age, occupation, education, interests, lifestyle, vehicle
  preferences, each a simulator setting and value, optionally under a condition) and the
  preference conflicts detected between them.
- ``chains``: the group's event chains: background chains (no vehicle setting) and vehicle chains,
  each with a reasoning type, the events in order and the target (the call the query expects).
- ``timeline``: the date of every event and the date of every query.
- ``dialogue``: the history, day by day, every line tagged with the event it embeds, if any.
- ``qa``: one query per vehicle chain: text, gold memory, reference calls, evidence events.
- ``vetting``: the verdict on every query (kept, regenerated, dropped, with the reasons).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

SCHEMA_VERSION = 2
STAGES = ("personas", "chains", "timeline", "dialogue", "qa", "vetting", "export")
Value = Union[StrictBool, StrictInt, StrictStr]  # noqa: UP007 (pydantic reads this alias; kept as written)
# One history line: a speaker name the line format can carry, text without line breaks.
SpeakerName = Annotated[str, Field(pattern=r"^[^:\[\]\s][^:\[\]\n]*$")]
Clock = Annotated[str, Field(pattern=r"^([01]\d|2[0-3]):[0-5]\d$")]  # a history line's time, HH:MM
ONE_LINE = r"^[^\n\r]*$"
OneLine = Annotated[str, Field(min_length=1, pattern=ONE_LINE)]


class Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Preference(Record):
    setting: str  # a setting name from vmb.maker.generate.settings (a declared simulator API)
    value: Value
    condition: str | None = None  # a condition key from the procedural pools, None = always


class Persona(Record):
    name: SpeakerName
    age: int = Field(ge=18, le=90)
    gender: Literal["female", "male"]
    occupation: str
    education: str
    home: str
    interests: list[str] = Field(min_length=1)
    lifestyle: str
    vehicle_preferences: list[Preference]


class Conflict(Record):
    setting: str
    people: list[str] = Field(min_length=2)
    values: list[Value] = Field(min_length=2)


class PersonaGroup(Record):
    group: int = Field(ge=1)
    people: list[Persona] = Field(min_length=2)
    conflicts: list[Conflict]


class Utterance(Record):
    speaker: SpeakerName
    text: OneLine


class Event(Record):
    id: str  # "c<chain>.e<index>", unique in its group
    person: str  # who acts or speaks
    others: list[str]  # who else is there
    description: str  # who did what, where, how, why, with what result
    kind: Literal["vehicle", "background"]
    setting: str | None = None
    value: Value | None = None
    condition: str | None = None
    role: str  # what the event does in its chain ("own", "rule", "usual", "temporary", "wrong", ...)
    alias: str | None = None  # the name a coreference chain gives its value (a theme), if any
    lines: list[Utterance] = Field(min_length=1)  # what is said, the first by ``person``


class Target(Record):
    person: str  # who asks in the query
    setting: str
    value: Value
    condition: str | None = None
    alias: str | None = None
    calls: list[dict[str, Any]] = Field(min_length=1)  # [{"name": API name, "args": {...}}], the setting's last
    # An answer nobody said: value = base + offset, base said in the history ("one lower than 7").
    base: Value | None = None
    offset: int | None = None
    # The call of ``calls`` whose value the query names now (a song, a place), not the history.
    content: dict[str, Any] | None = None


class Chain(Record):
    id: str  # "c<index>"
    kind: Literal["vehicle", "background"]
    reasoning_type: str | None = None
    topic: str
    events: list[Event] = Field(min_length=1)
    target: Target | None = None


class ChainSet(Record):
    group: int = Field(ge=1)
    chains: list[Chain]


class EventDate(Record):
    event: str
    date: str  # YYYY-MM-DD


class QueryDate(Record):
    chain: str
    date: str


class Timeline(Record):
    group: int = Field(ge=1)
    events: list[EventDate]
    queries: list[QueryDate]


class Line(Record):
    time: Clock
    speaker: SpeakerName
    text: OneLine
    event: str | None = None


class DialogueDay(Record):
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    lines: list[Line] = Field(min_length=1)


class Dialogue(Record):
    group: int = Field(ge=1)
    days: list[DialogueDay] = Field(min_length=1)


class QAItem(Record):
    chain: str
    reasoning_type: str
    query: str
    query_date: str
    gold_memory: str
    new_answer: list[str] = Field(min_length=1)
    evidence: list[str] = Field(min_length=1)  # ids of the events the answer rests on


class QASet(Record):
    group: int = Field(ge=1)
    items: list[QAItem]


class Verdict(Record):
    chain: str
    status: Literal["kept", "regenerated", "dropped"]
    reasons: list[str]  # why an earlier attempt (or the final one, when dropped) failed


class Vetting(Record):
    group: int = Field(ge=1)
    items: list[QAItem]  # the queries that passed, as exported
    verdicts: list[Verdict]
    profile_problems: list[str]


class Export(Record):
    group: int = Field(ge=1)
    history: str  # relative path of the history file
    qa: str
    lines: int
    queries: int
    sha256: str  # of the history file then the QA file


STAGE_MODELS: dict[str, type[Record]] = {
    "personas": PersonaGroup,
    "chains": ChainSet,
    "timeline": Timeline,
    "dialogue": Dialogue,
    "qa": QASet,
    "vetting": Vetting,
    "export": Export,
}


class StageFailure(Exception):
    """A group's record for one stage could not be made (an LLM answer invalid twice, a failed
    request); the message says why. The group is recorded as failed, never written half-made."""


Said = tuple[str, str, str]  # time, speaker, text


def event_lines(dialogue: Dialogue) -> dict[str, tuple[str, list[Said]]]:
    """Event id → (date, its lines in the history with their times)."""
    found: dict[str, tuple[str, list[Said]]] = {}
    for day in dialogue.days:
        for line in day.lines:
            if line.event is not None:
                found.setdefault(line.event, (day.date, []))[1].append((line.time, line.speaker, line.text))
    return found
