"""Procedural queries: one per vehicle chain, asked after its last event, answerable only from
the history: the query names the device in everyday words (or only shows the situation), never
the value, and what decides the answer is who asks, who rides along, the situation, or a
description ("the way Dorothy has it", "like that trip through the fog, one notch lower"; the request's
words: ``asks.py``). Its scene never takes the wheel from someone reading or napping, and its
clock fits the scene and the drive.

``item(..., attempt)`` realises the query again with other words and another clock time for the
vetting stage to retry an item that failed a check. The gold memory quotes what the chain's
events said, with who was driving whom; its entries are shuffled, as the release's are.
"""

from __future__ import annotations

from datetime import date
from random import Random

from vmb.data.reasoning import BY_NAME
from vmb.maker.generate.plan.options import GenerateOptions, rng_for
from vmb.maker.generate.plan.recipes import ROUTE
from vmb.maker.generate.procedural import asks, scenes, talk
from vmb.maker.generate.procedural.chains import reference_answer
from vmb.maker.generate.procedural.speech import PRONOUNS, first, nouns, undouble
from vmb.maker.generate.schemas import (
    Chain,
    ChainSet,
    Dialogue,
    Event,
    PersonaGroup,
    QAItem,
    QASet,
    Said,
    Timeline,
    event_lines,
)
from vmb.maker.generate.words import situations
from vmb.maker.generate.words.devices import plain

# Openings that leave room for someone in the back (a scene with children, a dog, a relative).
DRIVING = ("{asker} was driving {errand}.", "{asker} drove {errand}.", "{asker} set off {errand}.")
ALONE = ("{asker} was driving alone {errand}.", "{asker} set off alone {errand}.", "{asker} drove {errand} alone.",
         "{asker} got into the car alone, heading {errand}.", "{asker} was on {poss_a} own, driving {errand}.")
WITH = ("{asker} got into the driver's seat with {p}, heading {errand}.", "{asker} was driving {p} {errand}.",
        "{asker} drove {errand}, {p} riding along.", "{asker} and {p} set off {errand}, {asker} at the wheel.",
        "{asker} drove {p} {errand}.")
# Where the asker is not at the wheel (reading, napping, waiting): someone else drives, or the car is parked.
DRIVEN = ("{p} was driving {asker} {errand}.", "{asker} rode along while {p} drove {errand}.",
          "{p} drove {errand}, {asker} in the passenger seat.", "{p} was at the wheel, taking {asker} {errand}.")
PARKED = ("{asker} sat in the parked car.", "{asker} was waiting in the car, engine off.",
          "{asker} stayed in the car in the lot.", "{asker} had pulled over and switched off the engine.")
# Where the answer is a remembered destination: the drive has not begun, so no scene says where it goes.
LEAVING = ("{asker} got into the car alone, about to set off.", "{asker} was about to set off alone.",
           "{asker} started the car in the driveway, about to set off alone.")
LEAVING_COMPANY = ("{asker} was about to set off.", "{asker} started the car, about to set off.")
LEAVING_WITH = ("{asker} got into the driver's seat with {p}, about to set off.",
                "{asker} and {p} were about to set off, {asker} at the wheel.",
                "{asker} started the car, {p} in the passenger seat, about to set off.")
LEAVING_DRIVEN = ("{p} took the wheel, about to set off with {asker}.",
                  "{asker} got into the passenger seat, {p} about to drive.")
SAID = ("{asker} told {to}: '{request}'", "{asker} said to {to}: '{request}'")
ASKED = "{asker} asked {to}: '{request}'"
# Company that sits in the passenger seat (a scene with it leaves no room for another passenger).
PASSENGER_SEAT = ("client",)


def clock(hhmm: str) -> str:
    """``"14:05"`` → ``"2:05 PM"``."""
    hour, minute = map(int, hhmm.split(":"))
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def long_date(iso: str) -> str:
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"


# How often a gold-memory entry says who was driving whom where before the quote (the release's
# entries narrate 11 words before their quote on the mean, most of them a drive: "Gary told Justin
# while driving:", "Patricia was driving Gary to a dinner. She told him:").
CONTEXT_NARRATED = 0.55
ACTIONS = ("adjusted", "changed", "set", "went for", "reset", "fiddled with", "tweaked", "touched")
# How often an entry then says what the speaker did to the device (never the value it took): where
# their words named the device, and where they did not ("Level 3 hurts. Level 1 is what I need."),
# as the release's entries mostly do ("The car set massage to level 1").
ACTED, ACTED_UNNAMED = 0.15, 0.45


