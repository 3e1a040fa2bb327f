"""Loading runs once (``vmb.analysis.runcache``) and a path given as a string being one path (issue 39 items 4, 13).

Runs made by the real harness (``fixtures/scripted_runs.py``) on the small generated benchmark."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from fixtures.scripted_runs import build_runs

from vmb.analysis import runcache
from vmb.analysis.runs import RunSet, as_paths, find_runs, load_runs, runs_benchmark
from vmb.data import load_benchmark
from vmb.results.record import QueryRecord


@pytest.fixture(scope="module")
def bench(small_benchmark: Path) -> Any:
    return load_benchmark(small_benchmark)


@pytest.fixture(scope="module")
def made_runs(tmp_path_factory: pytest.TempPathFactory, bench: Any, small_benchmark: Path) -> Path:
    root = tmp_path_factory.mktemp("cached") / "runs"
    build_runs(root, bench, small_benchmark)
    return root


@pytest.fixture
def runs(made_runs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of the runs, with an empty cache of its own (``entries``)."""
    monkeypatch.setenv(runcache.CACHE_ENV, str(tmp_path / "cache"))
    copy = tmp_path / "runs"
    shutil.copytree(made_runs, copy, ignore=shutil.ignore_patterns(".cache"))
    return copy


def entries(runs: Path) -> Path:
    return runs.parent / "cache" / runcache.FOLDER


def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the records parsed from results.jsonl from now on."""
    parsed: list[str] = []
    read = QueryRecord.from_json.__func__  # type: ignore[attr-defined]

    def counting(cls: type[QueryRecord], data: Any) -> QueryRecord:
        record: QueryRecord = read(cls, data)
        parsed.append(record.id)
        return record

    monkeypatch.setattr(QueryRecord, "from_json", classmethod(counting))
    return parsed


def same(a: RunSet, b: RunSet) -> None:
    pd.testing.assert_frame_equal(a.queries, b.queries)
    pd.testing.assert_frame_equal(a.runs, b.runs)
    assert a.metric_rows == b.metric_rows and a.notes == b.notes and a._offsets == b._offsets


def test_a_warm_load_is_the_cold_load_without_parsing_a_record(runs: Path, bench: Any,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    parsed = parses(monkeypatch)
    cold = load_runs(runs, bench=bench)
    assert len(parsed) == len(cold.queries) > 0
    stored_runs = sorted(entries(runs).iterdir())
    assert len(stored_runs) == len(cold.runs)
    # Each entry is JSON pandas reads: the run's rows of RunSet.queries, as they are.
    first = stored_runs[0]
    stored = pd.read_json(first / runcache.QUERIES, orient="records")
    assert list(stored["run"].unique()) == [first.name.rsplit("-", 2)[0]]
    parsed.clear()
    warm = load_runs(runs, bench=bench)
    assert parsed == []
    same(cold, warm)
    # The full record is still read from the run when asked.
    row = warm.queries.iloc[0]
    assert warm.record(row["run"], row["query_id"]).id == row["query_id"]


def test_an_edited_run_is_read_again(runs: Path, bench: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    load_runs(runs, bench=bench)
    results = runs / "scripted-gold" / "results.jsonl"
    lines = results.read_text(encoding="utf-8").splitlines()
    last = json.loads(lines[-1])
    results.write_text("\n".join([*lines, json.dumps({**last, "final_answer": "edited"})]) + "\n", encoding="utf-8")
    parsed = parses(monkeypatch)
    edited = load_runs(runs, bench=bench)
    assert set(parsed) and len(parsed) == len(lines) + 1  # that run only, every line of it
    assert edited.record("scripted-gold", last["id"]).final_answer == "edited"
    parsed.clear()
    same(edited, load_runs(runs, bench=bench))
    assert parsed == []
    # One entry per run: the edited run's older entry is gone.
    assert len(list((entries(runs)).glob("scripted-gold-*"))) == 1


@pytest.mark.parametrize("damage", ["not json", "[1, 2]", '{"selected": 1}', "[" * 100_000 + "]" * 100_000])
def test_a_damaged_entry_is_derived_again(runs: Path, bench: Any, damage: str) -> None:
    cold = load_runs(runs, bench=bench)
    for entry in (entries(runs)).iterdir():
        (entry / runcache.REST).write_text(damage, encoding="utf-8")
    same(cold, load_runs(runs, bench=bench))
    same(cold, load_runs(runs, bench=bench))  # and rewritten


def test_an_unwritable_cache_only_costs_time(runs: Path, bench: Any, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.setenv(runcache.CACHE_ENV, str(blocked))  # the cache would be a folder inside a file
    cold = load_runs(runs, bench=bench)
    assert not entries(runs).exists()
    monkeypatch.setenv(runcache.CACHE_ENV, str(tmp_path / "cache"))
    same(cold, load_runs(runs, bench=bench))


def test_the_cache_is_the_users_never_beside_the_runs(runs: Path, bench: Any, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader writes nothing into what it reads: a bundle's folder lists every file it holds."""
    before = sorted(p for p in runs.rglob("*"))
    monkeypatch.delenv(runcache.CACHE_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home-cache"))
    load_runs(runs, bench=bench)
    assert len(list((tmp_path / "home-cache" / "vmb" / runcache.FOLDER).iterdir())) == len(find_runs(runs))
    assert sorted(p for p in runs.rglob("*")) == before


def test_a_path_given_as_a_string_is_one_path(runs: Path, bench: Any, tmp_path: Path) -> None:
    """``load_runs("DIR")`` (a notebook's ``runs`` set with ``papermill -p``) walked "/", the string's first
    character, and stopped on whatever config.json it met there."""
    assert as_paths(str(runs)) == [runs] and as_paths(runs) == [runs]
    assert as_paths([str(runs), runs]) == [runs, runs]
    listed = load_runs([runs], bench=bench)
    same(listed, load_runs(str(runs), bench=bench))
    same(listed, load_runs(runs, bench=bench))
    assert runs_benchmark(str(runs)).root == runs_benchmark([runs]).root


def test_no_reader_walks_outside_the_folders_it_is_given(runs: Path, bench: Any, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    # A run beside the folder given, and one above it, are not the folder's runs.
    shutil.copytree(runs / "noop-none", tmp_path / "beside")
    given = runs / "only"
    shutil.move(str(runs / "oracle-gold"), given / "oracle-gold")
    assert [p.name for p in find_runs(str(given))] == ["oracle-gold"]
    assert list(load_runs(str(given), bench=bench).runs["run"]) == ["oracle-gold"]
    monkeypatch.chdir(runs)
    assert [p.name for p in find_runs("only")] == ["oracle-gold"]
    assert list(load_runs("only", bench=bench).runs["run"]) == ["oracle-gold"]
