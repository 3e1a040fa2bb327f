"""How far to trust a number: repeated trials, group-bootstrap intervals, paired tests.

Trials. A query run n times with c passes has pass^k = C(c,k)/C(n,k), the probability that k trials
drawn without replacement all pass (tau2-bench's definition), and pass@k = 1 - C(n-c,k)/C(n,k), the
probability that at least one does. Both are averaged over queries.

Intervals. The 10 queries of a group share one dialogue history, so they are not independent draws:
a bootstrap that resampled queries would understate the spread. ``group_bootstrap`` resamples whole
groups with replacement, recomputes the mean over the queries of the drawn groups, and reports the
2.5th and 97.5th percentiles (numpy's default linear interpolation) of ``RESAMPLES`` resamples from a
generator seeded with ``SEED``, so the same data always gives the same interval. With fewer than
``MIN_GROUPS`` groups there is no interval (every resample draws the one group: a zero width that
says nothing), and every view prints ``n/a`` for it.

Paired comparison. On the queries two runs both scored, ``paired_bootstrap`` resamples groups of
per-query differences; ``mcnemar_exact`` is the exact two-sided binomial test on the discordant
pairs (queries only one run solves), computed with integer binomial coefficients.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from typing import Protocol, TypeVar

import numpy as np

SEED = 20260323
RESAMPLES = 2000
CONFIDENCE = 0.95
MIN_GROUPS = 2  # groups a bootstrap needs to have any spread to resample
METHOD = f"group bootstrap ({RESAMPLES} resamples of whole groups, percentile interval, seed {SEED})"


def pass_hat_k(passes: int, trials: int, k: int) -> float:
    """Probability that k of the n trials, drawn without replacement, all pass."""
    _check_counts(passes, trials, k)
    return comb(passes, k) / comb(trials, k)


def pass_at_k(passes: int, trials: int, k: int) -> float:
    """Probability that at least one of k of the n trials, drawn without replacement, passes."""
    _check_counts(passes, trials, k)
    return 1.0 - comb(trials - passes, k) / comb(trials, k)


def _check_counts(passes: int, trials: int, k: int) -> None:
    if not 0 <= passes <= trials:
        raise ValueError(f"passes must be between 0 and the number of trials, got {passes} of {trials}")
    if not 1 <= k <= trials:
        raise ValueError(f"k must be between 1 and the number of trials ({trials}), got {k}")


def pass_curves(outcomes: Sequence[Sequence[bool]]) -> dict[str, list[float]]:
    """Mean pass^k and pass@k over queries for k = 1..n, where n is the fewest trials any query has.

    Each element of ``outcomes`` is one query's pass/fail per trial. Values are fractions in [0, 1].
    """
    if not outcomes:
        return {"pass_hat_k": [], "pass_at_k": []}
    most = min(len(o) for o in outcomes)
    hat = [sum(pass_hat_k(sum(o), len(o), k) for o in outcomes) / len(outcomes) for k in range(1, most + 1)]
    at = [sum(pass_at_k(sum(o), len(o), k) for o in outcomes) / len(outcomes) for k in range(1, most + 1)]
    return {"pass_hat_k": hat, "pass_at_k": at}


@dataclass(frozen=True)
class Interval:
    """A point estimate with its interval (same units as the values, e.g. percent)."""

    value: float
    low: float
    high: float

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def to_json(self, digits: int = 2) -> dict[str, float]:
        return {"low": round(self.low, digits), "high": round(self.high, digits)}


def _group_arrays(values: Sequence[float], groups: Sequence[int | str]) -> tuple[np.ndarray, np.ndarray]:
    if len(values) != len(groups):
        raise ValueError(f"{len(values)} values but {len(groups)} group labels")
    labels = sorted(set(groups), key=str)
    index = {label: i for i, label in enumerate(labels)}
    sums = np.zeros(len(labels))
    counts = np.zeros(len(labels))
    for value, group in zip(values, groups):
        sums[index[group]] += value
        counts[index[group]] += 1
    return sums, counts


def group_bootstrap(values: Sequence[float], groups: Sequence[int | str], *, resamples: int = RESAMPLES,
                    seed: int = SEED, confidence: float = CONFIDENCE) -> Interval | None:
    """The mean of ``values`` with a percentile interval from resampling whole groups.

    ``groups[i]`` is the group of ``values[i]``. None when there are no values or fewer than
    ``MIN_GROUPS`` groups (no interval to give).
    """
    if not values:
        return None
    sums, counts = _group_arrays(values, groups)
    if len(sums) < MIN_GROUPS:
        return None
    rng = np.random.default_rng(seed)
    drawn = rng.integers(0, len(sums), size=(resamples, len(sums)))
    means = sums[drawn].sum(axis=1) / counts[drawn].sum(axis=1)
    tail = (1 - confidence) / 2
    low, high = np.quantile(means, [tail, 1 - tail])
    return Interval(float(sums.sum() / counts.sum()), float(low), float(high))


def paired_bootstrap(a: Mapping[str, float], b: Mapping[str, float], groups: Mapping[str, int | str], *,
                     resamples: int = RESAMPLES, seed: int = SEED) -> Interval | None:
    """Mean of a - b over the keys both hold, with a group-bootstrap interval on the difference
    (None as ``group_bootstrap``: no shared key, or fewer than ``MIN_GROUPS`` groups)."""
    shared = sorted(set(a) & set(b))
    return group_bootstrap([a[k] - b[k] for k in shared], [groups[k] for k in shared],
                           resamples=resamples, seed=seed)


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """Two-sided exact McNemar p-value from the discordant counts (a binomial test at p = 1/2)."""
    if only_a < 0 or only_b < 0:
        raise ValueError("discordant counts cannot be negative")
    n = only_a + only_b
    if n == 0:
        return 1.0
    tail = sum(comb(n, i) for i in range(min(only_a, only_b) + 1))
    return min(1.0, 2 * tail / 2**n)


class TrialScore(Protocol):
    """One scored attempt at a query: what the trial figures need of a row (``QueryRow`` fits)."""

    @property
    def id(self) -> str: ...  # the query's id
    @property
    def group(self) -> int: ...
    @property
    def trial(self) -> int: ...
    @property
    def exact_match(self) -> bool | None: ...  # passed


Score = TypeVar("Score", bound=TrialScore)


def trial_figures(scores: Sequence[Score], interval_values: Mapping[str, Callable[[Score], float]]) -> dict[str, object]:
    """The 95% interval of each of ``interval_values`` (name → a per-attempt value, 0..1, shown in
    percent), each trial's ESM, and pass^k / pass@k (percent).

    A query's value is its mean over the trials it has; the intervals resample groups of those
    (None with fewer than 2 groups).
    """
    by_query: dict[str, list[Score]] = {}
    for score in scores:
        by_query.setdefault(score.id, []).append(score)
    queries = sorted(by_query)
    groups = [by_query[q][0].group for q in queries]
    intervals: dict[str, dict[str, float] | None] = {}
    for metric, value in interval_values.items():
        values = [100 * sum(value(s) for s in by_query[q]) / len(by_query[q]) for q in queries]
        interval = group_bootstrap(values, groups)
        intervals[metric] = None if interval is None else interval.to_json()
    trials = sorted({s.trial for s in scores})
    esm_by_trial = [_percent([bool(s.exact_match) for s in scores if s.trial == t]) for t in trials]
    curves = pass_curves([[bool(s.exact_match) for s in by_query[q]] for q in queries])
    return {
        "intervals": intervals,
        "trials": len(trials),
        "esm_by_trial": esm_by_trial,
        "pass_hat_k": [round(100 * v, 2) for v in curves["pass_hat_k"]],
        "pass_at_k": [round(100 * v, 2) for v in curves["pass_at_k"]],
    }


def _percent(passes: Sequence[bool]) -> float:
    return round(100 * sum(passes) / len(passes), 2)
