"""Stage attribution checked where the truth is known by construction (docs/attribution.md, Validation).

1. Real runs of the scripted model (``fixtures/scripted_runs.py``) on the small generated benchmark
   (``small_benchmark``, tests/conftest.py), whose behaviour per query is
   chosen on purpose: with gold memory, each behaviour's stage is known (correct: solved; no action,
   wrong value, wrong zone, an extra change: retrieved but not used; a call to a tool never loaded:
   tool failure); with no memory, or an empty key-value store, every failure is "not in memory".
2. The release: each query's gold memory as the store (the evidence is in it), another group's gold
   memory of the same reasoning type (different people: it is not), the gold memory withheld from
   what the agent saw (not retrieved), and an agent that had it and did nothing (not used). Here the
   release's wording is the subject: it has no recorded lines, so the rules match words written by
   people, not by our generator (whose recorded lines would decide, as in 3).
3. Generated data with exact event ids: the whole history holds each query's evidence; the history
   without the lines of the query's chain does not; the (day, hour) chunks holding the evidence lines
   are a retrieval that found it, the other chunks one that did not. The rules read the recorded
   lines (``vmb.results.recorded``): quoted history is judged by the record, the rest by its wording.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from fixtures.scripted_runs import behaviour_of, build_runs

from tests.generate.conftest import generate
from vmb.analysis.runs import load_runs
from vmb.data import load_benchmark
from vmb.data.metadata import read_metadata
from vmb.harness.attribution import facts_of
from vmb.harness.rescore import rescore_run
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.results import metrics
from vmb.results.rundir import RESULTS, read_results
from vmb.results.stages import (
    NOT_IN_MEMORY,
    NOT_RETRIEVED,
    NOT_USED,
    SOLVED,
    TOOL_FAILURE,
    attribute,
    holds,
)
from vmb.results.taxonomy import NO_ACTION

EXPECTED_WITH_GOLD = {
    "correct": SOLVED,
    "no_action": f"{NOT_USED}: no action",
    "wrong_value": f"{NOT_USED}: wrong value",
    "wrong_zone": f"{NOT_USED}: wrong target",
    "extra_change": f"{NOT_USED}: wrong target",
    "not_loaded": TOOL_FAILURE,
}


@pytest.fixture(scope="module")
def bench(small_benchmark: Path) -> Any:
    return load_benchmark(small_benchmark)


@pytest.fixture(scope="module")
def runset(tmp_path_factory: pytest.TempPathFactory, bench: Any, small_benchmark: Path) -> Any:
    root = tmp_path_factory.getbasetemp() / "tiny_runs"
    build_runs(root, bench, small_benchmark)
    return load_runs([root], bench=bench)


def agreement(pairs: list[tuple[str, str]]) -> float:
    return sum(found == truth for found, truth in pairs) / len(pairs)


def test_scripted_runs_get_the_stage_their_behaviour_makes(runset: Any, bench: Any) -> None:
    queries = runset.queries
    gold = queries[queries["run"] == "scripted-gold"]
    pairs = []
    for row in gold.itertuples():
        behaviour = behaviour_of(bench.query(row.query_id))
        truth = SOLVED if row.exact_match else EXPECTED_WITH_GOLD[behaviour]
        pairs.append((row.stage, truth))
    # Where the gold memory's wording escapes the matcher, the verdict leans early (not in memory).
    missed = [(found, truth) for found, truth in pairs if found != truth]
    assert all(found == NOT_IN_MEMORY for found, _ in missed), missed
    print(f"scripted agreement with gold memory over {len(pairs)} queries: {agreement(pairs):.3f}")
    assert agreement(pairs) >= 0.9, Counter(pairs)
    for run in ("scripted-none", "scripted-kv", "noop-none"):
        failed = queries[(queries["run"] == run) & ~queries["exact_match"].astype(bool)]
        assert len(failed) and (failed["stage"] == NOT_IN_MEMORY).all(), run
    assert (queries[queries["run"] == "oracle-gold"]["stage"] == SOLVED).all()
    assert queries[queries["status"] == "ok"]["stage"].notna().all()  # every scored query has its stage


def _stage_view(runset: Any) -> tuple[Any, Any]:
    keys = [m.key for m in (*metrics.STAGE_COUNTS, *metrics.RETRIEVAL)]
    columns = ["run", "query_id", "stage", "stage_detail", *(m.column for m in metrics.RETRIEVAL)]
    return (runset.queries[columns].sort_values(["run", "query_id"]).reset_index(drop=True),
            runset.runs.set_index("run")[keys].sort_index())


def test_stages_are_stored_once_and_read_back_rescored_or_recomputed_the_same(
        runset: Any, bench: Any, small_benchmark: Path, tmp_path: Path) -> None:
    root = _runs_root(runset)
    copies = tmp_path / "copies"
    for run in ("scripted-gold", "scripted-kv", "scripted-summary"):
        shutil.copytree(root / run, copies / run)
    stored = load_runs([copies], bench=bench)
    for run in stored.runs_by_name:  # every scored record carries its stage, as the harness wrote it
        records, _ = read_results(copies / run / RESULTS)
        assert all(r.attribution is not None for r in records.values() if r.ok), run
        metric = json.loads((copies / run / "metric.json").read_text())
        counted = sum(metric["overall"][m.key] for m in metrics.STAGE_COUNTS)
        assert counted == metric["scored"], run
    # A run from before stages were stored: its records lack them and load_runs computes them the same way.
    for run in stored.runs_by_name:
        path = copies / run / RESULTS
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        path.write_text("".join(json.dumps({k: v for k, v in line.items() if k != "attribution"}) + "\n"
                                for line in lines))
    recomputed = load_runs([copies], bench=bench)
    pd.testing.assert_frame_equal(_stage_view(recomputed)[0], _stage_view(stored)[0])
    pd.testing.assert_frame_equal(_stage_view(recomputed)[1], _stage_view(stored)[1])
    # vmb score re-scores offline and stores them again, to the same values, in the records and metric.json.
    for run in stored.runs_by_name:
        metric, _ = rescore_run(copies / run, str(small_benchmark))
        original = json.loads((root / run / "metric.json").read_text())
        assert {m.key: metric.to_json()["overall"][m.key] for m in metrics.RETRIEVAL + metrics.STAGE_COUNTS} == {
            m.key: original["overall"][m.key] for m in metrics.RETRIEVAL + metrics.STAGE_COUNTS}, run
    rescored = load_runs([copies], bench=bench)
    pd.testing.assert_frame_equal(_stage_view(rescored)[0], _stage_view(stored)[0])


def _runs_root(runset: Any) -> Path:
    """The directory the scripted runs were built in."""
    return next(iter(runset.runs_by_name.values())).path.parent


def _facts(bench: Any, query: Any) -> tuple[Any, list[str]]:
    return facts_of(bench, query), bench.group(query.group).speakers


def test_release_stores_that_hold_omit_or_withhold_the_evidence(release_dir: Path) -> None:
    bench = load_benchmark(release_dir)  # the release's wording is the subject (the module's docstring, 2.)
    held, omitted, skipped, ignored = [], [], [], []
    by_type: dict[str, list[Any]] = {}
    for query in bench.queries:
        by_type.setdefault(query.reasoning_type, []).append(query)
    for query in bench.queries:
        facts, people = _facts(bench, query)
        gold = [query.gold_memory]
        other = next(q for q in by_type[query.reasoning_type] if q.group != query.group
                     and not {c["name"] for c in q.calls} & {c["name"] for c in query.calls})
        in_store = holds(gold, facts, people)
        held.append(("in" if not in_store else "out", "in"))
        omitted.append(("in" if not holds([other.gold_memory], facts, people) else "out", "out"))
        skipped.append((attribute(exact_match=False, facts=facts, missing_in_store=in_store,
                                  missing_in_seen=holds([other.gold_memory], facts, people), tool_results=[],
                                  error_type=NO_ACTION).stage, NOT_RETRIEVED))
        ignored.append((attribute(exact_match=False, facts=facts, missing_in_store=in_store,
                                  missing_in_seen=in_store, tool_results=[], error_type=NO_ACTION).stage,
                        f"{NOT_USED}: no action"))
    figures = {name: agreement(pairs) for name, pairs in
               (("held", held), ("omitted", omitted), ("skipped", skipped), ("ignored", ignored))}
    print("release agreement:", {k: f"{v:.3f}" for k, v in figures.items()})
    # Another group's memory can name the same value beside a word of the same setting family
    # ("brightness 5" of another display): the omitted and skipped cases miss a few.
    assert figures["held"] >= 0.98 and figures["ignored"] >= 0.98
    assert figures["omitted"] >= 0.95 and figures["skipped"] >= 0.95


def _chunks(lines: list[str]) -> dict[str, list[int]]:
    """Line numbers (from 1) of each (day, hour) chunk, as external memory systems ingest the history."""
    out: dict[str, list[int]] = {}
    for number, line in enumerate(lines, 1):
        out.setdefault(line[1:14], []).append(number)
    return out


@pytest.fixture(scope="module")
def long_histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Four generated groups of 900 lines (about 40 days): more talk around each chain than ``small_benchmark``'s
    200 lines, so a history without the chain's lines has more to be mistaken for its evidence."""
    return generate(tmp_path_factory.mktemp("stages") / "gen",
                    GenerateOptions(groups=4, seed=11, history_lines=900, background_chains=8))


