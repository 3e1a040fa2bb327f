"""Field by field: every field of a query record and of a run's header, given every JSON type it is not, through
every command that reads a run (show, show --by, score, merge, view, compare) and ``vmb.analysis.load_runs``;
every field of a run's summary (metric.json, ``RunSummary``) likewise, through its reader and the commands that
read the file (pack, validate, board).

A record of the wrong type is one warning line naming the file, the line and the field, and the other records are
counted; a header of the wrong type is exit status 2 with one line naming config.json and the field. Never a
traceback (an exception out of ``vmb.cli.main`` fails the test). Every field is tried in the record reader with
every wrong type; through the commands each field is tried with one wrong type, the types taken in turn.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from tests.bundle.conftest import reseal
from vmb.analysis.runs import load_runs
from vmb.cli import main
from vmb.errors import VmbError
from vmb.jsontypes import declared_types, fits
from vmb.results.header import Determining, Operational, RunHeader, Selection
from vmb.results.record import QueryRecord
from vmb.results.rundir import CONFIG, METRIC, RESULTS, parse_record_line
from vmb.results.runsummary import RunSummary, SummaryFormatError, summary_hints

WRONG = {"str": "x", "int": 7, "float": 1.5, "bool": True, "null": None, "list": [1], "object": {"a": 1}}


def wrong_values(hint: Any) -> list[tuple[str, Any]]:
    """Every JSON value of ``WRONG`` that the declared type ``hint`` does not take."""
    return [(kind, value) for kind, value in WRONG.items() if not fits(value, hint)]


RECORD_FIELDS = [(f.name, declared_types(QueryRecord)[f.name]) for f in fields(QueryRecord)]
# The header's layouts: each field by its path in config.json.
HEADER_FIELDS = [
    *((name, (name,), hint) for name, hint in declared_types(RunHeader).items()),
    *((f"selection.{name}", ("selection", name), hint) for name, hint in declared_types(Selection).items()),
    *((f"determining.{name}", ("determining", name), hint) for name, hint in declared_types(Determining).items()),
    *((f"operational.{name}", ("operational", name), hint) for name, hint in declared_types(Operational).items()),
]


def in_turn(cases: list[tuple[str, Any]]) -> Iterator[tuple[str, str, Any]]:
    """Each field with one of its wrong values, the kinds taken in turn from field to field."""
    for i, (name, hint) in enumerate(cases):
        values = wrong_values(hint)
        if values:
            kind, value = values[i % len(values)]
            yield name, kind, value


@pytest.fixture
def pristine(oracle_run: Path) -> Path:
    return oracle_run


@pytest.fixture
def damaged(pristine: Path, tmp_path: Path, tiny_benchmark: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("VMB_DATA", str(tiny_benchmark))
    copy = tmp_path / "damaged"
    shutil.copytree(pristine, copy)
    return copy


def commands(run: Path, tmp_path: Path, good: Path) -> list[list[str]]:
    """Every command that reads a run; the re-score last (it rewrites results.jsonl)."""
    return [["show", str(run)], ["show", str(run), "--by", "stage"], ["show", str(run), "--by", "reasoning_type"],
            ["compare", str(run), str(good)], ["view", str(run), "--out", str(tmp_path / "view")],
            ["merge", str(run), "--out", str(tmp_path / "merged")], ["score", str(run)]]


@pytest.mark.parametrize(("name", "hint"), RECORD_FIELDS, ids=[name for name, _ in RECORD_FIELDS])
def test_the_record_reader_names_every_field_of_every_wrong_type(pristine: Path, name: str, hint: Any) -> None:
    line = json.loads((pristine / RESULTS).read_text().splitlines()[0])
    for kind, value in wrong_values(hint):
        record, problem = parse_record_line(json.dumps({**line, name: value}).encode())
        if record is None:
            assert problem is not None and name in problem, (kind, problem)
        else:  # a value the reader takes as the field's default (never a half-read record)
            assert getattr(record, name) == getattr(QueryRecord.from_json(line), name) or value is None, kind


@pytest.mark.parametrize(("name", "kind", "value"), list(in_turn(RECORD_FIELDS)))
def test_a_record_field_of_the_wrong_type_through_every_reader(
        damaged: Path, pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        name: str, kind: str, value: Any) -> None:
    lines = (damaged / RESULTS).read_text().splitlines()
    record = json.loads(lines[1])
    record[name] = value
    lines[1] = json.dumps(record)
    (damaged / RESULTS).write_text("\n".join(lines) + "\n")
    capsys.readouterr()
    for command in commands(damaged, tmp_path, pristine):
        assert main(command) == 0, command
        err = capsys.readouterr().err
        assert f"{damaged / RESULTS} line 2: " in err and name in err, (command, err)
    assert main(["show", str(damaged)]) == 0  # re-scored: the damaged line is kept aside, the rest are counted
    assert f" {len(lines) - 1}/{len(lines)} " in capsys.readouterr().out
    assert len(load_runs([pristine, damaged]).queries) == 2 * len(lines) - 1


@pytest.mark.parametrize(("name", "kind", "value"),
                         list(in_turn([(name, hint) for name, _, hint in HEADER_FIELDS])))
def test_a_header_field_of_the_wrong_type_through_every_reader(
        damaged: Path, pristine: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        name: str, kind: str, value: Any) -> None:
    doc = json.loads((damaged / CONFIG).read_text())
    *parents, last = name.split(".")
    target = doc
    for part in parents:
        target = target.setdefault(part, {})
    target[last] = value
    (damaged / CONFIG).write_text(json.dumps(doc))
    capsys.readouterr()
    for command in commands(damaged, tmp_path, pristine):
        assert main(command) == 2, command
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and str(damaged / CONFIG) in err and last in err, (command, err)
    with pytest.raises(VmbError, match=last):
        load_runs([damaged])


# ---------------------------------------------------------------------------------------------
# metric.json (``RunSummary``): every field by its path, through its reader and the commands that read the file.

SUMMARY_FIELDS = list(summary_hints().items())
# What a full summary holds that the offline run below does not: a price, a loop, an error, the paper's row.
LOOP = {"date": "2024-01-02", "target": "seat", "calls": 7}
PRICED = {"price": {"input": 1.5, "output": 6.0, "per": "million tokens", "source": "prices.toml"}, "currency": "EUR",
          "queries": 0.1, "memory_build": 0.2, "total": 0.3, "per_query": 0.01, "per_solved_query": None}


def _step(part: str) -> list[str | int]:
    name, *indexes = part.replace("]", "").split("[")
    return [name, *(int(i) for i in indexes)]


def set_at(doc: Any, path: str, value: Any) -> bool:
    """Set the field at ``path`` (``memory_build.per_group[0].health.days``); False where its parent is absent."""
    steps = [step for part in path.split(".") for step in _step(part)]
    target = doc
    for step in steps[:-1]:
        inside = target[step] if isinstance(step, int) and isinstance(target, list) and step < len(target) else \
            target.get(step) if isinstance(target, dict) and isinstance(step, str) else None
        if inside is None:
            return False
        target = inside
    target[steps[-1]] = value
    return True


@pytest.fixture(scope="module")
def summed(tmp_path_factory: pytest.TempPathFactory, tiny_benchmark: Path) -> Path:
    """A run that built memory (so its summary has a memory build), packed into a bundle beside it."""
    root = tmp_path_factory.mktemp("fuzz-summary")
    assert main(["run", "--agent", "noop", "--memory", "kv", "--data", str(tiny_benchmark), "--out",
                 str(root / "run"), "--groups", "1"]) == 0
    assert main(["pack", str(root / "run"), "--out", str(root / "bundle"), "--partial"]) == 0
    return root


@pytest.fixture(scope="module")
def full_summary(summed: Path) -> dict[str, Any]:
    doc = json.loads((summed / "run" / METRIC).read_text())
    build = doc["memory_build"]
    build["loops"] = [{"group": 1, **LOOP}]
    build["per_group"][0]["health"]["loops"] = [LOOP]
    # An offline agent's builds are not flagged (they write no memory by design): a model's would be.
    build["per_group"][0]["health"]["warnings"] = [{"kind": "empty", "text": "the memory is empty"}]
    build["warnings"] = [{"kind": "empty", "text": "the memory is empty", "group": 1}]
    doc["cost"] = PRICED
    doc["error_queries"] = [{"id": "qa_1#9", "error": "HTTP 503", "kind": "request_failed"}]
    assert RunSummary.from_json(doc).to_json() == doc  # a whole summary, every field of its declared type
    return doc


def test_every_field_of_the_summary_is_fuzzed(full_summary: dict[str, Any]) -> None:
    assert all(set_at(json.loads(json.dumps(full_summary)), path, None) for path, _ in SUMMARY_FIELDS)
    assert {path for path, _ in SUMMARY_FIELDS if "." not in path and "[" not in path} == set(full_summary)


@pytest.mark.parametrize(("path", "hint"), SUMMARY_FIELDS, ids=[path for path, _ in SUMMARY_FIELDS])
def test_the_summary_reader_names_every_field_of_every_wrong_type(full_summary: dict[str, Any], path: str,
                                                                 hint: Any) -> None:
    for kind, value in wrong_values(hint):
        doc = json.loads(json.dumps(full_summary))
        assert set_at(doc, path, value)
        with pytest.raises(SummaryFormatError) as caught:
            RunSummary.from_json(doc)
        assert path in str(caught.value) or (path == "version" and "format version" in str(caught.value)), \
            (kind, str(caught.value))


# Through the commands, each field outside the per-group entries (which the overall entry's reader reads too).
COMMAND_FIELDS = [(path, hint) for path, hint in SUMMARY_FIELDS if not path.startswith("by_")]


@pytest.mark.parametrize(("path", "kind", "value"), list(in_turn(COMMAND_FIELDS)))
def test_a_summary_field_of_the_wrong_type_through_every_reader(
        summed: Path, full_summary: dict[str, Any], tiny_benchmark: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], path: str, kind: str, value: Any) -> None:
    run, bundle = tmp_path / "run", tmp_path / "bundle"
    shutil.copytree(summed / "run", run)
    shutil.copytree(summed / "bundle", bundle)
    doc = json.loads(json.dumps(full_summary))  # every field there (its figures need not follow from the records)
    assert set_at(doc, path, value)
    (run / METRIC).write_text(json.dumps(doc))
    shutil.copyfile(run / METRIC, bundle / "runs" / "run" / METRIC)
    reseal(bundle)
    capsys.readouterr()
    assert main(["pack", str(run), "--out", str(tmp_path / "packed"), "--partial"]) == 2  # refused, in one line
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(run / METRIC) in err and path.split(".")[-1].split("[")[0] in err, err
    assert main(["validate", str(bundle), "--data", str(tiny_benchmark)]) == 1  # the run is INVALID, with why
    out = capsys.readouterr().out
    assert "INVALID" in out and f"{METRIC} cannot be read" in out and path.split("[")[0].split(".")[0] in out, out
    assert main(["board", str(bundle), "--out", str(tmp_path / "board"), "--data", str(tiny_benchmark)]) == 1
    assert "Traceback" not in capsys.readouterr().err  # its row INVALID, without figures, the verdict saying why
