"""Ctrl-C and runs without a terminal: one line on interrupt, a progress line now and then in logs."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer

from .conftest import RunFn
from .helpers import signal_a_run_after_two_queries


def test_ctrl_c_prints_one_line_and_keeps_finished_queries(bench: Any, tmp_path: Path, release_dir: Path) -> None:
    run = signal_a_run_after_two_queries(bench, release_dir, tmp_path, signal.SIGINT)
    assert run.returncode == 130
    assert run.stderr.strip() == "vmb run: interrupted; rerun the same command to resume", run.stderr
    assert len((run.out / "results.jsonl").read_text().splitlines()) == 2


def test_without_a_terminal_a_progress_line_comes_every_few_seconds_and_names_slow_requests(
        bench: Any, run: RunFn, capsys: pytest.CaptureFixture[str]) -> None:
    from vmb.tokens import count_tokens

    count_tokens("warm")  # the tokenizer's first load would hold the event loop, and the ticks with it
    reference = ReferenceScript(bench)
    slow_query = bench.group(1).queries[0].query

    def script(body: dict[str, Any]) -> Scripted:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        reply = reference(body)
        if user == slow_query and not any(m["role"] == "assistant" for m in body["messages"]):
            reply.delay = 1.5
        return reply

    with ScriptedServer(script) as server:
        result = run(server.url, memory="gold", groups=[1], limit=2, progress_every=0.2, slow_after=0.5,
                     concurrency=1)
    assert result.metric["scored"] == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("progress:")]
    assert len(lines) >= 3 and all("/2 queries" in line for line in lines)
    assert any("1 request(s) running for over" in line and "slow 1" in line for line in lines)
    records = result.path / "results.jsonl"
    timing = [json.loads(line) for line in records.read_text().splitlines()]
    assert all(r["model_seconds"] >= 0 and r["queue_seconds"] >= 0 for r in timing)
    slow, other = sorted(timing, key=lambda r: r["query"] != slow_query)
    # At --concurrency 1 queries run one after another: the other query did not start (and so did not
    # queue) while the slow one ran.
    assert slow["model_seconds"] >= 1.5 and other["model_seconds"] < 1.0 and other["queue_seconds"] < 0.5
