"""``vmb view``: the data it writes, hostile text shown as text, and the page in a real browser; on the scripted runs
(``fixtures/scripted_runs.py``) over the small generated benchmark (``small_benchmark``): the viewer is the subject."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from fixtures.chromium import chromium
from fixtures.scripted_runs import GROUPS, build_runs

from tests.conftest import SMALL_BENCHMARK
from vmb.analysis.runs import load_runs
from vmb.analysis.viewer import FULL_TEXT, marked, script_json, write_viewer
from vmb.cli import main
from vmb.data import load_benchmark

PER_RUN = SMALL_BENCHMARK.vehicle_chains * len(GROUPS)  # the queries of a run: one per vehicle chain

HOSTILE = "</script><script>window.__pwned = 1</script><img src=x onerror=\"window.__pwned = 2\"><!--"


@pytest.fixture(scope="module")
def bench(small_benchmark: Path) -> Any:
    return load_benchmark(small_benchmark)


@pytest.fixture(scope="module")
def hostile_runs(tmp_path_factory: pytest.TempPathFactory, bench: Any, small_benchmark: Path) -> Path:
    """The scripted runs, with one model reply, one tool argument and one query text made hostile."""
    tiny = tmp_path_factory.getbasetemp() / "tiny_runs"
    build_runs(tiny, bench, small_benchmark)
    root = tmp_path_factory.mktemp("hostile")
    for name in ("scripted-gold", "scripted-kv", "oracle-gold"):
        shutil.copytree(tiny / name, root / name)
    results = root / "scripted-gold" / "results.jsonl"
    lines = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    target = next(r for r in lines if r["id"] == "qa_1#2")
    target["final_answer"] = HOSTILE  # the query text stays the benchmark's: a record saying otherwise is left out
    target["messages"][-1]["content"] = HOSTILE
    for result in target["tool_results"][:1]:
        result["args"] = {"module_name": HOSTILE}
    results.write_text("".join(json.dumps(r) + "\n" for r in lines), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def viewer(hostile_runs: Path, bench: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("viewer")
    write_viewer(load_runs([hostile_runs], bench=bench), bench, out)
    return out


def read_payload(path: Path, call: str) -> Any:
    text = path.read_text(encoding="utf-8")
    assert text.startswith(call + "(") and text.endswith(");\n")
    body = text[len(call) + 1:-3]
    if call == "VMB.detail":
        body = body.split(",", 2)[2]
    return json.loads(body)


def test_script_json_cannot_end_its_script() -> None:
    value = {"a": HOSTILE, "b": "line\u2028separator & more"}
    text = script_json(value)
    assert "<" not in text and ">" not in text and "\u2028" not in text
    assert json.loads(text) == value


def test_long_memory_is_cut_around_the_evidence() -> None:
    text = "x" * FULL_TEXT + "EVIDENCE" + "y" * FULL_TEXT
    at = text.index("EVIDENCE")
    pieces = marked(text, [(at, at + 8)])
    shown = [p for p in pieces if "t" in p]
    assert any(p["t"][a:b] == "EVIDENCE" for p in shown for a, b in p["m"])
    assert sum(len(p["t"]) for p in shown) + sum(p.get("gap", 0) for p in pieces) == len(text)
    assert marked("short", [(0, 5)]) == [{"t": "short", "m": [[0, 5]]}]


def test_the_viewer_writes_an_index_and_lazy_detail_files(viewer: Path) -> None:
    index = read_payload(viewer / "data" / "index.js", "VMB.index")
    assert [r["name"] for r in index["runs"]] == ["scripted-kv", "oracle-gold", "scripted-gold"] or len(index["runs"]) == 3
    assert len(index["rows"]) == 3 * PER_RUN
    columns = index["columns"]
    stages = {row[columns.index("stage")] for row in index["rows"]}
    assert "solved" in stages and len(stages) > 1
    assert index["pairs"], "runs over the same data get their paired comparison"
    details = sorted((viewer / "data" / "detail").glob("*.js"))
    assert len(details) == 3 * 2  # one file per (run, group)
    for path in [viewer / "data" / "index.js", *details]:
        assert "<" not in path.read_text(encoding="utf-8")
    gold = index["runs"].index(next(r for r in index["runs"] if r["name"] == "scripted-gold"))
    entries = read_payload(viewer / "data" / "detail" / f"r{gold}_g1.js", "VMB.detail")
    hostile = entries["qa_1#2"]
    assert hostile["final_answer"] == HOSTILE
    assert hostile["stage"] and hostile["diff"] and hostile["rounds"]
    assert any(piece["m"] for piece in hostile["gold"]), "the gold evidence is marked"


def test_vmb_view_command(hostile_runs: Path, small_benchmark: Path, tmp_path: Path,
                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "view"
    assert main(["view", str(hostile_runs), "--data", str(small_benchmark), "--out", str(out)]) == 0
    assert (out / "index.html").exists() and "index.html" in capsys.readouterr().out
    assert main(["view", str(tmp_path / "nothing"), "--out", str(out)]) == 2
    assert "no run directories" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# A real browser: Debian's chromium with its chromedriver (make test installs both when missing)


@pytest.fixture(scope="module")
def browser() -> Any:
    yield from chromium()


def _count(driver: Any) -> int:
    return int(driver.find_element("id", "count").text.split()[0])


def test_the_page_filters_opens_a_query_and_shows_hostile_text_as_text(viewer: Path, browser: Any) -> None:
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get((viewer / "index.html").as_uri())
    WebDriverWait(browser, 30).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    assert _count(browser) == 3 * PER_RUN
    Select(browser.find_element("id", "filter-run")).select_by_value("scripted-gold")
    assert _count(browser) == PER_RUN
    stage = Select(browser.find_element("id", "filter-stage"))
    solved = next(o for o in stage.options if o.get_attribute("value") == "solved").text
    stage.select_by_value("solved")
    assert _count(browser) == int(solved.split("(")[-1].rstrip(")")) < PER_RUN  # the option's count was live
    Select(browser.find_element("id", "filter-stage")).select_by_value("")
    search = browser.find_element("id", "search")
    search.send_keys("__pwned")  # the final answer is searched too
    WebDriverWait(browser, 10).until(lambda d: _count(d) == 1)  # counted once typing pauses
    browser.find_element("css selector", "#table tbody tr").click()
    WebDriverWait(browser, 10).until(lambda d: "State diff" in d.find_element("id", "detail").text)
    detail = browser.find_element("id", "detail")
    text = detail.text
    for heading in ("Query", "Gold evidence", "Memory the agent saw", "Rounds", "Final answer", "stage:"):
        assert heading in text
    assert "<script>window.__pwned = 1</script>" in text and 'onerror="window.__pwned = 2"' in text
    assert browser.execute_script("return window.__pwned") is None
    assert not detail.find_elements("css selector", "img, script")
    assert detail.find_elements("css selector", "mark"), "the evidence is highlighted"


def test_two_runs_side_by_side(viewer: Path, browser: Any) -> None:
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get((viewer / "index.html").as_uri())
    WebDriverWait(browser, 30).until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    browser.find_element("id", "tab-compare").click()
    names = [o.text.split()[0] for o in Select(browser.find_element("id", "compare-A")).options]
    Select(browser.find_element("id", "compare-A")).select_by_index(names.index("oracle-gold"))
    Select(browser.find_element("id", "compare-B")).select_by_index(names.index("scripted-gold"))
    body = browser.find_element("id", "compare-body").text
    assert "Paired comparison" in body and "McNemar" in body
    only_a = browser.find_element("id", "compare-only-A")
    assert int(only_a.text.split(": ")[1]) > 0  # the oracle solves what the scripted mistakes miss
    only_a.click()
    browser.find_element("css selector", "#compare-list tr:nth-child(2)").click()
    WebDriverWait(browser, 10).until(lambda d: d.find_element("id", "detail").text.count("State diff") == 2)


def test_vmb_show_by_stage(hostile_runs: Path, capsys: pytest.CaptureFixture[str]) -> None:
    runs = [str(hostile_runs / name) for name in ("oracle-gold", "scripted-gold")]
    assert main(["show", *runs, "--by", "stage"]) == 0
    text = capsys.readouterr().out
    assert "by stage" in text and "retrieved, not used: no action" in text and "evidence recall" in text
    oracle = text[text.index("oracle-gold ("):]
    assert "solved" in oracle and f" {PER_RUN}\n" in oracle.split("evidence in memory")[0]
