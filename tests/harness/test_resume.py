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

from .helpers import SECRET, files_containing

REPO = Path(__file__).resolve().parents[2]


def vmb_run(url: str, out: Path, cache: Path, release_dir: Path) -> list[str]:
    return [sys.executable, "-m", "vmb", "run", "--base-url", url, "--model", "scripted", "--memory", "summary",
            "--groups", "10-12", "--out", str(out), "--data", str(release_dir), "--cache-dir", str(cache),
            "--concurrency", "2", "--no-progress"]


def finished(out: Path) -> int:
    path = out / "results.jsonl"
    return len(path.read_text().splitlines()) if path.exists() else 0


def test_resume_after_sigkill_gives_the_same_metric(bench: Any, tmp_path: Path, release_dir: Path) -> None:
    env = {**os.environ, "OPENAI_API_KEY": SECRET}
    killed, straight = tmp_path / "killed", tmp_path / "straight"
    with ScriptedServer(ReferenceScript(bench), latency=0.01) as server:
        child = subprocess.Popen(vmb_run(server.url, killed, tmp_path / "cache1", release_dir), env=env, cwd=REPO)
        deadline = time.monotonic() + 60
        while finished(killed) < 8 and time.monotonic() < deadline and child.poll() is None:
            time.sleep(0.02)
        child.send_signal(signal.SIGKILL)
        child.wait()
        assert child.returncode == -signal.SIGKILL
        done_before = finished(killed)
        assert 8 <= done_before < 30
        with (killed / "results.jsonl").open("a") as handle:
            handle.write('{"id": "qa_11#3", "status": "o')  # a write cut short by the kill
        requests_before = len(server.received)
        subprocess.run(vmb_run(server.url, killed, tmp_path / "cache1", release_dir), env=env, cwd=REPO, check=True)
        resumed_requests = len(server.received) - requests_before
        subprocess.run(vmb_run(server.url, straight, tmp_path / "cache2", release_dir), env=env, cwd=REPO,
                       check=True)
        straight_requests = len(server.received) - requests_before - resumed_requests
    ids = [json.loads(line)["id"] for line in (killed / "results.jsonl").read_text().splitlines()]
    assert sorted(ids) == sorted(q.id for g in (10, 11, 12) for q in bench.group(g).queries)
    assert json.loads((killed / "metric.json").read_text()) == json.loads((straight / "metric.json").read_text())
    # Finished queries and memory built before the kill were not redone (cached requests aside).
    assert resumed_requests < straight_requests
    assert files_containing(tmp_path, SECRET) == []
