"""An endpoint that cannot be reached stops the run with one line; no key for a remote URL sends nothing."""

from __future__ import annotations

import asyncio
import socket
import ssl
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.commands.run import error_cause, error_lines
from vmb.llm.client import ChatClient
from vmb.llm.model import FatalModelError
from vmb.llm.reach import UNREACHABLE_AFTER, EndpointUnreachable, ReachWatch, connection_cause
from vmb.llm.retry import RetryPolicy


def closed_port() -> int:
    """A port on 127.0.0.1 nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_refused_endpoint_stops_the_run_with_one_line_and_a_rerun_resumes(
        tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    argv = ["run", "--base-url", url, "--model", "m", "--memory", "gold", "--groups", "1", "--limit", "3",
            "--backoff", "0.01", "--out", str(tmp_path / "run"), "--data", str(small_benchmark), "--no-progress"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"vmb run: stopped: cannot reach {url}: connection refused; is the server running?"
    results = tmp_path / "run" / "results.jsonl"
    assert not results.exists() or results.read_text() == ""  # no query recorded as failed: all still to run
    assert (tmp_path / "run" / "config.json").exists()
    assert main(argv) == 2  # the same command again: the same directory is taken up, the same line
    assert "cannot reach" in capsys.readouterr().err


def test_connection_causes_are_told_apart() -> None:
    refused = ConnectionRefusedError(111, "Connection refused")
    assert connection_cause(refused) == ("connection refused", "is the server running?")
    wrapped = RuntimeError("Connection error.")
    wrapped.__cause__ = socket.gaierror(-2, "Name or service not known")
    assert connection_cause(wrapped)[0] == "the host name does not resolve"  # type: ignore[index]
    assert connection_cause(ssl.SSLError("wrong version number"))[0] == "TLS handshake failed"  # type: ignore[index]
    assert connection_cause(RuntimeError("gaierror: [Errno -2] Name or service not known")) is not None
    assert connection_cause(TimeoutError("no answer within 5 s")) is None
    assert connection_cause(ConnectionResetError("reset by peer")) is None


def test_after_a_first_answer_connection_failures_are_retried_not_fatal() -> None:
    watch = ReachWatch("http://127.0.0.1:1/v1")
    for _ in range(UNREACHABLE_AFTER - 1):
        watch.failure(ConnectionRefusedError())
    with pytest.raises(EndpointUnreachable, match="cannot reach http://127.0.0.1:1/v1: connection refused"):
        watch.failure(ConnectionRefusedError())
    answered = ReachWatch("http://127.0.0.1:1/v1")
    answered.success()
    for _ in range(10 * UNREACHABLE_AFTER):
        answered.failure(ConnectionRefusedError())  # a server that went away mid-run: retried as before
    broken = ReachWatch("http://127.0.0.1:1/v1")
    for _ in range(10 * UNREACHABLE_AFTER):  # other failures in between reset the streak
        broken.failure(ConnectionRefusedError())
        broken.failure(RuntimeError("HTTP 500"))


def test_no_key_for_a_remote_endpoint_is_refused_before_anything_is_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    def client(url: str) -> ChatClient:
        return ChatClient(model="m", base_url=url, api_key=None, params={}, gate=asyncio.Semaphore(1), cache=None,
                          policy=RetryPolicy(), timeout=5)

    with pytest.raises(FatalModelError, match=r"no API key for https://api.example.com/v1: set VMB_API_KEY"):
        client("https://api.example.com/v1")
    for local in ("http://127.0.0.1:8080/v1", "http://localhost:8080/v1", "http://[::1]:8080/v1"):
        asyncio.run(client(local).close())  # a local server needs none


def test_the_summary_names_the_most_common_error_cause() -> None:
    from vmb.results.runsummary import RunSummary

    metric = RunSummary(
        run={"hash": "h", "agent": "model", "model": "m", "memory": "gold"}, interval_method="", selected=4,
        scored=0, solved=0, errors=4, context_overflows=1, pending=0, overall=None, by_reasoning_type=[],
        by_module=[], text_calls=0, round_limit_hit=0, tokens={"prompt": 0, "completion": 0}, memory_build=None,
        cost={"price": None, "note": "no price"}, paper=[], error_queries=[
            {"id": "qa_1#0", "error": "timeout (after 2 attempts)", "kind": "request_failed"},
            {"id": "qa_1#1", "error": "timeout (after 1 attempt)", "kind": "request_failed"},
            {"id": "qa_1#2", "error": "HTTP 500: boom (after 4 attempts)", "kind": "request_failed"},
            {"id": "qa_1#3", "error": "HTTP 400: exceeds the available context size", "kind": "context_overflow"}])
    first = error_lines(metric)[0]
    assert first.startswith("3 queries failed (listed under error_queries in metric.json); most often (2 of 3): "
                            "timeout; rerun")
    assert error_cause(None) == "unknown error" and len(error_cause("x" * 500)) == 163
