"""``vmb serve`` in a process of its own, for the tests that drive it with the MCP SDK's client."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .helpers import GUARD_SECONDS

REPO = Path(__file__).resolve().parents[2]
READY = "listening on "


@dataclass
class Served:
    process: subprocess.Popen[str]
    url: str
    err: list[str] = field(default_factory=list)  # stderr up to READY, then the rest once stopped


def serve_command(data: Path, out: Path, *options: str) -> list[str]:
    return [sys.executable, "-m", "vmb", "serve", "--data", str(data), "--out", str(out), "--port", "0", *options]


@contextmanager
def serving(data: Path, out: Path, *options: str, env: dict[str, str] | None = None) -> Iterator[Served]:
    """The server, once it listens; stopped with SIGINT (as Ctrl-C) on leaving."""
    process = subprocess.Popen(serve_command(data, out, *options), cwd=REPO, stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    assert process.stderr is not None
    served = Served(process, "")
    try:
        for line in process.stderr:
            served.err.append(line.rstrip("\n"))
            if READY in line:
                served.url = line.split(READY, 1)[1].strip()
                break
        assert served.url, "\n".join(served.err)
        yield served
    finally:
        stop(served)


def stop(served: Served) -> None:
    if served.process.poll() is None:
        served.process.send_signal(signal.SIGINT)
    _, rest = served.process.communicate(timeout=GUARD_SECONDS)
    served.err.extend(rest.splitlines())


def records(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / "results.jsonl").read_text().splitlines()]


def metric_without_identity(run: Path) -> dict[str, Any]:
    """metric.json but the run's identity (its hash and agent)."""
    doc: dict[str, Any] = json.loads((run / "metric.json").read_text())
    del doc["run"]
    return doc
