"""pass^k, pass@k, the group bootstrap and exact McNemar against cases worked out by hand."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from vmb.uncertainty import (
    group_bootstrap,
    mcnemar_exact,
    paired_bootstrap,
    pass_at_k,
    pass_curves,
    pass_hat_k,
)


def test_pass_hat_k_and_pass_at_k_by_hand() -> None:
    # 2 passes of 3 trials: pick k of the 3 without replacement.
    assert pass_hat_k(2, 3, 1) == pytest.approx(2 / 3)
    assert pass_hat_k(2, 3, 2) == pytest.approx(1 / 3)  # C(2,2)/C(3,2)
    assert pass_hat_k(2, 3, 3) == 0.0
    assert pass_at_k(2, 3, 1) == pytest.approx(2 / 3)
    assert pass_at_k(2, 3, 2) == 1.0  # any 2 of 3 include a pass
    assert pass_at_k(1, 3, 2) == pytest.approx(2 / 3)  # 1 - C(2,2)/C(3,2)
    assert pass_at_k(0, 4, 4) == 0.0 and pass_hat_k(4, 4, 4) == 1.0


def test_pass_counts_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="k must be"):
        pass_hat_k(1, 3, 4)
    with pytest.raises(ValueError, match="passes must be"):
        pass_at_k(4, 3, 1)


def test_pass_curves_average_over_queries() -> None:
    curves = pass_curves([[True, True, False], [False, False, False], [True, True, True]])
    assert curves["pass_hat_k"] == pytest.approx([5 / 9, 4 / 9, 1 / 3])
    assert curves["pass_at_k"] == pytest.approx([5 / 9, 2 / 3, 2 / 3])
    assert pass_curves([]) == {"pass_hat_k": [], "pass_at_k": []}


def test_bootstrap_resamples_groups_not_queries() -> None:
    # One group: every resample would draw that group, a zero width however the queries vary: no interval.
    assert group_bootstrap([0.0, 100.0, 0.0, 100.0], [7, 7, 7, 7]) is None
    two = group_bootstrap([0.0, 100.0, 0.0, 100.0], [7, 7, 8, 8])
    assert two is not None and (two.low, two.high) == (50.0, 50.0)  # two groups of equal means


def test_bootstrap_weights_queries_and_spans_the_extreme_groups() -> None:
    # Group 1: two passes; group 2: four failures. Resamples: {1,1} -> 100 (1/4), {2,2} -> 0 (1/4),
    # mixed -> 2/6 (1/2). The 2.5% and 97.5% points are therefore 0 and 100; the point is 2/6, not 1/2.
    interval = group_bootstrap([100, 100, 0, 0, 0, 0], [1, 1, 2, 2, 2, 2])
    assert interval is not None
    assert interval.value == pytest.approx(100 / 3)
    assert (interval.low, interval.high) == (0.0, 100.0)
    assert interval.half_width == 50.0


def test_bootstrap_three_single_query_groups() -> None:
    # Means of 3 draws from {0, 50, 100}: P(all 0) = P(all 100) = 1/27 > 2.5%, so the bounds are 0 and 100.
    interval = group_bootstrap([0, 50, 100], ["a", "b", "c"])
    assert interval is not None and (interval.value, interval.low, interval.high) == (50.0, 0.0, 100.0)


def test_bootstrap_is_reproducible_with_its_seed() -> None:
    values = [float(i % 3 == 0) * 100 for i in range(60)]
    groups = [i // 10 for i in range(60)]
    first, second = group_bootstrap(values, groups), group_bootstrap(values, groups)
    assert first == second
    assert first is not None and first.low < first.value < first.high
    other = group_bootstrap(values, groups, seed=1)
    assert other is not None and other.value == first.value
    assert group_bootstrap([], []) is None
    with pytest.raises(ValueError, match="group labels"):
        group_bootstrap([1.0], [])


def test_paired_bootstrap_uses_the_shared_keys_only() -> None:
    a = {"q1": 100.0, "q2": 100.0, "q3": 0.0, "only_a": 100.0}
    b = {"q1": 0.0, "q2": 100.0, "q3": 0.0, "only_b": 0.0}
    groups = {"q1": 1, "q2": 1, "q3": 1, "only_a": 2, "only_b": 3}
    assert paired_bootstrap(a, b, groups) is None  # one shared group: no interval
    groups["q3"] = 4
    diff = paired_bootstrap(a, b, groups)
    assert diff is not None and diff.value == pytest.approx(100 / 3) and (diff.low, diff.high) == (0.0, 50.0)


def test_mcnemar_exact_by_hand() -> None:
    assert mcnemar_exact(0, 5) == pytest.approx(2 / 32)
    assert mcnemar_exact(9, 1) == pytest.approx(2 * (1 + 10) / 1024)
    assert mcnemar_exact(3, 3) == 1.0
    assert mcnemar_exact(0, 0) == 1.0
    with pytest.raises(ValueError):
        mcnemar_exact(-1, 2)


@dataclass(frozen=True)
class Attempt:
    id: str
    group: int
    trial: int
    exact_match: bool
    field_f1: float
    value_f1: float


def test_trial_figures_by_hand() -> None:
    from vmb.uncertainty import trial_figures

    # Query a: pass, pass, fail; query b: fail x3; query c: pass x3 (each its own group).
    passes = {"a": [True, True, False], "b": [False, False, False], "c": [True, True, True]}
    scores = [Attempt(q, n, t + 1, p, 1.0 if p else 0.5, 1.0 if p else 0.0)
              for n, (q, row) in enumerate(passes.items()) for t, p in enumerate(row)]
    values = {"esm": lambda a: float(a.exact_match), "field_f1": lambda a: a.field_f1}
    figures = trial_figures(scores, values)
    assert figures["trials"] == 3
    assert figures["esm_by_trial"] == [66.67, 66.67, 33.33]
    assert figures["pass_hat_k"] == [55.56, 44.44, 33.33]
    assert figures["pass_at_k"] == [55.56, 66.67, 66.67]
    # Per-query ESM 66.7, 0, 100: the extreme resamples (all b, all c) each have probability 1/27.
    assert figures["intervals"]["esm"] == {"low": 0.0, "high": 100.0}
    assert figures["intervals"]["field_f1"] == {"low": 50.0, "high": 100.0}
