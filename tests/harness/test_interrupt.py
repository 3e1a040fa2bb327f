"""Ctrl-C and runs without a terminal: one line on interrupt, a progress line now and then in logs."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer

from .conftest import RunFn
from .helpers import GUARD_SECONDS, signal_a_run_after_two_queries

HOLD = 1.5  # seconds the slow request takes at least


def test_ctrl_c_prints_one_line_and_keeps_finished_queries(bench: Any, tmp_path: Path, small_benchmark: Path) -> None:
    run = signal_a_run_after_two_queries(bench, small_benchmark, tmp_path, signal.SIGINT)
    assert run.returncode == 130
    assert run.stderr.strip() == "vmb run: interrupted; rerun the same command to resume", run.stderr
    assert len((run.out / "results.jsonl").read_text().splitlines()) == 2


def test_without_a_terminal_a_progress_line_comes_every_few_seconds_and_names_slow_requests(
        bench: Any, run: RunFn, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from vmb.harness.progress import Progress
    from vmb.tokens import count_tokens

    count_tokens("warm")  # the tokenizer's first load would hold the event loop, and the ticks with it
    reference = ReferenceScript(bench)
    slow_query = bench.group(1).queries[0].query
    printed = {"lines": 0, "naming_slow": 0}
    line = Progress.line

    def counted(progress: Progress) -> str:
        text = line(progress)
        printed["lines"] += 1
        printed["naming_slow"] += "request(s) running for over" in text
        return text

    monkeypatch.setattr(Progress, "line", counted)
    live = {"now": 0, "peak": 0}

    async def script(body: dict[str, Any]) -> Scripted:
        live["now"] += 1
        live["peak"] = max(live["peak"], live["now"])
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        if user == slow_query and not any(m["role"] == "assistant" for m in body["messages"]):
            # Held until three progress lines came, one naming it slow, and HOLD seconds passed: however busy the
            # machine, the lines come first.
            held = time.monotonic()
            deadline = held + GUARD_SECONDS
            while (printed["lines"] < 3 or not printed["naming_slow"] or time.monotonic() - held < HOLD) \
                    and time.monotonic() < deadline:
                await asyncio.sleep(0.05)
        live["now"] -= 1
        return reference(body)

    with ScriptedServer(script) as server:
        result = run(server.url, memory="gold", groups=[1], limit=2, progress_every=0.2, slow_after=0.5,
                     concurrency=1)
    assert result.metric.scored == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("progress:")]
    assert len(lines) >= 3 and all("/2 queries" in line for line in lines)
    assert any("1 request(s) running for over" in line and "slow 1" in line for line in lines)
    records = result.path / "results.jsonl"
    timing = [json.loads(line) for line in records.read_text().splitlines()]
    assert all(r["usage"]["seconds"] >= 0 and r["queue_seconds"] >= 0 for r in timing)
    slow, other = sorted(timing, key=lambda r: r["query"] != slow_query)
    # At --concurrency 1 queries run one after another: one request at a time, and the other query did not start
    # (and so did not queue, nor wait for the model) while the slow one ran.
    assert live["peak"] == 1
    assert slow["usage"]["seconds"] >= HOLD
    assert other["queue_seconds"] < slow["usage"]["seconds"] and other["usage"]["seconds"] < slow["usage"]["seconds"]
