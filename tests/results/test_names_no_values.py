"""A person's name is no value: "Marissa Green" does not say the colour green, wherever values are read off text
(the gold memory's facts and their owner, a generated benchmark's recorded lines, the passages of a store)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vmb.data import load_benchmark
from vmb.data.metadata import ChainNote
from vmb.data.spoken import names_value
from vmb.results import recorded
from vmb.results.stages import holds, query_facts
from vmb.results.taxonomy import answer_owner, gold_entries

PEOPLE = ["Marissa Green", "Tom Reed"]
CALLS = [{"name": "carcontrol_light_set_ambient_color", "args": {"color": "green"}}]
GOLD = ("[March 3, 2025] At 8:30 AM, Marissa Green asked for a calmer cabin on the way to work.\n"
        "[March 4, 2025] At 9:00 AM, Tom Reed set the ambient light to green, like spring leaves.")
QUERY = "Marissa Green and Tom Reed get in; Tom wants the ambient light his way."
HISTORY = [
    "[2025-03-04 09:00] Tom Reed: Let's ask Marissa Green what she thinks of the cabin lights.",
    "[2025-03-04 09:01] Marissa Green: Whatever you like.",
    "[2025-03-04 09:02] Tom Reed: Then the ambient light the shade of spring leaves, that's mine.",
]


def test_a_name_is_not_the_value_it_spells() -> None:
    assert not names_value("Marissa Green asked for a calmer cabin.", "green", PEOPLE)
    assert names_value("Marissa Green asked for green light.", "green", PEOPLE)
    assert names_value("Marissa Green asked for a calmer cabin.", "green", ())  # a word, when nobody is named so


def test_the_gold_memory_does_not_give_a_value_to_the_person_whose_name_spells_it() -> None:
    facts = query_facts(CALLS, GOLD, PEOPLE, QUERY)
    assert [(f.value, f.stated, f.owner) for f in facts] == [("green", True, "Tom Reed")]
    marissa_only = GOLD.splitlines()[0]
    assert not query_facts(CALLS, marissa_only, PEOPLE, QUERY)[0].stated
    assert answer_owner(gold_entries(GOLD, PEOPLE), "green", QUERY, PEOPLE) == "Tom Reed"
    # A store naming Marissa beside the setting does not hold the fact; one saying green beside it does.
    assert holds(["Marissa Green: the ambient light, please."], facts, PEOPLE) == list(facts)
    assert holds(["Tom Reed: the ambient light in green."], facts, PEOPLE) == []


def test_a_recorded_line_does_not_state_a_value_through_a_name(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "bench"
    (root / "history").mkdir(parents=True)
    (root / "qa_data").mkdir()
    (root / "history" / "history_1.txt").write_text("\n".join(HISTORY) + "\n", encoding="utf-8")
    qa = {"gold_memory": GOLD, "reasoning_type": "preference_conflict", "query": QUERY,
          "new_answer": ['carcontrol_light_set_ambient_color(color="green")']}
    (root / "qa_data" / "qa_1.json").write_text(json.dumps({"related_to_vehicle_preference": [qa]}), encoding="utf-8")
    (root / "metadata.json").write_text("{}", encoding="utf-8")  # a generated benchmark's; its chain is given below
    event = {"id": "e0", "date": "2025-03-01", "setting": "carcontrol_light_set_ambient_color", "value": "green",
             "person": "Tom Reed", "lines": [1, 2, 3]}
    chain = ChainNote.of({"query": "qa_1#0", "target": {"value": "green"}, "events": [event]})
    monkeypatch.setattr(recorded, "_generated", lambda *_: recorded._Generated({"qa_1#0": chain}))
    bench = load_benchmark(root)
    query = bench.queries[0]
    evidence = recorded.recorded_evidence(bench, query)[("carcontrol_light_set_ambient_color", "color")]
    # No line of Tom's says green: the value is implicit, stated by his lines together, not by the one naming Marissa.
    tom = tuple(line.split(": ", 1)[1] for line in HISTORY if "] Tom Reed:" in line)
    assert evidence.alternatives == (tom,)
