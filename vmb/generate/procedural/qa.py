"""Procedural queries: one per vehicle chain, asked after its last event, answerable only from
the history: the query names the device in everyday words (or only shows the situation), never
the value, and what decides the answer is who asks, who rides along, the situation, or a
description ("the way Dorothy has it", "like that foggy morning, one notch lower").

``item(..., attempt)`` realises the query again with other words and another clock time for the
verification stage to retry an item that failed a check. The gold memory quotes what the chain's
events said, with who was driving whom; its entries are shuffled, as the release's are.
"""

from __future__ import annotations

from datetime import date
from random import Random

from vmb.generate.options import GenerateOptions, rng_for
from vmb.generate.procedural import situations, talk
from vmb.generate.procedural.chains import PRONOUNS, _cap, first, reference_answer, step_words
from vmb.generate.procedural.devices import DEVICES, name, plain
from vmb.generate.schemas import Chain, ChainSet, Dialogue, PersonaGroup, QAItem, QASet, Timeline

Said = tuple[str, str, str]  # time, speaker, text

MINE = ("Put {dev} back the way I like it.", "{dev_cap}, my usual, please.", "Can you sort out {dev} for me?",
        "Set {dev} how I normally have it.", "Do {dev} my way, would you?", "{dev_cap} please, you know how I like it.",
        "Who touched {dev}? Put it back to mine.", "I want {dev} like always.", "Could you fix {dev} for me?",
        "{dev_cap} isn't right. Make it mine again.")
FOR_PASSENGER = ("Set {dev} the way {who} likes it, {pron}'s with me.", "{who} is riding along, so {dev} for {obj}, please.",
                 "Do {dev} for my passenger.", "Make {dev} comfortable for {who} today.")
DRIVER_DECIDES = ("Your drive, your call on {dev}.", "You're driving, so {dev} however you like it.",
                  "Don't mind me, set {dev} your way.")
CONDITIONAL = ("Set {dev} for this.", "Sort {dev} out for a drive like this.", "{dev_cap}, please, you know my rule.",
               "Adjust {dev}, it's one of those drives.", "You know what I want from {dev} right now.",
               "Handle {dev} the way I asked for times like this.")
OTHER_PERSON = ("Set {dev} the way {owner} has it.", "Do {dev} like {owner} does.", "Give me {owner}'s {dev}, I want to try it.",
                "{dev_cap} the way {owner} always wants it.")
RELATION = ("{pron_cap}'s getting restless, set {dev} to {poss} favourite.", "Put {dev} the way my {rel} likes it.",
            "Make {dev} the way {pron} loves it.")
THEME = ("Put on the {theme}, please.", "Let's have the {theme} again.", "I'm in the mood for the {theme}.")
OCCASION = ("{dev_cap} like that time {cond}, but {step}.", "Same {dev} as when {cond}, only {step}.")
USUAL = ("Set {dev} back to my standard.", "Back to my everyday {dev}, please.", "{end_cap}, so {dev} the normal way.",
         "{dev_cap} to my regular setting.", "Let's go back to normal with {dev}.")
RECURS = ("{again_cap}. Set {dev} like last time it happened.", "{again_cap}, so {dev} the way I needed it then.")
SETTLED = ("{dev_cap} the way I settled on last time.", "Set {dev} to what I ended up choosing.",
           "{dev_cap} like I fixed it last time, please.", "Put {dev} where it finally felt right.")
SETTLED_STEP = ("{dev_cap} like I settled on last time, but {step}.", "The {dev} I ended up with, only {step}.")
ACTIONS = ("adjusted", "changed", "set", "went for", "reset", "fiddled with")
# Requests any type may use: the wording alone does not give the reasoning type away.
GENERIC = ("Sort out {dev} for me.", "{dev_cap}, please.", "Can you set {dev}?", "Do {dev} the way it should be.",
           "Time to fix {dev}.", "Get {dev} right for me, would you?", "{dev_cap} needs changing.",
           "Set {dev} for me, please.", "Handle {dev}, thanks.", "Could you adjust {dev}?", "{dev_cap}. You know what to do.",
           "Let's get {dev} sorted before we go.", "Mind fixing {dev}?", "{dev_cap} again, please.")
