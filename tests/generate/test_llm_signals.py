"""`vmb generate --backend llm` stopped by SIGTERM or SIGINT while a request is out: one line, no
traceback, the exit status of the signal, and a rerun of the same command that resumes (the
answers already given are not asked again) and finishes a benchmark that verifies clean."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.scripted import Scripted, ScriptedServer
from vmb.maker.writer import PlanWriter, stage_of

ROOT = Path(__file__).resolve().parents[2]
SIZE = ["--groups", "2", "--seed", "3", "--history-lines", "40", "--background-chains", "1", "--vehicle-chains", "2"]


class StallingWriter(PlanWriter):
    """The plan writer, but group 2's dialogue is never answered while ``stall`` is set."""

    stall = True

    def __call__(self, body: dict[str, Any]) -> Scripted:
        group = json.loads(body["messages"][1]["content"])["group"]
        if self.stall and stage_of(body) == "dialogue" and group == 2:
            return Scripted(hang=True)
        return super().__call__(body)


def _default_signals() -> None:
    """The child's signals at their defaults (a shell's background job inherits SIGINT ignored)."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)


def _asked(server: ScriptedServer) -> list[tuple[str, int]]:
    return [(stage_of(r.body), json.loads(r.body["messages"][1]["content"])["group"]) for r in server.received]


@pytest.mark.parametrize(("signum", "status", "said"), [(signal.SIGTERM, 143, "terminated"),
                                                       (signal.SIGINT, 130, "interrupted")])
def test_a_signal_stops_the_run_with_one_line_and_the_rerun_resumes(
        tmp_path: Path, signum: int, status: int, said: str) -> None:
    writer = StallingWriter()
    out = tmp_path / "llm"
    with ScriptedServer(writer) as server:
        argv = ["generate", "--backend", "llm", "--base-url", server.url, "--model", "writer", "--concurrency", "2",
                *SIZE, "--out", str(out)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        child = subprocess.Popen([sys.executable, "-m", "vmb", *argv], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=env, cwd=tmp_path,
                                 preexec_fn=_default_signals)
        deadline = time.monotonic() + 120
        while ("dialogue", 2) not in _asked(server):  # the stalled request is out
            assert child.poll() is None and time.monotonic() < deadline, child.communicate()
            time.sleep(0.05)
        child.send_signal(signum)
        stdout, stderr = child.communicate(timeout=30)
        assert child.returncode == status, (stdout, stderr)
        # stderr: the progress lines, then the one line of the signal
        said_lines = [line for line in stderr.splitlines() if "planned requests answered" not in line]
        assert said_lines == [f"vmb generate: {said}; rerun the same command to resume"], stderr
        assert "Traceback" not in stdout + stderr and "never retrieved" not in stdout + stderr
        before = _asked(server)

        writer.stall = False
        assert main(argv) == 0
        again = _asked(server)[len(before):]
    # Resumed: group 1's stages and group 2's personas and chains were kept, so only group 2's
    # dialogue (every day of it) and the queries after it are asked.
    assert {stage for stage, group in again if group == 1} <= {"qa"}
    assert {(stage, group) for stage, group in again if stage in ("personas", "chains")} == set()
    assert main(["verify", "--data", str(out)]) == 0
