"""Every reader of a run counts exactly what its metric.json counts, and a damaged line is one line of warning."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vmb.analysis.compare import compare_runs
from vmb.analysis.runs import load_runs
from vmb.cli import main
from vmb.results.rundir import CONFIG, METRIC, RESULTS


def _run(data: Path, out: Path, *extra: str) -> None:
    assert main(["run", "--agent", "oracle", "--data", str(data), "--out", str(out), "--groups", "1", *extra]) == 0


def _scored_shown(out: str) -> str:
    return out.splitlines()[2].split()[3]


def test_a_narrower_rerun_of_one_out_is_counted_as_its_metric_json_counts_it(
        tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run"
    _run(small_benchmark, path, "--limit", "4")
    _run(small_benchmark, path, "--limit", "2")
    lines = (path / RESULTS).read_text().splitlines()
    stray = json.loads(lines[0])
    stray.update(id="qa_99#0", group=99)
    (path / RESULTS).write_text("\n".join([*lines, json.dumps(stray)]) + "\n")
    metric = json.loads((path / METRIC).read_text())
    assert (metric["scored"], metric["selected"]) == (2, 2)
    capsys.readouterr()
    assert main(["show", str(path)]) == 0
    out, err = capsys.readouterr()
    assert _scored_shown(out) == "2/2"
    assert "2 record(s) outside the selection" in err and "qa_99#0 is not a query of the benchmark" in err
    assert compare_runs(path, path)["shared"] == 2
    runset = load_runs([path], data=str(small_benchmark))
    assert len(runset.queries) == 2 and runset.runs["scored"].tolist() == [2] and len(runset.notes) == 2
    assert main(["view", str(path), "--out", str(tmp_path / "view")]) == 0
    assert "2 (run, query) rows" in capsys.readouterr().out


DAMAGES = [("messages", "hello"), ("final_answer", {"a": 1}), ("mem_tokens", "12"), ("group", "1"),
           ("calls", []), ("score", [])]


@pytest.mark.parametrize(("field", "value"), DAMAGES)
def test_a_record_field_of_the_wrong_type_is_one_warning_line_in_every_reader(
        tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str], field: str, value: object) -> None:
    path = tmp_path / "run"
    _run(small_benchmark, path, "--limit", "3")
    lines = (path / RESULTS).read_text().splitlines()
    record = json.loads(lines[1])
    record[field] = value
    (path / RESULTS).write_text("\n".join([lines[0], json.dumps(record), lines[2]]) + "\n")
    capsys.readouterr()
    for command in (["show", str(path)], ["show", str(path), "--by", "stage"], ["compare", str(path), str(path)],
                    ["view", str(path), "--out", str(tmp_path / "view")]):
        assert main(command) == 0, command
        err = capsys.readouterr().err
        assert f"{path / RESULTS} line 2: {field}" in err and "not counted" in err, (command, err)
    assert main(["score", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path / RESULTS} line 2: {field}" in err and "kept as results.jsonl.damaged" in err
    assert json.loads((path / METRIC).read_text())["scored"] == 2


def test_a_header_field_of_the_wrong_type_is_one_line(tmp_path: Path, small_benchmark: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run"
    _run(small_benchmark, path, "--limit", "2")
    doc = json.loads((path / CONFIG).read_text())
    doc["determining"]["memory"] = 5
    (path / CONFIG).write_text(json.dumps(doc))
    capsys.readouterr()
    for command in (["show", str(path)], ["score", str(path)], ["view", str(path), "--out", str(tmp_path / "v")]):
        assert main(command) == 2
        err = capsys.readouterr().err.strip()
        assert err.endswith(f"{path / CONFIG} is damaged (determining.memory is a whole number, not text)"), err
        assert len(err.splitlines()) == 1
