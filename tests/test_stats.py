"""vmb.stats and `vmb stats`: Tables 3, 4, 5 from the release, beside the paper's figures."""

from __future__ import annotations

import csv
from datetime import date, datetime
from pathlib import Path

import pytest

from tests.conftest import SMALL_BENCHMARK
from vmb.data import Group, History, HistoryLine, Query, load_benchmark
from vmb.paper import read_table
from vmb.sim.registry import MODULES
from vmb.stats import (
    Table,
    compute,
    events,
    gold_memory_dates,
    mean_event_gap,
    persona_chains,
    personas,
    to_markdown,
    write_tables,
)


@pytest.fixture(scope="module")
def tables(release_dir: Path) -> dict[str, Table]:  # the release's Tables 3-5 beside the paper's are the subject
    return {t.name: t for t in compute(load_benchmark(release_dir))}


def rows_by(table: Table, *keys: str) -> dict[tuple[str, ...] | str, dict]:
    return {(row[keys[0]] if len(keys) == 1 else tuple(row[k] for k in keys)): row for row in table.rows}


def test_table3_counts_and_means(tables: dict[str, Table]) -> None:
    rows = rows_by(tables["table3_statistics"], "statistic")
    ours = {name: row["ours"] for name, row in rows.items()}
    assert ours["groups"] == 50
    assert ours["personas"] == 150
    assert ours["speakers (all)"] == 155
    assert ours["queries"] == 500
    assert ours["history lines (mean)"] == pytest.approx(2690.36)
    assert ours["history tokens (mean)"] == pytest.approx(92818.86)
    assert ours["gold memory tokens (mean)"] == pytest.approx(93.288)
    # The figures the paper prints exactly (to its precision) are reproduced.
    for name in ("groups", "personas", "queries", "history lines (mean)", "history tokens (mean)"):
        assert round(ours[name]) == rows[name]["paper"], name
    assert round(ours["gold memory tokens (mean)"], 2) == rows["gold memory tokens (mean)"]["paper"] == 93.29


def test_table3_estimates(tables: dict[str, Table]) -> None:
    rows = rows_by(tables["table3_statistics"], "statistic")
    estimates = {name: row for name, row in rows.items() if row["kind"] == "estimate"}
    assert set(estimates) == {"chains", "events per instance", "delay (days)"}
    assert all(row["definition"] for row in estimates.values())
    assert estimates["events per instance"]["ours"] == pytest.approx(81.88)  # paper 81.78
    assert estimates["delay (days)"]["ours"] == pytest.approx(23.024, abs=1e-3)  # paper 23.16
    assert estimates["chains"]["ours"] == 1125  # paper 1,500
    assert [estimates[k]["paper"] for k in ("chains", "events per instance", "delay (days)")] == [1500, 81.78, 23.16]


def test_table4_matches_the_paper(tables: dict[str, Table]) -> None:
    table = tables["table4_distribution"]
    rows = rows_by(table, "kind", "name")
    for printed in read_table("table4_distribution"):
        row = rows[(printed["kind"], printed["name"])]
        assert row["ours"] == row["paper"] == int(printed["count"])
        assert row["ours_share"] == pytest.approx(float(printed["share"]))
    modules = [row for row in table.rows if row["kind"] == "target_module"]
    assert sum(row["ours"] for row in modules) == 572
    assert [row["ours"] for row in modules] == sorted((row["ours"] for row in modules), reverse=True)
    assert set(row["name"] for row in modules) <= set(MODULES)
    assert sum(row["ours"] for row in table.rows if row["kind"] == "reasoning_type") == 500


def test_table5_is_the_registry(tables: dict[str, Table]) -> None:
    rows = tables["table5_api_catalog"].rows
    assert [r["module"] for r in rows[:-1]] == list(MODULES)
    assert rows[-1] == {"module": "total", "apis": 111, "api_names": "23 modules"}
    seat = next(r for r in rows if r["module"] == "seat")
    assert seat["apis"] == len(seat["api_names"].split(", ")) == len(MODULES["seat"].apis)


