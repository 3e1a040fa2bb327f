"""A run killed with SIGKILL resumes to the metric.json of an uninterrupted run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from vmb.doubles.scripted import ReferenceScript, ScriptedServer

from .helpers import GUARD_SECONDS, SECRET, files_containing

REPO = Path(__file__).resolve().parents[2]
GROUPS = (2, 3, 4)  # not starting at 1: the selection is honoured, not the first groups taken


def vmb_run(url: str, out: Path, cache: Path, data: Path) -> list[str]:
    return [sys.executable, "-m", "vmb", "run", "--base-url", url, "--model", "scripted", "--memory", "summary",
            "--groups", f"{GROUPS[0]}-{GROUPS[-1]}", "--out", str(out), "--data", str(data), "--cache-dir", str(cache),
            "--concurrency", "2", "--no-progress"]


def finished(out: Path) -> int:
    path = out / "results.jsonl"
    return len(path.read_text().splitlines()) if path.exists() else 0


def test_resume_after_sigkill_gives_the_same_metric(bench: Any, tmp_path: Path, small_benchmark: Path) -> None:
    selected = [q.id for g in GROUPS for q in bench.group(g).queries]
    env = {**os.environ, "OPENAI_API_KEY": SECRET}
    killed, straight = tmp_path / "killed", tmp_path / "straight"
    with ScriptedServer(ReferenceScript(bench), latency=0.01) as server:
        child = subprocess.Popen(vmb_run(server.url, killed, tmp_path / "cache1", small_benchmark), env=env, cwd=REPO)
        # Nothing timed: wait for 8 records however slow the machine, failing in one line only if the run ends
        # first or the guard passes.
        deadline = time.monotonic() + GUARD_SECONDS
        while finished(killed) < 8:
            if child.poll() is not None or time.monotonic() > deadline:
                child.kill()
                child.wait()
                raise AssertionError(f"vmb run wrote {finished(killed)} of 8 records before the kill "
                                     f"(exit {child.returncode})")
            time.sleep(0.02)
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert child.returncode == -signal.SIGKILL, f"the run ended by itself (exit {child.returncode}) before the kill"
        done_before = finished(killed)
        assert done_before < len(selected), f"the run finished all {len(selected)} queries before the kill"
        with (killed / "results.jsonl").open("a") as handle:
            handle.write(f'{{"id": "{selected[-1]}", "status": "o')  # a write cut short by the kill
        requests_before = len(server.received)
        subprocess.run(vmb_run(server.url, killed, tmp_path / "cache1", small_benchmark), env=env, cwd=REPO, check=True)
        resumed_requests = len(server.received) - requests_before
        subprocess.run(vmb_run(server.url, straight, tmp_path / "cache2", small_benchmark), env=env, cwd=REPO,
                       check=True)
        straight_requests = len(server.received) - requests_before - resumed_requests
    ids = [json.loads(line)["id"] for line in (killed / "results.jsonl").read_text().splitlines()]
    assert sorted(ids) == sorted(selected)
    assert json.loads((killed / "metric.json").read_text()) == json.loads((straight / "metric.json").read_text())
    # Finished queries and memory built before the kill were not redone (cached requests aside).
    assert resumed_requests < straight_requests
    assert files_containing(tmp_path, SECRET) == []
