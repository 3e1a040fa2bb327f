"""What a speed suite takes and gives (``bench.SUITES`` names the suites): its own module, so the
suites import it, never the registry that loads them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class BenchOptions:
    rounds: int = 3
    data: str | None = None  # benchmark directory, as ``vmb.data.resolve_data_dir`` takes it
    conformance: Path | None = None  # conformance records; the shipped copy when None
    reference: Path | None = None  # a checkout of the reference release, timed beside us where a suite can


@dataclass(frozen=True)
class SuiteResult:
    suite: str
    tasks: int  # tasks per round
    seconds: float  # best round
    rounds: int
    target: float | None = None  # tasks/s the suite should reach
    baseline: str | None = None  # what the figure compares with, for the reader
    details: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.tasks / self.seconds if self.seconds > 0 else float("inf")

    @property
    def meets_target(self) -> bool | None:
        return None if self.target is None else self.rate >= self.target
