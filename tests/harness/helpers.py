"""Constants and helpers shared by the harness tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer
from vmb.results.rundir import LOCK

SECRET = "sk-test-DO-NOT-LEAK-4242"
# How long a test waits for a subprocess before calling it hung: far beyond any run's time on a loaded machine, it
# ends a test that would wait forever and measures nothing.
GUARD_SECONDS = 600


@dataclass(frozen=True)
class SignalledRun:
    """A ``vmb run`` process stopped by a signal: its exit, its stderr, its run directory and the lock as
    it read just before the signal."""

    pid: int
    returncode: int
    stderr: str
    out: Path
    lock_before: str


def files_containing(root: Path, needle: str) -> list[Path]:
    data = needle.encode()
    return [p for p in root.rglob("*") if p.is_file() and data in p.read_bytes()]


def _interruptible() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def signal_a_run_after_two_queries(bench: Any, data: Path, tmp_path: Path,
                                   signum: signal.Signals) -> SignalledRun:
    """Run ``vmb run`` on 3 queries whose second hangs; once 2 records are written, send ``signum``.

    Nothing here is timed: it waits for the records however slow the machine is, and gives up only after
    :data:`GUARD_SECONDS` or when the run ends by itself, either a failure named in one line."""
    reference = ReferenceScript(bench)
    slow_query = bench.group(1).queries[1].query

    def script(body: dict[str, Any]) -> Scripted:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return Scripted(hang=True) if user == slow_query else reference(body)

    out = tmp_path / "run"
    results = out / "results.jsonl"
    with ScriptedServer(script) as server:
        process = subprocess.Popen(
            [sys.executable, "-m", "vmb", "run", "--base-url", server.url, "--model", "m", "--data", str(data),
             "--out", str(out), "--groups", "1", "--limit", "3", "--cache-dir", str(tmp_path / "cache")],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
            # A suite started in the background by a shell inherits SIGINT ignored, and Python then never turns
            # Ctrl-C into KeyboardInterrupt: the run gets the signal as a terminal's user would send it.
            preexec_fn=_interruptible)
        deadline = time.monotonic() + GUARD_SECONDS
        while not (results.exists() and len(results.read_text().splitlines()) == 2):
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                _, stderr = process.communicate()
                raise AssertionError(f"vmb run wrote no two records (exit {process.returncode}): {stderr}")
            time.sleep(0.1)
        lock_before = (out / LOCK).read_text()
        process.send_signal(signum)
        _, stderr = process.communicate(timeout=GUARD_SECONDS)
    return SignalledRun(process.pid, process.returncode, stderr, out, lock_before)
