"""SIGTERM unwinds as Ctrl-C does (run.lock released, finished queries kept); vmb memory ingest takes the lock."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer
from vmb.results.rundir import LOCK, RunDir


def test_sigterm_releases_the_run_lock_and_keeps_finished_queries(bench: Any, tmp_path: Path,
                                                                  release_dir: Path) -> None:
    reference = ReferenceScript(bench)
    slow_query = bench.group(1).queries[1].query

    def script(body: dict[str, Any]) -> Scripted:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return Scripted(hang=True) if user == slow_query else reference(body)

    out = tmp_path / "run"
    with ScriptedServer(script) as server:
        process = subprocess.Popen(
            [sys.executable, "-m", "vmb", "run", "--base-url", server.url, "--model", "m", "--data", str(release_dir),
             "--out", str(out), "--groups", "1", "--limit", "3", "--cache-dir", str(tmp_path / "cache")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            lines = (out / "results.jsonl").read_text().splitlines() if (out / "results.jsonl").exists() else []
            if len(lines) == 2:
                break
            time.sleep(0.1)
        assert f"pid {process.pid} " in (out / LOCK).read_text()
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=60)
    assert process.returncode == 143
    assert stderr.strip() == "vmb run: terminated; rerun the same command to resume", stderr
    assert (out / LOCK).read_text() == ""  # released and emptied, as after Ctrl-C
    assert len((out / "results.jsonl").read_text().splitlines()) == 2


def test_the_cli_restores_the_previous_sigterm_handler(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGTERM)
    main(["memory", "list"])
    assert signal.getsignal(signal.SIGTERM) == before


def test_memory_ingest_takes_the_run_lock(release_dir: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    busy = RunDir(out)
    busy.lock()  # a vmb run of the same options is writing
    try:
        code = main(["memory", "ingest", "--memory", "kv", "--agent", "noop", "--groups", "1", "--data",
                     str(release_dir), "--out", str(out), "--cache-dir", str(tmp_path / "cache"), "--no-progress"])
    finally:
        busy.unlock()
    assert code == 2
    err = capsys.readouterr().err
    assert f"vmb memory ingest: {out} is in use by pid {os.getpid()}" in err
    assert not (tmp_path / "cache" / "memory").exists()