def test_generated_histories_with_and_without_the_evidence_lines(long_histories: Path) -> None:
    bench, metadata = load_benchmark(long_histories), read_metadata(long_histories)
    assert metadata is not None
    whole, dropped, found, missed = [], [], [], []
    for group_meta in metadata.groups:
        group = bench.group(group_meta.group)
        lines = group.history_text.splitlines()
        chunks = _chunks(lines)
        for chain in group_meta.chains:
            if not chain.query:
                continue
            query = bench.query(chain.query)
            facts, people = _facts(bench, query)
            assert all(f.recorded is not None for f in facts), query.id  # every fact has its recorded lines
            evidence = {n for event in chain.events for n in event.lines}
            without = "\n".join(line for n, line in enumerate(lines, 1) if n not in evidence)
            whole.append(not holds([group.history_text], facts, people))
            dropped.append(bool(holds([without], facts, people)))
            hit = ["\n".join(lines[n - 1] for n in c) for c in chunks.values() if set(c) & evidence]
            miss = ["\n".join(lines[n - 1] for n in c) for c in chunks.values() if not set(c) & evidence]
            found.append(not holds(hit, facts, people))
            missed.append(bool(holds(miss, facts, people)))
    figures = {name: sum(v) / len(v) for name, v in
               (("whole", whole), ("dropped", dropped), ("found", found), ("missed", missed))}
    print(f"generated agreement over {len(whole)} queries:", {k: f"{v:.3f}" for k, v in figures.items()})
    # Measured 1.000 on these 4 groups for all four, and on 50 groups of 2,700 lines
    # (docs/attribution.md, Validation): the floor sits just under it.
    assert figures["whole"] >= 0.95 and figures["found"] >= 0.95
    assert figures["dropped"] >= 0.95 and figures["missed"] >= 0.95