GENERIC_USE = {"preference_conflict": 0.65, "conditional_constraint": 0.7, "state_shift": 0.5, "error_correction": 0.65}
SWITCH_ON = (" It's off right now, so turn it on as well.", " Switch it on first, it's off.")


def clock(hhmm: str) -> str:
    """``"14:05"`` → ``"2:05 PM"``."""
    hour, minute = map(int, hhmm.split(":"))
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def long_date(iso: str) -> str:
    day = date.fromisoformat(iso)
    return f"{day:%B} {day.day}, {day.year}"


def event_lines(dialogue: Dialogue) -> dict[str, tuple[str, list[Said]]]:
    """Event id → (date, its lines in the history with their times)."""
    found: dict[str, tuple[str, list[Said]]] = {}
    for day in dialogue.days:
        for line in day.lines:
            if line.event is not None:
                found.setdefault(line.event, (day.date, []))[1].append((line.time, line.speaker, line.text))
    return found


# How often the entry that decides the answer is written last when the entries are shuffled, per
# type (the release's gold memories put it anywhere, last more often for conflicts).
WRITTEN_LAST = {"preference_conflict": 0.55, "conditional_constraint": 0.05, "coreference_resolution": 0.4,
                "state_shift": 0.25, "error_correction": 0.3}


def gold_memory(chain: Chain, times: dict[str, tuple[str, list[Said]]], rng: Random) -> str:
    entries = []
    for event in chain.events:
        day, lines = times[event.id]
        own = [line for line in lines if line[1] == event.person]
        partner = first(event.others[0]) if event.others else "the car"
        text = f"[{long_date(day)}] At {clock(own[0][0])}, {event.description} {first(event.person)} told {partner}: '{own[0][2]}'"
        for time, _, said in own[1:]:
            text += f" At {clock(time)}, {first(event.person)} said: '{said}'"
        if event.value is not None and event.setting is not None and rng.random() < 0.45:
            text += f" {first(event.person)} {rng.choice(ACTIONS)} the {plain(event.setting)}."
        entries.append(text)
    if len(entries) > 1 and rng.random() > 0.3:
        target = chain.target.value if chain.target is not None else None
        deciding = max((i for i, e in enumerate(chain.events) if e.value == target), default=len(entries) - 1)
        chosen = entries[deciding]
        rest = entries[:deciding] + entries[deciding + 1:]
        rng.shuffle(rest)
        last = rng.random() < WRITTEN_LAST.get(chain.reasoning_type or "", 0.3)
        for _ in range(6):  # shuffled means not in date order
            spot = len(rest) if last else rng.randrange(len(rest))
            order = rest[:spot] + [chosen] + rest[spot:]
            if order != entries:
                break
            rng.shuffle(rest)
            last = not last if len(rest) == 1 else last
        entries = order
    return "\n".join(entries)


