"""Procedural dialogue: each day's events embedded among filler talk, to the configured size.

The days of a history are the days that hold at least one event. Filler lines are shared out
over the days (with some jitter) so the group's history has exactly ``history_lines`` lines
(unless its events alone need more). A day is a few sessions (one per event, more when a day's
lines would not fit in an hour); lines of a session are about 30 seconds apart, so every line of
a day keeps the clock moving forward. Filler is short exchanges between two occupants about their
interests, friends and plans, never about the car's settings.
"""

from __future__ import annotations

from random import Random

from vmb.generate.options import GenerateOptions, rng_for
from vmb.generate.procedural import pools
from vmb.generate.procedural.personas import _faker
from vmb.generate.schemas import ChainSet, Dialogue, DialogueDay, Event, Line, PersonaGroup, Timeline

Said = tuple[str, str, "str | None"]  # speaker, text, the event the line embeds
MAX_SESSION_LINES = 98  # two lines a minute within one clock hour
HOURS = tuple(range(7, 22))


class _Filler:
    def __init__(self, group: PersonaGroup, rng: Random) -> None:
        fake = _faker()
        fake.seed_instance(rng.getrandbits(48))  # type: ignore[attr-defined]
        self.rng = rng
        self.people = group.people
        self.slots = {
            "name": [fake.first_name() for _ in range(12)],  # type: ignore[attr-defined]
            "company": [fake.company() for _ in range(8)],  # type: ignore[attr-defined]
            "place": [fake.city() for _ in range(8)] + [p.home for p in group.people],  # type: ignore[attr-defined]
        }

    def exchange(self, size: int) -> list[Said]:
        """Up to ``size`` lines (at least one) of talk between two occupants."""
        rng = self.rng
        a, b = rng.sample(self.people, 2)
        topic = rng.choice(a.interests + b.interests)
        fill = {"topic": topic, **{k: rng.choice(v) for k, v in self.slots.items()}}
        parts = [(a, pools.OPENERS), (b, pools.RESPONSES), (a, pools.FOLLOWUPS), (b, pools.CLOSERS)]
        length = min(size, rng.choice((2, 3, 4, 4)))
        chosen = parts[:length] if length > 1 else parts[-1:]
        return [(who.name, rng.choice(table).format(**fill), None) for who, table in chosen]


def share(total: int, count: int, rng: Random) -> list[int]:
    """``total`` split into ``count`` jittered non-negative parts that add up exactly."""
    weights = [rng.uniform(0.6, 1.4) for _ in range(count)]
    scale = total / sum(weights)
    parts = [int(w * scale) for w in weights]
    for index in rng.sample(range(count), total - sum(parts)):
        parts[index] += 1
    return parts


def _session_lines(events: list[Event], filler: int, talk: _Filler, rng: Random) -> list[Said]:
    blocks: list[list[Said]] = []
    while filler > 0:
        block = talk.exchange(filler)
        filler -= len(block)
        blocks.append(block)
    for event in events:
        lines: list[Said] = [(u.speaker, u.text, event.id) for u in event.lines]
        blocks.insert(rng.randint(0, len(blocks)), lines)
    return [line for block in blocks for line in block]


def _timed(lines: list[Said], hour: int, rng: Random) -> list[Line]:
    start = rng.randint(0, 8)
    step = min(0.5, (59 - start) / max(len(lines), 1))  # two lines a minute, closer when a session is long
    return [Line(time=f"{hour:02d}:{start + int(i * step):02d}", speaker=speaker, text=text, event=event)
            for i, (speaker, text, event) in enumerate(lines)]


def build(options: GenerateOptions, group: PersonaGroup, chains: ChainSet, timeline: Timeline,
          revision: int = 0) -> Dialogue:
    rng = rng_for(options, group.group, "dialogue", revision=revision)
    talk = _Filler(group, rng)
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
            lines += _timed(_session_lines(session_events, session_filler, talk, rng), hour, rng)
        out.append(DialogueDay(date=day, lines=lines))
    return Dialogue(group=group.group, days=out)


def day_sizes(options: GenerateOptions, chains: ChainSet, timeline: Timeline) -> dict[str, int]:
    """Lines each history day should have (its events' lines plus its share of the filler), for a
    backend that writes whole days at once."""
    lines_of = {e.id: len(e.lines) for c in chains.chains for e in c.events}
    by_day: dict[str, int] = {}
    for placed in timeline.events:
        by_day[placed.date] = by_day.get(placed.date, 0) + lines_of[placed.event]
    days = sorted(by_day)
    filler = share(max(0, options.history_lines - sum(by_day.values())), len(days),
                   rng_for(options, chains.group, "dialogue-sizes"))
    return {day: by_day[day] + extra for day, extra in zip(days, filler)}
