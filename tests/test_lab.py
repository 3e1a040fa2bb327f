"""The notebooks as a reader meets them: ``make lab`` (JupyterLab from the venv, on 127.0.0.1, with the venv's kernel,
``--allow-root`` as root) opened in a real browser (``fixtures/chromium.py``), each notebook run with Run All from the
Run menu, then read off the page: the explorer's widgets answer (a filter narrows the others, the search and the
"beside" run change what shows) and a notebook that draws figures shows each of them inline.

The notebooks are copies in a folder of their own with the runs beside them at ``../runs``, the default the report
uses, so nothing the checkout holds is written (their figures land in that folder's ``../figures``). The runs are
made here, offline, by the agents that need no model on two groups of the small generated benchmark. Every wait is
bounded; the server (with its kernels) and the browser are stopped however the test ends.
"""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fixtures.chromium import chromium, tables_too_wide

from tests.conftest import REPO
from vmb.cli import main

pytestmark = pytest.mark.lab

# The runs the notebooks read: the ceiling, the floor and a shortcut baseline whose failures have several types.
RUNS = (("oracle", "gold"), ("oracle", "summary"), ("noop", "none"), ("latest-gold", "gold"))
NOTEBOOKS = ("05_explorer", "02_overall")
SERVER_START = 180  # seconds for `make lab` to answer (it checks the venv first; a loaded machine is slow)
RUN_ALL = 300  # seconds for one notebook's Run All
ANSWER = 60  # seconds for a widget to answer a change (a round trip to the kernel)
# A cell draws a figure when it calls a function of vmb.analysis.figures or pyplot's own.
FIGURE_CALL = re.compile(r"\bfigures\.\w+\(|\bplt\.(?:plot|figure|subplots|bar|barh|scatter|hist)\(")


@pytest.fixture(scope="module")
def browser() -> Any:
    yield from chromium()


