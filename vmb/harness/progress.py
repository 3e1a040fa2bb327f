"""Progress: a bar on a terminal, a line every so often in logs, and notice of slow requests.

The bar shows queries done, errors, tokens, requests and cache hits, memory builds (groups built,
and while one runs the days of history read and the time left). Without a terminal (a log file, a batch
job) nothing would be shown for many minutes, so ``every`` seconds a plain line with the same figures goes
to the caller's ``say`` (the command's ``vmb.terminal.note``) instead. A request running for more than
``slow_after`` seconds is named either way; replies cut off repeating themselves are counted and said
to be a loop (a slow request alone is not one).

A memory build's time left is measured, never assumed: once the first day of history is read, ``say``
hears how long it took and what that pace makes of the days left; after that each line carries the
time left, the longest of the running builds' days left at each one's own pace so far (builds run side
by side, sharing the endpoint). ``say`` also hears each build's health check (``vmb.memory.health``).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from vmb.llm.client import ClientStats
from vmb.results.record import QueryRecord


@dataclass
class _Build:
    """One memory build as the progress follows it."""

    days: int
    started: float  # time.monotonic() at its start
    read: int = 0
    ended: bool = False


def duration(seconds: float) -> str:
    """``45 s``, ``34 min``, ``2 h 5 min``: a time left, as rounded as an estimate is."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 120 else f"{minutes // 60} h {minutes % 60} min"


class Progress:
    def __init__(self, total: int, builds: int, *, enabled: bool | None, every: float = 60.0,
                 slow_after: float = 60.0, say: Callable[[str], None] | None = None) -> None:
        from tqdm import tqdm

        self.stats = ClientStats()
        self.total = total
        self.done = 0
        self.errors = 0
        self.builds_total = builds
        self.builds_done = 0
        self.days_total = 0  # days of history the builds started so far read, one model round or ingest each
        self.days_done = 0
        self._builds: list[_Build] = []
        self.every = every
        self.slow_after = slow_after
        self._say = say
        # enabled=None: tqdm decides (shown on a terminal, silent in logs and tests).
        self._bar = tqdm(total=total, unit="query", dynamic_ncols=True, disable=None if enabled is None else not enabled)
        self._ticker: asyncio.Task[None] | None = None
        self._refresh()

    def query_done(self, record: QueryRecord) -> None:
        self.done += 1
        self.errors += not record.ok
        self._bar.update(1)
        self._refresh()

    def build_done(self, group: int | None = None, warnings: Sequence[str] = ()) -> None:
        """A group's memory is ready (built now or found built); ``warnings``: its health check's, said here."""
        self.builds_done += 1
        for warning in warnings:
            self.tell(f"warning: the memory built for group {group}: {warning}; its queries run on it as it is "
                      "(the run's memory_build.warnings in metric.json)")
        self._refresh()

    def build_started(self, days: int) -> int:
        """A memory build of ``days`` days of history starts (a build found in the store never does); its number."""
        self.days_total += days
        self._builds.append(_Build(days, time.monotonic()))
        self._refresh()
        return len(self._builds) - 1

    def build_day(self, build: int) -> None:
        self.days_done += 1
        self._builds[build].read += 1
        if self.days_done == 1:
            first = self._builds[build]
            seconds = time.monotonic() - first.started
            left = self.build_left()
            self.tell(f"memory build: the first day of history took {seconds:.1f} s; at that pace the "
                      f"{self.days_total - 1} day(s) left take about {duration(left or 0)} (measured on this "
                      "endpoint; progress lines carry the time left)")
        self._refresh()

    def build_ended(self, build: int, unread: int) -> None:
        self.days_done += unread
        self._builds[build].ended = True
        self._refresh()

    def build_left(self, now: float | None = None) -> float | None:
        """Seconds until the running builds are done: the longest of their days left, each at its own pace so
        far (one that has read no day yet at the mean pace of the others); None before any day is read."""
        now = time.monotonic() if now is None else now
        running = [b for b in self._builds if not b.ended]
        timed = [b for b in running if b.read]
        if not timed:
            return None
        mean = sum(now - b.started for b in timed) / sum(b.read for b in timed)
        return max(((b.days - b.read) * ((now - b.started) / b.read if b.read else mean) for b in running),
                   default=0.0)

    def tell(self, line: str) -> None:
        """A line for the caller's ``say`` (nothing without one)."""
        if self._say is not None:
            self._say(line)

    def slow(self) -> tuple[int, float]:
        """How many requests have been running longer than ``slow_after``, and the longest's seconds."""
        now = time.monotonic()
        ages = [now - started for started in self.stats.in_flight.values()]
        slow = [age for age in ages if age > self.slow_after]
        return len(slow), max(slow, default=0.0)

    def figures(self) -> dict[str, Any]:
        s = self.stats
        shown: dict[str, Any] = {
            "errors": self.errors,
            "tokens": f"{s.usage.tokens / 1000:.1f}k",
            "requests": s.usage.requests,
            "cached": s.cache_hits,
        }
        if self.builds_total:
            left = self.build_left()
            shown["memory"] = f"{self.builds_done}/{self.builds_total}" + (
                f" (day {self.days_done}/{self.days_total}" + ("" if left is None else f", about {duration(left)} left")
                + ")" if self.days_total > self.days_done else "")
        count, longest = self.slow()
        if count:
            shown["slow"] = f"{count} (longest {longest:.0f} s)"
        if s.repeating:
            shown["repeating"] = s.repeating
        return shown

    def line(self) -> str:
        """The plain progress line written to logs.

        A slow request is named as slow, nothing more: on a busy CPU a long prompt alone takes minutes.
        "Repeating itself" is said only once a reply was cut off at the token limit repeating one call
        or one run of text (``vmb.llm.repetition``), the evidence of a loop.
        """
        figures = ", ".join(f"{k} {v}" for k, v in self.figures().items())
        queries = f"{self.done}/{self.total} queries, " if self.total else ""  # vmb memory ingest runs none
        line = f"progress: {queries}{figures}"
        count, longest = self.slow()
        if count:
            line += (f"; {count} request(s) running for over {self.slow_after:.0f} s (longest {longest:.0f} s); "
                     "--timeout bounds each request")
        if self.stats.repeating:
            line += (f"; {self.stats.repeating} reply(ies) cut off at --max-tokens repeating themselves: the model "
                     "is repeating itself until the limit; a lower --max-tokens ends such replies sooner")
        return line

    def _refresh(self) -> None:
        self._bar.set_postfix(self.figures(), refresh=False)

    async def _tick(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            if self._bar.disable:
                if self._say is not None:
                    self._say(self.line())
            else:
                self._refresh()
                self._bar.refresh()

    def start(self) -> None:
        """Report every ``every`` seconds from now on (within the running event loop); 0 never."""
        if self.every > 0:
            self._ticker = asyncio.get_running_loop().create_task(self._tick())

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        if self._ticker is not None:
            self._ticker.cancel()
        self._bar.close()
