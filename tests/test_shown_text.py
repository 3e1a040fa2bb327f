"""One rule for shown text (issue 46 item 1): a hostile run (its folder name, model name, query text, replies and
tool arguments made of markup, a ``|``, ESC and BEL) goes through every notebook (``vmb report``, papermill),
``vmb view`` and ``vmb board``, and through the Markdown, LaTeX and CSV tables. Each HTML output is opened in
headless Chromium: no script runs, no markup is live, no table row splits; the terminal sees no raw ESC or BEL.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import mistune
import pandas as pd
import pytest
from fixtures.chromium import chromium

from vmb.cli import main
from vmb.results.header import config_hash

# A run folder, a model and a record's texts each carry markup that would run a script or show a live element, a
# pipe that would split a Markdown row, terminal controls, Markdown and LaTeX markup; the model name opens like a
# spreadsheet formula. No "/" (a folder name cannot hold one).
MARKUP = "<img src=x onerror=\"window.__pwned=1;document.title='pwned'\"><b id=pwned>live"
RUN = f"{MARKUP} a|b $5 `c` *e* \\x \x1b[2J\x07end"
MODEL = f"=HYPERLINK(1)|{MARKUP}\x1b]0;title\x07"
TEXT = f"</script><script>window.__pwned=2</script>{MARKUP}|x\x1b[31m"
BENCHMARK = f"bench {MARKUP} a|b \x07"
RAW = ("\x1b", "\x07")


def _hostile_run(source: Path, target: Path) -> None:
    """A copy of ``source`` under ``target`` whose model and first record carry the hostile texts (the header's
    hash made again, as a forger would)."""
    shutil.copytree(source, target)
    config = json.loads((target / "config.json").read_text(encoding="utf-8"))
    config["determining"]["model"] = MODEL
    config["hash"] = config_hash(config["determining"])
    (target / "config.json").write_text(json.dumps(config), encoding="utf-8")
    metric = json.loads((target / "metric.json").read_text(encoding="utf-8"))
    metric.update(hash=config["hash"], model=MODEL)
    (target / "metric.json").write_text(json.dumps(metric), encoding="utf-8")
    results = target / "results.jsonl"
    lines = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    first = lines[0]
    first["query"] = TEXT
    first["final_answer"] = TEXT
    first["messages"][-1]["content"] = TEXT
    for result in first["tool_results"][:1]:
        result["args"] = {"module_name": TEXT}
    results.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")


@pytest.fixture(scope="module")
def hostile(tiny_runs: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("hostile-runs")
    _hostile_run(tiny_runs / "scripted-gold", root / RUN)
    for name in ("scripted-kv", "oracle-gold", "noop-none"):
        if (tiny_runs / name).is_dir():
            shutil.copytree(tiny_runs / name, root / name)
    return root


@pytest.fixture(scope="module")
def report(hostile: Path, small_benchmark: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """``vmb report`` over the hostile runs (every notebook, papermill), with what it printed."""
    base = tmp_path_factory.mktemp("hostile-report")
    data = base / BENCHMARK  # the runs' benchmark, copied under a hostile folder name (notebook 08 heads it by it)
    shutil.copytree(small_benchmark, data)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["report", "--runs", str(hostile), "--out", str(base / "out"), "--figures", str(base / "figures"),
                       "--data", str(data)])
    assert status == 0, err.getvalue()[-2000:]
    return base / "out", out.getvalue() + err.getvalue()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    yield from chromium()


def _inert(browser: Any, page: Path) -> str:
    """Open ``page``; fail if a script from the data ran or its markup became an element. Its text."""
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get(page.as_uri())
    WebDriverWait(browser, 30).until(lambda d: d.execute_script(
        "return document.readyState === 'complete' && Array.from(document.images).every(i => i.complete)"))
    assert browser.execute_script("return window.__pwned") is None, page
    assert "pwned" not in browser.title, page
    assert not browser.find_elements("css selector", "#pwned, img[src='x'], script:not([src])[data-none]"), page
    text: str = browser.execute_script("return document.body.innerText")
    return text


def _rows_whole(browser: Any) -> None:
    """Every table row has as many cells as its table's header."""
    split = browser.execute_script(
        "return Array.from(document.querySelectorAll('table')).flatMap(t => Array.from(t.rows)"
        ".filter(r => r.cells.length !== t.rows[0].cells.length).map(r => r.innerText))")
    assert not split, split


def test_vmb_report_prints_no_raw_control_character(report: tuple[Path, str]) -> None:
    _, printed = report
    assert not [c for c in RAW if c in printed], printed[-800:]
    assert "\\x1b[2J" in printed  # the run's name is listed, escaped


def test_every_executed_notebook_and_the_index_show_the_run_as_text(report: tuple[Path, str], browser: Any) -> None:
    out, _ = report
    pages = sorted((out / "notebooks").glob("*.html")) + [out / "index.html"]
    assert len(pages) >= 7
    named = 0
    for page in pages:
        text = _inert(browser, page)
        _rows_whole(browser)
        named += "onerror=" in text
    assert named >= 4  # the name is shown, as text, in the notebooks that name runs and on the index


