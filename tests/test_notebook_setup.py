"""What every report notebook does first (vmb.analysis.notebook): a path parameter given as a string is one path,
and over no runs the notebook says what to run in one line and writes no file."""

from __future__ import annotations

from pathlib import Path

import matplotlib
import pandas as pd
import pytest

from vmb.analysis.notebook import MAKE_RUNS, open_runs
from vmb.analysis.runs import as_paths
from vmb.harness import run_benchmark


def test_a_string_is_one_path() -> None:
    assert as_paths("../runs") == [Path("../runs")]
    assert as_paths(Path("runs")) == [Path("runs")]
    assert as_paths(["a", Path("b")]) == [Path("a"), Path("b")]


def test_no_runs_is_one_line_naming_what_to_run_and_writes_nothing(tmp_path: Path, small_benchmark: Path) -> None:
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    said: list[str] = []
    (tmp_path / "runs").mkdir()
    out_dir, figures_dir = tmp_path / "out", tmp_path / "figures"
    opened = open_runs("99_x", str(tmp_path / "runs"), str(small_benchmark), out_dir, figures_dir, said.append)
    assert opened.empty and len(said) == 1 and "\n" not in said[0]
    assert said[0].startswith(f"No runs in {tmp_path / 'runs'}: run {MAKE_RUNS}")
    shown = opened.out.table(pd.DataFrame({"esm": [1.0]}), "t", "T", "caption")
    assert shown.rows == [["1.0"]]  # shown all the same
    fig, _ = plt.subplots()
    opened.out.figure(fig, "f", "caption")
    opened.out.omit("g", "why")
    plt.close(fig)
    assert not out_dir.exists() and not figures_dir.exists()


def test_a_string_naming_a_folder_of_runs_loads_them(tmp_path: Path, small_benchmark: Path) -> None:
    for memory in ("gold", "none"):
        run_benchmark(out=str(tmp_path / "runs" / f"oracle-{memory}"), agent="oracle", memory=memory,
                      data=str(small_benchmark), progress=False)
    said: list[str] = []
    opened = open_runs("99_x", str(tmp_path / "runs"), None, tmp_path / "out", tmp_path / "figures", said.append)
    assert sorted(opened.runset.runs["run"]) == ["oracle-gold", "oracle-none"]
    assert said[0].startswith("2 runs, ") and (tmp_path / "out" / "manifest" / "99_x.json").exists()


