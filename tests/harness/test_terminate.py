"""SIGTERM unwinds as Ctrl-C does (run.lock released, finished queries kept); vmb memory ingest takes the lock."""

from __future__ import annotations

import os
import signal
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.results.rundir import LOCK, RunDir

from .helpers import signal_a_run_after_two_queries


def test_sigterm_releases_the_run_lock_and_keeps_finished_queries(bench: Any, tmp_path: Path,
                                                                  small_benchmark: Path) -> None:
    run = signal_a_run_after_two_queries(bench, small_benchmark, tmp_path, signal.SIGTERM)
    assert f"pid {run.pid} " in run.lock_before
    assert run.returncode == 143
    assert run.stderr.strip() == "vmb run: terminated; rerun the same command to resume", run.stderr
    assert (run.out / LOCK).read_text() == ""  # released and emptied, as after Ctrl-C
    assert len((run.out / "results.jsonl").read_text().splitlines()) == 2


def test_the_cli_restores_the_previous_sigterm_handler(tmp_path: Path) -> None:
    before = signal.getsignal(signal.SIGTERM)
    main(["memory", "list"])
    assert signal.getsignal(signal.SIGTERM) == before


def test_memory_ingest_takes_the_run_lock(small_benchmark: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    busy = RunDir(out)
    busy.lock()  # a vmb run of the same options is writing
    try:
        code = main(["memory", "ingest", "--memory", "kv", "--agent", "noop", "--groups", "1", "--data",
                     str(small_benchmark), "--out", str(out), "--cache-dir", str(tmp_path / "cache"), "--no-progress"])
    finally:
        busy.unlock()
    assert code == 2
    err = capsys.readouterr().err
    assert f"vmb memory ingest: {out} is in use by pid {os.getpid()}" in err
    assert not (tmp_path / "cache" / "memory").exists()
