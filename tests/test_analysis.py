"""The analysis layer on runs made by the real harness (``fixtures/scripted_runs.py``) on the small generated
benchmark (``small_benchmark``, tests/conftest.py): the analysis is the subject, not the release."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from fixtures.scripted_runs import GROUPS, behaviour_of, swaps_a_zone

from tests.conftest import SMALL_BENCHMARK
from vmb.analysis import paper, tables
from vmb.analysis.explorer import failure_html, filter_failures, memory_seen
from vmb.analysis.outputs import Outputs, read_manifests, to_latex, to_markdown
from vmb.analysis.runs import find_runs, load_runs
from vmb.harness.show import run_summary
from vmb.results.metrics import rounded
from vmb.results.taxonomy import CATEGORIES
from vmb.sim.registry import module_of

N_QUERIES = SMALL_BENCHMARK.vehicle_chains * len(GROUPS)  # one query per vehicle chain
RUNS = ["noop-none", "oracle-gold", "scripted-gold", "scripted-kv", "scripted-none", "scripted-summary"]


def test_one_row_per_run_and_query(runset: Any, bench: Any) -> None:
    queries = runset.queries
    assert len(queries) == len(RUNS) * N_QUERIES
    assert not queries.duplicated(["run", "query_id"]).any()
    assert sorted(runset.runs["run"]) == RUNS
    row = queries[(queries["run"] == "scripted-gold") & (queries["query_id"] == "qa_1#0")].iloc[0]
    assert row["model"] == "scripted-faults" and row["memory"] == "gold" and row["agent"] == "model"
    query = bench.query("qa_1#0")
    modules = sorted({module_of(call["name"]) for call in query.calls})  # each once, by name
    assert row["reasoning_type"] == query.reasoning_type and row["modules"] == modules
    assert row["status"] == "ok" and bool(row["exact_match"]) and pd.isna(row["error_category"])
    assert row["calls"] == row["vehicle_calls"] + row["discovery_calls"] + row["memory_calls"] + row["invalid_calls"]
    assert row["retrievals"] == 1 and row["mem_tokens"] > 0


def test_offline_agents_are_labelled_as_what_they_are(runset: Any) -> None:
    labels = dict(zip(runset.runs["run"], runset.runs["model"]))
    assert labels["oracle-gold"].startswith("oracle") and labels["noop-none"].startswith("noop")


@pytest.mark.parametrize("run", RUNS)
def test_run_table_matches_the_harness_metric(runset: Any, tiny_runs: Path, run: str) -> None:
    metric = json.loads((tiny_runs / run / "metric.json").read_text())
    mine = runset.runs.set_index("run").loc[run]
    assert mine["scored"] == metric["scored"] and mine["errors"] == metric["errors"]
    for key in ("esm", "field_f1", "value_f1", "tool_f1", "calls", "mem_token"):
        if metric["overall"][key] is None:
            assert pd.isna(mine[key])
        else:
            assert mine[key] == pytest.approx(metric["overall"][key], abs=0.006), key
    # vmb show reads the same records through the same metrics: metric.json's numbers exactly.
    shown = run_summary(tiny_runs / run).to_json()
    assert rounded(shown["overall"]) == metric["overall"]
    for grouping in ("by_reasoning_type", "by_module"):
        assert [rounded(e) for e in shown[grouping]] == metric[grouping]
    assert {k: shown[k] for k in ("selected", "scored", "errors", "pending")} == \
        {k: metric[k] for k in ("selected", "scored", "errors", "pending")}


def test_every_failed_query_has_one_error_type(runset: Any) -> None:
    ok = runset.queries[runset.queries["status"] == "ok"]
    failed = ok[~ok["exact_match"].astype(bool)]
    assert failed["error_category"].notna().all()
    assert ok[ok["exact_match"].astype(bool)]["error_category"].isna().all()
    assert set(failed["error_category"]) <= set(CATEGORIES)
    assert (runset.runs.set_index("run").loc["oracle-gold", "failures"]) == 0
    assert set(runset.failures[runset.failures["run"] == "noop-none"]["error_category"]) == {"no action"}


def test_the_scripted_mistakes_get_their_types(runset: Any, bench: Any) -> None:
    scripted = runset.queries[runset.queries["run"] == "scripted-gold"].set_index("query_id")
    expected = {"no_action": "no action", "not_loaded": "not loaded", "extra_change": "over-action"}
    for query_id, row in scripted.iterrows():
        behaviour = behaviour_of(bench.query(query_id))
        if behaviour in expected and not row["exact_match"]:
            assert row["error_category"] == expected[behaviour], query_id
    # A zone swapped sets another place than the one asked (an answer for the whole car keeps its zone).
    swapped = [q.id for q in bench.queries if q.group in GROUPS and swaps_a_zone(q)]
    assert swapped, f"no query of groups {GROUPS} sets a zone: the wrong-target check would check nothing"
    assert {q: scripted.loc[q, "error_category"] for q in swapped} == dict.fromkeys(swapped, "wrong target")


def copy_run(tiny_runs: Path, tmp_path: Path, name: str) -> Path:
    target = tmp_path / "runs" / name
    shutil.copytree(tiny_runs / name, target)
    return target


def test_errors_duplicates_and_a_cut_line(tiny_runs: Path, tmp_path: Path, bench: Any) -> None:
    run = copy_run(tiny_runs, tmp_path, "scripted-gold")
    lines = (run / "results.jsonl").read_text().splitlines()
    lines = [line for line in lines if json.loads(line)["id"] != "qa_1#1"]
    first = json.loads(lines[0])
    error = {"id": "qa_1#1", "group": 1, "index": 1, "reasoning_type": bench.query("qa_1#1").reasoning_type,
             "status": "error",
             "error": "HTTP 500 (after 4 attempts)", "query": bench.query("qa_1#1").query, "text_calls": 0, "round_limit_hit": False,
             "call_count": 0, "mem_tokens": [], "prompt_tokens": 0, "completion_tokens": 0, "score": None}
    with (run / "results.jsonl").open("a") as handle:
        handle.write(json.dumps({**first, "final_answer": "again"}) + "\n")  # a rerun: the last record wins
        handle.write(json.dumps(error) + "\n")  # qa_1#1 failed to run this time
        handle.write('{"id": "qa_2#0", "status": "o')  # a line cut short by a kill
    loaded = load_runs([tmp_path / "runs"], bench=bench)
    assert len(loaded.queries) == N_QUERIES
    row = loaded.queries.set_index("query_id").loc["qa_1#1"]
    assert row["status"] == "error" and pd.isna(row["exact_match"]) and pd.isna(row["error_category"])
    assert loaded.runs.iloc[0]["errors"] == 1 and loaded.runs.iloc[0]["scored"] == N_QUERIES - 1
    assert loaded.record("scripted-gold", first["id"]).final_answer == "again"


def test_find_runs_nested_and_not_superseded(tiny_runs: Path, tmp_path: Path) -> None:
    copy_run(tiny_runs, tmp_path, "noop-none")
    nested = tmp_path / "runs" / "project" / "oracle-gold"
    shutil.copytree(tiny_runs / "oracle-gold", nested)
    (tmp_path / "runs" / "noop-none" / "superseded" / "old").mkdir(parents=True)
    assert [p.name for p in find_runs(tmp_path / "runs")] == ["noop-none", "oracle-gold"]
    assert find_runs(nested) == [nested]
    assert find_runs(tmp_path / "missing") == []


def test_two_runs_with_one_name_are_refused(tiny_runs: Path, tmp_path: Path, bench: Any) -> None:
    shutil.copytree(tiny_runs / "noop-none", tmp_path / "a" / "noop-none")
    shutil.copytree(tiny_runs / "noop-none", tmp_path / "b" / "noop-none")
    with pytest.raises(ValueError, match="share the directory name"):
        load_runs([tmp_path / "a", tmp_path / "b"], bench=bench)


def test_record_and_explorer(runset: Any, bench: Any) -> None:
    failures = filter_failures(runset, run="scripted-kv")
    assert len(failures) and (failures["run"] == "scripted-kv").all()
    assert filter_failures(runset, category="no action")["error_category"].eq("no action").all()
    row = failures.iloc[0]
    record = runset.record("scripted-kv", row["query_id"])
    assert record.id == row["query_id"] and record.messages[0]["role"] == "system"
    injected, results = memory_seen(runset, "scripted-kv", record)
    assert "memory_list" in injected and results and results[0].startswith("memory_list()")
    page = failure_html(runset, "scripted-kv", row["query_id"], bench)
    query = bench.query(row["query_id"])
    for part in ("Gold memory", "Memory the agent saw", "State diff", "full message trace", row["error_category"]):
        assert part in page
    assert query.gold_memory.splitlines()[0][:30].replace("'", "&#x27;") in page
    gold_memory_seen, _ = memory_seen(runset, "scripted-gold", runset.record("scripted-gold", row["query_id"]))
    assert query.gold_memory in gold_memory_seen


# ---------------------------------------------------------------------------------------------
# tables


def test_paper_tables_use_our_setting_names() -> None:
    t1 = paper.table1()
    assert len(t1) == 15 and set(t1["memory"]) == {"summary", "kv", "gold"}
    qwen = t1[(t1["model"] == "Qwen3-Max") & (t1["memory"] == "gold")].iloc[0]
    assert qwen["esm"] == 83.6 and qwen["calls"] == 2.15
    t2 = paper.table2()
    assert t2.set_index("memory").loc["gold", "mem_token"] == 93.29
    assert set(paper.table6()["memory"]) == {"none"}


def test_table1_has_the_paper_rows_then_ours(runset: Any) -> None:
    t1 = tables.table1(runset)
    assert list(t1["source"]).count("paper") == 15
    ours = t1[t1["source"] == paper.OURS]
    assert sorted(ours["memory"]) == ["gold", "gold", "kv", "summary"]
    assert (ours["n"] == N_QUERIES).all()
    wide = tables.wide_table1(t1)
    assert len(wide) == 5 + 2 and "gold ESM (%)" in wide.columns and "summary Calls" in wide.columns
    oracle = wide[wide["model"].str.startswith("oracle")].iloc[0]
    assert oracle["gold ESM (%)"] == 100 and pd.isna(oracle["kv ESM (%)"])


def test_table6_and_table2(runset: Any) -> None:
    t6 = tables.table6(runset)
    assert len(t6) == 5 + 2 and set(t6[t6["source"] == paper.OURS]["memory"]) == {"none"}
    t2 = tables.table2(runset)
    assert len(t2) == 5 + len(RUNS)
    oracle = t2[t2["model"].str.startswith("oracle")].iloc[0]
    assert oracle["esm"] == 100 and oracle["preference_conflict"] == 100 and oracle["mem_token"] > 0


def test_error_tables_add_up(runset: Any) -> None:
    counts = tables.error_counts(runset).set_index("run")
    assert (counts[list(CATEGORIES)].sum(axis=1) == counts["failed"]).all()
    assert counts.loc["noop-none", "no action"] == runset.runs.set_index("run").loc["noop-none", "failures"]
    constrained = tables.error_counts(runset, "conditional_constraint")
    assert (constrained["failed"] <= counts["failed"].values).all()
    composition = tables.error_composition(runset)
    shares = composition[list(CATEGORIES)].sum(axis=1)
    assert shares.round(6).eq(100).all()
    assert composition.groupby("run")["failed"].sum().to_dict() == counts["failed"][counts["failed"] > 0].to_dict()


# ---------------------------------------------------------------------------------------------
# outputs


def test_markdown_and_latex() -> None:
    frame = pd.DataFrame({"memory": ["gold", "kv"], "esm": [83.6, None], "n": [500, 12],
                          "model": ["a_b & c", "50%"], "a|b": ["<i>x</i>", "\x1bz"]})
    md = to_markdown(frame, "Title", ["a note"])
    # A model's or a benchmark's name is text: a | in it (or in a column named by it) cannot split a row, markup
    # and control characters show as written (vmb.escape.markdown).
    assert md.splitlines()[2:6] == [
        "| memory          | ESM (%) |   n | model        | a\\|b                 |",
        "|-----------------|--------:|----:|--------------|----------------------|",
        "| gold memory     |   83.60 | 500 | a\\_b &amp; c | &lt;i&gt;x&lt;/i&gt; |",
        "| key-value store |       — |  12 | 50%          | \\\\x1bz               |",
    ]
    assert md.startswith("### Title") and md.rstrip().endswith("- a note")
    tex = to_latex(frame, "T_1", "t1", ["x%"])
    assert r"a\_b \& c" in tex and r"50\%" in tex and r"\caption{T\_1}" in tex and "--" in tex
    assert r"a\textbar{}b" in tex and r"\textless{}i\textgreater{}" in tex and r"\textbackslash{}x1bz" in tex
    assert r"\begin{tabular}{lrrll}" in tex


def test_outputs_write_files_and_manifest(tmp_path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Outputs("99_test", tmp_path / "out", tmp_path / "figures")
    shown = out.table(pd.DataFrame({"memory": ["gold"], "esm": [1.0]}), "t", "T", "what it shows")
    assert shown.heads == ["memory", "ESM (%)"] and shown.rows == [["gold memory", "1.0"]]  # vmb.analysis.formatted
    out.table(pd.DataFrame({"a": [1]}), "listing", "L", "csv only", formats=("csv",))
    fig, _ = plt.subplots()
    out.figure(fig, "f", "a figure")
    out.table(pd.DataFrame({"memory": ["kv"], "esm": [2.0]}), "t", "T", "rewritten")  # replaces, not appends
    for name in ("t.csv", "t.md", "t.tex", "listing.csv"):
        assert (tmp_path / "out" / "tables" / name).exists()
    assert not (tmp_path / "out" / "tables" / "listing.md").exists()
    assert (tmp_path / "figures" / "f.png").stat().st_size > 0 and (tmp_path / "figures" / "f.pdf").exists()
    [manifest] = read_manifests(tmp_path / "out")
    assert [t["name"] for t in manifest["tables"]] == ["listing", "t"]
    assert manifest["tables"][1]["caption"] == "rewritten"
    assert manifest["figures"][0]["files"][0].endswith("f.png")
    assert Path(manifest["tables"][1]["html"]).read_text() == shown.html().replace("gold memory", "key-value store") \
        .replace(">1.0<", ">2.0<")  # the index shows the table as the notebook did


def test_a_run_with_nothing_scored_is_drawn_as_not_scored(runset: Any) -> None:
    from vmb.analysis import figures

    counts = tables.error_counts(runset)
    constrained = tables.error_counts(runset, "conditional_constraint")
    for frame in (counts, constrained):
        frame.loc[0, list(CATEGORIES)] = 0
        frame.loc[0, ["failed", "scored"]] = 0
    fig = figures.error_counts_figure(counts, constrained)
    texts = [t.get_text() for ax in fig.axes for t in ax.texts]
    assert texts.count("not scored") == 2
    figures.plt.close(fig)