def _entry(event: Event, day: str, own: list[Said], rng: Random) -> str:
    """One gold-memory entry: the date, who said what to whom, and now and then what they did."""
    who = first(event.person)
    partner = first(event.others[0]) if event.others else "the car"
    (time, _, said), rest = own[0], own[1:]
    roll = rng.random()
    fits = not talk.errand_clash(event.description, int(time.split(":")[0]))  # no drive home from the match at 7 AM
    if (roll < CONTEXT_NARRATED and fits) or partner == "the car":
        lead = f"{event.description} {who} told {partner}:"
    elif roll < (1 + CONTEXT_NARRATED) / 2:
        lead = f"{who} told {partner}:"
    else:
        lead = f"{who} said to {partner}:"
    text = f"[{long_date(day)}] At {clock(time)}, {lead} '{said}'"
    for time, _, said in rest:
        text += f" At {clock(time)}, {who} said: '{said}'"
    if event.value is not None and event.setting is not None:
        quoted = text.lower()
        named = any(n.lower() in quoted for n in (*nouns(event.setting), f"the {plain(event.setting)}"))
        if rng.random() < (ACTED if named else ACTED_UNNAMED):
            text += f" {who} {rng.choice(ACTIONS)} the {plain(event.setting)}."
    return text


def gold_rng(options: GenerateOptions, group: int, chain: str, revision: int = 0) -> Random:
    """The gold memory's own random source (its entries' wording and order): not the query's, so a
    change of a query's words, or a query realised again, leaves its gold memory as it was."""
    return rng_for(options, group, "gold", chain, revision=revision)


def gold_memory(chain: Chain, times: dict[str, tuple[str, list[Said]]], rng: Random) -> str:
    """The chain's entries, the deciding one (the latest giving the answer's value, or its base)
    written last as often as its type's ``written_last`` says, the others shuffled: two entries are
    then in date order or reversed, three or more seldom in date order."""
    entries = []
    for event in chain.events:
        day, lines = times[event.id]
        entries.append(_entry(event, day, [line for line in lines if line[1] == event.person], rng))
    if len(entries) < 2:
        return "\n".join(entries)
    assert chain.target is not None
    # the latest entry saying the answer's value, else the value a step is taken from
    said = [i for i, e in enumerate(chain.events) if e.value == chain.target.value] or \
        [i for i, e in enumerate(chain.events) if chain.target.base is not None and e.value == chain.target.base]
    deciding = max(said, default=len(entries) - 1)
    if_latest, otherwise = BY_NAME[chain.reasoning_type or ""].written_last
    last = rng.random() < (if_latest if deciding == len(entries) - 1 else otherwise)
    rest = entries[:deciding] + entries[deciding + 1:]
    rng.shuffle(rest)
    spot = len(rest) if last else rng.randrange(len(rest))
    return "\n".join(rest[:spot] + [entries[deciding]] + rest[spot:])


def _colour_condition(chain: Chain, passenger: str | None, rng: Random) -> situations.Condition | None:
    """A condition whose scene colours the query, as often as its type's ``colour_scenes``: none its
    chain's lines speak of (the scene must not decide the answer), none that takes the wheel from
    the asker, company only in an empty passenger seat."""
    said = " ".join(u.text for e in chain.events for u in e.lines).lower()
    found = [c for _, c in sorted(situations.CONDITIONS.items()) if not c.still
             and not any(rule.lower() in said for rule in c.rule) and (passenger is None or c.key not in PASSENGER_SEAT)]
    return rng.choice(found) if found and rng.random() < BY_NAME[chain.reasoning_type or ""].colour_scenes else None


