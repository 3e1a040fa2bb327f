"""The one table formatter (vmb.analysis.formatted) and the report index built on it (its contents, its tables)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import matplotlib
import pandas as pd
import pytest

from vmb.analysis.formatted import DASH, NO_INTERVAL, PAPER_WHY, WHY, format_table
from vmb.analysis.outputs import Outputs
from vmb.analysis.paper import OURS, PAPER
from vmb.report.index import contents, write_index


def cells(table: object) -> dict[str, list[str]]:
    return {head: [row[i] for row in table.rows] for i, head in enumerate(table.heads)}  # type: ignore[attr-defined]


def test_counts_whole_rates_one_decimal_intervals_in_brackets() -> None:
    frame = pd.DataFrame({
        "source": [PAPER, OURS], "model": ["Qwen3-Max", "oracle"], "memory": ["gold", "kv"],
        "esm": [83.6, 64.8049], "esm_low": [None, 60.21], "esm_high": [None, 69.449],
        "calls": [2.154, 3.0], "mem_token": [None, 1234.56], "n": [None, 500.0], "scored": [500, 12_345],
        "p_value": [0.0004, 0.31234],
    })
    table = format_table(frame)
    shown = cells(table)
    assert table.heads == ["source", "model", "memory", "ESM (%)", "Calls", "Mem Token", "n", "scored", "p value"]
    assert shown["ESM (%)"] == ["83.6", "64.8 [60.2, 69.4]"]  # the paper's row: no interval, and no dash for it
    assert shown["Calls"] == ["2.15", "3.00"]
    assert shown["scored"] == ["500", "12,345"] and shown["n"][1] == "500"
    assert shown["Mem Token"][1] == "1,235" and shown["memory"] == ["gold memory", "key-value store"]
    assert shown["p value"] == ["< 0.001", "0.312"]
    assert table.numeric == [False, False, False, True, True, True, True, True, True]


def test_a_missing_value_is_a_dash_with_a_footnote_saying_why() -> None:
    frame = pd.DataFrame({
        "source": [PAPER, OURS, OURS], "model": ["a", "b", "c"], "n": [None, 3, 40],
        "esm": [50.0, 33.3, None], "esm_low": [None, None, None], "esm_high": [None, None, None],
        "cost_per_query": [0.5, None, 0.000123456], "custom": [1.5, None, float("nan")],
    })
    table = format_table(frame, why={"custom": "the model did not say"})
    text, page = table.text(), table.html()
    for bad in ("nan", "NaN", "None", "<NA>"):
        assert bad not in text and bad not in page
    shown = cells(table)
    assert shown["n"][0] == DASH + "¹"  # the paper's count
    assert shown["ESM (%)"] == ["50.0", f"33.3 [{DASH}²]", DASH + "⁵"]
    assert shown["custom"] == ["1.5", DASH + "⁴", DASH + "⁴"] and shown["cost per query"][2] == "0.0001235"
    notes = table.notes
    assert f"{DASH}¹ {WHY['n']}" in notes and f"{DASH}² no interval: 3 queries of fewer than 2 groups" in notes
    assert f"{DASH}³ {WHY['cost_per_query']}" in notes and f"{DASH}⁴ the model did not say" in notes
    assert f"{DASH}⁵ {WHY['esm']}" in notes
    assert not any(PAPER_WHY in note for note in notes)
    # every dash has its footnote, each reason once
    markers = set(re.findall(DASH + "([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", " ".join(c for row in table.rows for c in row)))
    assert {note.split()[0][1:] for note in notes if note.startswith(DASH)} == markers


def test_count_rows_and_named_count_columns_print_whole() -> None:
    frame = pd.DataFrame({"statistic": ["groups", "tokens per history"], "ours": [50.0, 92818.86],
                          "paper": [50.0, 92819.0], "kind": ["count", "mean"]})
    assert cells(format_table(frame))["ours"] == ["50", "92,818.9"]
    assert cells(format_table(pd.DataFrame({"paper": [149.0, 102.0]}), counts=["paper"]))["paper"] == ["149", "102"]


def test_no_index_column_no_truncated_cell_and_the_rest_counted() -> None:
    long = "a reply that goes on " * 40
    frame = pd.DataFrame({"query": [f"qa_1#{i}" for i in range(100)], "reply": [long + "<b>"] * 100},
                         index=range(1000, 1100))
    table = format_table(frame, rows=10)
    page = table.html()
    assert table.heads == ["query", "reply"] and "1000" not in page
    assert page.count("<tr>") == 11 and (long + "&lt;b&gt;").strip() in page and "<b>" not in page
    assert "The first 10 of 100 rows; the CSV holds them all." in table.text()


def test_a_paired_difference_carries_its_interval() -> None:
    frame = pd.DataFrame({"a": ["x"], "b": ["y"], "esm_a": [50.0], "difference": [-2.4], "low": [-4.0], "high": [-0.8]})
    table = format_table(frame)
    assert table.heads == ["a", "b", "ESM A", "difference"] and table.rows[0][3] == "-2.4 [-4.0, -0.8]"


def test_booleans_and_lists_read_as_words_and_numbers() -> None:
    frame = pd.DataFrame({"significant": [True, False], "pass_hat_k": [[100.0, 66.66], []]})
    shown = cells(format_table(frame))
    assert shown["significant"] == ["yes", "no"]
    assert shown["pass hat k"][0] == "100.0, 66.7" and shown["pass hat k"][1].startswith(DASH)


@pytest.fixture
def report_dir(tmp_path: Path) -> Path:
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = tmp_path / "out"
    first = Outputs("01_first", out, tmp_path / "figures")
    first.table(pd.DataFrame({"run": ["r"], "esm": [12.345], "n": [None]}), "alpha", "Alpha table", "what alpha is")
    fig, _ = plt.subplots()
    first.figure(fig, "fig_beta", "what beta shows")
    plt.close(fig)
    second = Outputs("02_second", out, tmp_path / "figures")
    second.table(pd.DataFrame({"x": range(100)}), "long", "A long table", "a hundred rows")
    second.omit("fig_gamma", "nothing to draw")
    return out


def test_the_index_opens_with_contents_linking_every_section(report_dir: Path) -> None:
    names = [Path("01_first.ipynb"), Path("02_second.ipynb")]
    page = write_index(report_dir, [], names, {"01_first": 1.0, "02_second": 2.0}).read_text()
    toc = page[page.index("<nav id='contents'>"):page.index("</nav>")]
    assert page.index("</nav>") < page.index("<h2>Runs</h2>") < page.index("Alpha table</h3>")
    links = re.findall(r"href='#([^']+)'", toc)
    assert links == ["runs", "nb-01_first", "table-alpha", "figure-fig_beta", "nb-02_second", "table-long",
                     "figure-fig_gamma"]
    for anchor in links:  # each link lands on one element of the page
        assert page.count(f"id='{anchor}'") == 1, anchor
    # the short table as its notebook shows it (the same formatter), the long one linked only
    alpha = page[page.index("Alpha table</h3>"):page.index("id='figure-fig_beta'")]
    assert "<td style='text-align:right;white-space:nowrap'>12.3</td>" in alpha and f"{DASH}¹" in alpha
    assert WHY["n"] in alpha and "nan" not in alpha.lower()
    long = page[page.index("A long table</h3>"):]
    assert "<table>" not in long[:long.index("id='figure-fig_gamma'")]
    markdown = (report_dir / "report.md").read_text()
    assert "## Contents" in markdown and "  - [Alpha table](#table-alpha)" in markdown
    assert "<a id='table-alpha'></a>" in markdown


def test_contents_list_the_notebooks_in_order() -> None:
    manifest = {"tables": [{"name": "t", "title": "T"}], "figures": [{"name": "f", "caption": "F"}]}
    assert contents([("01_a", manifest), ("02_b", {"tables": [], "figures": []})]) == [
        (0, "runs", "Runs"), (0, "nb-01_a", "01_a"), (1, "table-t", "T"), (1, "figure-f", "Figure f: F"),
        (0, "nb-02_b", "02_b")]


PILOT = 3  # queries of the pilot runs: of one group, so no interval


@pytest.fixture(scope="module")
def pilot_runset(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> Any:
    """Whole offline runs beside 3-query pilots of the same settings (gold memory for Tables 1-2, none for 6)."""
    from vmb.analysis import load_runs
    from vmb.harness import run_benchmark

    root = tmp_path_factory.mktemp("coverage-runs")
    for agent, memory in (("oracle", "gold"), ("noop", "none")):
        run_benchmark(out=str(root / f"{agent}-{memory}"), agent=agent, memory=memory, data=str(small_benchmark),
                      progress=False)
        run_benchmark(out=str(root / f"{agent}-{memory}-pilot"), agent=agent, memory=memory,
                      data=str(small_benchmark), limit=PILOT, progress=False)
    return load_runs(root, data=str(small_benchmark))


def test_a_pilot_run_shows_its_coverage_and_why_its_esm_has_no_interval(pilot_runset: Any) -> None:
    """Issue 39 item 7: every table where a 3-query pilot appears beside whole runs prints its count as one cell
    ``3/N`` (a whole run's as ``N``, no ``full run`` column), and its ESM's dash says why it has no interval."""
    from vmb.analysis import retrieval, tables
    from vmb.analysis.runs import FULL_RUN

    runs = pilot_runset.runs
    whole = int(runs[FULL_RUN].iloc[0])
    assert set(runs[FULL_RUN]) == {whole} and whole > PILOT
    reason = f"no interval: {PILOT} queries of fewer than 2 groups"
    made = {
        "table 1": (tables.table1(pilot_runset), "n", 1),
        "table 2": (tables.table2(pilot_runset), "n", 2),
        "table 6": (tables.table6(pilot_runset), "n", 1),
        "per type": (tables.esm_by_reasoning_type(pilot_runset), "n", 2),
        "failures": (tables.error_counts(pilot_runset), "scored", 2),
        "stages": (retrieval.stage_counts(runs), "scored", 2),
        "runs": (runs, "scored", 2),
        "trust": (tables.trust_table(pilot_runset), "scored", 2),
        "retrieval": (retrieval.retrieval_quality(runs), "scored", 2),
    }
    for name, (frame, count, pilots) in made.items():
        table = format_table(frame)
        assert "full run" not in table.heads, name
        ours = [i for i, source in enumerate(frame.get("source", pd.Series(["ours"] * len(frame)))) if source != PAPER]
        partial = [i for i in ours if frame[count].iloc[i] == PILOT]
        shown = cells(table)
        assert len(partial) == pilots and all(shown[count][i] == f"{PILOT}/{whole}" for i in partial), (name, shown)
        assert all(shown[count][i] == f"{whole:,}" for i in ours if i not in partial), (name, shown)
        assert any(note.startswith("n/N: a run that scored n of the N") for note in table.notes), name
        if "ESM (%)" in shown:
            marks = {shown["ESM (%)"][i].split("[")[1].rstrip("]") for i in partial}
            assert len(marks) == 1 and f"{marks.pop()} {reason}" in table.notes, (name, shown, table.notes)
            assert all(re.search(r"\[\d+\.\d, \d+\.\d\]$", shown["ESM (%)"][i]) for i in ours if i not in partial)
    # A reasoning type's ESM without an interval is over part of the run: the general reason, no count.
    per_type = format_table(tables.esm_by_reasoning_type(pilot_runset))
    assert any(note.endswith(NO_INTERVAL) for note in per_type.notes)
    # A table of whole runs only says nothing of coverage.
    whole_runs = runs[~runs["run"].str.endswith("-pilot")]
    assert not any(note.startswith("n/N") for note in format_table(whole_runs).notes)


def test_the_markdown_and_latex_tables_show_coverage_as_the_notebook_does(pilot_runset: Any, tmp_path: Path) -> None:
    from vmb.analysis import tables
    from vmb.analysis.outputs import to_latex, to_markdown
    from vmb.analysis.runs import FULL_RUN

    whole = int(pilot_runset.runs[FULL_RUN].iloc[0])
    frame = tables.table1(pilot_runset)
    markdown, latex = to_markdown(frame, "Table 1"), to_latex(frame, "Table 1", "table1")
    rows = [line for line in markdown.splitlines() if "oracle" in line]
    assert "full run" not in markdown and "full run" not in latex
    assert sorted(line.split("|")[8].strip() for line in rows) == [f"{PILOT}/{whole}", str(whole)], rows
    assert f"{PILOT}/{whole}" in latex


def test_the_wide_table_1_shows_each_settings_coverage_and_at_most_ten_columns(pilot_runset: Any,
                                                                              small_benchmark: Path) -> None:
    """Issue 43 item 2 and 3: the paper's layout carries 3/N beside a pilot's numbers, and a wide table shows at
    most ten columns, naming the rest as kept in the CSV."""
    from vmb.analysis import load_runs, tables
    from vmb.analysis.formatted import MAX_COLUMNS
    from vmb.analysis.runs import FULL_RUN

    whole = int(pilot_runset.runs[FULL_RUN].iloc[0])
    pilot = pilot_runset.run("oracle-gold-pilot").path  # alone: the wide layout has one row per model
    wide = tables.wide_table1(tables.table1(load_runs([pilot], data=str(small_benchmark))))
    table = format_table(wide, columns_shown=tables.wide_table1_shown(wide))
    settings = ("summary", "kv", "gold")  # the paper's rows have all three
    assert table.heads == ["source", "model", *(f"{m} {c}" for m in settings for c in ("n", "ESM (%)"))], table.heads
    shown = cells(table)
    assert shown["gold n"][-1] == f"{PILOT}/{whole}" and shown["model"][-1].startswith("oracle"), shown
    assert any(note.startswith("n/N: a run that scored n") for note in table.notes)
    assert any(note.startswith("9 more columns in the CSV: summary F-F1 (%), summary V-F1 (%), summary Calls, kv ")
               for note in table.notes), table.notes
    # A whole run and its pilot of one model under one setting: two rows, each named by its run, never one hidden.
    both = cells(format_table(tables.wide_table1(tables.table1(pilot_runset))))
    ours = {model: n for model, n in zip(both["model"], both["gold n"]) if model.startswith("oracle")}
    assert ours == {"oracle (replays reference) [oracle-gold]": f"{whole:,}",
                    "oracle (replays reference) [oracle-gold-pilot]": f"{PILOT}/{whole}"}, both
    every = format_table(pilot_runset.runs)  # 59 columns: the first ones, the count as coverage, the rest named
    assert len(every.heads) == MAX_COLUMNS and "scored" in every.heads
    hidden = next(note for note in every.notes if " more columns in the CSV: " in note)
    assert int(hidden.split()[0]) == len(pilot_runset.runs.columns) - MAX_COLUMNS - 7  # 6 bounds, full_run folded