def line(stamp: str, speaker: str) -> HistoryLine:
    return HistoryLine(datetime.fromisoformat(stamp), speaker, "hi", f"[{stamp}] {speaker}: hi")


def test_helpers_on_a_small_group() -> None:
    lines = (
        [line("2025-03-01 08:05", "Ann Lee")] * 10
        + [line("2025-03-01 08:50", "Bo Chen")] * 10
        + [line("2025-03-01 09:00", "Bo Chen")]
        + [line("2025-03-02 08:00", "Kid")]
    )
    memories = ["Ann drove Bo Chen and Kid.", "Lee and Bo were out.", "Annie drove."]
    queries = [Query(f"qa_1#{i}", 1, i, "state_shift", "q", m, [], []) for i, m in enumerate(memories)]
    group = Group(1, queries, History.of_lines(lines))
    assert personas(group) == ["Ann Lee", "Bo Chen"]  # Kid has 1 line of 22, under 5%
    assert events(group) == 3  # (Mar 1, 8h), (Mar 1, 9h), (Mar 2, 8h)
    # Named by full or first name, whole words only: Ann + Bo, then Bo, then nobody.
    assert persona_chains(group) == 3


def test_gold_memory_dates_and_gaps() -> None:
    text = "[April 15, 2025] At 9:00 AM, Ann drove.\n[March 10, 2025] Bo said: '[May 1, 2025]'.\n[March 25, 2025] x"
    dates = gold_memory_dates(text)
    assert dates == [date(2025, 4, 15), date(2025, 3, 10), date(2025, 3, 25)]
    assert mean_event_gap(dates) == pytest.approx((15 + 21) / 2)
    assert mean_event_gap(dates[:1]) is None
    assert gold_memory_dates("[Smarch 3, 2025] nothing") == []


def test_outputs(tables: dict[str, Table], tmp_path: Path) -> None:
    written = write_tables(list(tables.values()), tmp_path / "out")
    assert sorted(p.name for p in written) == sorted(f"{name}.{ext}" for name in tables for ext in ("csv", "md"))
    with (tmp_path / "out" / "table3_statistics.csv").open(newline="", encoding="utf-8") as handle:
        rows = {row["statistic"]: row for row in csv.DictReader(handle)}
    assert rows["gold memory tokens (mean)"]["ours"] == "93.288"
    assert rows["speakers (all)"]["paper"] == ""
    markdown = (tmp_path / "out" / "table4_distribution.md").read_text(encoding="utf-8")
    assert markdown.startswith("## Table 4: reasoning types and target modules\n")
    assert "| target\\_module  | navigation               |   96 |       19.20 |    96 |        19.20 |" in markdown
    assert "| 92,818.86 | 92,819 |" in to_markdown(tables["table3_statistics"])


def test_cli(small_benchmark: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The command is the subject (what it prints and writes): the small generated benchmark, whose tables are
    # compute()'s on it; the release's figures are the tests above.
    from vmb.cli import main
    from vmb.outdir import MARKER

    assert main(["stats", "--data", str(small_benchmark), "--out", str(tmp_path / "stats")]) == 0
    out = capsys.readouterr().out
    for title in ("Table 3: dataset statistics", "Table 4: reasoning types", "Table 5: vehicle API catalog"):
        assert title in out
    assert sorted(p.name for p in (tmp_path / "stats").iterdir()) == sorted(
        [MARKER, *(f"{t.name}{suffix}" for t in compute(load_benchmark(small_benchmark)) for suffix in (".csv", ".md"))])
    assert f"data: {small_benchmark} (generated: exact chain, event and delay figures)" in out  # metadata.json read
    assert f"| groups | {SMALL_BENCHMARK.groups} | 50 | count |" in " ".join(out.split())