@pytest.fixture(scope="module")
def lab_dir(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> Path:
    """``notebooks/`` (the two notebooks, copied) with ``../runs`` beside it."""
    root = tmp_path_factory.mktemp("lab")
    for agent, memory in RUNS:
        assert main(["run", "--agent", agent, "--memory", memory, "--data", str(small_benchmark), "--groups", "1-2",
                     "--no-progress", "--out", str(root / "runs" / f"{agent}-{memory}")]) == 0
    (root / "notebooks").mkdir()
    for name in NOTEBOOKS:
        shutil.copy(REPO / "notebooks" / f"{name}.ipynb", root / "notebooks")
    return root


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return bool(response.status == 200)
    except OSError:
        return False


@pytest.fixture(scope="module")
def lab(lab_dir: Path) -> Iterator[str]:
    """``make lab`` on ``lab_dir/notebooks``; yields the server's base URL (the token is its query string)."""
    port, token = _free_port(), secrets.token_hex(16)
    settings = lab_dir / "jupyter" / "settings"
    # every cell in the page; the news toast is make lab's own to silence (its settings), so not silenced here
    for plugin, values in (("notebook-extension/tracker", '{"windowingMode": "none"}'),):
        path = settings / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(values, encoding="utf-8")
    env = {**os.environ, "JUPYTERLAB_SETTINGS_DIR": str(settings),
           **{name: str(lab_dir / "jupyter" / part) for name, part in (
               ("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
               ("JUPYTERLAB_WORKSPACES_DIR", "workspaces"))}}
    arguments = ["--no-browser", f"--IdentityProvider.token={token}"]
    log = (lab_dir / "lab.log").open("wb")
    server = subprocess.Popen(["make", "-s", "-C", str(REPO), "lab", f"LAB_DIR={lab_dir / 'notebooks'}",
                               f"LAB_PORT={port}", f"LAB_ARGS={' '.join(arguments)}"],
                              env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START
        while not _answers(f"{base}/api/status?token={token}"):
            assert server.poll() is None, f"make lab stopped: {(lab_dir / 'lab.log').read_text()[-2000:]}"
            assert time.monotonic() < deadline, f"make lab did not answer in {SERVER_START} s"
            time.sleep(0.5)
        # A workspace of its own per notebook, reset: the page holds that notebook alone.
        yield f"{base}/lab/workspaces/{{0}}/tree/{{0}}.ipynb?reset&token={token}"
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # the server shuts its kernels down on SIGTERM
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
        log.close()


# ---------------------------------------------------------------------------------------------
# Reading JupyterLab's page

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
STATE = f"""
const panel = document.querySelector("{PANEL}");
if (!panel) return null;
const cells = [...panel.querySelectorAll(".jp-CodeCell")].map(cell => ({{
  prompt: cell.querySelector(".jp-InputPrompt").textContent.trim(),
  source: cell.querySelector(".jp-InputArea .cm-content").innerText,
  images: cell.querySelectorAll(".jp-OutputArea-output img").length,
  output: cell.querySelector(".jp-OutputArea").innerText}}));
const status = [...document.querySelectorAll(".jp-StatusBar-TextItem")].map(e => e.textContent.trim());
return {{cells: cells, kernel: status.find(text => text.includes(" | ")) || ""}};
"""


def _state(driver: Any) -> dict[str, Any]:
    return dict(driver.execute_script(STATE) or {"cells": [], "kernel": ""})


def _wait(driver: Any, seconds: float, what: str, condition: Any) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, seconds, poll_frequency=0.25).until(condition, f"{what} (waited {seconds} s)")


def _run_all(driver: Any, url: str) -> tuple[list[dict[str, Any]], float]:
    """Open a notebook, wait for its kernel, Run All from the Run menu; its code cells once all ran, and the time."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By

    driver.get(url)
    _wait(driver, RUN_ALL, "the notebook open with its kernel idle",
          lambda d: (s := _state(d))["cells"] and s["kernel"].endswith("| Idle"))
    assert _state(driver)["kernel"].startswith("Python 3 (vmb)"), "make lab's kernel, the venv's own"
    started = time.monotonic()
    next(e for e in driver.find_elements(By.CSS_SELECTOR, ".lm-MenuBar-item") if e.text.strip() == "Run").click()
    _wait(driver, 10, "the Run menu", lambda d: d.find_elements(By.CSS_SELECTOR, "[data-command='runmenu:run-all']"))
    driver.find_element(By.CSS_SELECTOR, ".lm-Menu-item[data-command='runmenu:run-all']").click()

    def finished(d: Any) -> list[dict[str, Any]] | None:
        cells = _state(d)["cells"]
        failed = any("Traceback" in cell["output"] for cell in cells)
        return cells if failed or all(re.fullmatch(r"\[\d+\]:", cell["prompt"]) for cell in cells) else None

    try:
        cells = _wait(driver, RUN_ALL, "Run All to finish", finished)
    except TimeoutException as error:
        prompts = [cell["prompt"] for cell in _state(driver)["cells"]]
        raise AssertionError(f"{error.msg}; the cells' prompts: {prompts}") from None
    seconds = time.monotonic() - started
    for cell in cells:
        assert "Traceback" not in cell["output"], f"a cell failed in the browser:\n{cell['source']}\n{cell['output']}"
    return cells, seconds


def _widget(driver: Any, kind: str, label: str) -> Any:
    """The <select> or <input> of the ipywidget of class ``widget-KIND`` described as ``label``."""
    tag = "input" if kind == "text" else "select"
    return driver.find_element("xpath", f"//div[contains(@class, 'widget-{kind}')][label[normalize-space()='{label}']]"
                                        f"//{tag}")


def _values(select: Any) -> list[str]:
    return [option.get_attribute("value") for option in select.find_elements("tag name", "option")]


def _count(driver: Any) -> int:
    shown = driver.find_element("xpath", "//div[contains(@class, 'widget-html')][contains(., 'failed queries match')]")
    return int(shown.text.split()[0])


def test_the_explorer_runs_all_in_jupyterlab_and_its_widgets_answer(browser: Any, lab: str, lab_dir: Path,
                                                                    small_benchmark: Path) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    from vmb.analysis import load_runs
    from vmb.analysis.explorer import filter_failures
    from vmb.data import load_benchmark

    runset = load_runs([lab_dir / "runs"], bench=load_benchmark(small_benchmark))
    cells, seconds = _run_all(browser, lab.format("05_explorer"))
    print(f"05_explorer: Run All in {seconds:.1f} s")
    assert f"{len(runset.failures)} failed" in cells[1]["output"]
    assert any("error types among" in cell["output"] for cell in cells), "the static examples rendered"
    record = cells[-1]["output"]  # a QueryRecord: its line printed, then its HTML
    assert record.startswith("QueryRecord(") and "Conversation" in record and "State diff, leaf by leaf" in record

    # A filter narrows the others: the run chosen, the memory dropdown offers that run's setting alone.
    assert _count(browser) == len(runset.failures)
    run = "latest-gold-gold"
    mine = filter_failures(runset, run=run)
    Select(_widget(browser, "dropdown", "run")).select_by_value(f"{run} ({len(mine)})")
    _wait(browser, ANSWER, "the count to follow the run", lambda d: _count(d) == len(mine))
    assert _values(_widget(browser, "dropdown", "memory")) == [f"(all) ({len(mine)})", f"gold memory ({len(mine)})"]

    # The search: words of one failed query, typed as a reader types them.
    target = runset.record(run, mine.iloc[0]["query_id"])
    words = " ".join(target.query.split()[3:7])
    expected = filter_failures(runset, run=run, text=words)
    _widget(browser, "text", "search").send_keys(words, Keys.ENTER)
    _wait(browser, ANSWER, f"the search for {words!r}", lambda d: _count(d) == len(expected))
    assert 1 <= len(expected) < len(mine)

    # One failure opened, then the same query of the oracle's run beside it.
    chooser = Select(browser.find_element("css selector", ".widget-select select"))
    assert len(chooser.options) == len(expected)
    chooser.select_by_index(0)
    view = "//div[contains(@class, 'widget-html')][.//div[contains(@class, 'vmb-failure')]]"
    _wait(browser, ANSWER, "the failure shown", lambda d: "State diff" in d.find_element("xpath", view).text)
    beside = Select(_widget(browser, "dropdown", "beside"))
    oracle = next(value for value in _values(_widget(browser, "dropdown", "beside")) if value.startswith("oracle-gold"))
    beside.select_by_value(oracle)
    _wait(browser, ANSWER, "two runs side by side",
          lambda d: d.find_element("xpath", view).text.count("State diff") == 2)
    assert "passed" in browser.find_element("xpath", view).text, "the oracle solved the query the baseline failed"
    # Every table fits its cell: the runs table, the static examples, and the two runs side by side.
    assert not tables_too_wide(browser, PANEL), "a table is wider than the notebook"
    wide, room = browser.execute_script("const pair = document.querySelector('.vmb-pair'); "
                                        "return [pair.scrollWidth, pair.closest('.widget-html').clientWidth];")
    print(f"side by side: {wide} px of {room} px")
    assert wide <= room, f"the side-by-side view is wider than its cell ({wide} px of {room} px)"


def test_a_notebook_that_draws_shows_every_figure_inline(browser: Any, lab: str) -> None:
    cells, seconds = _run_all(browser, lab.format("02_overall"))
    drawn = [len(FIGURE_CALL.findall(cell["source"])) for cell in cells]
    shown = [cell["images"] for cell in cells]
    print(f"02_overall: Run All in {seconds:.1f} s, {sum(shown)} images shown of {sum(drawn)} figures drawn")
    assert sum(drawn) > 0
    missing = [cell["source"].splitlines()[0] for cell, n, m in zip(cells, drawn, shown) if m < n]
    assert not missing, f"figures drawn but not shown inline, in the cells starting: {missing}"
    assert not tables_too_wide(browser, PANEL), "a table is wider than the notebook"
    toasts = [toast.text for toast in browser.find_elements("css selector", ".Toastify__toast")]
    assert not [text for text in toasts if "news" in text.lower()], f"make lab shows a news toast: {toasts}"
