"""Procedural dialogue: each day's events embedded among filler talk, to the configured size.

The days of a history are the days that hold at least one event. Filler lines are shared out
over the days (with some jitter) so the group's history has exactly ``history_lines`` lines
(unless its events alone need more). A day is a few sessions (one per event, more when a day's
lines would not fit in an hour); lines of a session are about 30 seconds apart, so every line of
a day keeps the clock moving forward. Filler is topical threads between the occupants
(``talk.py``): their interests, work, families and plans; now and then someone mentions a device
of the car without any value (talk that is not a preference).
"""

from __future__ import annotations

from random import Random

from vmb.maker.generate.plan.options import GenerateOptions, rng_for
from vmb.maker.generate.plan.timeline import share
from vmb.maker.generate.procedural.speech import Words, undouble
from vmb.maker.generate.procedural.talk import Talk
from vmb.maker.generate.schemas import ChainSet, Dialogue, DialogueDay, Event, Line, PersonaGroup, Timeline
from vmb.maker.generate.settings import settings
from vmb.maker.generate.words.devices import name

Said = tuple[str, str, "str | None"]  # speaker, text, the event the line embeds
MAX_SESSION_LINES = 98  # two lines a minute within one clock hour
HOURS = tuple(range(7, 22))


# How often a block of talk is about a device of the car, and how often it says a value.
CAR_TALK_USE, VALUED_USE = 0.08, 0.35


class _Devices:
    """The group's devices as its talk names them: an everyday name, and now and then a value from
    the setting's range that no answer of the group takes (so no answer is stated by talk)."""

    def __init__(self, group: PersonaGroup, chains: ChainSet, rng: Random) -> None:
        self.rng = rng
        self.words = Words(group, rng)
        targets = [c.target for c in chains.chains if c.target is not None]
        self.apis = [t.setting for t in targets]
        self.taken = {str(v) for t in targets for call in t.calls for v in call["args"].values()}

    def __bool__(self) -> bool:
        return bool(self.apis)

    def talk(self, threads: Talk) -> list[tuple[str, str]]:
        speaker, listener = self.rng.sample(threads.people, 2)
        api = self.rng.choice(self.apis)
        setting = settings()[api]
        values = [v for v in setting.domain if str(v) not in self.taken] if setting.kind != "text" else []
        setp = self.words.setp(api, self.rng.choice(values), literal_only=True) \
            if values and self.rng.random() < VALUED_USE else None
        return threads.car_talk(name(api, self.rng), speaker, listener, setp)


def _session_lines(events: list[Event], filler: int, threads: Talk, devices: _Devices, rng: Random, hour: int) -> list[Said]:
    blocks: list[list[Said]] = []
    while filler > 0:
        said = devices.talk(threads) if devices and filler > 1 and rng.random() < CAR_TALK_USE else threads.thread(filler, hour)
        block: list[Said] = [(speaker, text, None) for speaker, text in said]
        filler -= len(block)
        blocks.append(block)
    for event in events:
        lines: list[Said] = [(u.speaker, u.text, event.id) for u in event.lines]
        blocks.insert(rng.randint(0, len(blocks)), lines)
    return [line for block in blocks for line in block]


def _timed(lines: list[Said], hour: int, rng: Random) -> list[Line]:
    start = rng.randint(0, 8)
    step = min(0.5, (59 - start) / max(len(lines), 1))  # two lines a minute, closer when a session is long
    return [Line(time=f"{hour:02d}:{start + int(i * step):02d}", speaker=speaker, text=undouble(text), event=event)
            for i, (speaker, text, event) in enumerate(lines)]


def build(options: GenerateOptions, group: PersonaGroup, chains: ChainSet, timeline: Timeline,
          revision: int = 0) -> Dialogue:
    rng = rng_for(options, group.group, "dialogue", revision=revision)
    threads = Talk(group, rng)
    devices = _Devices(group, chains, rng)
    event_by_id = {e.id: e for c in chains.chains for e in c.events}
    by_day: dict[str, list[Event]] = {}
    for placed in timeline.events:
        by_day.setdefault(placed.date, []).append(event_by_id[placed.event])
    days = sorted(by_day)
    event_lines = sum(len(e.lines) for e in event_by_id.values())
    filler_per_day = share(max(0, options.history_lines - event_lines), len(days), rng)
    out: list[DialogueDay] = []
    for day, filler in zip(days, filler_per_day):
        events = by_day[day]
        total = filler + sum(len(e.lines) for e in events)
        sessions = min(len(HOURS), max(len(events), -(-total // MAX_SESSION_LINES)))
        hours = sorted(rng.sample(HOURS, sessions))
        groups: list[list[Event]] = [[] for _ in range(sessions)]
        for index, event in enumerate(events):
            groups[index % sessions].append(event)
        fillers = share(filler, sessions, rng)
        lines: list[Line] = []
        for hour, session_events, session_filler in zip(hours, groups, fillers):
            lines += _timed(_session_lines(session_events, session_filler, threads, devices, rng, hour), hour, rng)
        out.append(DialogueDay(date=day, lines=lines))
    return Dialogue(group=group.group, days=out)