def test_a_generated_run_cut_by_memory_days_gets_the_stages_its_cut_makes(
        long_histories: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    """Through the harness (``vmb run --agent noop --memory history --memory-days N``): a query whose
    chain is all said after the cut is not in memory, one whose chain is all said before it was
    given its evidence and not used (noop makes no change)."""
    from vmb.harness import run_benchmark

    base, root = tmp_path_factory.mktemp("stages_run"), long_histories
    bench, metadata = load_benchmark(root), read_metadata(root)
    assert metadata is not None
    days = 20  # of about 40 days with talk in each group
    run_benchmark(out=str(base / "run"), agent="noop", memory="history", memory_days=days, data=str(root),
                  cache_dir=str(base / "cache"), progress=False)
    records, _ = read_results(base / "run" / RESULTS)
    pairs = []
    for group_meta in metadata.groups:
        cut = str(bench.group(group_meta.group).days[days - 1].date)
        for chain in group_meta.chains:
            record = records.get(chain.query) if chain.query else None
            if record is None or record.score is None or record.score.exact_match:
                continue
            dates = {event.date for event in chain.events}
            truth = (NOT_IN_MEMORY if min(dates) > cut else f"{NOT_USED}: no action" if max(dates) <= cut else None)
            if truth is not None:
                assert record.attribution is not None
                pairs.append((record.attribution.stage, truth))
    print(f"generated run cut after {days} days, {len(pairs)} queries on one side of the cut:", Counter(pairs))
    assert {truth for _, truth in pairs} == {NOT_IN_MEMORY, f"{NOT_USED}: no action"}  # both sides are tried
    assert agreement(pairs) >= 0.95, Counter(pairs)
