"""Temporal interleaving (shared by both backends): every event of every chain gets a day.

Each chain starts on a day drawn over a window of the history; its next events follow after gaps
drawn uniformly between half and one and a half times ``delay_days`` (at least one day), so the
mean gap between consecutive events of a chain is ``delay_days`` up to sampling. Chains overlap
freely: one day can hold events of several chains. A query comes 1 to 14 days after the last
event of its chain. The exact mean gap of a benchmark is read back from its metadata by
``vmb stats``.
"""

from __future__ import annotations

from datetime import date, timedelta
from random import Random

from vmb.maker.generate.plan.options import GenerateOptions, rng_for
from vmb.maker.generate.schemas import ChainSet, EventDate, QueryDate, Timeline

# Chains start within this many days of the group's first day, so histories span a few months.
START_WINDOW_DAYS = 90


def build(options: GenerateOptions, chains: ChainSet, revision: int = 0) -> Timeline:
    rng = rng_for(options, chains.group, "timeline", revision=revision)
    first_day = date.fromisoformat(options.start_date) + timedelta(days=rng.randint(0, 20))
    events: list[EventDate] = []
    queries: list[QueryDate] = []
    for chain in chains.chains:
        day = first_day + timedelta(days=rng.randint(0, START_WINDOW_DAYS))
        for index, event in enumerate(chain.events):
            if index:
                day += timedelta(days=max(1, round(rng.uniform(0.5, 1.5) * options.delay_days)))
            events.append(EventDate(event=event.id, date=day.isoformat()))
        if chain.kind == "vehicle":
            queries.append(QueryDate(chain=chain.id, date=(day + timedelta(days=rng.randint(1, 14))).isoformat()))
    return Timeline(group=chains.group, events=events, queries=queries)


def chain_gaps(dates: list[str]) -> list[int]:
    """Days between consecutive events of one chain, in chain order."""
    days = [date.fromisoformat(d) for d in dates]
    return [(b - a).days for a, b in zip(days, days[1:])]


def share(total: int, count: int, rng: Random) -> list[int]:
    """``total`` split into ``count`` jittered non-negative parts that add up exactly."""
    weights = [rng.uniform(0.6, 1.4) for _ in range(count)]
    scale = total / sum(weights)
    parts = [int(w * scale) for w in weights]
    for index in rng.sample(range(count), total - sum(parts)):
        parts[index] += 1
    return parts


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
