"""A baseline's calls for every query of a benchmark, scored with vmb's simulator and scorer."""

from __future__ import annotations

from vmb.data import Benchmark
from vmb.maker.baselines.evidence import Tasks
from vmb.maker.baselines.policies import BASELINES
from vmb.score import TaskScore, score_calls


def score_baseline(bench: Benchmark, name: str, tasks: Tasks | None = None) -> list[TaskScore]:
    """One score per query, in the benchmark's order (``KeyError`` for an unknown baseline)."""
    baseline = BASELINES[name]
    tasks = tasks if tasks is not None else Tasks()
    scores = []
    for group in bench.groups:
        for query in group.queries:
            predicted = baseline.predict(tasks.of(query, group))
            scores.append(score_calls(query.calls, predicted, task_id=query.id, reasoning_type=query.reasoning_type))
    return scores
