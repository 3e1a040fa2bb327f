"""The shortcut baselines written to exploit a generator's weaknesses, each on a hand-made case where its
one rule finds the answer and the plain "latest mention" does not."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_audit import write_bench

from vmb.data import load_benchmark
from vmb.data.spoken import stated_steps
from vmb.maker.baselines import score_baseline
from vmb.maker.baselines.lexicon import best_target, target_scores


def _headrest(value: int) -> list[str]:
    return [f'carcontrol_seat_set_headrest_height(seat="driver", value={value})']


HISTORY = [
    "[2025-03-01 08:00] Ann Lee: The headrest at 40 is how I like it.",
    "[2025-03-05 08:00] Ann Lee: Keep the headrest at 40, please.",
    "[2025-03-09 08:00] Bob Stone: Morning. The headrest at 40 again for Ann.",
    "[2025-03-12 08:00] Ann Lee: With this stiff neck, the headrest at 60 for now.",
]
QUERIES = [
    {  # a relative correction: the answer is a number nobody said, two below the latest one
        "reasoning_type": "error_correction",
        "gold_memory": "[March 1, 2025] At 8:00 AM, Ann told Bob: 'The headrest at 44, please.'\n"
                       "[March 1, 2025] At 8:05 AM, Ann said: 'Hmm, too high. Take it four notches lower.'",
        "query": "At 9:00 AM, Ann got in. She told the car: 'The headrest the way I settled it.'",
        "new_answer": _headrest(40),
    },
    {  # the query's own step on the latest value
        "reasoning_type": "coreference_resolution",
        "gold_memory": "[March 2, 2025] At 8:00 AM, Ann told Bob: 'The headrest at 30 suits me.'",
        "query": "At 9:00 AM, Ann got in. She told the car: 'The headrest like last time, two notches higher.'",
        "new_answer": _headrest(32),
    },
    {  # the usual value is the entry without a temporary state; the latest one has it
        "reasoning_type": "state_shift",
        "gold_memory": "[March 12, 2025] At 8:00 AM, Ann told Bob: 'Since my neck is stiff, the headrest at 60 "
                       "for now.'\n[March 1, 2025] At 8:00 AM, Ann told Bob: 'The headrest at 40 is how I like it.'",
        "query": "At 9:00 AM, Ann got in. She told the car: 'The headrest as it should be.'",
        "new_answer": _headrest(40),
    },
    {  # the deciding entry is the shortest one, though not the latest
        "reasoning_type": "preference_conflict",
        "gold_memory": "[March 1, 2025] At 8:00 AM, Ann: 'The headrest at 35.'\n"
                       "[March 3, 2025] At 8:00 AM, Bob had Ann beside him on the way to the market, and he told "
                       "her about the traffic and his week: 'The headrest at 55 suits me.'",
        "query": "At 9:00 AM, Ann got in. She told the car: 'My headrest height.'",
        "new_answer": _headrest(35),
    },
    {  # the deciding entry is the longest one, though not the latest
        "reasoning_type": "preference_conflict",
        "gold_memory": "[March 1, 2025] At 8:00 AM, Ann had Bob beside her on the way to the market, and she "
                       "told him about the traffic and her week: 'The headrest at 45 suits me.'\n"
                       "[March 3, 2025] At 8:00 AM, Bob: 'The headrest at 65.'",
        "query": "At 9:00 AM, Ann got in. She told the car: 'My headrest height.'",
        "new_answer": _headrest(45),
    },
    {  # the corrected entry is an earlier one: the gold memory's correction word points at it
        "reasoning_type": "error_correction",
        "gold_memory": "[March 1, 2025] At 8:00 AM, Ann told Bob: 'Sorry, I got that wrong: the headrest at 42.'\n"
                       "[March 4, 2025] At 8:00 AM, Ann told Bob: 'The headrest at 58 on the long drive to work.'",
        "query": "At 9:00 AM, Ann got in. She told the car: 'My headrest height.'",
        "new_answer": _headrest(42),
    },
    {  # the value the history states most often, not its latest
        "reasoning_type": "state_shift",
        "gold_memory": "",
        "query": "At 9:00 AM, Ann got in. She told the car: 'The headrest height, please.'",
        "new_answer": _headrest(40),
    },
]


@pytest.fixture
def exploited(tmp_path: Path) -> Path:
    return write_bench(tmp_path / "exploited", {1: (HISTORY, QUERIES)})


@pytest.mark.parametrize(("name", "passed"), [
    ("latest-gold", []),
    ("step-gold", ["qa_1#0", "qa_1#1"]),
    ("plain-gold", ["qa_1#2"]),
    ("shortest-gold", ["qa_1#2", "qa_1#3", "qa_1#5"]),  # the temporary state and the later value said at length
    ("longest-gold", ["qa_1#4"]),
    ("marker-router", ["qa_1#0", "qa_1#1", "qa_1#2", "qa_1#3", "qa_1#4", "qa_1#5"]),  # each by its marker
    ("frequent-history", ["qa_1#6"]),  # the history holds 40 three times, 60 once
])
def test_each_exploit_finds_what_it_exploits(exploited: Path, name: str, passed: list[str]) -> None:
    scores = score_baseline(load_benchmark(exploited), name)
    assert [s.task_id for s in scores if s.exact_match] == passed


@pytest.mark.parametrize(("text", "steps"), [
    ("Too strong. Take it two notches lower.", [-2]),
    ("Same as last time, only one higher.", [1]),
    ("Make it twenty-two degrees warmer", [22]),
    ("a notch lower, then raise it by five", [-1, 5]),
    ("down by 3", [-3]),
    ("by 3", []),                    # no verb says which way
    ("raise it by 5 one more time", [5]),           # a digit takes no spelled unit after it
    ("raise it by twenty one more time", [21]),     # a spelled ten does
    ("lower it rather than raise it by two", [2]),  # the verb nearest the step says which way
    ("wait five minutes more", []),  # a count of minutes is no step
])
def test_steps_are_read_with_their_direction(text: str, steps: list[int]) -> None:
    assert [size for _, _, size in stated_steps(text)] == steps


@pytest.mark.parametrize(("text", "named"), [
    ("Honestly, the route to Branch Chess Club is the only way, the navigation always gets it wrong.",
     "carcontrol_navigation_navigate_to"),  # "route" says navigate: no API that takes no place wins it
    ("The navigation: the destination for Shelton Medical Plaza, please.", "carcontrol_navigation_navigate_to"),
    ("Auto brightness on the screen, please.", "carcontrol_centerInformationDisplay_set_auto_brightness"),
    ("The screen brightness at 40, please.", "carcontrol_centerInformationDisplay_set_brightness"),
])
def test_an_action_word_said_by_a_declared_synonym_with_its_value_is_said(text: str, named: str) -> None:
    target = best_target(text)
    assert target is not None and target.name == named
    scores = target_scores(text)
    assert scores[named] > scores.get("carcontrol_navigation_stop", 0.0)


def test_a_route_in_the_gold_memory_is_navigated_to(tmp_path: Path) -> None:
    """A gold memory saying "the route to X" answers a navigate_to call (it used to read as navigation_stop,
    which takes no destination, and so every baseline missed it)."""
    query = {
        "reasoning_type": "preference_conflict",
        "gold_memory": "[May 2, 2025] At 4:10 PM, Deborah told Monica: 'The navigation: wrong again. How about "
                       "the route to Branch Chess Club? I'm hopeless with directions.'",
        "query": "At 5:10 PM, Deborah got in. She told the car: 'Set it up the way I had it last time.'",
        "new_answer": ['carcontrol_navigation_navigate_to(destination="Branch Chess Club")'],
    }
    bench = write_bench(tmp_path / "route", {1: (["[2025-05-02 16:10] Deborah Lane: Hello."], [query])})
    assert [s.exact_match for s in score_baseline(load_benchmark(bench), "latest-gold")] == [True]


def test_a_synonym_without_the_value_leaves_the_action_word_unsaid() -> None:
    """"Start guidance with my voice settings" names the voice mode, not a route: no place is stated, so
    "guidance" alone does not say navigate_to's "navigate"."""
    scores = target_scores("Start guidance with my preferred voice settings, the destination is set.")
    assert scores["carcontrol_navigation_set_voice_mode"] > scores["carcontrol_navigation_navigate_to"]
