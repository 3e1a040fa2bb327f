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
from vmb.generate.procedural.chains import reference_answer
from vmb.generate.procedural.devices import DEVICES, plain, value_noun
from vmb.generate.procedural.speech import PRONOUNS, cap, first, lowered, noun, step_words, undouble
from vmb.generate.schemas import Chain, ChainSet, Dialogue, Event, PersonaGroup, QAItem, QASet, Timeline

Said = tuple[str, str, str]  # time, speaker, text

# Requests, in banks shared by the reasoning types that can mean them: the wording does not give
# the type away, the chain does. {dev} is the device ("the seat warmer"), {bare} without "the".
MY_WAY = ("Put {dev} back the way I like it.", "{dev_cap}, my usual, please.", "Set {dev} how I normally have it.",
          "Do {dev} my way, would you?", "{dev_cap} please, you know how I like it.", "Who touched {dev}? Put it back.",
          "I want {dev} like always.", "{dev_cap} isn't right. Make it mine again.", "Set {dev} to my setting.",
          "My {bare}, please.", "Restore my {bare}.", "{dev_cap} to where I like it.", "Back to my {bare}, please.",
          "Set {dev} to what I'd normally want.", "The usual for {dev}.", "{dev_cap}, the way I always have it.",
          "Can you put {dev} how I like it?", "I'd like my {bare} as it was.", "{dev_cap} the normal way, please.",
          "Make {dev} feel like mine again.", "Let's have {dev} my way.", "Could you do my {bare}?")
# The value of an earlier time: {when} is "last time", "in the end" or an occasion.
EARLIER = ("{dev_cap} the way I had it {when}.", "Set {dev} like {when}.", "Put {dev} where I had it {when}.",
           "Same {bare} as {when}, please.", "{dev_cap} like I had it {when}, please.", "Go back to my {bare} from {when}.")
EARLIER_STEP = ("{dev_cap} the way I had it {when}, but {step}.", "Same {bare} as {when}, only {step}.",
                "Set {dev} like {when}, just {step}.", "{dev_cap} like {when}, then {step}.")
SETTLED_WHEN = ("last time", "in the end", "after I fixed it", "the other day", "before")
OTHER_PERSON = ("Set {dev} the way {who} has it.", "Do {dev} like {who} does.", "Give me {who}'s {bare}.",
                "{dev_cap} the way {who} always wants it, please.", "{who}'s {bare}, please.", "Set {dev} how {who} likes it.",
                "Put {dev} the way {who} had it.", "Can you do {dev} like {who}'s?")
WITH_ME = (" {pron_cap}'s with me.", " {pron_cap}'s riding along.", " {pron_cap}'s in the car.", "")
RELATION = ("{pron_cap}'s getting restless, set {dev} to {poss} favourite {noun}.", "{dev_cap} for my {rel}, please.",
            "Make {dev} the {noun} {pron} loves.", "Set {dev} to {poss} favourite {noun}.")
RELATIVE_SCENES = ("{asker}'s {rel} was buckled in behind them.", "{asker}'s {rel} sat in the back.",
                   "{asker} had {poss_a} {rel} along.", "{asker}'s {rel} had climbed into the back.",
                   "{asker} was taking {poss_a} {rel} along.", "{asker}'s {rel} came too.",
                   "{asker} had picked up {poss_a} {rel} on the way.")
THEME = ("Put on the {theme}, please.", "Let's have the {theme} again.", "I'm in the mood for the {theme}.",
         "The {theme}, please.", "Can we have my {theme}?", "Switch to the {theme}.",
         "Put {dev} on the {theme}, please.", "{dev_cap}: the {theme} again, please.")
DRIVER_DECIDES = ("Your drive, your call on {dev}.", "You're driving, so {dev} however you like it.",
                  "Don't mind me, set {dev} your way.", "Pick {dev} yourself, it's your drive.",
                  "Do {dev} however you want, it's your car today.", "Whatever suits you for {dev}.",
                  "Go ahead and choose {dev}, I don't mind.", "{dev_cap} is up to you.", "Set {dev} to suit yourself.")
