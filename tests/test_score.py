"""vmb.score on hand-made states: the reference scorer's edge cases, the stored diff."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from vmb.score import ABSENT, TaskScore, score_calls, score_states
from vmb.score.formulas import call_key, metrics_from_diff, tool_f1, values_equal
from vmb.sim.registry import DEFAULT_STATE

HEADREST = "seat.driver.headrest_height"  # default 50
PASSENGER_HEADREST = "seat.passenger.headrest_height"  # default 50
COLOR = "instrumentPanel.color"  # default "white"
BRIGHTNESS = "instrumentPanel.brightness"  # default 3
FOLDED = "seat.driver.folded"  # default False
FAVORITE = "music.favorite_list[0]"  # absent from the default car


def car() -> dict[str, Any]:
    return dict(DEFAULT_STATE)


def state(changes: dict[str, Any]) -> dict[str, Any]:
    out = dict(DEFAULT_STATE)
    out.update(changes)
    return out


def headrest(seat: str, value: int) -> dict[str, Any]:
    return {"name": "carcontrol_seat_set_headrest_height", "args": {"seat": seat, "value": value}}


# --------------------------------------------------------------------------- values and calls


def test_values_equal_ignores_case_of_strings_only() -> None:
    assert values_equal("Green", "green")
    assert not values_equal("green", "blue")
    assert values_equal(1, True) and values_equal(44, 44.0)  # Python ==, as the reference
    assert not values_equal("1", 1)
    assert not values_equal(ABSENT, None)


def test_call_key_is_canonical_but_keeps_types_apart() -> None:
    a = {"name": "f", "args": {"x": 1, "y": "s"}}
    b = {"args": {"y": "s", "x": 1}, "name": "f"}
    assert call_key(a) == call_key(b)
    assert call_key({"name": "f", "args": {"x": True}}) != call_key({"name": "f", "args": {"x": 1}})
    assert call_key({"name": "f"}) == call_key({"name": "f", "args": {}})


def test_tool_f1_counts_each_distinct_call_once() -> None:
    a, b = headrest("driver", 44), headrest("passenger", 44)
    assert tool_f1([a], [a]) == 1.0
    assert tool_f1([a], [a, a]) == pytest.approx(2 / 3)  # duplicated prediction: precision 1/2
    assert tool_f1([a, a], [a, a]) == 0.5  # the reference's quirk, confirmed by its records
    assert tool_f1([a, b], [b, a]) == 1.0  # order does not matter
    assert tool_f1([a], []) == 0.0
    assert tool_f1([], []) == 0.0


# --------------------------------------------------------------------------- state edge cases


def test_perfect_answer() -> None:
    s = score_states(state({HEADREST: 44}), state({HEADREST: 44}))
    assert (s.should_change, s.changed, s.correct, s.wrongly_changed) == ([HEADREST],) * 3 + ([],)
    assert s.exact_match and s.metrics.field_f1 == 1.0 and s.metrics.value_f1 == 1.0


def test_nothing_should_change_and_nothing_changed_is_perfect() -> None:
    s = score_states(car(), car())
    assert s.should_change == s.changed == []
    assert s.exact_match
    assert (s.metrics.field_precision, s.metrics.field_recall, s.metrics.field_f1) == (1.0, 1.0, 1.0)
    assert (s.metrics.value_precision, s.metrics.value_recall, s.metrics.value_f1) == (1.0, 1.0, 1.0)


def test_nothing_should_change_but_something_changed_scores_zero() -> None:
    s = score_states(car(), state({HEADREST: 44}))
    assert s.wrongly_changed == [HEADREST]
    assert not s.exact_match
    assert (s.metrics.field_precision, s.metrics.field_recall, s.metrics.field_f1) == (0.0, 0.0, 0.0)
    assert (s.metrics.value_precision, s.metrics.value_recall, s.metrics.value_f1) == (0.0, 0.0, 0.0)


def test_nothing_changed_when_something_should() -> None:
    s = score_states(state({HEADREST: 44, COLOR: "green"}), car())
    assert s.should_change == [COLOR, HEADREST] and s.changed == []
    assert not s.exact_match
    assert (s.metrics.field_precision, s.metrics.field_recall, s.metrics.field_f1) == (0.0, 0.0, 0.0)
    assert s.metrics.negative_fp == 2


def test_wrong_value_counts_at_field_level_only() -> None:
    s = score_states(state({HEADREST: 44}), state({HEADREST: 45}))
    assert s.changed == [HEADREST] and s.correct == []
    assert s.metrics.field_f1 == 1.0 and s.metrics.value_f1 == 0.0 and not s.exact_match
    assert s.leaves[HEADREST] == {"default": 50, "expected": 44, "predicted": 45}


def test_wrong_zone() -> None:
    s = score_states(state({HEADREST: 44}), state({PASSENGER_HEADREST: 44}))
    assert s.should_change == [HEADREST]
    assert s.changed == s.wrongly_changed == [PASSENGER_HEADREST]
    m = s.metrics
    assert (m.tp, m.fp, m.negative_fp, m.correctly_changed) == (0, 1, 1, 0)
    assert s.metrics.field_f1 == 0.0 and s.metrics.value_f1 == 0.0
    assert s.leaves[PASSENGER_HEADREST] == {"default": 50, "expected": 50, "predicted": 44}


def test_partial_answer_and_extra_change() -> None:
    ref = state({HEADREST: 44, COLOR: "green"})
    pred = state({HEADREST: 44, BRIGHTNESS: 5})
    s = score_states(ref, pred)
    assert s.metrics.field_precision == 0.5 and s.metrics.field_recall == 0.5 and s.metrics.field_f1 == 0.5
    assert s.metrics.value_precision == 0.5 and s.metrics.value_recall == 0.5


def test_strings_compare_without_regard_to_case() -> None:
    s = score_states(state({COLOR: "green"}), state({COLOR: "Green"}))
    assert s.exact_match and s.correct == [COLOR]
    # Changing only the case of a default value is no change at all.
    assert score_states(car(), state({COLOR: "WHITE"})).changed == []


def test_one_and_true_are_the_same_value() -> None:
    assert score_states(state({FOLDED: True}), state({FOLDED: 1})).exact_match
    assert score_states(car(), state({FOLDED: 0})).changed == []


def test_leaf_that_should_appear() -> None:
    ref = state({FAVORITE: "Song"})
    s = score_states(ref, state({FAVORITE: "song"}))
    assert s.exact_match and s.leaves[FAVORITE] == {"expected": "Song", "predicted": "song"}
    missing = score_states(ref, car())
    assert missing.should_change == [FAVORITE] and missing.changed == []


def test_leaf_added_unexpectedly_is_wrongly_changed() -> None:
    s = score_states(car(), state({FAVORITE: "Song"}))
    assert s.wrongly_changed == [FAVORITE] and not s.exact_match


def test_leaf_that_should_change_but_disappeared_did_not_change() -> None:
    # The reference counts a leaf that should be modified but was deleted as "not changed".
    pred = car()
    del pred[HEADREST]
    s = score_states(state({HEADREST: 44}), pred)
    assert s.changed == [] and s.metrics.negative_fp == 1


# --------------------------------------------------------------------------- replayed calls


def test_score_calls_replays_from_the_default_car() -> None:
    ref = [headrest("driver", 44)]
    same = score_calls(ref, [headrest("driver", 44), headrest("driver", 44)])
    assert same.exact_match and same.metrics.tool_f1 == pytest.approx(2 / 3)
    zone = score_calls(ref, [headrest("passenger", 44)])
    assert zone.wrongly_changed == [PASSENGER_HEADREST] and zone.metrics.tool_f1 == 0.0
    refused = score_calls(ref, [{"name": "carcontrol_nope", "args": {}}])
    assert refused.changed == [] and refused.should_change == [HEADREST]


@pytest.mark.parametrize("junk", [None, "oops", 42, ["carcontrol_seat_set_headrest_height"]])
def test_malformed_predicted_items_are_invalid_calls(junk: Any) -> None:
    s = score_calls([headrest("driver", 44)], [junk, headrest("driver", 44)])
    # Refused by the simulator, still a call made, never a hit.
    assert s.exact_match and s.call_count == 2 and s.metrics.tool_f1 == pytest.approx(2 / 3)
    assert s.pred_calls[0] == junk
    assert TaskScore.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    alone = score_calls([headrest("driver", 44)], [junk])
    assert alone.changed == [] and alone.metrics.tool_f1 == 0.0


def test_malformed_reference_item_is_refused_too() -> None:
    s = score_calls([None, headrest("driver", 44)], [headrest("driver", 44)])
    assert s.exact_match and s.modules == ["seat"]


@pytest.mark.parametrize("which", ["ref_calls", "pred_calls"])
@pytest.mark.parametrize("junk", [None, "carcontrol_HUD_switch", {"name": "carcontrol_HUD_switch"}])
def test_call_lists_that_are_not_lists_are_refused(which: str, junk: Any) -> None:
    lists: dict[str, Any] = {"ref_calls": [headrest("driver", 44)], "pred_calls": []}
    lists[which] = junk
    with pytest.raises(ValueError, match=f"^{which} must be a list of calls"):
        score_calls(lists["ref_calls"], lists["pred_calls"])


def test_round_trip_and_offline_rescoring() -> None:
    s = score_calls([headrest("driver", 44)], [headrest("passenger", 44)], task_id="qa_1#1",
                    reasoning_type="state_shift")
    stored = json.loads(json.dumps(s.to_dict()))
    back = TaskScore.from_dict(stored)
    assert back == s
    assert back.official() == s.official()
    assert stored["metrics"]["field_f1"] == s.metrics.field_f1
    again = metrics_from_diff(stored["should_change"], stored["changed"], stored["correct"],
                              stored["wrongly_changed"], stored["ref_calls"], stored["pred_calls"])
    assert again == s.metrics


# --------------------------------------------------------------------------- replace


def scored(ref: list[dict[str, Any]], pred: list[dict[str, Any]], rtype: str) -> TaskScore:
    return score_calls(ref, pred, reasoning_type=rtype)


SEAT = headrest("driver", 44)


def test_replace_keeps_scores() -> None:
    s = scored([SEAT], [SEAT], "a")
    assert replace(s, n_calls=7).call_count == 7 and s.call_count == 1


def test_a_state_in_any_order_scores_as_a_copied_one() -> None:
    from vmb.sim import replay

    ref, pred = [headrest("driver", 44)], [headrest("passenger", 44), headrest("driver", 44)]
    ref_state, pred_state = (replay(calls)[0].flat() for calls in (ref, pred))
    copied = score_states(ref_state, pred_state, ref, pred)
    shuffled = score_states(dict(reversed(ref_state.items())), dict(sorted(pred_state.items())), ref, pred)
    assert shuffled.to_dict() == copied.to_dict()
    assert copied.metrics == metrics_from_diff(copied.should_change, copied.changed, copied.correct,
                                               copied.wrongly_changed, ref, pred)
