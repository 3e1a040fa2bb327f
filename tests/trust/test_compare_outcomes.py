"""The paired comparison of two runs' per-query outcomes, on a table small enough to check by hand."""

from __future__ import annotations

import pytest

from vmb.analysis.compare import Outcome, compare_outcomes


def outcomes(rates: list[float], kinds: list[str]) -> list[Outcome]:
    return [Outcome(f"qa_{i // 2 + 1}#{i % 2}", i // 2 + 1, kind, rate) for i, (rate, kind) in
            enumerate(zip(rates, kinds))]


def test_counts_difference_and_mcnemar_by_hand() -> None:
    kinds = ["state_shift"] * 6 + ["error_correction"] * 4
    a = outcomes([1, 1, 1, 1, 1, 0, 1, 0, 1, 0], kinds)
    b = outcomes([0, 0, 0, 0, 1, 0, 1, 0, 1, 1], kinds)
    result = compare_outcomes(a, b + [Outcome("qa_99#0", 99, "state_shift", 1.0)])
    assert (result["shared"], result["only_in_a"], result["only_in_b"]) == (10, 0, 1)
    overall = result["overall"]
    assert (overall["esm_a"], overall["esm_b"], overall["difference"]) == (70.0, 40.0, 30.0)
    assert (overall["only_a"], overall["only_b"], overall["both"], overall["neither"]) == (4, 1, 3, 2)
    assert overall["p_value"] == pytest.approx(2 * (1 + 5) / 32)  # n = 5, tail = C(5,0) + C(5,1)
    assert overall["low"] <= 30.0 <= overall["high"]
    assert not overall["significant"]
    shift, correction = result["by_reasoning_type"]
    assert (shift["group"], shift["n"], shift["only_a"], shift["only_b"]) == ("state_shift", 6, 4, 0)
    assert shift["p_value"] == pytest.approx(0.125)
    assert (correction["group"], correction["difference"]) == ("error_correction", -25.0)


def test_trials_count_as_rates_and_solved_means_a_majority() -> None:
    a = [Outcome("qa_1#0", 1, "state_shift", 2 / 3)]
    b = [Outcome("qa_1#0", 1, "state_shift", 1 / 3)]
    overall = compare_outcomes(a, b)["overall"]
    assert overall["difference"] == pytest.approx(33.33)
    assert (overall["only_a"], overall["only_b"]) == (1, 0)


def test_many_discordant_queries_one_way_are_significant() -> None:
    kinds = ["state_shift"] * 40
    a = outcomes([1.0] * 40, kinds)
    b = outcomes([0.0] * 30 + [1.0] * 10, kinds)
    overall = compare_outcomes(a, b)["overall"]
    assert overall["p_value"] < 1e-8 and overall["low"] > 0 and overall["significant"]
