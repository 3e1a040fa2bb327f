"""The request cache's file failing under a run: a full disk, a file that is not a database. One line naming
the file and what to do, never an ``sqlite3`` traceback; the finished queries are kept."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, ScriptedServer
from vmb.llm import cache as cache_module
from vmb.llm.cache import CacheError, RequestCache


def test_a_full_cache_file_is_one_line_naming_it(tmp_path: Path) -> None:
    cache = RequestCache(tmp_path / "requests.sqlite")
    cache.put("a", "m", {"reply": "small"})
    pages = cache._db.execute("PRAGMA page_count").fetchone()[0]
    cache._db.execute(f"PRAGMA max_page_count={pages}")  # what SQLite meets on a full disk: SQLITE_FULL
    with pytest.raises(CacheError, match=r"cannot write the request cache .*requests.sqlite \(database or disk "
                                         r"is full\): free some space and rerun the same command to resume"):
        cache.put("b", "m", {"reply": "x" * 100_000})
    assert cache.get("a") == {"reply": "small"}


def test_a_cache_file_that_is_not_a_database_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "requests.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(CacheError, match=r"cannot open the request cache .*: remove that file .* \(--no-cache\)"):
        RequestCache(path)


def test_a_run_whose_cache_fills_up_stops_in_one_line_keeping_what_finished(
        tmp_path: Path, small_benchmark: Path, bench: object, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    real_put = RequestCache.put
    puts = [0]

    def put(self: RequestCache, key: str, model: str, reply: dict[str, object]) -> None:
        puts[0] += 1
        if puts[0] > 4:  # the disk fills up after a few replies
            self._db.execute(f"PRAGMA max_page_count={self._db.execute('PRAGMA page_count').fetchone()[0]}")
            reply = {**reply, "padding": "x" * 200_000}
        real_put(self, key, model, reply)

    monkeypatch.setattr(cache_module.RequestCache, "put", put)
    out = tmp_path / "run"
    with ScriptedServer(ReferenceScript(bench)) as server:  # type: ignore[arg-type]
        status = main(["run", "--base-url", server.url, "--model", "m", "--data", str(small_benchmark),
                       "--out", str(out), "--groups", "1", "--limit", "6", "--concurrency", "1",
                       "--cache-dir", str(tmp_path / "cache"), "--memory", "gold"])
    printed = capsys.readouterr()
    assert "Traceback" not in printed.err and "sqlite3" not in printed.err
    assert status in (1, 2), printed.err
    assert "database or disk is full" in printed.err
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()] \
        if (out / "results.jsonl").exists() else []
    assert all(isinstance(r, dict) for r in records)
    assert sqlite3.connect(tmp_path / "cache" / "requests.sqlite").execute("SELECT COUNT(*) FROM replies") \
        .fetchone()[0] >= 1
