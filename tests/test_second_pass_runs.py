"""Issue 46's second pass over run folders (beyond the issue's own cases): a run's built memory that is missing,
of the wrong shape or of another setting, read by `vmb score` and by the run reader (a record without its stage,
as an earlier vmb wrote it). Each is one line naming the file, never a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.errors import Exit
from vmb.results.header import config_hash


def _copy(tiny_runs: Path, tmp_path: Path, name: str) -> Path:
    run = tmp_path / name
    shutil.copytree(tiny_runs / name, run)
    return run


def _one_line(capsys: pytest.CaptureFixture[str], status: int, *expected: str) -> None:
    err = capsys.readouterr().err
    assert status == Exit.ERROR and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert all(word in err for word in expected), err


@pytest.mark.parametrize(("memory", "file", "content"), [
    ("kv", "store.json", "[1, 2]"), ("kv", "store.json", None), ("summary", "summary.json", '"a summary"'),
    ("summary", "summary.json", '{"summary": {"nested": 1}}'), ("kv", "store.json", "{\"a\": " * 5000)])
def test_a_built_memory_missing_or_of_another_shape_is_one_line(
        memory: str, file: str, content: str | None, tiny_runs: Path, tmp_path: Path, small_benchmark: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(tiny_runs, tmp_path, f"scripted-{memory}")
    built = run / "memory" / "group_1" / file
    if content is None:
        built.unlink()
    else:
        built.write_text(content, encoding="utf-8")
    _one_line(capsys, main(["score", str(run), "--data", str(small_benchmark)]), "group_1", file)


def test_a_key_value_run_relabelled_a_summary_run_is_one_line(tiny_runs: Path, tmp_path: Path,
                                                              small_benchmark: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(tiny_runs, tmp_path, "scripted-kv")
    config = json.loads((run / "config.json").read_text(encoding="utf-8"))
    config["determining"].update(memory="summary", memory_options={})
    config["hash"] = config_hash(config["determining"])
    (run / "config.json").write_text(json.dumps(config), encoding="utf-8")
    _one_line(capsys, main(["score", str(run), "--data", str(small_benchmark)]), "summary.json")


def test_the_run_reader_says_a_missing_store_in_one_line(tiny_runs: Path, tmp_path: Path, small_benchmark: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(tiny_runs, tmp_path, "scripted-kv")
    results = run / "results.jsonl"
    records = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    for record in records:
        record.pop("attribution", None)  # as an earlier vmb wrote them: the reader works the stage out
    results.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    (run / "memory" / "group_1" / "store.json").write_text('"not a store"', encoding="utf-8")
    _one_line(capsys, main(["view", str(run), "--data", str(small_benchmark), "--out", str(tmp_path / "view")]),
              "store.json")


def test_a_record_claiming_another_reasoning_type_is_named_and_not_counted(
        tiny_runs: Path, tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Per-type figures read a record's reasoning type: one edited to another type (or to markup no type has)
    moved its query between rows, or out of every row, without a word."""
    run = _copy(tiny_runs, tmp_path, "scripted-none")
    results = run / "results.jsonl"
    records = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    first, second = records[0]["id"], records[1]["id"]
    records[0]["reasoning_type"] = "<img src=x onerror=alert(1)>|\x1b[31m"
    records[1]["reasoning_type"] = next(r["reasoning_type"] for r in records
                                        if r["reasoning_type"] != records[1]["reasoning_type"])
    results.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    monkeypatch.setenv("VMB_DATA", str(small_benchmark))
    assert main(["compare", str(tiny_runs / "scripted-none"), str(run)]) == Exit.OK
    out, err = capsys.readouterr()
    assert f"line 1: {first}'s reasoning_type is not the benchmark's; not counted" in err
    assert f"line 2: {second}'s reasoning_type is not the benchmark's; not counted" in err
    assert "\x1b" not in out + err and "18 queries scored in both" in out


def test_notebook_03_says_when_no_run_of_a_model_has_a_scored_query(tiny_runs: Path, tmp_path: Path,
                                                                    small_benchmark: Path) -> None:
    """A model whose only run has no counted record (every record not its query's, or every query in error) was a
    ValueError in notebook 03's sentence ('Encountered all NA values'), which stopped vmb report."""
    import nbformat

    runs = tmp_path / "runs"
    _copy(tiny_runs, runs, "oracle-gold")
    run = _copy(tiny_runs, runs, "scripted-none")
    results = run / "results.jsonl"
    records = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    for record in records:
        record["reasoning_type"] = "made_up"
    results.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "out"
    assert main(["report", "--runs", str(runs), "--data", str(small_benchmark), "--out", str(out), "--figures",
                 str(tmp_path / "figures"), "--notebook", "03_memory_systems"]) == Exit.OK
    executed = nbformat.read(out / "notebooks" / "03_memory_systems.ipynb", as_version=4)
    said = " ".join(o.get("data", {}).get("text/markdown", "") for c in executed.cells if c.cell_type == "code"
                    for o in c.outputs)
    assert "No run of scripted-faults has a scored query." in said


def test_a_name_holding_two_dollars_is_drawn_as_written(tiny_runs: Path, tmp_path: Path, bench: object) -> None:
    """Matplotlib parsed the text between two $ of a model's name as math: an unknown command there ($\\x{$) was a
    ValueError at drawing, which stopped every notebook with a figure of the run, and with it vmb report."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import vmb.analysis as va

    name = "tuned $\\foo{$ 7B"
    for run in ("scripted-gold", "scripted-summary"):
        path = _copy(tiny_runs, tmp_path, run)
        config = json.loads((path / "config.json").read_text(encoding="utf-8"))
        config["determining"]["model"] = name
        config["hash"] = config_hash(config["determining"])
        (path / "config.json").write_text(json.dumps(config), encoding="utf-8")
        metric = json.loads((path / "metric.json").read_text(encoding="utf-8"))
        metric.update(hash=config["hash"], model=name)
        (path / "metric.json").write_text(json.dumps(metric), encoding="utf-8")
    runset = va.load_runs([tmp_path], bench=bench)
    for figure in (va.figures.esm_gold_vs_summary(va.tables.table1(runset)),
                   va.figures.memory_score_vs_tokens(va.tables.table2(runset))):
        figure.savefig(io.BytesIO(), format="png")
        texts = [t.get_text() for t in figure.findobj(matplotlib.text.Text)]
        assert any(name in text for text in texts), texts
