"""`vmb audit`: every figure, check and baseline on hand-made benchmarks whose right answer is known."""

from __future__ import annotations

import dataclasses
import json
import math
import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.data import REASONING_TYPES, load_benchmark
from vmb.data.defaults import default_values
from vmb.data.spoken import says_value, spoken_pattern
from vmb.maker.audit import Audit, audit, store
from vmb.maker.audit.answerability import clock_contradiction
from vmb.maker.audit.diversity import (
    GroupText,
    distinct_line_ratio,
    distinct_ngram_ratio,
    in_date_order,
    sets_a_flag,
    unstated_value,
    vocabulary,
)
from vmb.maker.audit.naturalness import grammar_errors, measure, skeleton, templated_share
from vmb.maker.audit.noise import group_counts, noise_floor
from vmb.maker.audit.report import ALL, TOLERANCE, baseline_gaps, figure_rows, floor_beside, floor_line, outside_lines
from vmb.maker.audit.wording import classify_types, gold_size, gold_words, request_wording, shared_scenes
from vmb.maker.baselines import BASELINES, Tasks, score_baseline
from vmb.maker.baselines.speech import beneficiary, first_person_named, speaker
from vmb.score import TaskScore
from vmb.usercache import CACHE_ENV

HISTORY_1 = [
    "[2025-03-01 08:00] Ann Lee: Set the headrest to 40 please.",
    "[2025-03-02 08:00] Bob Stone: I like the ambient light in blue.",
    "[2025-03-03 08:00] Ann Lee: Actually the headrest at 60 is better.",
    "[2025-03-03 08:01] Bob Stone: Actually the headrest at 60 is better.",
]
QUERIES_1 = [
    {  # the usual value is the earlier one: only "first" and "as written" rules find it
        "reasoning_type": "state_shift",
        "gold_memory": "[March 3, 2025] At 8:00 AM, Ann said the headrest should be 60 while her neck hurt.\n"
                       "[March 1, 2025] At 8:00 AM, Ann set the headrest to 40.",
        "query": "At 9:00 AM, Ann got in. She said: 'Put my headrest back to normal.'",
        "new_answer": ['carcontrol_seat_set_headrest_height(seat="driver", value=40)'],
    },
    {  # the query says the value: solvable with no memory
        "reasoning_type": "preference_conflict",
        "gold_memory": "[March 2, 2025] At 8:00 AM, Bob said he likes the ambient light in blue.",
        "query": "At 8:00 PM, Bob got in. He said: 'Make the ambient light color blue.'",
        "new_answer": ['carcontrol_light_set_ambient_color(color="blue")'],
    },
    {  # "detailed" is the default voice mode: switching navigation on alone passes
        "reasoning_type": "conditional_constraint",
        "gold_memory": "[March 4, 2025] At 7:00 AM, Ann wanted detailed navigation prompts on new routes.",
        "query": "At 5:30 PM, Ann drove to a new office. It was barely past sunrise.",
        "new_answer": ['carcontrol_navigation_set_voice_mode(mode="detailed")',
                       "carcontrol_light_set_fog_light(enabled=true)"],
    },
]
HISTORY_2 = [
    "[2025-04-01 09:00] Cy Park: The fan speed at 7 was fine.",
    "[2025-04-02 09:00] Di Ross: Morning everyone.",
]
QUERIES_2 = [
    {
        "reasoning_type": "state_shift",
        "gold_memory": "[April 1, 2025] At 9:00 AM, Cy set the fan speed to 7.",
        "query": "At 9:30 AM, Cy got in. He said: 'Put my headrest back to normal.'",
        "new_answer": ['carcontrol_airConditioner_set_fan_speed(speed=3, zone="all")'],
    },
    {
        "reasoning_type": "preference_conflict",
        "gold_memory": "[April 2, 2025] At 9:00 AM, Di liked the ambient light in red.",
        "query": "At 9:00 PM, Di got in. He said: 'Make the ambient light color red.'",
        "new_answer": ['carcontrol_light_set_ambient_color(color="red")'],
    },
]


def write_bench(root: Path, groups: dict[int, tuple[list[str], list[dict[str, Any]]]]) -> Path:
    (root / "history").mkdir(parents=True)
    (root / "qa_data").mkdir()
    for number, (lines, queries) in groups.items():
        (root / "history" / f"history_{number}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        (root / "qa_data" / f"qa_{number}.json").write_text(
            json.dumps({"related_to_vehicle_preference": queries}), encoding="utf-8")
    return root


