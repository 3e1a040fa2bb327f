"""The failure taxonomy on hand-made diffs (every type and every rule) and on real queries."""

from __future__ import annotations

from typing import Any

import pytest

from vmb.data import load_benchmark
from vmb.data.spoken import names_value, people_named
from vmb.results.taxonomy import (
    CONFLICT,
    DEGENERATE,
    NO_ACTION,
    NOT_LOADED,
    OVER_ACTION,
    REFUSED_ARGUMENTS,
    STALE,
    UNKNOWN_TOOL,
    UNSUPPORTED,
    WRONG_TARGET,
    WRONG_VALUE,
    addressed_leaves,
    answer_owner,
    classify,
    gold_entries,
    written_values,
)
from vmb.score import TaskScore, score_calls
from vmb.sim import replay

PEOPLE = ["Gary Allen", "Patricia Garcia", "Justin Martinez"]
GOLD = (
    "[March 10, 2025] At 8:00 AM, Gary told Justin: 'I love this green panel.' Gary set the panel to green.\n"
    "[March 25, 2025] At 7:30 PM, Patricia was driving Gary. She said: 'I prefer white.' She set it to white.\n"
    "[April 2, 2025] At 9:00 AM, Gary set the seat to 44, then lowered it to 40: 'No, 44 is right.'"
)
QUERY = "At 10:00 AM, Gary got into the driver's seat with Patricia: 'My usual panel colour, please.'"


def diff(should: list[str], changed: list[str], correct: list[str], wrongly: list[str],
         leaves: dict[str, dict[str, Any]] | None = None) -> TaskScore:
    """A hand-made scored diff."""
    return TaskScore(should_change=should, changed=changed, correct=correct, wrongly_changed=wrongly,
                     leaves=leaves or {})


def kind(score: TaskScore, attempts: list[bool] | None = None, gold: str = GOLD, query: str = QUERY) -> str | None:
    failure = classify(score, gold_memory=gold, people=PEOPLE, query=query,
                       attempts=[True] if attempts is None else attempts)
    return None if failure is None else failure.category


PANEL = "instrumentPanel.color"
SEAT = "seat.driver.headrest_height"


def panel(predicted: Any) -> TaskScore:
    leaves = {PANEL: {"default": "blue", "expected": "green", "predicted": predicted}}
    return diff([PANEL], [PANEL], [PANEL] if predicted == "green" else [], [], leaves)


# ---------------------------------------------------------------------------------------------
# every type, by hand


def test_passed_query_has_no_error_type() -> None:
    assert kind(panel("green")) is None
    assert kind(diff([], [], [], [])) is None


def test_no_action_when_nothing_changed() -> None:
    failure = classify(diff([PANEL], [], [], []), gold_memory=GOLD, people=PEOPLE, attempts=[])
    assert failure is not None and failure.category == NO_ACTION
    assert failure.path == PANEL and "no change attempted" in failure.detail


def test_no_action_when_only_some_required_changes_were_made() -> None:
    score = diff([PANEL, SEAT], [SEAT], [SEAT], [])
    failure = classify(score, gold_memory=GOLD, people=PEOPLE, attempts=[True])
    assert failure is not None and failure.error_type == NO_ACTION
    assert "1 of 2 required changes made" in failure.detail


def test_wrong_target_when_another_field_changed_instead() -> None:
    other = "seat.passenger.headrest_height"
    assert kind(diff([SEAT], [other], [], [other])) == WRONG_TARGET


def test_wrong_value_conflict_is_another_persons_value() -> None:
    assert kind(panel("white")) == f"{WRONG_VALUE}: {CONFLICT}"


def test_wrong_value_stale_is_the_same_persons_other_value() -> None:
    leaves = {SEAT: {"default": 20, "expected": 44, "predicted": 40}}
    assert kind(diff([SEAT], [SEAT], [], [], leaves)) == f"{WRONG_VALUE}: {STALE}"


def test_wrong_value_unsupported_is_named_nowhere() -> None:
    assert kind(panel("purple")) == f"{WRONG_VALUE}: {UNSUPPORTED}"


