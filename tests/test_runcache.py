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
    [name] = stored["run"].unique()
    assert first.name.startswith(runcache._entry_prefix(runs / name))
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
    assert len(list((entries(runs)).glob(runcache._entry_prefix(runs / "scripted-gold") + "*"))) == 1


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


def _first_entry(runs: Path, name: str) -> Path:
    [entry] = entries(runs).glob(runcache._entry_prefix(runs / name) + "*")
    return entry


def _rewrite(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(change(data)), encoding="utf-8")


def _rows_of_another_shape(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"query_id": row["query_id"], "status": "ok"} for row in rows]  # every failure column gone


def _status_as_a_number(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**row, "status": 1} if i == 0 else row for i, row in enumerate(rows)]


def _rows_shifted(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return rows[1:] + rows[:1]  # each row beside another query's metric row


def _failures_cleared(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every failure's taxonomy gone, each value still of its column's type: the failure counts would read 0."""
    return [{**row, "error_type": None, "error_category": None, "error_path": None} for row in rows]


def _offsets_as_text(rest: dict[str, Any]) -> dict[str, Any]:
    return {**rest, "offsets": {k: str(v) for k, v in rest["offsets"].items()}}


def _offsets_of_other_records(rest: dict[str, Any]) -> dict[str, Any]:
    keys = list(rest["offsets"])
    return {**rest, "offsets": {k: rest["offsets"][keys[0]] for k in keys}}  # each key at the first record


def _metric_score_as_text(rest: dict[str, Any]) -> dict[str, Any]:
    first = rest["metric_rows"][0]
    return {**rest, "metric_rows": [{**first, "trial": "1"}, *rest["metric_rows"][1:]]}


@pytest.mark.parametrize(("part", "change"), [
    (runcache.QUERIES, _rows_of_another_shape), (runcache.QUERIES, _status_as_a_number),
    (runcache.QUERIES, _rows_shifted), (runcache.QUERIES, _failures_cleared), (runcache.REST, _offsets_as_text),
    (runcache.REST, _metric_score_as_text)])
def test_an_entry_of_the_wrong_shape_is_derived_again(runs: Path, bench: Any, part: str, change: Any) -> None:
    """Valid JSON that is not an entry of this layout (issue 46 item 4): never believed, derived again."""
    cold = load_runs(runs, bench=bench)
    entry = _first_entry(runs, "scripted-gold")
    _rewrite(entry / part, change)
    same(cold, load_runs(runs, bench=bench))
    same(cold, load_runs(runs, bench=bench))  # and rewritten


def test_an_offset_pointing_at_another_record_never_shows_it(runs: Path, bench: Any) -> None:
    cold = load_runs(runs, bench=bench)
    _rewrite(_first_entry(runs, "scripted-gold") / runcache.REST, _offsets_of_other_records)
    warm = load_runs(runs, bench=bench)
    for key in cold.queries[cold.queries["run"] == "scripted-gold"]["query_id"]:
        assert warm.record("scripted-gold", key).key == key == cold.record("scripted-gold", key).key


def test_a_run_named_by_70_cjk_characters_opens_with_the_cache(runs: Path, bench: Any) -> None:
    name = "记忆" * 35  # 210 bytes of UTF-8: with the name in the entry's, longer than a file name may be
    (runs / "scripted-gold").rename(runs / name)
    cold = load_runs(runs, bench=bench)
    assert name in set(cold.queries["run"])
    assert all(len(entry.name.encode()) < 100 for entry in entries(runs).iterdir())
    same(cold, load_runs(runs, bench=bench))
    from vmb.cli import main

    assert main(["view", str(runs / name), "--out", str(runs.parent / "view")]) == 0  # was exit 2


def test_a_run_changed_while_it_is_read_is_not_stored(runs: Path, bench: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import vmb.analysis.runs as analysis_runs

    derive = analysis_runs.derive_run
    results = runs / "scripted-gold" / "results.jsonl"

    def racing(run: Any, context: Any) -> Any:
        loaded = derive(run, context)
        if run.name == "scripted-gold":  # a writer appends while the reader derives
            with results.open("a", encoding="utf-8") as out:
                out.write(results.read_text(encoding="utf-8").splitlines()[-1] + "\n")
        return loaded

    monkeypatch.setattr(analysis_runs, "derive_run", racing)
    load_runs(runs, bench=bench)
    assert not list(entries(runs).glob(runcache._entry_prefix(runs / "scripted-gold") + "*"))
    assert len(list(entries(runs).iterdir())) == len(find_runs(runs)) - 1  # the others are stored


def test_a_failed_write_leaves_no_staging_folder(runs: Path, bench: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    write = Path.write_text

    def full(self: Path, text: str, *args: Any, **kwargs: Any) -> int:
        if self.name == runcache.REST:
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return write(self, text, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", full)
    load_runs(runs, bench=bench)
    assert entries(runs).is_dir() and list(entries(runs).iterdir()) == []
