"""vmb.results.metrics.aggregate: the registry's metrics over scored rows, overall and per group."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from vmb.results.metrics import BY_KEY, METRICS, aggregate, group_totals
from vmb.results.summary import QueryRow
from vmb.score import score_calls, target_modules
from vmb.usage import ZERO


def headrest(seat: str, value: int) -> dict[str, Any]:
    return {"name": "carcontrol_seat_set_headrest_height", "args": {"seat": seat, "value": value}}


@dataclass
class Q:
    reasoning_type: str
    calls: list[dict[str, Any]] = field(default_factory=list)


SEAT = headrest("driver", 44)
NAV = {"name": "carcontrol_navigation_set_voice_mode", "args": {"mode": "simple"}}


def scored(ref: list[dict[str, Any]], pred: list[dict[str, Any]], rtype: str,
           mem_tokens: tuple[int, ...] = ()) -> QueryRow:
    score = score_calls(ref, pred, reasoning_type=rtype)
    return QueryRow(id="qa_1#1", group=1, reasoning_type=rtype, modules=tuple(target_modules(ref)), status="ok",
                    error=None, error_kind=None, score=score.metrics, call_count=score.call_count,
                    mem_tokens=mem_tokens, text_calls=0, round_limit_hit=False, trial=1, usage=ZERO)




def test_aggregate_mean_over_scored_tasks_by_default() -> None:
    rows = [scored([SEAT], [SEAT], "a"), scored([SEAT], [], "a")]
    [out] = aggregate(rows)
    assert out["n"] == 2 and out["denominator"] == 2
    assert out["esm"] == 50.0 and out["field_f1"] == 50.0 and out["value_f1"] == 50.0
    assert out["calls"] == 0.5


def test_aggregate_with_total_counts_missing_tasks_as_zero() -> None:
    rows = [scored([SEAT], [SEAT], "a"), scored([SEAT], [], "a")]
    [out] = aggregate(rows, total=4)
    assert (out["n"], out["denominator"], out["esm"]) == (2, 4, 25.0)
    assert out["calls"] == 0.5  # calls stay a mean over the tasks that ran
    with pytest.raises(ValueError):
        aggregate(rows, total=1)  # more scored tasks than the denominator


def test_aggregate_by_reasoning_type_and_module() -> None:
    both = scored([SEAT, NAV], [SEAT], "a")
    rows = [both, scored([NAV], [NAV], "b")]
    by_type = aggregate(rows, by="reasoning_type")
    assert [(e["group"], e["n"], e["esm"]) for e in by_type] == [("a", 1, 0.0), ("b", 1, 100.0)]
    by_module = {e["group"]: e for e in aggregate(rows, by="module")}
    assert by_module["navigation"]["n"] == 2 and by_module["seat"]["n"] == 1  # counted in each


def test_aggregate_per_group_denominators() -> None:
    queries = [Q("a", [SEAT]), Q("a", [SEAT, NAV]), Q("b", [NAV])]
    assert group_totals(queries) == {"all": 3}
    assert group_totals(queries, "module") == {"seat": 2, "navigation": 2}
    rows = [scored([SEAT], [SEAT], "a")]
    by_type = aggregate(rows, by="reasoning_type", total=group_totals(queries, "reasoning_type"))
    assert [(e["group"], e["n"], e["denominator"], e["esm"]) for e in by_type] == [
        ("a", 1, 2, 50.0),
        ("b", 0, 1, 0.0),
    ]
    assert by_type[1]["calls"] is None
    with pytest.raises(ValueError):
        aggregate(rows, by="module", total=3)  # one number cannot be every group's denominator
    with pytest.raises(ValueError):
        aggregate(rows, by="module", total={"navigation": 2})  # seat has no denominator


def test_aggregate_of_nothing_states_it() -> None:
    [out] = aggregate([])
    assert (out["n"], out["denominator"], out["esm"]) == (0, 0, None)
    assert aggregate([], by="module") == []




def test_mem_token_is_per_retrieval_and_every_metric_is_in_an_entry() -> None:
    rows = [scored([SEAT], [SEAT], "a", (10, 20)), scored([SEAT], [], "a"), scored([SEAT], [], "a", (60,))]
    [out] = aggregate(rows)
    assert out["mem_token"] == 30.0 and out["retrievals"] == 3
    assert set(BY_KEY) <= set(out)
    [nothing] = aggregate(rows[1:2])
    assert nothing["mem_token"] is None and nothing["retrievals"] == 0


def test_every_metric_is_declared_whole() -> None:
    for metric in METRICS:
        assert metric.label.startswith(metric.name)
        weighted = metric.aggregation in ("per_weight", "share")
        assert weighted == (metric.weight is not None) == (metric.weight_key is not None)
        if metric.interval:
            assert metric.aggregation == "percent"  # an interval is on a per-query mean in percent
    with pytest.raises(ValueError):
        aggregate([], by="day")
