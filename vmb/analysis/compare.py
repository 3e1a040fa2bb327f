"""Two runs over the same queries, compared pair by pair: is the difference more than noise?

On the queries both runs scored: each run's ESM (the mean over trials of each query's exact match,
in percent), the difference A - B with a paired group-bootstrap interval, the numbers of queries only
A solves and only B solves (a query counts as solved when it passes in more than half its trials),
and the exact McNemar p-value on those two counts; overall and per reasoning type.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from vmb.data import REASONING_TYPES
from vmb.uncertainty import METHOD, mcnemar_exact, paired_bootstrap

ALPHA = 0.05


@dataclass(frozen=True)
class Outcome:
    """One query of one run: its exact-match rate over the run's trials (0 to 1)."""

    query_id: str
    group: int
    reasoning_type: str
    pass_rate: float

    @property
    def solved(self) -> bool:
        return self.pass_rate > 0.5


def _row(label: str, a: Mapping[str, Outcome], b: Mapping[str, Outcome], keys: list[str]) -> dict[str, Any]:
    esm_a = {k: 100 * a[k].pass_rate for k in keys}
    esm_b = {k: 100 * b[k].pass_rate for k in keys}
    diff = paired_bootstrap(esm_a, esm_b, {k: a[k].group for k in keys})
    only_a = sum(a[k].solved and not b[k].solved for k in keys)
    only_b = sum(b[k].solved and not a[k].solved for k in keys)
    p_value = mcnemar_exact(only_a, only_b)
    return {
        "group": label,
        "n": len(keys),
        "esm_a": round(sum(esm_a.values()) / len(keys), 2) if keys else None,
        "esm_b": round(sum(esm_b.values()) / len(keys), 2) if keys else None,
        "difference": None if diff is None else round(diff.value, 2),
        "low": None if diff is None else round(diff.low, 2),
        "high": None if diff is None else round(diff.high, 2),
        "only_a": only_a,
        "only_b": only_b,
        "both": sum(a[k].solved and b[k].solved for k in keys),
        "neither": sum(not a[k].solved and not b[k].solved for k in keys),
        "p_value": round(p_value, 4),
        "significant": diff is not None and p_value < ALPHA and not diff.low <= 0 <= diff.high,
    }


def compare_outcomes(a: Iterable[Outcome], b: Iterable[Outcome]) -> dict[str, Any]:
    """The comparison of run A with run B on the queries both scored (see the module docstring)."""
    by_a = {o.query_id: o for o in a}
    by_b = {o.query_id: o for o in b}
    shared = sorted(set(by_a) & set(by_b))
    kinds = [t for t in REASONING_TYPES if any(by_a[k].reasoning_type == t for k in shared)]
    return {
        "method": f"paired {METHOD}; exact McNemar test on queries solved in more than half the trials",
        "shared": len(shared),
        "only_in_a": len(set(by_a) - set(by_b)),
        "only_in_b": len(set(by_b) - set(by_a)),
        "overall": _row("overall", by_a, by_b, shared),
        "by_reasoning_type": [_row(t, by_a, by_b, [k for k in shared if by_a[k].reasoning_type == t])
                              for t in kinds],
    }
