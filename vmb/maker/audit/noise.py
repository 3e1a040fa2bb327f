"""The audit's noise floor: how many shortcut-baseline scores two benchmarks drawn alike differ by
beyond the targets by chance alone.

A benchmark of 50 groups is one sample: a baseline's ESM on its 62 corrections moves by about six
points from one draw of groups to another. Two draws of the *same* benchmark (its groups resampled
with replacement, twice, independently) stand for two benchmarks made by one process; counting the
scores on which they differ beyond ``report.TOLERANCE`` says how many such scores a benchmark beside
the reference would show even if it were made exactly as the reference was. A count of the same
size is noise; one well above it is a difference in how the benchmarks are made.

The two draws have the sizes of the two benchmarks compared: one as many groups as the audited
benchmark holds, one as many as the reference. A benchmark of 5 groups moves about three times as
far by chance as one of 50, so its floor is drawn at 5 groups, never at the reference's 50.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from random import Random

from vmb.data import REASONING_TYPES
from vmb.score import TaskScore

DRAWS = 200  # pairs of resamples: the mean count is then known to about ±0.5


@dataclass(frozen=True)
class NoiseFloor:
    draws: int  # pairs of group resamples compared
    groups: int  # the size of the first draw of each pair: the audited benchmark's group count
    mean: float  # scores outside the targets, on the mean over the pairs
    median: float
    none: float  # share of the pairs with no score outside

    def to_json(self) -> dict[str, float]:
        return asdict(self)


# baseline → group → scope → (exact matches, queries)
GroupCounts = dict[str, dict[str, dict[str, tuple[int, int]]]]


def _group_of(task_id: str) -> str:
    return task_id.split("#")[0]


def group_counts(scores: Mapping[str, Sequence[TaskScore]], scopes: Sequence[str]) -> GroupCounts:
    """Each baseline's exact matches and queries per group and scope: what a resample draws. Each scope a reasoning type counts that type's queries; any other scope (the tables' "all")
    counts every query."""
    counts: GroupCounts = {}
    for baseline, task_scores in scores.items():
        groups = counts.setdefault(baseline, {})
        for score in task_scores:
            held = groups.setdefault(_group_of(score.task_id or ""), {})
            for scope in scopes:
                if scope in REASONING_TYPES and scope != score.reasoning_type:
                    continue
                hits, total = held.get(scope, (0, 0))
                held[scope] = (hits + int(score.exact_match), total + 1)
    return counts


def _esm(groups: dict[str, dict[str, tuple[int, int]]], drawn: Sequence[str], scope: str) -> float | None:
    hits = total = 0
    for group in drawn:
        h, t = groups[group].get(scope, (0, 0))
        hits, total = hits + h, total + t
    return 100 * hits / total if total else None


def noise_floor(counts: GroupCounts, tolerance: Mapping[str, float], size: int | None = None,
                draws: int = DRAWS, seed: int = 0) -> NoiseFloor | None:
    """For each of ``draws`` pairs of independent resamples of the benchmark's groups (``counts``, from
    ``group_counts``), one of ``size`` groups (default: as many as it has) and one of as many as it has,
    the number of baseline scores (overall and per type, the scopes of ``tolerance``) on which the two
    differ by more than their tolerance; None for fewer than two groups (nothing to resample)."""
    groups = sorted({g for per in counts.values() for g in per})
    if len(groups) < 2 or not counts:
        return None
    first_size = size if size is not None else len(groups)
    if first_size < 1:
        raise ValueError(f"a noise floor at {first_size} groups: a benchmark has at least one")
    rng = Random(seed)
    outside = []
    for _ in range(draws):
        first = [rng.choice(groups) for _ in range(first_size)]
        second = [rng.choice(groups) for _ in groups]
        found = 0
        for per_group in counts.values():
            for scope, allowed in tolerance.items():
                a, b = _esm(per_group, first, scope), _esm(per_group, second, scope)
                found += a is not None and b is not None and abs(a - b) > allowed
        outside.append(found)
    return NoiseFloor(draws, first_size, statistics.mean(outside), statistics.median(outside),
                      sum(n == 0 for n in outside) / draws)