def test_notebook_sentences_escape_the_run_name(report: tuple[Path, str]) -> None:
    import nbformat

    out, _ = report
    said = [o["data"]["text/markdown"] for nb in sorted((out / "notebooks").glob("*.ipynb"))
            for c in nbformat.read(nb, as_version=4).cells if c.cell_type == "code"
            for o in c.outputs if "text/markdown" in o.get("data", {})]
    hostile = [text for text in said if "onerror" in text]
    assert any("a\\|b" in text for text in hostile), said  # 03 names every run in its sentences, 02 every model
    for text in hostile:
        assert "&lt;img" in text and not [c for c in ("<", *RAW) if c in text], text


def test_markdown_tables_keep_each_row_whole_and_show_markup_as_text(report: tuple[Path, str], browser: Any,
                                                                     tmp_path: Path) -> None:
    out, _ = report
    render = mistune.create_markdown(plugins=["table"])
    files = sorted((out / "tables").glob("*.md")) + [out / "report.md"]
    named = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not [c for c in RAW if c in text], path
        page = tmp_path / f"{path.stem}.html"
        page.write_text(f"<!doctype html><meta charset=utf-8><title>{path.stem}</title>{render(text)}", encoding="utf-8")
        shown = _inert(browser, page)
        _rows_whole(browser)
        named += "a|b" in shown
    assert named >= 5, named


def test_latex_tables_keep_each_row_whole(report: tuple[Path, str]) -> None:
    out, _ = report
    named = 0
    for path in sorted((out / "tables").glob("*.tex")):
        text = path.read_text(encoding="utf-8")
        assert not [c for c in RAW if c in text], path
        columns = len(re.search(r"\\begin\{tabular\}\{(\w+)\}", text)[1])
        for line in text.splitlines():
            if line.endswith(r"\\"):  # a row: as many cells as columns, whatever a name holds
                assert len(re.findall(r"(?<!\\)&", line)) + 1 == columns, (path, line)
                named += "onerror" in line
    assert named >= 3


def test_csv_tables_hold_no_formula_nor_control_character(report: tuple[Path, str]) -> None:
    out, _ = report
    for path in sorted((out / "tables").glob("*.csv")):
        text = path.read_text(encoding="utf-8")
        assert not [c for c in RAW if c in text], path
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
        cells = [v for column in frame.columns for v in frame[column]]
        assert not [v for v in cells if v.startswith(("=", "@", "+"))], path
    overview = pd.read_csv(out / "tables" / "runs_overview.csv")
    assert "'" + MODEL.replace("\x1b", "\\x1b").replace("\x07", "\\x07") in set(overview["model"])


def test_vmb_view_shows_the_run_as_text(hostile: Path, small_benchmark: Path, tmp_path: Path, browser: Any,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["view", str(hostile), "--out", str(tmp_path / "view"), "--data", str(small_benchmark)]) == 0
    printed = capsys.readouterr()
    assert not [c for c in RAW if c in printed.out + printed.err]
    text = _inert(browser, tmp_path / "view" / "index.html")
    assert "onerror=" in text


def test_vmb_board_shows_the_run_as_text(hostile: Path, small_benchmark: Path, tmp_path: Path, browser: Any,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from tests.bundle.conftest import reseal

    bundle = tmp_path / "bundle"
    assert main(["pack", str(hostile / "oracle-gold"), "--partial", "--out", str(bundle)]) == 0
    manifest = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    manifest["runs"][0]["model"] = MODEL
    (bundle / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    reseal(bundle)
    capsys.readouterr()
    main(["board", str(bundle), "--out", str(tmp_path / "board"), "--data", str(small_benchmark)])
    printed = capsys.readouterr()
    assert not [c for c in RAW if c in printed.out + printed.err]
    for page in sorted((tmp_path / "board").rglob("*.html")):
        _inert(browser, page)
        _rows_whole(browser)


def test_the_stage_sentence_names_only_stages_where_memory_failed(report: tuple[Path, str]) -> None:
    """issue 46 item 5: 03's sentence said "most failures at *full_run*" for every run (the column of a whole run's
    count beside the stages); it names a stage where memory failed, never a count nor solved."""
    import nbformat

    from vmb.analysis.retrieval import FAILED_STAGES

    out, _ = report
    executed = nbformat.read(out / "notebooks" / "03_memory_systems.ipynb", as_version=4)
    said = [o["data"]["text/markdown"] for c in executed.cells if c.cell_type == "code"
            for o in c.outputs if "most failures at" in o.get("data", {}).get("text/markdown", "")]
    named = re.findall(r"most failures at \*([^*]+)\*", "".join(said))
    assert len(named) >= 3 and set(named) <= set(FAILED_STAGES), named