def test_over_action_when_the_required_change_is_right_but_more_changed() -> None:
    extra = "HUD.is_on"
    leaves = {PANEL: {"default": "blue", "expected": "green", "predicted": "green"}}
    assert kind(diff([PANEL], [PANEL, extra], [PANEL], [extra], leaves)) == OVER_ACTION


def test_over_action_when_nothing_should_change() -> None:
    failure = classify(diff([], ["HUD.is_on"], [], ["HUD.is_on"]), gold_memory=GOLD, people=PEOPLE, attempts=[True])
    assert failure is not None and failure.error_type == OVER_ACTION and "nothing should change" in failure.detail


def test_a_leaf_the_reference_writes_with_its_default_is_a_target() -> None:
    # The reference asks for white, the default: the diff lists no leaf that should change.
    leaves = {PANEL: {"default": "white", "expected": "white", "predicted": "green"}}
    score = diff([], [PANEL], [], [PANEL], leaves)
    assert kind(score) == OVER_ACTION  # without knowing what the reference writes
    failure = classify(score, gold_memory=GOLD, people=PEOPLE, query=QUERY, attempts=[True], addressed=[PANEL])
    assert failure is not None and failure.category == f"{WRONG_VALUE}: {CONFLICT}" and failure.path == PANEL
    # and computed lazily, only when something changed that should not
    asked: list[bool] = []

    def addressed() -> list[str]:
        asked.append(True)
        return []

    classify(panel("blue"), gold_memory=GOLD, people=PEOPLE, attempts=[True], addressed=addressed)
    assert asked == []
    # a leaf no reference call writes stays an over-action
    extra = "HUD.is_on"
    score = diff([PANEL], [PANEL, extra], [PANEL], [extra], {PANEL: {"expected": "green", "predicted": "green"}})
    failure = classify(score, gold_memory=GOLD, people=PEOPLE, attempts=[True], addressed=[PANEL])
    assert failure is not None and failure.error_type == OVER_ACTION


def test_addressed_leaves_sees_reference_writes_of_the_default() -> None:
    reference = [{"name": "carcontrol_navigation_set_voice_mode", "args": {"mode": "detailed"}}]
    # detailed is the default car's voice mode: only switching navigation on is a change
    assert score_calls(reference, []).should_change == ["navigation.is_on"]
    agent = [{"name": "carcontrol_navigation_set_voice_mode", "args": {"mode": "simple"}}]
    assert "navigation.voice_mode" in addressed_leaves(reference, agent)
    assert addressed_leaves(reference, []) == {"navigation.is_on"}  # on the default car the mode stays as it is


def test_invalid_call_when_every_attempt_was_refused() -> None:
    # A refused setter can still switch its device on: the query is an invalid call all the same.
    assert kind(diff([SEAT], ["HUD.is_on"], [], ["HUD.is_on"]), attempts=[False, False]) == REFUSED_ARGUMENTS


def test_an_invalid_call_is_named_by_its_most_frequent_mistake() -> None:
    refused = diff([SEAT], [], [], [])
    failure = classify(refused, gold_memory=GOLD, people=PEOPLE, attempts=[False] * 3,
                       refusals=[UNKNOWN_TOOL, NOT_LOADED, NOT_LOADED])
    assert failure is not None and failure.error_type == NOT_LOADED
    assert failure.detail == "all 3 attempted call(s) were refused (1 unknown tool, 2 not loaded)"
    tie = classify(refused, gold_memory=GOLD, people=PEOPLE, attempts=[False] * 2,
                   refusals=[REFUSED_ARGUMENTS, UNKNOWN_TOOL])
    assert tie is not None and tie.error_type == UNKNOWN_TOOL


def test_degenerate_output_comes_first() -> None:
    failure = classify(diff([SEAT], [], [], []), gold_memory=GOLD, people=PEOPLE, attempts=[False] * 62,
                       refusals=[UNKNOWN_TOOL] * 62, degenerate="1 truncated round(s), 61 repeated call(s)")
    assert failure is not None and failure.error_type == DEGENERATE
    assert failure.detail == "1 truncated round(s), 61 repeated call(s)"


def test_one_accepted_call_is_not_an_invalid_call() -> None:
    assert kind(diff([PANEL], [], [], []), attempts=[False, True]) == NO_ACTION


