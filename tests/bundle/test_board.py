"""`vmb board`: bundles of an oracle, a noop, a baseline and a scripted-model run ranked, validated, paired,
hostile text kept as text, and the page sorted in a real browser."""

from __future__ import annotations

import csv
import io
import json
import os
from pathlib import Path
from typing import Any

import pytest

from vmb import escape
from vmb.cli import main
from vmb.errors import Exit
from vmb.outdir import OutputDirError
from vmb.publish.board import write_board
from vmb.publish.pack import pack_runs

HOSTILE = "evil<img src=x onerror=window.__pwned=1>|`x`"


@pytest.fixture(scope="module")
def board(bundle_runs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory,
          small_benchmark: Path) -> tuple[Path, list[Any]]:
    root = tmp_path_factory.mktemp("board")
    first = pack_runs([bundle_runs["oracle"], bundle_runs["noop"]], root / "offline").archive
    second = root / HOSTILE
    pack_runs([bundle_runs["baseline"], bundle_runs["scripted"]], second)
    out = root / "page"
    rows = write_board([first, second], out, str(small_benchmark))
    return out, rows


def test_rows_rank_by_esm_with_verdicts_and_the_paired_test_to_the_next(board: tuple[Path, list[Any]]) -> None:
    out, rows = board
    assert [r.run for r in rows][0] == "oracle", [r.verdict for r in rows]
    assert [r.run for r in rows][-1] == "noop"
    assert len(rows) == 4 and all(r.verdict == "valid, complete" for r in rows)
    esm = [r.metrics.value("esm") for r in rows]
    assert esm == sorted(esm, reverse=True) and esm[0] == 100.0 and esm[-1] < esm[0]
    for above, below in zip(rows, rows[1:]):
        overall = above.versus_next["overall"]
        assert overall["esm_a"] == pytest.approx(above.metrics.value("esm"), abs=0.01)
        assert overall["esm_b"] == pytest.approx(below.metrics.value("esm"), abs=0.01)
    assert rows[-1].versus_next is None
    table = list(csv.DictReader(io.StringIO((out / "board.csv").read_text(encoding="utf-8"))))
    assert [t["run"] for t in table] == [r.run for r in rows] and table[0]["rank"] == "1"
    assert {"ESM", "ESM 95%", "F-F1", "V-F1", "Calls", "Mem Token", "cost", "vs next"} <= set(table[0])
    assert any(k.startswith("ESM preference") or k.startswith("ESM ") for k in table[0])
    for row in rows:
        assert (out / "view" / row.slug / "index.html").is_file()
        assert (out / "cards" / f"{row.slug}.md").is_file()


def test_hostile_text_stays_text_in_every_format(board: tuple[Path, list[Any]]) -> None:
    out, _ = board
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<img" not in page and "&lt;img" in page
    markdown = (out / "board.md").read_text(encoding="utf-8").splitlines()
    widths = {line.count("|") - line.count("\\|") for line in markdown}
    assert len(widths) == 1  # every row has as many cells as the head: the pipe did not split one
    assert escape.markdown("a|b\nc`d") == "a\\|b c\\`d"


def test_a_directory_not_its_own_is_refused_and_a_rerun_replaces_its_board(
        board: tuple[Path, list[Any]], tmp_path: Path, small_benchmark: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = board
    mine = tmp_path / "mine"
    (mine / "keep.txt").parent.mkdir()
    (mine / "keep.txt").write_text("mine", encoding="utf-8")
    bundle = next(out.parent.glob("offline.tar.gz"))
    with pytest.raises(OutputDirError):
        write_board([bundle], mine, str(small_benchmark))
    assert (mine / "keep.txt").read_text(encoding="utf-8") == "mine" and len(list(mine.iterdir())) == 1
    assert main(["board", str(bundle), "--out", str(tmp_path / "again"), "--data", str(small_benchmark)]) == Exit.OK
    assert main(["board", str(bundle), "--out", str(tmp_path / "again"), "--data", str(small_benchmark)]) == Exit.OK
    assert "2 run(s) from 1 bundle(s), 0 invalid" in capsys.readouterr().out


def test_an_edited_bundle_shows_invalid_on_the_board(bundle_runs: dict[str, Path], tmp_path: Path,
                                                     small_benchmark: Path) -> None:
    from tests.bundle.conftest import reseal

    bundle = tmp_path / "edited"
    pack_runs([bundle_runs["oracle"]], bundle)
    metric = bundle / "runs" / "oracle" / "metric.json"
    data = json.loads(metric.read_text(encoding="utf-8"))
    data["overall"]["esm"] = 12.5
    metric.write_text(json.dumps(data), encoding="utf-8")
    reseal(bundle)
    (row,) = write_board([bundle], tmp_path / "page", str(small_benchmark))
    assert row.verdict.startswith("INVALID")
    assert main(["board", str(bundle), "--out", str(tmp_path / "p2"), "--data", str(small_benchmark)]) == Exit.FAILURES


CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def test_the_page_sorts_in_a_browser_and_runs_no_hostile_text(board: tuple[Path, list[Any]]) -> None:
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        if os.environ.get("CI") == "true":
            pytest.fail("chromium and chromium-driver are not installed (make test installs them)")
        pytest.skip("chromium and chromium-driver are not installed (make test installs them)")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    out, rows = board
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    try:
        driver.get((out / "index.html").as_uri())
        WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")

        def runs() -> list[str]:
            return [r.find_elements("tag name", "td")[2].text.split()[0]
                    for r in driver.find_elements("css selector", "#board tbody tr")]

        assert runs() == [r.run for r in rows]
        esm = next(th for th in driver.find_elements("css selector", "#board th") if th.text == "ESM")
        esm.click()  # highest first, as written
        esm.click()  # then lowest first
        assert runs() == [r.run for r in reversed(rows)]
        assert driver.execute_script("return window.__pwned") is None
        assert HOSTILE.split("|")[0] in driver.find_element("id", "board").text
        assert "vs next" in driver.find_element("id", "board").text
    finally:
        driver.quit()