def _request(chain: Chain, group: PersonaGroup, rng: Random) -> tuple[str, str | None, str | None]:
    """(request, passenger, scene) of the query."""
    assert chain.target is not None
    target, variant = chain.target, chain.topic.split(":")[0]
    api = target.setting
    people = {p.name: p for p in group.people}
    dev = name(api, rng)
    fill: dict[str, str] = {"dev": dev, "dev_cap": _cap(dev)}
    others = [n for n in people if n != target.person]
    passenger = rng.choice(others + [None, None])
    scene = None
    kind = chain.reasoning_type
    if kind == "preference_conflict":
        holder = next(e.person for e in chain.events if e.value == target.value and e.role == "own")
        if variant == "for-passenger":
            pron, obj, _ = PRONOUNS[people[holder].gender]
            frame, passenger = rng.choice(FOR_PASSENGER), holder
            fill.update(who=first(holder), pron=pron, obj=obj)
        elif variant == "driver-decides":
            frame = rng.choice(DRIVER_DECIDES)
            passenger = rng.choice([e.person for e in chain.events if e.person != holder])
        else:
            frame = rng.choice(MINE)
    elif kind == "conditional_constraint":
        condition = situations.CONDITIONS[target.condition or ""]
        frame, scene = rng.choice(CONDITIONAL), rng.choice(condition.scene)
        if condition.category == "company":
            passenger = None
    elif kind == "coreference_resolution":
        if variant == "other-person":
            owner = next(e.person for e in chain.events if e.value == target.value)
            frame = rng.choice(OTHER_PERSON)
            fill["owner"] = first(owner)
        elif variant == "relation":
            rel, pron = next((r for r in situations.RELATIONS if f" {r[0]} " in " ".join(
                u.text for e in chain.events for u in e.lines)), situations.RELATIONS[0])
            frame = rng.choice(RELATION)
            fill.update(rel=rel, pron=pron, pron_cap=_cap(pron), poss={"he": "his", "she": "her"}[pron])
            scene = f"{first(target.person)}'s {rel} was buckled in behind them."
            passenger = None
        elif variant == "theme":
            frame = rng.choice(THEME)
            fill["theme"] = target.alias or ""
        else:
            frame = rng.choice(OCCASION)
            fill.update(cond=rng.choice(situations.CONDITIONS[target.condition or ""].rule),
                        step=step_words(target.offset or 0, DEVICES[api].unit))
    elif kind == "state_shift":
        state = situations.STATES[target.condition or ""]
        if variant == "recurs":
            frame = rng.choice(RECURS)
            again = rng.choice(state[2])
            fill["again_cap"] = _cap(again)
        else:
            frame = rng.choice(USUAL)
            fill["end_cap"] = _cap(rng.choice(state[1]))
    else:
        if variant == "step-on-corrected":
            frame = rng.choice(SETTLED_STEP)
            fill["step"] = step_words(target.offset or 0, DEVICES[api].unit)
        else:
            frame = rng.choice(SETTLED)
    if variant in ("own", "rule", "usual", "absolute", "relative", "revert") and rng.random() < GENERIC_USE.get(kind or "", 0.0):
        frame = rng.choice(GENERIC)
    if scene is None and kind != "conditional_constraint" and rng.random() < 0.4:
        scene = rng.choice(sorted(k for k, c in situations.CONDITIONS.items() if c.category != "company"))  # colour only
    request = frame.format(**fill)
    if len(target.calls) > 1:
        request += rng.choice(SWITCH_ON)
    return request, passenger, scene


def item(options: GenerateOptions, group: PersonaGroup, chain: Chain, query_date: str,
         times: dict[str, tuple[str, list[Said]]], attempt: int = 0, revision: int = 0) -> QAItem:
    assert chain.target is not None and chain.reasoning_type is not None
    rng = rng_for(options, group.group, "qa", chain.id, attempt, revision=revision)
    target = chain.target
    request, passenger, scene = _request(chain, group, rng)
    hours = situations.ANY
    if target.condition in situations.CONDITIONS and chain.reasoning_type == "conditional_constraint":
        hours = situations.CONDITIONS[target.condition].hours
    if scene in situations.CONDITIONS:  # a scene for colour: the clock fits it too
        hours = situations.CONDITIONS[scene].hours
        scene = rng.choice(situations.CONDITIONS[scene].scene)
    hour, minute = rng.choice(hours), rng.choice((0, 5, 10, 15, 20, 30, 40, 45, 50))
    asker = first(target.person)
    errand = rng.choice(talk.ERRANDS)
    if passenger is not None and chain.topic.startswith("driver-decides"):
        opening = (f"{asker} was driving {first(passenger)} {errand}. {first(passenger)} told {asker}: '{request}' "
                   f"{asker} asked the car to set {name(target.setting, rng)}.")
    else:
        who = f"{asker} got into the driver's seat with {first(passenger)}" if passenger else f"{asker} was driving alone"
        addressee = rng.choice(("the car", first(passenger))) if passenger else "the car"
        opening = f"{who} {errand}. " + (f"{scene} " if scene else "") + f"{asker} told {addressee}: '{request}'"
    text = f"At {clock(f'{hour}:{minute:02d}')}, {opening}"
    return QAItem(chain=chain.id, reasoning_type=chain.reasoning_type, query=text, query_date=query_date,
                  gold_memory=gold_memory(chain, times, rng), new_answer=reference_answer(chain),
                  evidence=[e.id for e in chain.events])


def build(options: GenerateOptions, group: PersonaGroup, chains: ChainSet, timeline: Timeline,
          dialogue: Dialogue, revision: int = 0) -> QASet:
    times = event_lines(dialogue)
    dates = {q.chain: q.date for q in timeline.queries}
    items = [item(options, group, c, dates[c.id], times, revision=revision) for c in chains.chains if c.kind == "vehicle"]
    return QASet(group=group.group, items=items)
