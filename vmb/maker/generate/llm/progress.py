"""Progress of an LLM generation: answered requests per stage and a time estimate from measured speed.

A slow endpoint (a CPU server writes a few tokens a second) can take minutes per answer; the user
sees a line per stage (told to ``say``: ``vmb generate`` writes it with ``vmb.terminal.note``) at most every
``every`` seconds: requests answered of those planned, the
completion speed measured so far (answers from the cache not counted) and, once ``WARMUP``
requests have been answered, the time the remaining planned completion tokens need at that speed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

WARMUP = 2  # answered requests before a time estimate is given


@dataclass
class StageCount:
    planned_requests: int = 0
    planned_completion: int = 0
    requests: int = 0  # answered, cache hits included
    completion_tokens: int = 0


@dataclass
class GenerateProgress:
    stages: dict[str, StageCount]
    say: Callable[[str], None]
    every: float = 30.0
    _start: float | None = None
    _spent_tokens: int = 0  # completion tokens the endpoint wrote in this session (no cache hits)
    _answered: int = 0
    _last: float = 0.0

    @classmethod
    def planned(cls, plans: list[tuple[str, int, int]], say: Callable[[str], None],
                every: float = 30.0) -> GenerateProgress:
        """From (stage, requests, completion tokens) as ``vmb.maker.generate.estimate.estimate`` gives them."""
        return cls({stage: StageCount(requests, completion) for stage, requests, completion in plans}, say, every)

    def sent(self) -> None:
        if self._start is None:
            self._start = time.monotonic()

    def answered(self, stage: str, completion_tokens: int, *, cached: bool) -> None:
        count = self.stages.setdefault(stage, StageCount())
        count.requests += 1
        count.completion_tokens += completion_tokens
        if not cached:
            self._spent_tokens += completion_tokens
            self._answered += 1
        now = time.monotonic()
        if now - self._last >= self.every or self._answered == WARMUP:
            self._last = now
            self.say(self.line(stage, now))

    def speed(self, now: float) -> float | None:
        """Completion tokens per second of wall time in this session, once there is something to go by."""
        if self._start is None or self._answered < WARMUP or now <= self._start or not self._spent_tokens:
            return None
        return self._spent_tokens / (now - self._start)

    def line(self, stage: str, now: float) -> str:
        count = self.stages[stage]
        text = f"{stage}: {count.requests:,} of ~{count.planned_requests:,} planned requests answered"
        speed = self.speed(now)
        if speed is None:
            return text
        left = sum(max(c.planned_completion - c.completion_tokens, 0) for c in self.stages.values())
        return (f"{text}; {speed:.1f} completion tokens/s measured, about {_duration(left / speed)} left "
                f"for ~{left:,} planned completion tokens")


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
