"""The shortcut baselines written to exploit a generator's weaknesses, each on a hand-made case where its
one rule finds the answer and the plain "latest mention" does not."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_audit import write_bench

from vmb.data import load_benchmark
from vmb.doubles.baselines import score_baseline
from vmb.doubles.baselines.lexicon import stated_steps


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
