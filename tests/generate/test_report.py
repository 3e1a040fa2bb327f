"""Notebook 06 compares a generated benchmark with the release; the report runs it only when one is there."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from fixtures.inline_figures import figures_shown, with_researcher_plot

from vmb.report.notebooks import NOTEBOOKS_DIR, execute_notebook, kernel_environment


def test_notebook_06_compares_with_the_release(small_bench: Path, release_dir: Path, tmp_path: Path) -> None:
    out, figures = tmp_path / "out", tmp_path / "figures"
    figures.mkdir()
    offered = {"generated": str(small_bench), "data": str(release_dir), "out_dir": str(out),
               "figures_dir": str(figures), "runs": []}
    with kernel_environment(tmp_path / "jupyter"):
        # With a researcher's own plot appended: its figure and the plot after it show inline (issue 39 item 1).
        notebook = with_researcher_plot(NOTEBOOKS_DIR / "06_generated.ipynb", tmp_path / "notebooks")
        execute_notebook(notebook, tmp_path / "06.ipynb", offered)
    shown = figures_shown(tmp_path / "06.ipynb", out / "manifest" / "06_generated.json")
    assert (shown.drawn, shown.shown, shown.researcher) == (1, 1, 1), shown
    sizes = pd.read_csv(out / "tables" / "generated_sizes.csv").set_index("statistic")
    assert sizes.loc["groups", "release"] == 50 and sizes.loc["groups", "generated"] == 3
    assert sizes.loc["history lines per group", "generated"] == 300
    shares = pd.read_csv(out / "tables" / "generated_shares.csv")
    types = shares[shares["kind"] == "reasoning_type"]
    assert abs(types["generated"].sum() - 100) < 1e-6 and abs(types["release"].sum() - 100) < 1e-6
    assert (figures / "generated_delay.png").exists()
