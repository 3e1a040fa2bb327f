"""The stage rules on generated data: recorded history lines decide, wording decides the rest (docs/attribution.md)."""

from __future__ import annotations

from vmb.results.recorded import Recorded, same_value, unquoted
from vmb.results.stages import holds, query_facts

PEOPLE = ["Rita Green", "Sandra Wright"]
CALLS = [{"name": "carcontrol_seat_set_massage_level", "args": {"seat": "driver", "level": 3}}]
STEP = "When we crawl through the city center, I want the massage rollers one notch higher than my usual."
BASE = "For me it's the back massager on 2."
PASSING = "Funny, the seat massage at level 3 felt odd in the rental."  # said in passing, no event of the chain
HISTORY = frozenset({STEP, BASE, PASSING, "Noted."})


def facts(alternatives: tuple[tuple[str, ...], ...]) -> tuple[object, ...]:
    recorded = {("carcontrol_seat_set_massage_level", "level"): Recorded("Rita Green", alternatives, HISTORY)}
    return query_facts(CALLS, "", PEOPLE, "Rita asks for her massage downtown.", recorded)


def line(speaker: str, text: str, stamp: str = "2025-06-03 08:02") -> str:
    return f"[{stamp}] {speaker}: {text}"


def test_an_implicit_value_needs_every_line_it_follows_from() -> None:
    found = facts(((STEP, BASE),))
    assert len(found) == 1 and found[0].recorded is not None and found[0].owner == "Rita Green"
    step, base = line("Rita Green", STEP), line("Rita Green", BASE, "2025-06-12 10:00")
    assert holds([step], found, PEOPLE) == list(found)  # the step alone does not give the value
    assert holds([base], found, PEOPLE) == list(found)
    assert holds([step, base], found, PEOPLE) == []  # two retrieved chunks, one line each
    assert holds([f"1. {step}\n2. {base}"], found, PEOPLE) == []


def test_quoted_history_is_judged_by_the_record_and_the_rest_by_its_wording() -> None:
    found = facts(((STEP, BASE),))
    # A history line naming the value beside its setting is not evidence when no event of the chain is on it.
    assert holds([line("Rita Green", PASSING)], found, PEOPLE) == list(found)
    # The same words written by a memory (a summary, not a line of the history) state it by their wording.
    assert holds(["Rita Green: seat massage at level 3 when downtown."], found, PEOPLE) == []
    assert unquoted(f"x {PASSING} y", HISTORY) == "x " + " " * len(PASSING) + " y"


def test_stamps_and_names_are_no_values() -> None:
    colour = [{"name": "carcontrol_instrumentPanel_set_color", "args": {"color": "green"}}]
    plain = query_facts(colour, "[June 1, 2025] Rita Green wants the panel color green.", PEOPLE, "")
    assert holds([line("Rita Green", "Nice weather today.")], plain, PEOPLE) == list(plain)
    assert holds(["Rita Green: the panel color green."], plain, PEOPLE) == []
    number = [{"name": "carcontrol_seat_set_massage_level", "args": {"seat": "driver", "level": 12}}]
    twelve = query_facts(number, "[June 1, 2025] Rita Green likes the massage on 12.", PEOPLE, "")
    assert holds([line("Rita Green", "Hello there.", "2025-06-12 08:02")], twelve, PEOPLE) == list(twelve)


def test_recorded_values_are_compared_as_the_simulator_compares_them() -> None:
    assert same_value("list_loop", "list loop") and same_value(3, 3) and same_value(3.0, 3)
    assert not same_value(True, 1) and not same_value("3d", "2d") and not same_value(30, 3)
