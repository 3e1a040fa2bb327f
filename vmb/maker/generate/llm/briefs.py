"""What the LLM backend gives the model: the plan of each chain and query, never a drafted sentence.

A vehicle chain's plan comes from its recipe (``vmb.maker.generate.plan.recipes``): for every
event, who is there, and for every line who speaks, what they do (their own preference, a rule
under a condition, a first try corrected a minute later, ...), the value and *how* the value is
said: ``literal`` (the number, word, name or on/off), ``end`` (the end of its range in words,
"all the way up"), ``step`` (only the change from the value before: "two notches lower", the
resulting value never said), ``back`` ("put it back the way it was"), ``from-to`` (both values),
``none`` (no value: a temporary state ends; a reply). The model writes every description and
line itself; :mod:`vmb.maker.generate.llm.checks` reads what it wrote back against this plan.

A background chain's plan is its person, topic and speakers. A query's plan is the asker, the
clock (which fits the condition), the names and the step the request must carry.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from random import Random
from typing import Any

from vmb.data.spoken import mentions
from vmb.data.spoken_words import COUNT_WORDS, DESCRIBED_VALUES, END_PHRASES, SWITCH_WORDS
from vmb.maker.generate.plan.options import GenerateOptions, rng_for
from vmb.maker.generate.plan.recipe_types import Recipe, Voice, event_voices
from vmb.maker.generate.plan.recipes import recipes
from vmb.maker.generate.schemas import Chain, ChainSet, Event, PersonaGroup, Timeline
from vmb.maker.generate.settings import Setting, answer_values, call_text, settings
from vmb.maker.generate.words import situations
from vmb.maker.generate.words.devices import DEVICES, plain

# What a voice's line is about, by its recipe role ({favour}, {relation}, {alias}, {old} filled from
# the recipe): a gist, not a sentence, since a small model copies a sentence it is given word for word.
DOES = {
    "own": "their own preference, and why",
    "own-base": "their own preference, and why",
    "own-step": "their own preference: a step from the other person's",
    "why": "why they want the value they just said (without saying it again)",
    "for-other": "set for {favour}, who likes it so (not their own taste)",
    "rule": "their standing rule under the condition",
    "rule-not": "their standing rule under the condition, unlike other days",
    "situation": "chosen for the situation right now",
    "everyday": "set in passing",
    "relation": "their {relation} (not in the car) loves it so",
    "named": "their name for this value: \"{alias}\"",
    "occasion": "one time under the condition it worked well",
    "usual": "their usual, everyday value",
    "usual-base": "their usual, everyday value",
    "temporary": "needed for now, because of the temporary state",
    "temporary-step": "a step from their usual, for now, because of the temporary state",
    "ended": "the temporary state is over",
    "wrong": "a first try",
    "corrected": "the value before was wrong: the correction",
    "corrected-to": "the value before was wrong: the correction, a step said with where it lands",
    "changed-from": "a change from {old}, to try something new",
    "reverted": "dislikes the change: wants it back",
}
REPLY = "a short reply"
# The temporary states of state_shift chains, glossed for the model (a key it would misread otherwise).
STATE_GLOSS = {"back": "a hurt back", "fever": "a fever or flu", "eyes": "sore, irritated eyes",
               "wrist": "a sprained wrist", "guest": "a houseguest riding along for a while",
               "boots": "heavy work boots for a job", "project": "a project with odd working hours",
               "pregnant": "recovering from minor surgery, told to take it easy"}
END_SHARE = 0.35  # how often a value at the end of its range is planned as said in words


@dataclass(frozen=True)
class LinePlan:
    speaker: str
    does: str
    form: str  # literal, end, described, step, back, from-to, none; "reply" for the other person's answer
    value: Any = None  # the value the line leaves the setting at, as the plan has it
    before: Any = None  # step: the value the step starts from; from-to: the value it leaves
    offset: int | None = None  # step: the signed change
    alias: str | None = None  # the name the line gives the value, quoted exactly


@dataclass(frozen=True)
class EventPlan:
    id: str
    person: str
    others: list[str]
    condition: str | None
    lines: list[LinePlan]


def condition_text(key: str | None) -> str | None:
    if key is None:
        return None
    if key in situations.CONDITIONS:
        return f"{key} ({situations.CONDITIONS[key].category})"
    return f"a temporary state: {STATE_GLOSS.get(key, key)}"


def step_text(offset: int) -> str:
    size = abs(offset)
    word = COUNT_WORDS[size] if size < len(COUNT_WORDS) else str(size)
    return f"{word} {'higher' if offset > 0 else 'lower'}"


def _say(setting: Setting, line: LinePlan) -> str:
    """What the line must say of the value: the words to put in it, as short as they can be."""
    if line.form == "none" or line.form == "reply":
        return "no value"
    if line.form == "back":
        return "back the way it was (no value)"
    if line.form == "step":
        return f"{step_text(line.offset or 0)} (only the change, never the number it ends at)"
    if line.form == "end":
        return " or ".join(f"'{p}'" for p in END_PHRASES["max" if line.value == max(setting.domain) else "min"][:2])
    if line.form == "described":
        return " or ".join(f"'{p}'" for p in DESCRIBED_VALUES[str(line.value)]) + " (never the value's own word)"
    if line.form == "from-to":
        return f"from {_spoken(line.before)} to {_spoken(line.value)}"
    if setting.kind == "bool":
        return SWITCH_WORDS.get(setting.api, ("on", "off"))[0 if line.value else 1]
    if setting.kind == "int":
        return f"{line.value} ({DEVICES[setting.api].unit})"
    return _spoken(line.value)


def _spoken(value: Any) -> str:
    return str(value).replace("_", " ")


def _line_payload(setting: Setting, line: LinePlan) -> dict[str, Any]:
    """One planned line as the model reads it: what it is about, what it must say, and the plan's fields."""
    shown: dict[str, Any] = {"speaker": line.speaker, "does": line.does, "say": _say(setting, line),
                             "form": line.form}
    if line.form not in ("none", "reply", "back"):
        shown["value"] = line.value
    if line.form == "from-to":
        shown["before"] = line.before
    if line.form == "step":
        shown["step"] = step_text(line.offset or 0)
    if line.alias is not None:
        shown["name to quote"] = line.alias
    if line.form == "end":
        shown["end"] = "max" if line.value == max(setting.domain) else "min"
    return shown