@pytest.fixture
def small(tmp_path: Path) -> Path:
    return write_bench(tmp_path / "small", {1: (HISTORY_1, QUERIES_1), 2: (HISTORY_2, QUERIES_2)})


def test_text_figures_of_a_small_history(small: Path) -> None:
    group = load_benchmark(small).group(1)
    text = GroupText(group)
    assert distinct_line_ratio(group) == 3 / 4
    assert vocabulary(text) == len({"set", "the", "headrest", "to", "40", "please", "i", "like", "ambient", "light",
                                    "in", "blue", "actually", "at", "60", "is", "better"})
    # 3-grams per line: 4, 5, 5, 5 (the last line repeats the third): 19 in all, 14 distinct
    assert distinct_ngram_ratio(text, 3) == 14 / 19


def test_answer_figures(small: Path) -> None:
    bench = load_benchmark(small)
    q = bench.queries
    assert in_date_order(q[0]) is False and in_date_order(q[1]) is None
    assert [sets_a_flag(x) for x in q[:3]] == [False, False, True]
    texts = {g.number: GroupText(g) for g in bench.groups}
    # 40 and blue are in group 1's history, "detailed" is not; neither 3 nor red is in group 2's
    assert [unstated_value(x, texts[x.group]) for x in q] == [False, False, True, True, True]


def test_request_wording_masks_names_numbers_and_values(small: Path) -> None:
    bench = load_benchmark(small)
    q1, q2 = bench.query("qa_1#1"), bench.query("qa_2#1")
    assert request_wording(q1, bench.group(1)) == request_wording(q2, bench.group(2))
    assert request_wording(q1, bench.group(1)) == "at <time>, <person> got in. he said: 'make the ambient light color <value>.'"


@pytest.mark.parametrize("scene", [
    "Fat drops were hammering the windshield on the way.",
    "{name}'s brother was buckled in behind the passenger seat.",  # a possessive opens no speech
])
def test_a_scene_narrated_by_two_queries_is_shared(small: Path, tmp_path: Path, scene: str) -> None:
    """The scene counts, names masked; the clock's opening sentence and the lead into speech do not."""
    assert shared_scenes(load_benchmark(small)) == 0.0  # every query opens alike: "At 9:00 AM, Ann got in."

    def asked(name: str, told: str) -> dict[str, Any]:
        return {"reasoning_type": "conditional_constraint", "gold_memory": "",
                "query": f"At 9:00 AM, {name} got in. {told.format(name=name)} {name} told the car: "
                         "'The wipers, it's wet.'",
                "new_answer": ["carcontrol_light_set_fog_light(enabled=true)"]}

    queries = [asked("Ann", scene), asked("Bob", scene), asked("Ann", "A fox crossed the road in the dark.")]
    bench = load_benchmark(write_bench(tmp_path / "scenes", {1: (HISTORY_1, queries[:2]), 2: (HISTORY_2, queries[2:])}))
    assert shared_scenes(bench) == pytest.approx(200 / 3)


def test_the_type_classifier_reads_a_template_off_held_out_groups(small: Path) -> None:
    accuracy, majority = classify_types(load_benchmark(small))
    # Each group's state_shift query says "headrest back to normal", its preference_conflict one
    # "ambient light color": trained on the other group, all four of them are read right; the
    # conditional query's words are nowhere else and it goes to a type seen in training.
    assert accuracy == 100 * 4 / 5
    assert majority == 100 * 2 / 5


def test_the_type_is_also_read_off_the_gold_memory_and_its_size(small: Path) -> None:
    bench = load_benchmark(small)
    words = gold_words(bench.query("qa_1#0"), bench.group(1))
    assert "ann" not in words and "headrest" in words and words.count("#") == 2 * 2 + 2  # the dates, the values
    assert gold_size(bench.query("qa_1#0"), bench.group(1)) == ["entries2"]
    # Sizes: group 1 holds 2, 1, 1 entries (state_shift, conflict, conditional), group 2 1, 1. Trained
    # on group 2, "one entry" is a tie that goes to the first type of the table (conflict): group 1's
    # conflict is right; trained on group 1, one entry is conflict or conditional, again conflict.
    accuracy, majority = classify_types(bench, gold_size)
    assert (accuracy, majority) == (100 * 2 / 5, 100 * 2 / 5)


