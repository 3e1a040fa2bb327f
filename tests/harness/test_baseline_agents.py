"""Shortcut baselines as offline agents: `vmb run --agent BASELINE` goes through the agent loop, is
scored there exactly as `vmb audit` scores the same calls, and its failures get real error types."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from vmb.analysis import load_runs
from vmb.cli import main
from vmb.data import load_benchmark
from vmb.maker.baselines import BASELINES, score_baseline


@pytest.mark.parametrize("agent", ["latest-gold", "latest-history", "query-only"])
def test_a_baseline_run_scores_as_the_audit_does(run: Any, bench: Any, agent: str) -> None:
    groups = [g.number for g in bench.groups][1:]  # all but the first: a selection, not the whole benchmark
    result = run(None, agent, agent=agent, memory=BASELINES[agent].memory, groups=groups)
    chosen = load_benchmark(bench.root)
    chosen.groups = [g for g in chosen.groups if g.number in groups]
    direct = {s.task_id: s.exact_match for s in score_baseline(chosen, agent)}
    runs = load_runs([result.path], bench=bench)
    through_loop = dict(zip(runs.queries["query_id"], runs.queries["exact_match"]))
    selected = sum(len(bench.group(g).queries) for g in groups)
    assert result.metric.scored == len(direct) == selected
    assert through_loop == direct
    # Every failure has a primary error type of the taxonomy (no "error" records: nothing failed to run).
    failed = runs.failures
    assert len(failed) == selected - sum(direct.values()) and failed["error_category"].notna().all()


def test_latest_gold_fails_for_real_reasons(run: Any, bench: Any) -> None:
    result = run(None, "latest-gold", agent="latest-gold", memory="gold")
    categories = set(load_runs([result.path], bench=bench).failures["error_category"])
    assert {"wrong value: stale", "no action"} <= categories


def test_an_unknown_agent_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--agent", "latest", "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr()
    lines = (err.out + err.err).strip().splitlines()
    assert len(lines) == 1 and "unknown agent 'latest'" in lines[0] and "latest-gold" in lines[0]


@pytest.mark.parametrize(("agent", "memory"), [("latest-gold", "none"), ("latest-gold", "summary"),
                                                ("query-only", "gold"), ("latest-history", "gold")])
def test_a_baseline_under_a_memory_it_does_not_read_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], agent: str, memory: str) -> None:
    out = tmp_path / "run"
    assert main(["run", "--agent", agent, "--memory", memory, "--groups", "1", "--out", str(out)]) == 2
    err = capsys.readouterr()
    lines = (err.out + err.err).strip().splitlines()
    reads = BASELINES[agent].memory
    assert len(lines) == 1 and f"--agent {agent} reads the {reads} memory setting" in lines[0], lines
    assert f"--memory {reads}" in lines[0] and not out.exists()
