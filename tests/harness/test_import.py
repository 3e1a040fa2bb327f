"""``vmb import``: an outside system's final calls scored as a run, the same figures as vmb's own run of those
calls, and a hostile file refused line by line with nothing imported."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.bundle.conftest import reseal
from vmb.cli import main
from vmb.data import load_benchmark
from vmb.results.rundir import read_results

# What identifies a run rather than what it scored (metric.json's run block names the agent and model).
IDENTITY = ("run", "created", "updated")


def figures(run: Path) -> dict[str, Any]:
    metric = json.loads((run / "metric.json").read_text())
    return {key: value for key, value in metric.items() if key not in IDENTITY}


def same_scores(imported: Path, run: Path) -> None:
    """Each query of the imported run scored as in ``run``, its car left the same; the scorer's figures of the
    whole run the same (Calls counts the calls each made, Mem Token is unknown without a conversation)."""
    mine, theirs = read_results(imported / "results.jsonl")[0], read_results(run / "results.jsonl")[0]
    assert set(mine) == set(theirs)
    for key, record in mine.items():
        assert record.score is not None and theirs[key].score is not None
        assert record.score.metrics == theirs[key].score.metrics and record.final_diff == theirs[key].final_diff
    overall = [json.loads((path / "metric.json").read_text())["overall"] for path in (imported, run)]
    for key in ("n", "esm", "field_f1", "value_f1"):
        assert overall[0][key] == overall[1][key]
    assert overall[0]["mem_token"] is None


def write_lines(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join((row if isinstance(row, str) else json.dumps(row)) + "\n" for row in rows))
    return path


def test_the_reference_calls_imported_score_as_the_oracle_run(tiny_benchmark: Path, oracle_run: Path,
                                                             tmp_path: Path) -> None:
    bench = load_benchmark(tiny_benchmark)
    queries = bench.group(1).queries
    # half the queries as the release's call strings, half as {name, args}
    rows = [{"id": q.id, "calls": list(q.answer) if n % 2 else q.calls} for n, q in enumerate(queries)]
    out = tmp_path / "imported"
    assert main(["import", str(write_lines(tmp_path / "answers.jsonl", rows)), "--name", "outside-agent",
                 "--memory", "gold", "--groups", "1", "--data", str(tiny_benchmark), "--out", str(out)]) == 0
    same_scores(out, oracle_run)
    config = json.loads((out / "config.json").read_text())
    assert config["determining"]["agent"] == "external" and config["determining"]["model"] == "outside-agent"
    records, problems = read_results(out / "results.jsonl")
    assert not problems and all(not r.messages and not r.rounds for r in records.values())
    # vmb score replays the stored calls: the same figures again
    before = figures(out)
    assert main(["score", str(out), "--data", str(tiny_benchmark)]) == 0
    assert figures(out) == before


def test_wrong_calls_score_as_failures_not_errors(tiny_benchmark: Path, tmp_path: Path) -> None:
    bench = load_benchmark(tiny_benchmark)
    first, second = bench.group(1).queries[:2]
    rows = [{"id": first.id, "calls": [{"name": "no_such_tool", "args": {}}]}, {"id": second.id, "calls": []}]
    out = tmp_path / "run"
    assert main(["import", str(write_lines(tmp_path / "a.jsonl", rows)), "--name", "x", "--memory", "none",
                 "--groups", "1", "--data", str(tiny_benchmark), "--out", str(out)]) == 0
    records, _ = read_results(out / "results.jsonl")
    assert records[first.id].calls["invalid"][0].name == "no_such_tool" and records[first.id].score is not None
    metric = json.loads((out / "metric.json").read_text())
    assert metric["errors"] == 0 and metric["overall"]["esm"] == 0


def test_a_hostile_file_is_refused_line_by_line(tiny_benchmark: Path, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark(tiny_benchmark)
    one, two = bench.group(1).queries[:2]
    other_group = bench.group(2).queries[0]
    rows: list[Any] = [
        {"id": one.id, "calls": list(one.answer)},
        "{not json",
        [1, 2],
        {"id": one.id, "calls": []},
        {"id": "qa_99#0", "calls": []},
        {"id": other_group.id, "calls": []},
        {"id": two.id, "calls": ["os.system('x')"]},
        {"id": two.id + "x", "calls": [{"name": "a", "args": [1]}], "note": 1},
        {"id": 7, "calls": []},
        {"id": two.id, "calls": [{"name": "a"}] * 101},
        "[" * 100 + "]" * 100,
    ]
    out = tmp_path / "run"
    status = main(["import", str(write_lines(tmp_path / "bad.jsonl", rows)), "--name", "x", "--memory", "none",
                   "--groups", "1", "--data", str(tiny_benchmark), "--out", str(out)])
    err = capsys.readouterr().err
    assert status == 2
    said = [line for line in err.splitlines() if "bad.jsonl line" in line]
    assert [int(line.split("line ")[1].split(":")[0]) for line in said] == list(range(2, 12))
    assert "again (first on line 1)" in said[2] and "no query of the benchmark" in said[3]
    assert "not among the queries the run selects" in said[4] and "cannot parse call" in said[5]
    assert "unknown field(s) note" in said[6] and "id is missing or not text" in said[7]
    assert "101 calls" in said[8] and "nests deeper" in said[9]
    assert "10 problem(s) above; nothing was imported" in err
    assert not (out / "results.jsonl").exists()


def test_a_query_scored_already_is_refused(tiny_benchmark: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark(tiny_benchmark)
    one, two = bench.group(1).queries[:2]
    argv = ["--name", "x", "--memory", "none", "--groups", "1", "--data", str(tiny_benchmark),
            "--out", str(tmp_path / "run")]
    assert main(["import", str(write_lines(tmp_path / "a.jsonl", [{"id": one.id, "calls": []}])), *argv]) == 0
    assert main(["import", str(write_lines(tmp_path / "b.jsonl", [{"id": two.id, "calls": []}])), *argv]) == 0
    assert main(["import", str(write_lines(tmp_path / "c.jsonl", [{"id": one.id, "calls": []}])), *argv]) == 2
    assert "is scored in the run already" in capsys.readouterr().err
    metric = json.loads((tmp_path / "run" / "metric.json").read_text())
    assert metric["scored"] == 2


@pytest.mark.publish
def test_an_imported_run_packs_and_validates_saying_what_it_could_not_check(tiny_benchmark: Path, tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark(tiny_benchmark)
    rows = [{"id": q.id, "calls": list(q.answer)} for q in bench.group(1).queries]
    out = tmp_path / "runs" / "imported"
    assert main(["import", str(write_lines(tmp_path / "a.jsonl", rows)), "--name", "outside-agent", "--memory",
                 "history", "--groups", "1", "--data", str(tiny_benchmark), "--out", str(out)]) == 0
    bundle = tmp_path / "bundle"
    assert main(["pack", str(out), "--out", str(bundle), "--partial"]) == 0
    capsys.readouterr()
    assert main(["validate", str(bundle), "--data", str(tiny_benchmark)]) == 0
    said = capsys.readouterr().out
    assert ": valid, partial" in said and "not checked: 3 scored queries hold calls without a conversation" in said
    cards = [path.read_text() for path in bundle.rglob("*.md")]
    assert any("its final calls imported by `vmb import`" in card for card in cards)
    # an imported record whose calls no longer give its score is caught
    results = bundle / "runs" / "imported" / "results.jsonl"
    lines = results.read_text().splitlines()
    record = json.loads(lines[0])
    record["calls"]["vehicle"] = []
    record["tool_results"] = []
    lines[0] = json.dumps(record)
    results.write_text("\n".join(lines) + "\n")
    reseal(bundle)  # as a forger would: only the re-execution can tell
    assert main(["validate", str(bundle), "--data", str(tiny_benchmark)]) == 1
    assert "INVALID (1 failing query" in capsys.readouterr().out


def test_sizes_are_bounded(tiny_benchmark: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    import vmb.harness.imported as imported

    bench = load_benchmark(tiny_benchmark)
    one = bench.group(1).queries[0]
    path = write_lines(tmp_path / "a.jsonl", [{"id": one.id, "calls": list(one.answer) * 3}, b"\xff\xfe".decode("latin-1")])
    argv = ["--name", "x", "--memory", "none", "--groups", "1", "--data", str(tiny_benchmark),
            "--out", str(tmp_path / "run")]
    monkeypatch.setattr(imported, "MAX_LINE_BYTES", 100)
    assert main(["import", str(path), *argv]) == 2
    err = capsys.readouterr().err
    assert "a.jsonl line 1: larger than 100 bytes; not read" in err and "a.jsonl line 2: not JSON" in err
    monkeypatch.setattr(imported, "MAX_FILE_BYTES", 100)
    assert main(["import", str(path), *argv]) == 2
    assert "bytes; at most 100 are read" in capsys.readouterr().err
    assert not (tmp_path / "run" / "results.jsonl").exists()
