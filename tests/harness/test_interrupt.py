"""Ctrl-C and runs without a terminal: one line on interrupt, a progress line now and then in logs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from vmb.harness.scripted import ReferenceScript, Scripted, ScriptedServer


def test_ctrl_c_prints_one_line_and_keeps_finished_queries(bench: Any, tmp_path: Path, release_dir: Path) -> None:
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
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130
    assert stderr.strip() == "vmb run: interrupted; rerun the same command to resume", stderr
    assert len((out / "results.jsonl").read_text().splitlines()) == 2