def _form(setting: Setting, recipe: Recipe, voice: Voice, rng: Random) -> str:
    if voice.value is None or voice.role == "why":
        return "none"
    if voice.offset is not None and voice.role != "corrected-to":  # a step said with where it lands is literal
        return "step"
    if voice.role == "reverted":
        return "back"
    if voice.role == "changed-from":
        return "from-to"
    if recipe.described and voice.value == recipe.answer:
        return "described"
    # a value a step starts from is said as its number: the vetting reads it back literally
    ends = (min(setting.domain), max(setting.domain)) if setting.kind == "int" else ()
    if voice.value in ends and voice.value != recipe.base and rng.random() < END_SHARE:
        return "end"
    return "literal"


def _does(recipe: Recipe, voice: Voice, alias: str | None) -> str:
    relation = recipe.relation[0] if recipe.relation else "relative"
    favour = str(recipe.extra.get("favour_for", "the other person")).split()[0]
    old = recipe.extra.get("from")
    return DOES[voice.role].format(favour=favour, relation=relation, alias=alias, old=repr(old))


def event_plans(options: GenerateOptions, group: int, draft: Chain, recipe: Recipe) -> list[EventPlan]:
    """The plan of every event of a vehicle chain; the draft gives ids, people and aliases."""
    setting = settings()[recipe.setting]
    rng = rng_for(options, group, "llm-plan", draft.id)
    plans: list[EventPlan] = []
    previous: Any = None
    for event, voices in zip(draft.events, event_voices(recipe)):
        partner = event.others[0]
        lines: list[LinePlan] = []
        for voice in voices:
            form = _form(setting, recipe, voice, rng)
            # a step starts from the recipe's base: the value before it, or one said elsewhere (a usual value)
            before = recipe.extra.get("from") if form == "from-to" else recipe.base if form == "step" else previous
            value = voice.value if form != "back" else recipe.answer
            alias = event.alias if voice.role == "named" else None
            lines.append(LinePlan(voice.person, _does(recipe, voice, event.alias), form, value, before, voice.offset,
                                  alias))
            lines.append(LinePlan(partner, REPLY, "reply", value))
            previous = value if value is not None else previous
        plans.append(EventPlan(event.id, event.person, event.others, condition_text(voices[-1].condition), lines))
    return plans


def recipe_of(options: GenerateOptions, personas: PersonaGroup, chain: Chain) -> Recipe:
    """The recipe a vehicle chain was made from (recipes are seeded by the group and its names)."""
    made = recipes(options, personas.group, [p.name for p in personas.people])
    return next(r for r in made if f"c{r.index}" == chain.id)


def _people(personas: PersonaGroup) -> list[dict[str, Any]]:
    return [{"name": p.name, "age": p.age, "occupation": p.occupation, "interests": p.interests,
             "lifestyle": p.lifestyle} for p in personas.people]


def chain_payload(personas: PersonaGroup, draft: Chain, plans: list[EventPlan] | None) -> dict[str, Any]:
    """The user message of the chains stage: the plan of one chain (a vehicle chain with ``plans``)."""
    if plans is None:
        events: list[dict[str, Any]] = [{"id": e.id, "person": e.person, "with": e.others,
                   "lines": [{"speaker": u.speaker, "does": f"talks about {draft.topic}" if i == 0 else REPLY}
                             for i, u in enumerate(e.lines)]} for e in draft.events]
        return {"group": personas.group, "people": _people(personas), "kind": "background", "topic": draft.topic,
                "events": events}
    assert draft.target is not None
    setting = settings()[draft.target.setting]
    # a range, not its hundred numbers; no catalog phrase (a small model uses what it is shown)
    device: dict[str, Any] = {"name": plain(setting.api)}
    if setting.kind == "int":
        device["range"] = [min(setting.domain), max(setting.domain), DEVICES[setting.api].unit]
    else:
        device["values"] = list(setting.domain) if setting.domain else "free text"
    events = [{"id": p.id, "person": p.person, "with": p.others, "condition": p.condition,
               "lines": [_line_payload(setting, line) for line in p.lines]} for p in plans]
    return {"group": personas.group, "people": _people(personas), "kind": "vehicle",
            "reasoning_type": draft.reasoning_type, "device": device, "events": events}