def test_default_values_and_clock_contradictions(small: Path, release_dir: Path) -> None:
    bench = load_benchmark(small)
    people = bench.group(1).speakers
    found = default_values(bench.query("qa_1#2"))
    assert [(d.call, d.leaf) for d in found] == [('carcontrol_navigation_set_voice_mode(mode="detailed")',
                                                 "navigation.voice_mode")]
    assert default_values(bench.query("qa_1#0")) == []
    assert clock_contradiction(bench.query("qa_1#2"), people) == "5:30 PM vs morning"
    assert clock_contradiction(bench.query("qa_1#1"), people) is None
    for said_of_another_time in ("Same seat warmer as that time on night drives, only lower.",
                                 "The lights like when we drove home at dusk."):
        elsewhere = replace(bench.query("qa_1#2"), query=f"At 8:00 AM, Ann said: '{said_of_another_time}'")
        assert clock_contradiction(elsewhere, people) is None
    earlier_today = replace(bench.query("qa_1#2"), query="At 8:50 PM, Ann said: 'Our guest flew home this morning.'")
    assert clock_contradiction(earlier_today, people) is None  # another part of today, not the scene
    assert clock_contradiction(replace(bench.query("qa_1#2"), query="At 8:00 AM, it was already dark. Ann said: 'Lights!'"),
                               people) == "8:00 AM vs night"
    named = replace(bench.query("qa_1#2"), query="At 2:00 PM, Dawn drove to work. Dawn told the car: 'Warmer, please.'")
    assert clock_contradiction(named, ["Dawn Ruiz"]) is None  # a name, not a time of day
    assert clock_contradiction(replace(named, query=named.query + " It was barely dawn."), ["Dawn Ruiz"]) == "2:00 PM vs morning"
    release = load_benchmark(release_dir)
    assert [d.leaf for d in default_values(release.query("qa_1#4"))] == ["navigation.voice_mode"]
    assert audit(release, tokens=False, baselines=[]).figures["unchanged_car_queries"] == 5  # vmb verify's no_change


def test_who_speaks_and_whom_a_request_is_for() -> None:
    people = ["Andrea Neal", "Rita Russell", "Sandra Wright"]
    entry = "Rita rode along while Andrea drove to a job site. Andrea told Rita: 'The wipers at level 2.'"
    assert speaker(entry, people) == "Andrea Neal"
    assert first_person_named(entry, people) == "Rita Russell"
    query = "At 7:10 PM, Andrea got into the driver's seat with Rita. Andrea told the car: 'Wipers comfortable for Rita.'"
    assert beneficiary(query, people) == "Rita Russell"
    assert beneficiary("At 9:00 AM, Sandra said: 'My usual, please.'", people) == "Sandra Wright"


def test_baselines_never_see_the_answer(small: Path) -> None:
    task = Tasks().of(load_benchmark(small).query("qa_1#0"), load_benchmark(small).group(1))
    assert not hasattr(task, "calls") and not hasattr(task, "answer") and not hasattr(task, "reasoning_type")


@pytest.mark.parametrize(("name", "passed"), [
    ("latest-gold", ["qa_1#1", "qa_2#1"]),      # qa_1#0: the latest entry says 60
    ("first-gold", ["qa_1#0", "qa_1#1", "qa_2#1"]),
    ("as-written", ["qa_1#0", "qa_1#1", "qa_2#1"]),  # 40 is written last
    ("latest-history", ["qa_1#1", "qa_2#1"]),   # the latest headrest line says 60
    ("query-only", ["qa_1#1", "qa_2#1"]),       # the value is in the query
    ("type-router", ["qa_1#0", "qa_1#1", "qa_2#1"]),  # "normal" routes to the first entry
])
def test_each_baseline_on_the_small_benchmark(small: Path, name: str, passed: list[str]) -> None:
    scores = score_baseline(load_benchmark(small), name)
    assert [s.task_id for s in scores if s.exact_match] == passed