END_LEADS = ("{end_cap}, so", "{end_cap}.", "Now that {end},", "{end_cap}, so")
AGAIN_LEADS = ("{again_cap}.", "{again_cap}, so", "Ugh, {again}.", "Well, {again}.")
# A complaint before any request, now and then.
GRUMBLES = ("Ugh.", "Ugh, this isn't right.", "Well, this won't do.", "Hmm.", "Okay.", "Right.", "Oh dear.")
GENERIC = ("Sort out {dev} for me.", "{dev_cap}, please.", "Can you set {dev}?", "Do {dev} the way it should be.",
           "Time to fix {dev}.", "Get {dev} right for me, would you?", "{dev_cap} needs changing.",
           "Set {dev} for me, please.", "Handle {dev}, thanks.", "Could you adjust {dev}?", "{dev_cap}. You know what to do.",
           "Let's get {dev} sorted before we go.", "Mind fixing {dev}?", "{dev_cap} again, please.", "Fix {dev}, would you?",
           "Adjust {dev} for me.", "You know what I want from {dev}.", "Can you deal with {dev}?", "{dev_cap} for this, please.",
           "Set up {dev}, thanks.", "{dev_cap}, like I want it.", "Take care of {dev}.")
# How often a request that any type could make replaces the variant's own (per type).
GENERIC_USE = {"preference_conflict": 0.45, "conditional_constraint": 0.5, "state_shift": 0.3, "error_correction": 0.35,
               "coreference_resolution": 0.0}
SWITCH_ON = (" It's off right now, so turn it on as well.", " Switch it on first, it's off.", " It's switched off, so turn it on.",
             " Turn it on too.", " It isn't even on yet.", " And switch it on, it's off.", " It's off at the moment.")
# Openings that leave room for someone in the back (a scene with children, a dog, a relative).
DRIVING = ("{asker} was driving {errand}.", "{asker} drove {errand}.", "{asker} set off {errand}.")
ALONE = ("{asker} was driving alone {errand}.", "{asker} set off alone {errand}.", "{asker} drove {errand} alone.",
         "{asker} got into the car alone, heading {errand}.", "{asker} was on {poss_a} own, driving {errand}.")
WITH = ("{asker} got into the driver's seat with {p}, heading {errand}.", "{asker} was driving {p} {errand}.",
        "{asker} drove {errand}, {p} riding along.", "{asker} and {p} set off {errand}, {asker} at the wheel.",
        "{asker} drove {p} {errand}.")
SAID = ("{asker} told {to}: '{request}'", "{asker} said to {to}: '{request}'")
ASKED = "{asker} asked {to}: '{request}'"
ADJUST = ("adjust", "set", "sort out", "change")


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


ACTIONS = ("adjusted", "changed", "set", "went for", "reset", "fiddled with", "tweaked", "touched")


def _entry(event: Event, day: str, own: list[Said], rng: Random) -> str:
    """One gold-memory entry: the date, who said what to whom, and now and then what they did."""
    who = first(event.person)
    partner = first(event.others[0]) if event.others else "the car"
    (time, _, said), rest = own[0], own[1:]
    roll = rng.random()
    if roll < 0.25 or partner == "the car":
        lead = f"{event.description} {who} told {partner}:"
    elif roll < 0.65:
        lead = f"{who} told {partner}:"
    else:
        lead = f"{who} said to {partner}:"
    text = f"[{long_date(day)}] At {clock(time)}, {lead} '{said}'"
    for time, _, said in rest:
        text += f" At {clock(time)}, {who} said: '{said}'"
    if event.value is not None and event.setting is not None and rng.random() < 0.15:
        text += f" {who} {rng.choice(ACTIONS)} the {plain(event.setting)}."
    return text


def gold_memory(chain: Chain, times: dict[str, tuple[str, list[Said]]], rng: Random) -> str:
    entries = []
    for event in chain.events:
        day, lines = times[event.id]
        entries.append(_entry(event, day, [line for line in lines if line[1] == event.person], rng))
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