@dataclass(frozen=True)
class QueryPlan:
    asker: str
    clock: str  # "7:45 AM": the query's time, within the condition's hours
    names: list[str]  # what the request must name (first names, the alias)
    step: int | None  # the change the request itself adds to the remembered value
    condition: str | None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def query_plan(options: GenerateOptions, group: int, chain: Chain, recipe: Recipe) -> QueryPlan:
    assert chain.target is not None
    target = chain.target
    rng = rng_for(options, group, "llm-query", chain.id)
    hours = situations.ANY
    if target.condition in situations.CONDITIONS:
        hours = situations.CONDITIONS[target.condition].hours
    values = answer_values(target.calls)  # the content the query names too: a clock saying it would confuse
    for _ in range(50):  # a clock that says no value of the answer ("1:15 PM" says 1 and 15)
        hour, minute = rng.choice(hours), rng.choice((0, 10, 15, 20, 30, 40, 45, 50))
        clock = f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"
        if not any(mentions(clock, v) for v in values):
            break
    names = [target.person.split()[0]]
    owner = recipe.extra.get("owner")
    if recipe.variant == "other-person" and owner:
        names.append(str(owner).split()[0])
    if target.alias:
        names.append(target.alias)
    if target.content is not None:  # what to play or where to go: the query's word
        names += [str(v) for v in answer_values([target.content])]
    step = target.offset if recipe.variant in ("occasion-step", "step-on-corrected", "usual-step", "rule-step") else None
    return QueryPlan(target.person, clock, names, step, condition_text(target.condition))


def personas_payload(draft: PersonaGroup) -> dict[str, Any]:
    """Who each occupant is; their car preferences are the plan's business, not the profile's."""
    return {"group": draft.group,
            "people": [p.model_dump(mode="json", exclude={"vehicle_preferences"}) for p in draft.people]}


def days_of(chains: ChainSet, timeline: Timeline) -> dict[str, list[Event]]:
    """The events of each history day, days in date order."""
    events = {e.id: e for c in chains.chains for e in c.events}
    by_day: dict[str, list[Event]] = {}
    for placed in timeline.events:
        by_day.setdefault(placed.date, []).append(events[placed.event])
    return dict(sorted(by_day.items()))


def talk_lines(size: int, events: list[Event]) -> int:
    """The lines of talk a day of ``size`` lines has around its events' own lines."""
    return max(size - sum(len(e.lines) for e in events), 0)


def day_payload(personas: PersonaGroup, date: str, events: list[Event], lines: int) -> dict[str, Any]:
    people = [{"name": p.name, "occupation": p.occupation, "interests": p.interests} for p in personas.people]
    # The events by their descriptions only (which state no value): given the lines, a model retells
    # their values in the talk, where nothing may set one.
    return {"group": personas.group, "date": date, "people": people, "talk lines": talk_lines(lines, events),
            "events": [{"id": e.id, "description": e.description} for e in events]}


def chain_values(recipe: Recipe) -> list[Any]:
    """The values a chain's lines may state (a free-text setting has no domain to read them from)."""
    found = [v.value for v in recipe.voices if v.value is not None] + [recipe.answer, recipe.extra.get("from")]
    return list(dict.fromkeys(v for v in found if v is not None))


def chain_request(options: GenerateOptions, personas: PersonaGroup, draft: Chain
                  ) -> tuple[dict[str, Any], list[EventPlan] | None, list[Any]]:
    """(payload, event plans, values its lines may state) of one chain; no plans for a background chain."""
    if draft.kind != "vehicle":
        return chain_payload(personas, draft, None), None, []
    recipe = recipe_of(options, personas, draft)
    plans = event_plans(options, personas.group, draft, recipe)
    return chain_payload(personas, draft, plans), plans, chain_values(recipe)


def query_payload(group: int, chain: Chain, plan: QueryPlan, problems: list[str]) -> dict[str, Any]:
    assert chain.target is not None
    target = chain.target
    events = [{"id": e.id, "description": e.description, "lines": [u.model_dump() for u in e.lines]}
              for e in chain.events]
    return {"group": group, "reasoning_type": chain.reasoning_type, "variant": chain.topic.split(":")[0], "events": events,
            "asker": plan.asker, "time": plan.clock, "must name": plan.names, "condition": plan.condition,
            "step": None if plan.step is None else step_text(plan.step),
            "device": {"name": plain(target.setting)},  # no catalog phrase: a small model uses what it sees
            "answer": [call_text(c) for c in target.calls], "problems": problems}