def test_audit_collects_figures_baselines_and_findings(small: Path) -> None:
    result = audit(load_benchmark(small), tokens=False)
    assert set(result.baselines) == set(BASELINES)
    assert result.baselines["first-gold"]["all"] == 60.0
    assert result.baselines["first-gold"]["state_shift"] == 50.0
    assert result.solved_without_memory == ["qa_1#1", "qa_2#1"]
    assert result.figures["clock_contradictions"] == 1
    assert result.figures["conditional_clock_contradictions"] == 1
    assert result.figures["default_value_queries"] == 1
    assert result.figures["unchanged_car_queries"] == 0
    assert result.default_values == [{"query": "qa_1#2", "call": 'carcontrol_navigation_set_voice_mode(mode="detailed")',
                                      "leaves": "navigation.voice_mode"}]
    assert result.figures["multi_call_answers"] == 20.0


def _as_stored(result: Audit) -> tuple[str, Any]:
    """An audit as text (NaN as NaN) and its group counts: what two equal audits share."""
    return json.dumps(dataclasses.asdict(result)), result.group_counts


def test_a_warm_audit_is_the_cold_one_and_a_bad_entry_costs_only_time(small: Path, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    folder = tmp_path / "cache" / store.FOLDER
    cold = audit(load_benchmark(small), name="small", tokens=False)
    [entry] = folder.glob("*.json")
    warm = audit(load_benchmark(small), name="again", tokens=False)
    assert warm is not cold and warm.name == "again"
    assert _as_stored(replace(warm, name="small")) == _as_stored(cold)
    assert any(math.isnan(v) for scores in cold.baselines.values() for v in scores.values())  # NaN kept as NaN
    for damage in ("{not json", '{"figures": 1}', "[" * 5000):
        entry.write_text(damage, encoding="utf-8")
        assert _as_stored(audit(load_benchmark(small), name="small", tokens=False)) == _as_stored(cold)
        rewritten = store.read_entry(entry, lambda stored: Audit.from_stored("small", stored))
        assert rewritten is not None and _as_stored(rewritten) == _as_stored(cold)
    edited = small / "history" / "history_1.txt"
    lines = edited.read_text(encoding="utf-8").splitlines()
    edited.write_text("\n".join([*lines, lines[-1]]) + "\n", encoding="utf-8")
    audit(load_benchmark(small), tokens=False)  # an edited benchmark is another entry
    assert len(list(folder.glob("*.json"))) == 2
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocked))  # the cache would be a folder inside a file: computed, no error
    assert _as_stored(audit(load_benchmark(small), name="small", tokens=False))[1] == cold.group_counts


def test_gaps_beyond_the_targets_are_listed() -> None:
    """±5 ESM points overall and ±10 per type, either way; a baseline one side lacks is no gap."""
    def scored(esm: float, shift: float) -> dict[str, float]:
        return {"all": esm, **{t: 20.0 for t in REASONING_TYPES}, "state_shift": shift}

    ours = Audit("generated", {}, {"latest-gold": scored(30.0, 45.0), "only-here": scored(0, 0)}, {})
    release = Audit("release", {}, {"latest-gold": scored(25.5, 34.0)}, {})
    gaps = {g.scope: g for g in baseline_gaps(ours, release)}
    assert set(gaps) == {"all", *REASONING_TYPES} and not gaps["all"].outside and gaps["state_shift"].outside
    assert outside_lines(ours, release) == ["latest-gold state_shift: 45.0 vs 34.0 (+11.0, beyond ±10)"]
    assert outside_lines(release, ours) == ["latest-gold state_shift: 34.0 vs 45.0 (-11.0, beyond ±10)"]


