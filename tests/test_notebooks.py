"""``vmb report`` end to end: every notebook executed by papermill on tiny runs made by the harness.

The report's notebooks are the subject, not the release: they run on the small benchmark made by ``vmb generate``
(``small_benchmark``, tests/conftest.py), so every table is computed from it (Table 3 beside the paper's, the audit
of it, the shortcut baselines on it).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import nbformat
import pandas as pd
import pytest
from fixtures.inline_figures import figures_shown, with_researcher_plot
from fixtures.scripted_runs import GROUPS, build_runs

from tests.conftest import SMALL_BENCHMARK
from vmb import report
from vmb.data import load_benchmark
from vmb.maker.audit.report import ROWS as AUDIT_ROWS
from vmb.maker.baselines import BASELINES
from vmb.report import make_report
from vmb.report.index import noop_solves, unchanged_queries
from vmb.report.notebooks import NOTEBOOKS_DIR, ReportError, kernel_environment

NOTEBOOKS = ["01_dataset", "02_overall", "03_memory_systems", "04_failures", "05_explorer", "07_trust", "08_audit"]
N_RUNS = 6
# table → rows, on the fixture's six runs (four of the scripted model, an oracle, a noop)
TABLE_ROWS = {
    "table3_statistics": 10,
    "table5_api_catalog": 24,
    "runs_overview": N_RUNS,
    "table1_overall_long": 15 + 4,  # the paper's 15 rows; ours under summary, kv, gold (scripted, oracle)
    "table1_overall": 5 + 2,  # the paper's five backbones; the scripted model and the oracle
    "table6_no_memory": 5 + 2,  # the paper's five; the scripted model and noop without memory
    "table2_memory_systems": 5 + N_RUNS,
    "failures_by_type": N_RUNS,
    "failures_conditional_constraint": N_RUNS,
    "runs_intervals": N_RUNS,
    "comparisons": N_RUNS * (N_RUNS - 1) // 2,  # every pair: all six runs answer groups 1 and 2
    "audit_figures": len(AUDIT_ROWS) + 6,  # every figure of vmb audit, then the six modules of Table 4
    "audit_baselines": len(BASELINES),  # every shortcut baseline on the benchmark given (one: no `generated`)
    "stages": N_RUNS,
    "retrieval_quality": N_RUNS,
}
FIGURES = [
    "fig_dataset_distribution",
    "fig2_left_esm_gold_vs_summary",
    "fig_esm_by_reasoning_type",
    "fig2_right_esm_vs_mem_token",
    "fig3_failures_by_type",
    "fig4_error_composition",
    "fig_audit_baselines",
    "fig_stages_by_memory",
]
# Drawn only when a run has a price: the fixture's runs have none, so the index says why it is left out.
OMITTED = ["fig_esm_vs_cost_per_query"]


@pytest.fixture(scope="module")
def bench(small_benchmark: Path) -> Any:
    return load_benchmark(small_benchmark)


@pytest.fixture(scope="session")
def tiny_runs(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> Path:
    root = tmp_path_factory.getbasetemp() / "tiny_runs"
    build_runs(root, load_benchmark(small_benchmark), small_benchmark)
    return root


@pytest.fixture(scope="module")
def made(tiny_runs: Path, tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> tuple[Any, Path, Path]:
    base = tmp_path_factory.mktemp("report")
    # Each notebook with a researcher's own plot appended (fixtures/inline_figures.py), so the one execution
    # checks both its figures and a plot after them.
    notebooks = [with_researcher_plot(nb, base / "notebooks") for nb in sorted(NOTEBOOKS_DIR.glob("[0-9][0-9]_*.ipynb"))]
    result = make_report(runs=[tiny_runs], out=base / "out", figures=base / "figures", data=str(small_benchmark),
                         notebooks=notebooks, jobs=2, log=REPORT_LOG.append)
    return result, base / "out", base / "figures"


REPORT_LOG: list[str] = []  # what make_report told the `made` report's log


def test_every_table_of_the_index_and_the_executed_notebooks_fits_the_page(made: tuple[Any, Path, Path]) -> None:
    """Issue 43 item 3, in a real browser: every table the index and each executed notebook show is no wider than
    the box it is given (the index's 1,200 px column, a notebook's output area)."""
    from fixtures.chromium import chromium, tables_too_wide

    _, out, _ = made
    pages = [out / "index.html", *sorted((out / "notebooks").glob("*.html"))]
    browser = chromium()
    driver = next(browser)
    try:
        for page in pages:
            driver.get(page.as_uri())
            assert not tables_too_wide(driver), f"a table of {page.name} is wider than the page"
    finally:
        browser.close()


def test_the_report_says_which_notebook_it_skipped_and_why(made: tuple[Any, Path, Path]) -> None:
    skipped = [line for line in REPORT_LOG if "skipped" in line]
    assert len(skipped) == 1 and skipped[0].startswith("  skipped 06_generated: no generated benchmark in "), REPORT_LOG
    assert "--generated DIR" in skipped[0]


def test_every_notebook_ran_without_an_error(made: tuple[Any, Path, Path]) -> None:
    result, out, _ = made
    assert sorted(result.notebooks) == NOTEBOOKS
    for name in NOTEBOOKS:
        executed = nbformat.read(out / "notebooks" / f"{name}.ipynb", as_version=4)
        tags = [cell.metadata.get("tags", []) for cell in executed.cells]
        assert ["injected-parameters"] in tags, name  # papermill passed the report's parameters
        errors = [o for c in executed.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
        assert not errors, name
        assert (out / "notebooks" / f"{name}.html").stat().st_size > 0


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_figure_shows_inline_and_so_does_a_plot_after_them(made: tuple[Any, Path, Path], name: str) -> None:
    """Each figure a notebook draws is an image output where it is drawn, however many the kernel drew before,
    and a researcher's plain ``plt.plot`` after vmb's figures shows too (issue 39 item 1)."""
    _, out, _ = made
    shown = figures_shown(out / "notebooks" / f"{name}.ipynb", out / "manifest" / f"{name}.json")
    assert (shown.shown, shown.researcher) == (shown.drawn, 1), shown


@pytest.mark.parametrize(("name", "rows"), TABLE_ROWS.items())
def test_tables_have_the_expected_rows(made: tuple[Any, Path, Path], name: str, rows: int) -> None:
    _, out, _ = made
    for suffix in (".csv", ".md", ".tex"):
        assert (out / "tables" / f"{name}{suffix}").stat().st_size > 0
    assert len(pd.read_csv(out / "tables" / f"{name}.csv")) == rows


def test_tables_print_intervals_and_csv_keeps_the_bounds(made: tuple[Any, Path, Path]) -> None:
    _, out, _ = made
    long = pd.read_csv(out / "tables" / "table1_overall_long.csv")
    ours = long[long["source"] != "paper"]
    assert {"esm_low", "esm_high", "field_f1_low", "value_f1_high"} <= set(long.columns)
    assert (ours["esm_low"] <= ours["esm"]).all() and (ours["esm"] <= ours["esm_high"]).all()
    assert long[long["source"] == "paper"]["esm_low"].isna().all()  # the paper prints no interval
    for name in ("table1_overall_long", "table1_overall", "table2_memory_systems", "runs_intervals"):
        markdown = (out / "tables" / f"{name}.md").read_text()
        assert " ± " in markdown and "_low" not in markdown and "esm low" not in markdown.lower(), name
    assert r"$\pm$" in (out / "tables" / "table2_memory_systems.tex").read_text()
    pairs = pd.read_csv(out / "tables" / "comparisons.csv")
    assert {"difference", "low", "high", "p_value", "significant", "only_a", "only_b"} <= set(pairs.columns)
    assert ((pairs["low"] <= pairs["difference"]) & (pairs["difference"] <= pairs["high"])).all()


def test_failure_tables_cover_every_failure(made: tuple[Any, Path, Path], tiny_runs: Path) -> None:
    _, out, _ = made
    counts = pd.read_csv(out / "tables" / "failures_by_type.csv")
    listing = pd.read_csv(out / "tables" / "failures.csv")
    assert counts["failed"].sum() == len(listing) > 0
    scored = sum(json.loads((tiny_runs / r / "metric.json").read_text())["scored"] for r in counts["run"])
    assert counts["scored"].sum() == scored
    examples = pd.read_csv(out / "tables" / "failure_examples.csv")
    assert list(examples["error_category"]) == list(dict.fromkeys(listing["error_category"]))


def test_figures_are_written_as_png_and_pdf(made: tuple[Any, Path, Path]) -> None:
    _, _, figures = made
    for name in FIGURES:
        assert (figures / f"{name}.png").stat().st_size > 10_000
        assert (figures / f"{name}.pdf").stat().st_size > 1_000


def test_index_links_every_table_and_figure(made: tuple[Any, Path, Path]) -> None:
    result, out, _ = made
    text = result.index.read_text()
    for name in TABLE_ROWS:
        assert f"tables/{name}.csv" in text
    for name in FIGURES:
        assert f"{name}.png" in text and f"{name}.pdf" in text
    assert "failures.csv" in text and "05_explorer.html" in text
    page = (out / "index.html").read_text()
    assert page.count("<img") == len(FIGURES) and "<table>" in page
    for name in OMITTED:
        assert f"<code>{name}</code> left out: no run has a price" in page
        assert f"{name}.png" not in page


def test_the_front_page_shows_the_runs_and_the_viewer_first(made: tuple[Any, Path, Path], bench: Any) -> None:
    _, out, _ = made
    page = re.sub(r"<td[^>]*>", "<td>", (out / "index.html").read_text())  # cells without their alignment
    assert page.index("<h2>Runs</h2>") < page.index(">01_dataset</h2>")
    assert "viewer/index.html" in page and (out / "viewer" / "index.html").exists()
    assert "class='wide'" in page  # wide tables scroll sideways
    comparisons = page[page.index("Paired comparisons"):]
    assert "< 0.001" in comparisons or "1.000" in comparisons
    # Counts print whole: each run's selected, scored and errors (every query of the fixture's groups, none failed);
    # the runs cover the fixture's groups of the benchmark, so scored reads as their part of a whole run's.
    overview = page[page.index("Runs in this report</h3>"):]
    overview = overview[:overview.index("</table>")]
    scored = sum(1 for q in bench.queries if q.group in GROUPS)
    assert scored < len(bench.queries)
    assert overview.count(f"<td>{scored}</td><td>{scored}/{len(bench.queries)}</td><td>0</td>") == N_RUNS
    assert re.search(r"\.0<br><span style='font-size:smaller'>\[\d+\.\d, \d+\.\d\]</span>", overview)  # an ESM, its interval below
    # and so do count rows (Table 3: groups, ours, the paper's 50)
    assert f"<td>groups</td><td>{SMALL_BENCHMARK.groups}</td><td>50</td>" in page


def tiny_notebook(path: Path, *cells: str) -> Path:
    """A notebook of the report's parameters cell and ``cells``: for what the report does around its notebooks,
    without executing a real one a second time (the module's report executes each once)."""
    parameters = nbformat.v4.new_code_cell('runs = []\ndata = None\nout_dir = "."\nfigures_dir = "."')
    parameters.metadata["tags"] = ["parameters"]
    notebook = nbformat.v4.new_notebook(cells=[parameters, *(nbformat.v4.new_code_cell(c) for c in cells)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, path)
    return path


def test_a_failing_notebook_is_named_with_its_cell(tiny_runs: Path, tmp_path: Path, small_benchmark: Path) -> None:
    bad = tiny_notebook(tmp_path / "99_bad.ipynb", "x = 1", "raise ValueError('boom')")
    with pytest.raises(ReportError) as caught:
        make_report(runs=[tiny_runs], out=tmp_path / "out", figures=tmp_path / "figures",
                    data=str(small_benchmark), notebooks=[bad], log=lambda _: None)
    message = str(caught.value)
    # Cell 3 of the executed copy: papermill inserts the injected-parameters cell after cell 0.
    assert "99_bad.ipynb" in message and "cell 3" in message and "ValueError: boom" in message
    assert "raise ValueError('boom')" in message


def test_no_runs_makes_the_offline_runs_first(tmp_path: Path, small_benchmark: Path, monkeypatch: Any) -> None:
    # One agent under one setting and one shortcut baseline keep this fast; the report makes all the same way.
    monkeypatch.setattr(report, "BASELINE_AGENTS", ("noop",))
    monkeypatch.setattr(report, "BASELINE_MEMORIES", ("gold",))
    monkeypatch.setattr(report, "SHORTCUT_AGENTS", ("query-only",))
    # Every generated answer changes the car: one is made to ask for what the default car already has, so the
    # front page has a query noop solves to name.
    data = tmp_path / "data"
    shutil.copytree(small_benchmark, data, ignore=shutil.ignore_patterns("stages"))
    qa = data / "qa_data" / "qa_1.json"
    items = json.loads(qa.read_text())
    first = next(iter(items.values()))[0]
    first["new_answer"] = ['carcontrol_instrumentPanel_set_color(color="white")']  # the default colour
    qa.write_text(json.dumps(items))
    # A notebook that only sees the runs it is given: the real ones already ran once in this module.
    seen = tmp_path / "seen.json"
    notebook = tiny_notebook(tmp_path / "98_runs.ipynb", f"import json; json.dump(runs, open({str(seen)!r}, 'w'))")
    result = make_report(runs_root=tmp_path / "runs", out=tmp_path / "out", figures=tmp_path / "figures",
                         data=str(data), notebooks=[notebook], log=lambda _: None)
    # The baseline runs under the memory setting holding what it reads: none, the query alone.
    assert [p.name for p in result.made_runs] == ["noop-gold", "query-only-none"] and result.runs == result.made_runs
    assert sorted(Path(p).name for p in json.loads(seen.read_text())) == ["noop-gold", "query-only-none"]
    queries = len(load_benchmark(data).queries)
    for run in result.made_runs:
        assert json.loads((run / "metric.json").read_text())["scored"] == queries
    noop = json.loads((tmp_path / "runs" / "noop-gold" / "metric.json").read_text())
    assert noop["overall"]["esm"] == pytest.approx(100 / queries, abs=0.01)  # the one unchanged query
    front = result.index.read_text()
    assert "Only offline agents ran" in front and front.index("Only offline agents ran") < front.index("<h2 id='nb-98_runs'>")
    assert unchanged_queries(str(data)) == ["qa_1#0"]
    assert "noop still solves 1 query, " in front and ": qa_1#0." in front


def test_the_front_page_says_when_noop_solves_nothing() -> None:
    assert noop_solves([]) == "noop solves no query: every reference answer changes the car."
    assert noop_solves(["qa_1#0", "qa_2#3"]).startswith("noop still solves 2 queries, ")
    assert noop_solves(["qa_1#0", "qa_2#3"]).endswith(": qa_1#0, qa_2#3.")
    assert noop_solves(["qa_1#0"]).startswith("noop still solves 1 query, ")


def test_the_kernel_is_this_interpreter_even_with_a_user_kernel(tmp_path: Path, monkeypatch: Any) -> None:
    from jupyter_client.kernelspec import KernelSpecManager

    # A user-level python3 kernel from some other environment must not be picked up.
    user = tmp_path / "user"
    (user / "kernels" / "python3").mkdir(parents=True)
    (user / "kernels" / "python3" / "kernel.json").write_text(json.dumps(
        {"argv": ["/elsewhere/bin/python", "-m", "ipykernel_launcher", "-f", "{connection_file}"],
         "display_name": "other", "language": "python"}))
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(user))
    before = dict(os.environ)
    with kernel_environment(tmp_path / "jupyter"):
        spec = KernelSpecManager().get_kernel_spec("python3")
        assert spec.argv[0] == sys.executable
    assert dict(os.environ) == before


def test_the_audit_heads_each_column_with_its_benchmarks_name(made: tuple[Any, Path, Path],
                                                              small_benchmark: Path) -> None:
    """The report's data here is a generated benchmark: notebook 08 heads it by its name, as `vmb audit` does,
    not "release"."""
    _, out, _ = made
    figures = pd.read_csv(out / "tables" / "audit_figures.csv")
    assert list(figures.columns) == ["measured", small_benchmark.name]
    assert set(pd.read_csv(out / "tables" / "audit_baselines.csv")["benchmark"]) == {small_benchmark.name}


def test_the_stage_sentence_names_a_stage_never_the_scored_count(made: tuple[Any, Path, Path]) -> None:
    """03's sentence on where memory failed picks among the stages where it failed: `scored` and `full_run` are
    counts of every query, not stages."""
    _, out, _ = made
    executed = nbformat.read(out / "notebooks" / "03_memory_systems.ipynb", as_version=4)
    said = [o.get("data", {}).get("text/markdown", "") for c in executed.cells if c.cell_type == "code" for o in c.outputs]
    from vmb.analysis.retrieval import FAILED_STAGES

    named = re.findall(r"most failures at \*([^*]+)\*", "".join(said))  # never scored, nor full_run (issue 46)
    assert named and set(named) <= set(FAILED_STAGES), named


def test_03_names_a_degenerate_memory_before_its_scores(made: tuple[Any, Path, Path]) -> None:
    """Issue 43 item 4: before Table 2, 03 names each run whose built memory failed the build's health check. The
    fixture's scripted model answers every build step "Nothing to record.", so its summary and key-value runs built
    an empty memory for each of their groups (tests/harness/test_build_check.py passes a healthy build)."""
    _, out, _ = made
    executed = nbformat.read(out / "notebooks" / "03_memory_systems.ipynb", as_version=4)
    said = [o.get("data", {}).get("text/markdown", "") for c in executed.cells if c.cell_type == "code" for o in c.outputs]
    health = [n for n, text in enumerate(said) if text.startswith("**Degenerate memory**")]
    table2 = [n for n, text in enumerate(said) if "scores highest" in text]
    assert health and table2 and health[0] < table2[0], said[:3]
    line = said[health[0]]
    assert f"({2 * len(GROUPS)} warning(s)" in line
    for run in ("scripted-summary", "scripted-kv"):
        assert all(f"{run}, group {g}: the memory is empty" in line for g in GROUPS), line
