"""Procedural queries: one per vehicle chain, asked after its last event, answerable only from
the history (the query names the setting, or an alias, but never the value).

``item(..., attempt)`` realises the query again with other words and another clock time for the
verification stage to retry an item that failed a check.
"""

from __future__ import annotations

from datetime import date

from vmb.generate.options import GenerateOptions, rng_for
from vmb.generate.procedural import pools
from vmb.generate.procedural.chains import first, reference_answer
from vmb.generate.schemas import Chain, ChainSet, Dialogue, PersonaGroup, QAItem, QASet, Timeline
from vmb.generate.settings import settings

REQUESTS: dict[str, tuple[str, ...]] = {
    "preference_conflict": ("Set the {setting} the way I like it.", "I'm driving today, so put the {setting} how I prefer it.",
                            "Could you adjust the {setting} to my usual?"),
    "conditional_constraint": ("Set the {setting} the way I like it for a drive like this.",
                               "Adjust the {setting} for these conditions, you know how I like it."),
    "state_shift": ("Set the {setting} the way I like it these days.", "Put the {setting} where I prefer it now."),
    "error_correction": ("Set the {setting} to what I asked for, the corrected one.",
                         "Put the {setting} where I said I actually meant it."),
}
OWN_ALIAS = ("Let's have my '{alias}', please.", "Switch to my '{alias}'.")
OTHERS_ALIAS = ("Could you put on {owner}'s '{alias}'?", "Let's try {owner}'s '{alias}' today.")


def clock(hhmm: str) -> str:
    """``"14:05"`` → ``"2:05 PM"``."""
    hour, minute = map(int, hhmm.split(":"))
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def long_date(iso: str) -> str:
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"


def event_times(dialogue: Dialogue) -> dict[str, tuple[str, str]]:
    """Event id → (date, time) of its first line in the history."""
    found: dict[str, tuple[str, str]] = {}
    for day in dialogue.days:
        for line in day.lines:
            if line.event is not None and line.event not in found:
                found[line.event] = (day.date, line.time)
    return found


def gold_memory(chain: Chain, times: dict[str, tuple[str, str]]) -> str:
    entries = []
    for event in chain.events:
        day, time = times[event.id]
        entries.append(f"[{long_date(day)}] At {clock(time)}, {event.description} "
                       f"{first(event.person)} said: '{event.lines[0].text}'")
    return "\n".join(entries)


def item(options: GenerateOptions, group: PersonaGroup, chain: Chain, query_date: str,
         times: dict[str, tuple[str, str]], attempt: int = 0, revision: int = 0) -> QAItem:
    assert chain.target is not None and chain.reasoning_type is not None
    rng = rng_for(options, group.group, "qa", chain.id, attempt, revision=revision)
    target = chain.target
    asker = target.person
    others = [p.name for p in group.people if p.name != asker]
    hour, minute = rng.randint(6, 21), rng.choice((0, 15, 30, 45))
    scene = ""
    company = f" with {first(rng.choice(others))} as a passenger" if rng.random() < 0.6 else ""
    if target.condition is not None:
        scene = pools.CONDITIONS[target.condition][1] + " "
        if target.condition == "alone":
            company = ""
    if chain.reasoning_type == "coreference_resolution":
        owner = chain.events[0].person
        table = OWN_ALIAS if owner == asker else OTHERS_ALIAS
        request = rng.choice(table).format(alias=target.alias, owner=first(owner))
    else:
        request = rng.choice(REQUESTS[chain.reasoning_type]).format(setting=settings()[target.setting].phrase)
    text = (f"At {clock(f'{hour}:{minute:02d}')}, {first(asker)} got into the driver's seat{company} "
            f"{rng.choice(pools.PURPOSES)}. {scene}{first(asker)} said: '{request}'")
    return QAItem(chain=chain.id, reasoning_type=chain.reasoning_type, query=text, query_date=query_date,
                  gold_memory=gold_memory(chain, times), new_answer=reference_answer(chain),
                  evidence=[e.id for e in chain.events])


def build(options: GenerateOptions, group: PersonaGroup, chains: ChainSet, timeline: Timeline,
          dialogue: Dialogue, revision: int = 0) -> QASet:
    times = event_times(dialogue)
    dates = {q.chain: q.date for q in timeline.queries}
    items = [item(options, group, c, dates[c.id], times, revision=revision) for c in chains.chains if c.kind == "vehicle"]
    return QASet(group=group.group, items=items)