def item(options: GenerateOptions, group: PersonaGroup, chain: Chain, query_date: str,
         times: dict[str, tuple[str, list[Said]]], attempt: int = 0, revision: int = 0) -> QAItem:
    assert chain.target is not None and chain.reasoning_type is not None
    rng = rng_for(options, group.group, "qa", chain.id, attempt, revision=revision)
    target = chain.target
    ask = asks.request(chain, group, rng)
    request, passenger = ask.fill["request"], ask.passenger
    condition = situations.CONDITIONS[ask.shows] if ask.shows else None
    decides = chain.topic.startswith("driver-decides")
    # A destination the answer goes to: remembered (the chain's own setting, never said in the query, so the
    # drive has not begun and no scene of a moving car is told) or named by the request (the drive goes there).
    remembered = target.setting.endswith(ROUTE)
    named = next((str(c["args"]["destination"]) for c in target.calls
                  if str(c["name"]).endswith(ROUTE) and not remembered), None)
    if condition is None and ask.relative is None and not decides and not remembered:
        condition = _colour_condition(chain, passenger, rng)
    hours = condition.hours if condition else situations.ANY
    hour, minute = rng.choice(hours), rng.choice((0, 5, 10, 15, 20, 30, 40, 45, 50))
    asker = first(target.person)
    people = {p.name: p for p in group.people}
    company = ask.relative is not None or condition is not None and condition.category == "company"
    at_wheel = condition is None or not condition.still
    cast = scenes.Cast(people[target.person], people[passenger] if passenger else None, hour, query_date, company,
                       at_wheel)
    values = tuple(a for c in target.calls for a in c["args"].values())
    scene = scenes.condition_scene(condition.key, cast, rng, values) if condition else \
        scenes.relative_scene(*ask.relative, cast, rng) if ask.relative else ""
    errand = f"to {named}" if named else talk.errand(rng, hour, scenes.not_toward(condition))
    fill = {"asker": asker, "errand": errand, "poss_a": PRONOUNS[cast.asker.gender][2],
            "p": first(passenger) if passenger else ""}
    other_names = [n for n in nouns(target.setting) if n.lower() not in request.lower()]

    def adjust() -> str:  # the asker turns to the car after asking the passenger
        if other_names:
            return scenes.after_request("asks", cast, rng, rng.choice(other_names))
        return scenes.after_request("sees", cast, rng)

    if passenger is not None and decides:
        done = adjust() if rng.random() < 0.5 else scenes.after_request("agrees", cast, rng)
        opening = f"{rng.choice(LEAVING_WITH if remembered else WITH).format(**fill)} {first(passenger)} told {asker}: '{request}' {done}"
    else:
        if not at_wheel:  # reading, napping, waiting
            drivers = any(v == "driver" for c in target.calls for v in c["args"].values())  # the asker's own seat
            frames = (LEAVING_DRIVEN if remembered else DRIVEN) \
                if passenger and condition is not None and condition.driven and not drivers else PARKED
            opening = rng.choice(frames).format(**fill) + " " + scene
        else:
            kinds: tuple[tuple[str, ...], ...] = (LEAVING_WITH, LEAVING_COMPANY, LEAVING) if remembered else (WITH, DRIVING, ALONE)
            opening = rng.choice(kinds[0] if passenger else kinds[1] if company else kinds[2]).format(**fill)
            if scene:
                opening += " " + scene
        to = rng.choice(("the car", first(passenger))) if passenger else "the car"
        if passenger and first(passenger) in request:  # nobody asks a person for "the way <they> have it"
            to = "the car"
        said = rng.choice(SAID + (ASKED,) * request.endswith("?"))
        opening += " " + said.format(asker=asker, to=to, request=request)
        if to != "the car" and rng.random() < 0.15:
            opening += f" {adjust()}"
    text = undouble(f"At {clock(f'{hour}:{minute:02d}')}, {opening}")
    return QAItem(chain=chain.id, reasoning_type=chain.reasoning_type, query=text, query_date=query_date,
                  gold_memory=gold_memory(chain, times, gold_rng(options, group.group, chain.id, revision)),
                  new_answer=reference_answer(chain),
                  evidence=[e.id for e in chain.events])


def build(options: GenerateOptions, group: PersonaGroup, chains: ChainSet, timeline: Timeline,
          dialogue: Dialogue, revision: int = 0) -> QASet:
    times = event_lines(dialogue)
    dates = {q.chain: q.date for q in timeline.queries}
    items = [item(options, group, c, dates[c.id], times, revision=revision) for c in chains.chains if c.kind == "vehicle"]
    return QASet(group=group.group, items=items)
