"""The knobs of a generation run (issue 8, section 5), validated and recorded in every artifact.

Every option has a default that reproduces the release's shape: 3 occupants, 20 background and
10 vehicle chains per group (one query per vehicle chain), about 2,700 history lines, a mean delay
of about 23 days between consecutive events of a chain, the release's reasoning-type shares.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import asdict, dataclass, field
from datetime import date
from random import Random
from typing import Any

from vmb.bounds import number_problem
from vmb.data import REASONING_TYPES
from vmb.data.locate import RELEASE_GROUPS
from vmb.errors import OptionError
from vmb.paper import read_table


def release_type_shares() -> dict[str, float]:
    """Each reasoning type's share of the release's queries, in percent, as the paper's Table 4 prints it."""
    return {row["name"]: float(row["share"]) for row in read_table("table4_distribution")
            if row["kind"] == "reasoning_type"}


BACKENDS = ("procedural", "llm")
# Events of a chain are at most this many days apart on average; with the latest start below, every
# date of a history (and of its queries) stays within four-digit years.
MAX_DELAY_DAYS = 365.0
LATEST_START = date(9899, 12, 31)



@dataclass(frozen=True)
class GenerateOptions:
    groups: int = RELEASE_GROUPS  # number of groups (one history and one QA file each)
    seed: int = 1  # every random choice derives from it: same seed, same bytes
    people: int = 3  # occupants per group (main speakers)
    history_lines: int = 2700  # target dialogue lines per group (filler talk fills up to it)
    background_chains: int = 20  # event chains per group unrelated to the vehicle
    vehicle_chains: int = 10  # vehicle-preference chains per group, one query each
    conflict_density: int = 2  # occupants who voice a value for the setting of a preference conflict
    delay_days: float = 23.0  # mean days between consecutive events of one chain
    type_shares: dict[str, float] = field(default_factory=release_type_shares)
    start_date: str = "2025-03-01"  # first possible day of a history
    backend: str = "procedural"
    # The LLM backend's endpoint, per-stage models and temperatures, prompt hashes (never a key):
    # part of the digest, so a directory is not resumed with another model or edited prompts.
    llm: dict[str, Any] | None = None

    def __post_init__(self) -> None:
        for name, low in (("groups", 1), ("people", 2), ("history_lines", 1), ("vehicle_chains", 1),
                          ("background_chains", 0), ("conflict_density", 2), ("seed", -math.inf)):
            problem = number_problem(f"--{name.replace('_', '-')}", getattr(self, name), low, whole=True,
                                     required=True)
            if problem is not None:
                raise OptionError(problem + (" (a group shares a car)" if name == "people" else ""))
        if self.conflict_density > self.people:
            raise OptionError(f"--conflict-density must be between 2 and --people ({self.people}), "
                              f"got {self.conflict_density}")
        problem = number_problem("--delay-days", self.delay_days, 1, high=MAX_DELAY_DAYS, required=True)
        if problem is not None:
            raise OptionError(problem)
        if not isinstance(self.type_shares, dict):
            raise OptionError(f"--type-shares must be TYPE=SHARE pairs, got {self.type_shares!r}")
        unknown = set(self.type_shares) - set(REASONING_TYPES)
        if unknown:
            raise OptionError(f"--type-shares: unknown reasoning type(s) {', '.join(sorted(unknown))}; "
                              f"known: {', '.join(REASONING_TYPES)}")
        for name, share in self.type_shares.items():
            problem = number_problem(f"--type-shares {name}", share, 0, required=True)
            if problem is not None:
                raise OptionError(problem)
        if not 0 < sum(self.type_shares.values()) < math.inf:
            raise OptionError("--type-shares must not be all zero, and must add up to a finite number")
        self._check_answer_space()
        if (self.backend == "llm") != (self.llm is not None):
            raise OptionError("--backend llm needs its endpoint settings (and only it takes them)")
        if self.backend not in BACKENDS:
            raise OptionError(f"--backend must be one of {', '.join(BACKENDS)}, got {self.backend!r}")
        try:
            start = date.fromisoformat(self.start_date)
        except (TypeError, ValueError):
            raise OptionError(f"--start-date must be YYYY-MM-DD, got {self.start_date!r}") from None
        if start > LATEST_START:
            raise OptionError(f"--start-date must be {LATEST_START} or earlier (the history and its queries "
                              f"follow it for years at most --delay-days {MAX_DELAY_DAYS:g}), got {self.start_date}")

    def _check_answer_space(self) -> None:
        """Vehicle chains of a group need settings of their own device family (the procedural
        content's, which both backends draft from); a conflict of more voices than a setting has
        values is made on settings that have enough."""
        from vmb.maker.generate.words.devices import families

        count = len(families())
        if self.vehicle_chains > count:
            raise OptionError(f"--vehicle-chains must be at most {count} (one setting each, from {count} device "
                              f"families of the simulator), got {self.vehicle_chains}")

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def digest(self) -> str:
        """Hash of the options: a directory made with other options is not resumed with these."""
        text = json.dumps(self.to_json(), sort_keys=True)
        return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GenerateOptions:
        return cls(**data)


def parse_type_shares(text: str) -> dict[str, float]:
    """``"preference_conflict=40,state_shift=60"`` → shares; types left out get share 0."""
    shares = {t: 0.0 for t in REASONING_TYPES}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, sep, value = part.partition("=")
        if not sep:
            raise OptionError(f"--type-shares: expected TYPE=SHARE, got {part!r}")
        try:
            shares[name.strip()] = float(value)
        except ValueError:
            raise OptionError(f"--type-shares: {value!r} is not a number (in {part!r})") from None
    return shares


def type_counts(options: GenerateOptions) -> list[str]:
    """The reasoning type of every query of the run, in a seed-independent order.

    The counts follow the shares by largest remainder over all ``groups * vehicle_chains``
    queries, so the shares hold for the whole benchmark rather than only on average.
    """
    total = options.groups * options.vehicle_chains
    weight = sum(options.type_shares.get(t, 0.0) for t in REASONING_TYPES)
    exact = {t: total * options.type_shares.get(t, 0.0) / weight for t in REASONING_TYPES}
    counts = {t: int(v) for t, v in exact.items()}
    by_remainder = sorted(REASONING_TYPES, key=lambda t: (-(exact[t] - counts[t]), REASONING_TYPES.index(t)))
    for t in by_remainder[: total - sum(counts.values())]:
        counts[t] += 1
    return [t for t in REASONING_TYPES for _ in range(counts[t])]


def group_types(options: GenerateOptions, group: int) -> list[str]:
    """The reasoning types of one group's vehicle chains, in chain order (a seeded deal of
    :func:`type_counts`, so every stage and backend agrees on it)."""
    deck = type_counts(options)
    Random(f"{options.seed}:types").shuffle(deck)
    size = options.vehicle_chains
    return deck[(group - 1) * size: group * size]


def rng_for(options: GenerateOptions, group: int, stage: str, *more: object, revision: int = 0) -> Random:
    """The random source of one stage of one group: independent of every other group and stage,
    so a resumed run draws exactly what an uninterrupted one would. ``revision`` counts how often a
    reviewer rejected the group's stage; revision 0 draws what it always drew."""
    parts = (options.seed, group, stage, *more) + ((f"revision{revision}",) if revision else ())
    return Random(":".join(map(str, parts)))