# ---------------------------------------------------------------------------------------------
# precedence and the value-source rules


def test_wrong_value_comes_before_wrong_target_and_no_action() -> None:
    other = "seat.passenger.headrest_height"
    leaves = {PANEL: {"default": "blue", "expected": "green", "predicted": "white"}}
    score = diff([PANEL, SEAT], [PANEL, other], [], [other], leaves)
    assert kind(score) == f"{WRONG_VALUE}: {CONFLICT}"


def test_the_most_specific_value_source_wins() -> None:
    leaves = {
        PANEL: {"default": "blue", "expected": "green", "predicted": "white"},  # conflict
        SEAT: {"default": 20, "expected": 44, "predicted": 31},  # unsupported
    }
    failure = classify(diff([PANEL, SEAT], [PANEL, SEAT], [], [], leaves), gold_memory=GOLD, people=PEOPLE,
                       query=QUERY, attempts=[True])
    assert failure is not None and failure.value_source == CONFLICT and failure.path == PANEL


def test_a_value_named_in_an_entry_about_nobody_is_stale() -> None:
    gold = "[May 1, 2025] The car set the fan to 3.\n[May 2, 2025] Gary set the fan to 5."
    leaves = {"airConditioner.driver.fan_speed": {"default": 0, "expected": 5, "predicted": 3}}
    score = diff(list(leaves), list(leaves), [], [], leaves)
    assert kind(score, gold=gold) == f"{WRONG_VALUE}: {STALE}"


@pytest.mark.parametrize(
    ("text", "value", "named"),
    [
        ("At 8:00 AM, he set it to 5.", 8, False),  # a clock time is not a value
        ("At 8 PM he set it to 5.", 8, False),
        ("[April 8, 2025] On April 8, 2025 he set it to 5.", 8, False),  # nor a date
        ("he set it to 5.", 5, True),
        ("volume 50 please", 5, False),  # nor part of a larger number
        ("set 480p", 480, False),  # nor a number inside a word
        ("lower it to -3 degrees", -3, True),
        ("set it to 21.5 degrees", 21.5, True),
        ("put the music on Single Loop", "single_loop", True),
        ("North-Up view", "north_up", True),
        ("the blueprint", "blue", False),  # a word inside a word is not it
        ("He turned the heating on.", True, True),  # on/off settings by their verbs
        ("She disabled auto-brightness.", False, True),
        ("She disabled auto-brightness.", True, False),
        ("The setting was enabled (True).", True, True),
        ("He muted the navigation.", False, True),
        ("on the way home", True, False),
    ],
)
def test_names_value(text: str, value: Any, named: bool) -> None:
    assert names_value(text, value, ()) is named


def test_people_named_in_order_and_shared_first_names_only_in_full() -> None:
    people = ["Thomas Williams", "Thomas Carter", "Nicole Adams"]
    assert people_named("Nicole told Thomas Carter and Thomas that Thomas Williams", people) == [
        "Nicole Adams", "Thomas Carter", "Thomas Williams"]


def test_gold_entries_are_split_at_dates_and_attributed_to_the_first_person() -> None:
    entries = gold_entries(GOLD, PEOPLE)
    assert [e.person for e in entries] == ["Gary Allen", "Patricia Garcia", "Gary Allen"]
    assert entries[1].text.startswith("At 7:30 PM, Patricia")


def test_a_wrong_value_equal_to_the_default_is_still_a_wrong_value() -> None:
    # The final state shows no change, but the agent did write "white" there.
    score = diff([PANEL], [], [], [], {PANEL: {"default": "white", "expected": "green"}})
    assert kind(score) == NO_ACTION
    failure = classify(score, gold_memory=GOLD, people=PEOPLE, query=QUERY, attempts=[True],
                       written={PANEL: "white"})
    assert failure is not None and failure.category == f"{WRONG_VALUE}: {CONFLICT}"
    assert "final state shows no change" in failure.detail


def test_written_values_sees_writes_of_the_default() -> None:
    ref = [{"name": "carcontrol_instrumentPanel_set_color", "args": {"color": "green"}}]
    pred = [{"name": "carcontrol_instrumentPanel_set_color", "args": {"color": "white"}},
            {"name": "carcontrol_instrumentPanel_set_color", "args": {"color": "no such colour"}}]
    assert written_values(ref, pred) == {"instrumentPanel.color": "white"}