def _frames(kind: str, variant: str, chain: Chain) -> tuple[str, ...]:
    """The request frames a variant may use."""
    if kind == "preference_conflict" and not any("for-other" in e.role for e in chain.events):
        return MY_WAY + EARLIER  # the asker's own value was also their last one
    if kind == "error_correction":
        return MY_WAY + EARLIER * 3
    return MY_WAY


def _alone(scene: str, gender: str) -> str:
    """A scene's "they" as the one driver."""
    pron, _, poss = PRONOUNS[gender]
    was = f"{cap(pron)} was"
    return (scene.replace("They were", was).replace("They ", f"{cap(pron)} ").replace("Their ", f"{cap(poss)} ")
            .replace(" their ", f" {poss} ").replace(" they ", f" {pron} "))


def _request(chain: Chain, group: PersonaGroup, rng: Random) -> tuple[str, str | None, str | None]:
    """(request, passenger, scene) of the query."""
    assert chain.target is not None
    target, variant = chain.target, chain.topic.split(":")[0]
    api = target.setting
    people = {p.name: p for p in group.people}
    dev = noun(api, rng)
    fill: dict[str, str] = {"dev": dev, "dev_cap": cap(dev), "bare": dev.removeprefix("the ").removeprefix("my "),
                            "noun": value_noun(api)}
    others = [n for n in people if n != target.person]
    passenger = rng.choice(others + [None, None])
    scene = None
    kind = chain.reasoning_type or ""
    frame = rng.choice(_frames(kind, variant, chain))
    lead = ""
    if kind == "preference_conflict" and variant != "own":
        holder = next(e.person for e in chain.events if e.value == target.value and e.role in ("own", "own-step"))
        if variant == "for-passenger":
            pron = PRONOUNS[people[holder].gender][0]
            frame, passenger = rng.choice(OTHER_PERSON) + rng.choice(WITH_ME), holder
            fill.update(who=first(holder), pron_cap=cap(pron))
        else:
            frame = rng.choice(DRIVER_DECIDES)
            passenger = rng.choice([e.person for e in chain.events if e.person != holder])
    elif kind == "conditional_constraint":
        condition = situations.CONDITIONS[target.condition or ""]
        scene = rng.choice(condition.scene)
        if condition.category == "company":
            passenger = None
    elif kind == "coreference_resolution":
        if variant == "other-person":
            owner = next(e.person for e in chain.events if e.value == target.value)
            pron = PRONOUNS[people[owner].gender][0]
            frame = rng.choice(OTHER_PERSON) + (rng.choice(WITH_ME) if passenger == owner else "")
            fill.update(who=first(owner), pron_cap=cap(pron))
        elif variant == "relation":
            rel, pron = next((r for r in situations.RELATIONS if f" {r[0]} " in " ".join(
                u.text for e in chain.events for u in e.lines)), situations.RELATIONS[0])
            frame = rng.choice(RELATION + OTHER_PERSON)
            fill.update(who=f"my {rel}", rel=rel, pron=pron, pron_cap=cap(pron), poss={"he": "his", "she": "her"}[pron])
            poss_a = PRONOUNS[people[target.person].gender][2]
            scene = rng.choice(RELATIVE_SCENES).format(asker=first(target.person), rel=rel, poss_a=poss_a)
            passenger = None
        elif variant == "theme":
            frame = rng.choice(THEME)
            fill["theme"] = target.alias or ""
        else:
            frame = rng.choice(EARLIER_STEP)
            fill.update(when=rng.choice(situations.CONDITIONS[target.condition or ""].rule),
                        step=step_words(target.offset or 0, DEVICES[api].unit))
    elif kind == "state_shift":
        state = situations.STATES[target.condition or ""]
        if variant == "recurs":
            frame = rng.choice(EARLIER)
            fill["when"] = rng.choice(("last time it happened", "the last time", "back then", "that time"))
            again = rng.choice(state[2])
            lead = rng.choice(AGAIN_LEADS).format(again=again, again_cap=cap(again))
        elif rng.random() < 0.3:
            end = rng.choice(state[1])
            leads = END_LEADS[:2] if " now" in end else END_LEADS  # no "now that ... now"
            lead = rng.choice(leads).format(end=end, end_cap=cap(end))
    elif kind in ("error_correction", "preference_conflict"):
        fill["when"] = rng.choice(SETTLED_WHEN)
        if variant == "step-on-corrected":
            frame = rng.choice(EARLIER_STEP)
            fill["step"] = step_words(target.offset or 0, DEVICES[api].unit)
    generic = variant in ("own", "rule", "usual", "absolute", "relative", "revert") and not lead
    if generic and rng.random() < GENERIC_USE.get(kind, 0.0):
        frame = rng.choice(GENERIC)
    if scene is None and kind not in ("conditional_constraint", "coreference_resolution") and rng.random() < 0.1:
        rel = rng.choice(situations.RELATIONS)[0]
        scene = rng.choice(RELATIVE_SCENES).format(asker=first(target.person), rel=rel,
                                                   poss_a=PRONOUNS[people[target.person].gender][2])
    if scene is None and kind != "conditional_constraint" and rng.random() < 0.4:
        scene = rng.choice(sorted(k for k, c in situations.CONDITIONS.items() if c.category != "company"))  # colour only
    request = frame.format(**fill)
    if not lead and rng.random() < 0.12:
        lead = rng.choice(GRUMBLES)
    if request.startswith("my "):
        request = cap(request)
    if lead:
        request = f"{lead} {request if lead.endswith('.') else lowered(request, {first(n) for n in people})}"
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
    backseat = {s for c in situations.CONDITIONS.values() if c.category == "company" for s in c.scene}
    if scene in situations.CONDITIONS:  # a scene for colour: the clock fits it too
        hours = situations.CONDITIONS[scene].hours
        scene = rng.choice(situations.CONDITIONS[scene].scene)
    hour, minute = rng.choice(hours), rng.choice((0, 5, 10, 15, 20, 30, 40, 45, 50))
    asker = first(target.person)
    gender = next(p.gender for p in group.people if p.name == target.person)
    fill = {"asker": asker, "errand": rng.choice(talk.ERRANDS), "poss_a": PRONOUNS[gender][2],
            "p": first(passenger) if passenger else ""}
    adjust = f"{asker} asked the car to {rng.choice(ADJUST)} {noun(target.setting, rng)}."
    if passenger is not None and chain.topic.startswith("driver-decides"):
        opening = f"{rng.choice(WITH).format(**fill)} {first(passenger)} told {asker}: '{request}' {adjust}"
    else:
        company = scene is not None and (scene in backseat or first(target.person) in scene)
        opening = rng.choice(WITH if passenger else DRIVING if company else ALONE).format(**fill)
        if scene:
            opening += " " + (scene if passenger else _alone(scene, gender))
        to = rng.choice(("the car", first(passenger))) if passenger else "the car"
        if passenger and first(passenger) in request:  # nobody asks a person for "the way <they> have it"
            to = "the car"
        said = rng.choice(SAID + (ASKED,) * request.endswith("?"))
        opening += " " + said.format(asker=asker, to=to, request=request)
        if to != "the car" and rng.random() < 0.4:
            opening += f" {adjust}"
    text = undouble(f"At {clock(f'{hour}:{minute:02d}')}, {opening}")
    return QAItem(chain=chain.id, reasoning_type=chain.reasoning_type, query=text, query_date=query_date,
                  gold_memory=gold_memory(chain, times, rng), new_answer=reference_answer(chain),
                  evidence=[e.id for e in chain.events])


def build(options: GenerateOptions, group: PersonaGroup, chains: ChainSet, timeline: Timeline,
          dialogue: Dialogue, revision: int = 0) -> QASet:
    times = event_lines(dialogue)
    dates = {q.chain: q.date for q in timeline.queries}
    items = [item(options, group, c, dates[c.id], times, revision=revision) for c in chains.chains if c.kind == "vehicle"]
    return QASet(group=group.group, items=items)
