"""Repeated trials against the scripted server in its stochastic mode: keys, cache, resume, pass^k."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.harness.conftest import RunFn
from vmb.doubles.scripted import ReferenceScript, ScriptedServer, Stochastic
from vmb.results.record import QueryRecord
from vmb.uncertainty import pass_at_k, pass_hat_k

MODE = Stochastic(seed=5, fail_rate=0.35)


def records(run_dir: Path) -> list[QueryRecord]:
    lines = (run_dir / "results.jsonl").read_text(encoding="utf-8").splitlines()
    return [QueryRecord.from_json(json.loads(line)) for line in lines]


def test_trials_disagree_and_metric_json_reports_pass_k_from_them(bench: Any, run: RunFn, tmp_path: Path) -> None:
    with ScriptedServer(ReferenceScript(bench, stochastic=MODE)) as server:
        result = run(server.url, groups=[1, 2], trials=3)
        trials_sent = {int(r.headers.get("x-vmb-trial", "1")) for r in server.received}
    assert trials_sent == {1, 2, 3}
    got = records(tmp_path / "run")
    assert sorted(r.key for r in got) == sorted(f"qa_{g}#{i}" + ("" if t == 1 else f"~{t}")
                                                 for g in (1, 2) for i in range(10) for t in (1, 2, 3))
    by_key: dict[tuple[str, int], bool] = {}
    for record in got:
        assert record.score is not None
        by_key[record.id, record.trial] = record.score.exact_match
        if not MODE.fails(record.id, record.trial):
            assert record.score.exact_match  # the reference answer, untouched
    passes = {q: [by_key[q, t] for t in (1, 2, 3)] for q, _ in by_key}
    assert any(len(set(p)) == 2 for p in passes.values()), "the stochastic mode should make trials disagree"
    overall = result.metric.overall
    assert overall is not None and result.metric.selected == 60 and overall.trials == 3
    for k in (1, 2, 3):
        assert overall.pass_hat_k[k - 1] == round(
            100 * sum(pass_hat_k(sum(p), 3, k) for p in passes.values()) / 20, 2)
        assert overall.pass_at_k[k - 1] == round(
            100 * sum(pass_at_k(sum(p), 3, k) for p in passes.values()) / 20, 2)
    by_trial = [round(100 * sum(p[t] for p in passes.values()) / 20, 2) for t in range(3)]
    assert overall.esm_by_trial == by_trial
    assert overall.value("esm") == round(sum(by_trial) / 3, 2)
    interval = overall.interval("esm")
    assert interval is not None and interval["low"] <= overall.value("esm") <= interval["high"]
    assert "group bootstrap" in result.metric.interval_method


def test_trials_resume_from_the_run_and_the_cache(bench: Any, run: RunFn, tmp_path: Path) -> None:
    with ScriptedServer(ReferenceScript(bench, stochastic=MODE)) as server:
        first = run(server.url, groups=[3], trials=2)
        # Trial 2 repeats trial 1's requests word for word (where neither fails), yet is asked afresh.
        bodies = [[json.dumps(r.body, sort_keys=True) for r in server.received
                   if r.headers.get("x-vmb-trial", "1") == t] for t in "12"]
        assert set(bodies[0]) & set(bodies[1]) and first.stats.cache_hits == 0
        again = run(server.url, groups=[3], trials=2)
        assert again.stats.usage.requests == 0 and again.stats.cache_hits == 0  # every record kept
        # Lose some trial-2 records (as a kill would): they rerun, served from the cache.
        results = tmp_path / "run" / "results.jsonl"
        lines = results.read_text(encoding="utf-8").splitlines()
        kept = [line for line in lines if not ('"trial": 2' in line and '"index": 4' in line or '"index": 7' in line)]
        assert len(kept) < len(lines)
        results.write_text("\n".join(kept) + "\n", encoding="utf-8")
        resumed = run(server.url, groups=[3], trials=2)
        assert resumed.stats.usage.requests == 0 and resumed.stats.cache_hits > 0
        assert resumed.metric == first.metric
        # More trials later: the first two are kept, only trial 3 is asked.
        before = len(server.received)
        more = run(server.url, groups=[3], trials=3)
        asked = server.received[before:]
        assert asked and all(r.headers.get("x-vmb-trial") == "3" for r in asked)
        assert more.metric.overall.trials == 3 and more.metric.selected == 30