REPORT_NOTEBOOKS = sorted(p for p in (Path(__file__).parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb")
                          if p.stem != "05_explorer")  # the explorer is a widget, not a page of results


@pytest.mark.parametrize("path", REPORT_NOTEBOOKS, ids=lambda p: p.stem)
def test_each_result_has_a_sentence_before_it_and_the_heading_its_number(path: Path) -> None:
    import nbformat

    cells = nbformat.read(path, as_version=4).cells
    assert cells[0].source.startswith(f"# {path.stem[:2]} · "), "the title carries the notebook's number"
    for before, cell in zip(cells, cells[1:]):
        if cell.cell_type == "code" and ("out.table(" in cell.source or "out.figure(" in cell.source):
            prose = [line for line in before.source.splitlines() if line.strip() and not line.startswith("#")]
            assert before.cell_type == "markdown" and prose and prose[-1].rstrip().endswith((".", ")")), \
                (path.stem, cell.source[:80])
        if cell.cell_type == "code":
            assert not any(o for o in cell.get("outputs", [])), "committed without outputs"


@pytest.fixture
def no_data_anywhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout with no benchmark in it, beside it, in $VMB_DATA or remembered by an earlier `make test`."""
    from vmb.data import locate
    from vmb.usercache import CACHE_ENV

    checkout = tmp_path / "alone" / "vmb"
    checkout.mkdir(parents=True)
    monkeypatch.setattr(locate, "PROJECT_ROOT", checkout)
    monkeypatch.delenv(locate.ENV_VAR, raising=False)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    return checkout


def test_a_notebook_finds_the_benchmark_its_checkouts_runs_recorded(no_data_anywhere: Path,
                                                                    small_benchmark: Path) -> None:
    from vmb.analysis.notebook import NoData, benchmark_dir

    runs = no_data_anywhere / "runs"
    with pytest.raises(NoData) as stopped:
        benchmark_dir(None, runs)
    said = str(stopped.value)
    assert "\n" not in said and said.startswith("**No benchmark data:** no benchmark data found")
    assert "`make lab` with `VMB_DATA=DIR`" in said and "The rest of this notebook is skipped." in said
    run_benchmark(out=str(runs / "oracle-gold"), agent="oracle", memory="gold", data=str(small_benchmark),
                  progress=False)
    assert benchmark_dir(None, runs) == small_benchmark


def test_over_no_data_a_notebook_shows_one_markdown_line_and_runs_no_later_cell(tmp_path: Path) -> None:
    """As Run All in JupyterLab: the kernel stops the notebook at the cell that found no benchmark, which shows
    one Markdown line and no traceback."""
    import nbclient
    import nbformat

    from vmb.report.notebooks import KERNEL_NAME, NOTEBOOKS_DIR, kernel_environment

    for name in ("01_dataset", "02_overall", "05_explorer"):
        notebook = nbformat.read(NOTEBOOKS_DIR / f"{name}.ipynb", as_version=4)
        setup = next(i for i, c in enumerate(notebook.cells) if "parameters" in c.metadata.get("tags", []))
        notebook.cells[setup].source += f"\ndata = {str(tmp_path / 'nowhere')!r}\nruns = {str(tmp_path)!r}\n"
        client = nbclient.NotebookClient(notebook, kernel_name=KERNEL_NAME, timeout=300,
                                         resources={"metadata": {"path": str(NOTEBOOKS_DIR)}})
        with kernel_environment(tmp_path / "jupyter"), pytest.raises(nbclient.exceptions.CellExecutionError):
            client.execute()
        stopped = next(i for i, c in enumerate(notebook.cells) if c.cell_type == "code" and i > setup)
        outputs = notebook.cells[stopped].outputs
        assert [o.output_type for o in outputs] == ["display_data"], (name, outputs)
        line = outputs[0].data["text/markdown"]
        assert line.startswith("**No benchmark data:** ") and "nowhere: directory not found" in line, line
        assert all(not c.get("outputs") for c in notebook.cells[stopped + 1:]), name


@pytest.mark.make
def test_notebook_06_run_by_hand_writes_nothing_beside_it(tmp_path: Path, small_benchmark: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Given no generated benchmark, 06 makes a small one in the user's cache and shows its tables and figure
    without writing them: nothing lands in ../figures or ../build beside the notebook (issue 43 item 5)."""
    import shutil

    import nbclient
    import nbformat

    from vmb.report.notebooks import KERNEL_NAME, NOTEBOOKS_DIR, kernel_environment
    from vmb.usercache import CACHE_ENV

    checkout = tmp_path / "checkout"
    (checkout / "notebooks").mkdir(parents=True)
    shutil.copy(NOTEBOOKS_DIR / "06_generated.ipynb", checkout / "notebooks")
    notebook = nbformat.read(checkout / "notebooks" / "06_generated.ipynb", as_version=4)
    setup = next(i for i, c in enumerate(notebook.cells) if "parameters" in c.metadata.get("tags", []))
    notebook.cells[setup].source += f"\ndata = {str(small_benchmark)!r}\n"
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    client = nbclient.NotebookClient(notebook, kernel_name=KERNEL_NAME, timeout=600,
                                     resources={"metadata": {"path": str(checkout / "notebooks")}})
    with kernel_environment(tmp_path / "jupyter"):
        client.execute()
    printed = "".join(o.get("text", "") for c in notebook.cells if c.cell_type == "code" for o in c.outputs)
    assert "making a small one" in printed and str(tmp_path / "cache" / "generated-small") in printed, printed
    assert sorted(p.name for p in checkout.iterdir()) == ["notebooks"]
    assert sorted(p.name for p in (checkout / "notebooks").iterdir()) == ["06_generated.ipynb"]
    images = sum("image/png" in o.get("data", {}) for c in notebook.cells if c.cell_type == "code" for o in c.outputs)
    assert images == 1  # the delay figure, shown inline all the same