def test_solved_without_memory_follows_what_a_baseline_reads_not_its_name(small: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    renamed = replace(BASELINES["query-only"], name="ask-only")
    monkeypatch.setitem(BASELINES, "ask-only", renamed)
    bench = load_benchmark(small)
    assert audit(bench, baselines=["ask-only"], tokens=False).solved_without_memory == ["qa_1#1", "qa_2#1"]
    assert audit(bench, baselines=["latest-gold"], tokens=False).solved_without_memory == []


def test_cli_prints_both_columns_and_writes_json(small: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    other = write_bench(tmp_path / "other", {1: (HISTORY_1, QUERIES_1)})
    out_json = tmp_path / "audit.json"
    assert main(["audit", "--data", str(small), "--against", str(other), "--no-tokens",
                 "--baselines", "latest-gold,query-only", "--json", str(out_json), "--list"]) == 0
    out = capsys.readouterr().out
    assert "small" in out.splitlines()[0] and "other" in out.splitlines()[0]
    assert "baseline latest-gold ESM" in out and "baseline first-gold" not in out
    assert "baselines outside ±5 ESM points of other overall, ±10 per type: " in out
    assert "qa_1#2    conditional_constraint: 5:30 PM vs morning" in out
    assert [a["name"] for a in json.loads(out_json.read_text())] == ["small", "other"]


@pytest.mark.parametrize("argv", [
    ["--data", "/nonexistent/bench"],
    ["--against", "/nonexistent/bench"],
    ["--baselines", "latest-gold,guess"],
    ["--baselines", ","],
])
def test_cli_bad_input_is_one_line(small: Path, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    args = ["audit", "--no-tokens", *argv] if argv[0] == "--data" else ["audit", "--data", str(small),
                                                                        "--no-tokens", *argv]
    assert main(args) == 2
    out = capsys.readouterr().err.strip().splitlines()
    assert len(out) == 1 and out[0].startswith("vmb audit: ")


def test_cli_malformed_benchmark_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = write_bench(tmp_path / "bad", {1: (HISTORY_1, QUERIES_1)})
    (bad / "qa_data" / "qa_1.json").write_text("{not json", encoding="utf-8")
    assert main(["audit", "--data", str(bad), "--against", "none", "--no-tokens"]) == 2
    out = capsys.readouterr().err.strip().splitlines()
    assert len(out) == 1 and "qa_1.json" in out[0]


def test_cli_benchmark_without_queries_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = write_bench(tmp_path / "empty", {1: (HISTORY_2, [])})
    assert main(["audit", "--data", str(empty), "--against", "none", "--no-tokens"]) == 2
    out = capsys.readouterr().err.strip().splitlines()
    assert out == [f"vmb audit: {empty} has no queries: nothing to audit"]


def test_cli_unwritable_json_is_one_line(small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["audit", "--data", str(small), "--against", "none", "--no-tokens", "--baselines", "query-only",
                 "--json", str(blocker / "audit.json")]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [f"vmb audit: --json {blocker / 'audit.json'}: cannot write it "
                                                            "(File exists)"]


def test_a_value_counts_as_stated_as_a_reader_reads_it(tmp_path: Path) -> None:
    """Digits or number words said as a value count; a line's timestamp, a clock time, a date or a step
    ("two notches lower") do not; an enum said in words ("face and feet") counts."""
    lines = ["[2025-03-09 09:30] Ann Lee: Crank the wheel heat up to five, and the vents on face and feet.",
             "[2025-03-10 08:45] Ann Lee: See you at 7:15 on April 22, then take the fan two notches lower.",
             "[2025-03-11 08:45] Ann Lee: I waited six minutes for the three kids."]
    answers = ["carcontrol_steeringWheel_set_heating_level(level=5)",
               'carcontrol_airConditioner_set_air_direction(zone="driver", direction="face_feet")',
               "carcontrol_steeringWheel_set_heating_level(level=9)",   # only the timestamp's day says 9
               "carcontrol_steeringWheel_set_heating_level(level=7)",   # only a clock time says 7
               'carcontrol_airConditioner_set_fan_speed(zone="all", speed=2)',  # only a step says two
               'carcontrol_airConditioner_set_temperature(zone="all", temperature=22)',  # only a date
               "carcontrol_steeringWheel_set_heating_level(level=6)"]  # a count of minutes is no value
    queries = [{"reasoning_type": "error_correction", "gold_memory": "", "query": "Ann got in.", "new_answer": [a]}
               for a in answers]
    bench = load_benchmark(write_bench(tmp_path / "stated", {1: (lines, queries)}))
    text = GroupText(bench.group(1))
    assert [unstated_value(q, text) for q in bench.queries] == [False, False, True, True, True, True, True]


@pytest.mark.parametrize(("member", "said", "stated"), [
    ("feet_window", "the vents on the footwell and the windshield", True),
    ("feet_window", "feet and windshield, please", True),
    ("12h", "the clock on twelve-hour time", True),
    ("single_loop", "keep one song on repeat", True),
    ("north_up", "north at the top of the map", True),
    ("feet_window", "my feet are cold", False),
    ("sequential", "put these in order", False),  # words common in talk are no value
    ("sequential", "I called in order to ask", False),
    ("scene", "we took the scenic route", False),
    ("constant", "a steady drizzle all day", False),
    ("sequential", "play it in list order", True),
    ("single_loop", "one track on repeat", True),  # the reader's phrases are the generator's too
    ("12h", "the clock in AM and PM", True),
    ("window", "windshields everywhere", False),  # whole words only
])
def test_an_enum_member_is_read_in_everyday_words(member: str, said: str, stated: bool) -> None:
    """A reader, and so the shortcut baselines, hears "footwell and windshield" as ``feet_window``; the
    generator's vetting hears the same (one table, ``SPOKEN_VALUES``, whole words)."""
    assert (spoken_pattern(member).search(said) is not None) is stated
    assert says_value(said, member) is stated


def _scored(task_id: str, kind: str, hit: bool) -> TaskScore:
    """A task whose one leaf should change, and did (``hit``) or did not."""
    return TaskScore(["seat.driver.heating_level"], ["seat.driver.heating_level"] if hit else [],
                     ["seat.driver.heating_level"] if hit else [], [], {}, task_id=task_id, reasoning_type=kind)


def test_the_noise_floor_is_what_two_draws_of_one_benchmark_differ_by() -> None:
    """Groups that all score alike resample to the same scores (nothing outside, ever); groups that
    score all or nothing put scores outside in most pairs; the same seed gives the same floor."""
    alike = group_counts(_groups(20, lambda g, i: i % 2 == 0), list(TOLERANCE))
    floor = noise_floor(alike, TOLERANCE, draws=50)
    assert floor is not None and floor.mean == 0 and floor.none == 1.0 and floor.groups == 20
    apart = group_counts(_groups(20, lambda g, i: g % 2 == 0), list(TOLERANCE))
    wide = noise_floor(apart, TOLERANCE, draws=50)
    assert wide is not None and wide.mean > 1 and wide.none < 0.5
    assert noise_floor(apart, TOLERANCE, draws=50) == wide
    one = group_counts(_groups(1, lambda g, i: True), list(TOLERANCE))
    assert noise_floor(one, TOLERANCE) is None  # one group: nothing to draw


def _groups(count: int, hit: Callable[[int, int], bool]) -> dict[str, list[TaskScore]]:
    kinds = list(REASONING_TYPES)
    return {"latest-gold": [_scored(f"qa_{g}#{i}", kinds[i % 5], hit(g, i))
                            for g in range(1, count + 1) for i in range(10)]}


def test_the_noise_floor_is_drawn_at_the_audited_benchmarks_size() -> None:
    """5 of a 50-group benchmark's own groups beside it: their scores move by chance as 5 groups do, so the floor
    drawn at 5 groups holds the count of scores outside (drawn at 50, it said a third of it)."""
    def hit(g: int, i: int) -> bool:  # groups of every skill: solved from 1 to 9 of 10 queries
        return i < 1 + (g * 7) % 9

    scores = _groups(50, hit)
    release = Audit("release", {"groups": 50}, {}, {}, group_counts=group_counts(scores, list(TOLERANCE)))
    few = {b: [s for s in task if int((s.task_id or "").split("_")[1].split("#")[0]) <= 5] for b, task in scores.items()}
    ours = Audit("five", {"groups": 5}, {}, {}, group_counts=group_counts(few, list(TOLERANCE)))
    ours.baselines = {"latest-gold": {ALL: 100 * sum(s.exact_match for s in few["latest-gold"]) / 50,
                                      **{t: 100 * sum(s.exact_match for s in few["latest-gold"] if s.reasoning_type == t)
                                         / 10 for t in REASONING_TYPES}}}
    release.baselines = {"latest-gold": {ALL: 100 * sum(s.exact_match for s in scores["latest-gold"]) / 500,
                                         **{t: 100 * sum(s.exact_match for s in scores["latest-gold"]
                                                         if s.reasoning_type == t) / 100 for t in REASONING_TYPES}}}
    at_five, at_fifty = floor_beside(ours, release), noise_floor(release.group_counts, TOLERANCE)
    assert at_five is not None and at_fifty is not None and at_five.groups == 5 and at_fifty.groups == 50
    assert at_five.mean > 2.5 * at_fifty.mean
    assert at_fifty.mean < len(outside_lines(ours, release)) <= at_five.mean  # beyond the 50-group floor, not the 5
    line = floor_line(ours, release)
    assert line is not None and "one of 5 (as five has) and one of 50" in line
    assert "group_counts" not in release.to_json()  # the per-group counts stay out of the JSON


def test_cli_says_what_chance_alone_puts_outside(small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = write_bench(tmp_path / "other", {1: (HISTORY_1, QUERIES_1), 2: (HISTORY_1, QUERIES_1)})
    assert main(["audit", "--data", str(small), "--against", str(other), "--no-tokens", "--baselines", "latest-gold"]) == 0
    out = capsys.readouterr().out
    assert "two independent resamples of other's groups, one of 2 (as small has) and one of 2, differ beyond " \
           "these targets in" in out


def test_a_benchmark_folder_named_with_markup_keeps_the_markdown_table_whole(
        small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """issue 46 item 5: a benchmark folder named ``a|b`` split the rows of the audit's Markdown table; each name is
    one cell, escaped once, and no raw ESC reaches the terminal."""
    piped = write_bench(tmp_path / "a|b", {1: (HISTORY_1, QUERIES_1)})
    marked = write_bench(tmp_path / "<img src=x onerror=alert(1)> *x*\x1b[2J", {1: (HISTORY_1, QUERIES_1)})
    assert main(["audit", "--data", str(piped), "--against", str(marked), "--no-tokens", "--baselines",
                 "latest-gold", "--markdown"]) == 0
    out = capsys.readouterr().out
    table = [line for line in out.splitlines() if line.startswith("|")]
    cells = {len(re.findall(r"(?<!\\)\|", line)) for line in table}
    assert len(table) > 5 and cells == {4}, table  # three cells each: measured, a|b, the other
    assert " a\\|b |" in table[0] and "&lt;img src=x onerror=alert(1)&gt; \\*x\\*\\\\x1b\\[2J" in table[0], table[0]
    assert "\x1b" not in out and not [line for line in table if "<img" in line]


@pytest.mark.parametrize("text, mistakes", [
    ("Quick question: did anybody moved my hand drill?", ["do with a past verb"]),
    ("Does she liked the new place?", ["do with a past verb"]),
    ("You should tried the other road.", ["modal with a past verb"]),
    ("I found a apple in the boot.", ["a before a vowel"]),
    ("She brought an dog along.", ["an before a consonant"]),
    ("The the instrument panel is too bright.", ["doubled word"]),
    ("They was late again.", ["subject and verb disagree"]),
    # what a reader passes: a name or acronym after a modal or an article, a word people double, a noun "will"
    ("Would Alfred help on Sunday?", []), ("The gale in late May delayed the ferry.", []),
    ("I'm collaborating with a European lab and a unique one.", []), ("They said an MRI, maybe an hour.", []),
    ("No no, that's fine. It had had enough.", []), ("Give me a little Duran Duran.", []),
    ("In the OR or the lab, it's the same.", []), ("If only the political will matched the urgency.", []),
    ("Did you need anything?", []), ("Does it have a light sensor?", []),
])
def test_grammar_errors_name_a_templates_mistakes_and_pass_plain_speech(text: str, mistakes: list[str]) -> None:
    assert grammar_errors(text) == mistakes


def test_a_template_with_random_fillers_shares_one_skeleton_and_talk_does_not() -> None:
    templated = ["So, just before the rain, the lovebird sat on the ankle sprain, and that was an afternoon.",
                 "So, just before the frost, the old beagle sat on the wheelie bins, and that was an evening."]
    assert skeleton(templated[0]) == skeleton(templated[1])
    talk = ["I spent the whole afternoon on the phone sorting out a housing case.",
            "Did you get anywhere with the landlord in the end, or is it still going?",
            "The kitchen smelled amazing when I came in last night, what was it?", "Thanks."]
    assert templated_share(talk) == 0.0
    assert templated_share(talk + templated) == 100 * 2 / 5  # "Thanks." is too short to count
    figures = measure([talk + templated, talk], ["Did anybody moved the seat?", "Set the seat back."])
    assert figures == {"templated_lines": 20.0, "ungrammatical_lines": 0.0, "ungrammatical_queries": 50.0}


def test_the_audit_reports_templates_and_grammar_beside_the_release(small: Path) -> None:
    bench = load_benchmark(small)
    result = audit(bench, baselines=[], tokens=False)
    expected = measure(([line.text for line in g.lines] for g in bench.groups), [q.query for q in bench.queries])
    assert {k: result.figures[k] for k in expected} == expected
    labels = [row[0] for row in figure_rows([result])]
    assert any("word skeleton" in label for label in labels) and any("grammar error" in label for label in labels)