def test_answer_owner_rules() -> None:
    entries = gold_entries(GOLD, PEOPLE)
    assert answer_owner(entries, "white", QUERY, PEOPLE) == "Patricia Garcia"  # one entry names it
    # A derived value (named nowhere): the first person the query names, as several entries are about others.
    assert answer_owner(entries, 45, "Patricia asked for one more than Gary", PEOPLE) == "Patricia Garcia"
    single = gold_entries("[May 1, 2025] Gary set 84.\n[May 2, 2025] Gary: 'no, 82'", PEOPLE)
    assert answer_owner(single, 85, "Justin says: one higher", PEOPLE) == "Gary Allen"  # all entries are his


# ---------------------------------------------------------------------------------------------
# real queries: docs/taxonomy.md's examples are the release's (its table quotes these queries)


@pytest.fixture(scope="module")
def bench(release_dir: Any) -> Any:
    return load_benchmark(release_dir)


EXAMPLES = [
    # (query, predicted calls, category): docs/taxonomy.md shows each of these
    ("qa_1#1", [], NO_ACTION),
    ("qa_1#5", [{"name": "carcontrol_seat_set_ventilation_speed", "args": {"seat": "passenger", "speed": 2}}],
     WRONG_TARGET),
    ("qa_1#1", [{"name": "carcontrol_seat_set_headrest_height", "args": {"seat": "driver", "value": 3}}],
     f"{WRONG_VALUE}: {CONFLICT}"),
    # Patricia's white is also the default colour: the final state shows no change, the write does.
    ("qa_1#0", [{"name": "carcontrol_instrumentPanel_set_color", "args": {"color": "white"}}],
     f"{WRONG_VALUE}: {CONFLICT}"),
    ("qa_2#2", [{"name": "carcontrol_seat_set_vertical_position", "args": {"seat": "driver", "value": 84}}],
     f"{WRONG_VALUE}: {STALE}"),
    ("qa_1#1", [{"name": "carcontrol_seat_set_headrest_height", "args": {"seat": "driver", "value": 30}}],
     f"{WRONG_VALUE}: {UNSUPPORTED}"),
    ("qa_1#0", [{"name": "carcontrol_instrumentPanel_set_color", "args": {"color": "green"}},
                {"name": "carcontrol_HUD_switch", "args": {"switch": True}}], OVER_ACTION),
    ("qa_1#1", [{"name": "carcontrol_seat_set_headrest_height", "args": {"seat": "driver", "value": 44.5}}],
     REFUSED_ARGUMENTS),
    # The reference sets the voice mode to Patricia's "detailed", the default car's: Gary's "simple" there is a
    # wrong value on a target, not an over-action.
    ("qa_1#4", [{"name": "carcontrol_navigation_set_voice_mode", "args": {"mode": "simple"}}],
     f"{WRONG_VALUE}: {CONFLICT}"),
]


@pytest.mark.parametrize(("query_id", "calls", "category"), EXAMPLES)
def test_real_examples(bench: Any, query_id: str, calls: list[dict[str, Any]], category: str) -> None:
    query = bench.query(query_id)
    score = score_calls(query.calls, calls)
    _, accepted = replay(calls)
    failure = classify(score, gold_memory=query.gold_memory, people=bench.group(query.group).speakers,
                       query=query.query, attempts=accepted, written=written_values(query.calls, calls),
                       addressed=addressed_leaves(query.calls, calls))
    assert failure is not None and failure.category == category, failure


def every_reference_answer_passes(bench: Any) -> None:
    for query in bench.queries:
        score = score_calls(query.calls, query.calls)
        assert classify(score, gold_memory=query.gold_memory, people=bench.group(query.group).speakers,
                        query=query.query, attempts=replay(query.calls)[1]) is None, query.id


def test_every_reference_answer_of_the_release_passes(bench: Any) -> None:
    every_reference_answer_passes(bench)  # its 500: five leave the car as it is, some are errata


def test_every_generated_reference_answer_passes(small_benchmark: Any) -> None:
    every_reference_answer_passes(load_benchmark(small_benchmark))
