"""Benchmark suite ``harness``: the harness against a bare HTTP client, on the same scripted server.

The scripted OpenAI-compatible server (``vmb.doubles.scripted``) runs in its own process (kept off
the harness's core), answering each request after 200 ms; the harness runs in this process, pinned
to one core, with no request cache, over the 500 gold-memory queries. The bare client replays the
very request bodies the harness sent (captured once, each query's requests in order, one after the
other) on kept-alive connections with at most the same number in flight, against the same server, in
the same run: the floor any harness has, the server's own time included. Rounds alternate harness
and bare client so that a machine's drift touches both. Figures (targets of issue 19):

* concurrency 10 and 64: harness wall time over the bare client's (target: at most 1.10×);
* the harness's CPU time per request at concurrency 10 (target: at most half the reference
  harness's, 13.6 s for the same 1,500 requests, measured on the same server).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlparse

from bench.suite import BenchOptions, SuiteResult
from bench.timing import one_core

LATENCY = 0.2
RATIO_TARGET = 1.10
# The reference harness (isyuhaochen/VehicleMemBench at 5ef3c48), the same 500 gold queries against the
# same scripted server at 200 ms, concurrency 10: CPU seconds for its 1,500 requests (issue 19).
REFERENCE_CPU_SECONDS = 13.6
REFERENCE_REQUESTS = 1500


@contextmanager
def scripted_server(latency: float, data: str | None) -> Iterator[str]:
    """The scripted server in a child process; yields its base URL."""
    command = [sys.executable, "-m", "vmb.doubles.scripted", "--latency", str(latency)]
    if data is not None:
        command += ["--data", data]
    child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    cpus = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()
    if len(cpus) > 1:
        # The harness is pinned to the lowest CPU below; keep the server off it.
        os.sched_setaffinity(child.pid, cpus - {min(cpus)})
    try:
        assert child.stdout is not None
        url = child.stdout.readline().strip()
        if not url.startswith("http"):
            raise RuntimeError("the scripted server did not start")
        yield url
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(10)


def timed_run(url: str, concurrency: int, data: str | None, limit: int | None = None) -> tuple[float, float, int]:
    """Wall and CPU seconds of one fresh run, and the number of model requests its queries made."""
    from vmb.harness.config import RunConfig
    from vmb.harness.runner import execute

    with tempfile.TemporaryDirectory(prefix="vmb-bench-") as tmp:
        config = RunConfig(out=str(Path(tmp) / "run"), model="scripted", base_url=url, memory="gold",
                           concurrency=concurrency, use_cache=False, data=data, limit=limit)
        start, cpu = time.perf_counter(), time.process_time()
        result = asyncio.run(execute(config, show_progress=False))
        seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    if result.metric.errors:
        raise RuntimeError(f"{result.metric.errors} queries failed during the benchmark")
    return seconds, cpu, result.stats.usage.requests


def captured_bodies(data: str | None) -> list[list[bytes]]:
    """The request bodies the harness sends, per query in order, as it encodes them (a run at no latency)."""
    from vmb.data import load_benchmark, resolve_data_dir
    from vmb.doubles.scripted import ReferenceScript, ScriptedServer

    bench = load_benchmark(resolve_data_dir(data), parse_histories=False)
    with ScriptedServer(ReferenceScript(bench)) as server:
        timed_run(server.url, 64, data)
        received = list(server.received)
    by_query: dict[tuple[str, str], list[bytes]] = {}
    for request in received:
        messages = request.body["messages"]
        key = (messages[0]["content"], messages[1]["content"])
        by_query.setdefault(key, []).append(json.dumps(request.body, ensure_ascii=False, separators=(",", ":"))
                                           .encode("utf-8"))
    return list(by_query.values())


async def _replay(url: str, queries: list[list[bytes]], concurrency: int) -> None:
    parsed = urlparse(url)
    host, port = parsed.hostname or "127.0.0.1", parsed.port or 80
    head = (f"POST {parsed.path}/chat/completions HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Content-Type: application/json\r\nContent-Length: ").encode("latin-1")
    pending = iter(queries)

    async def worker() -> None:
        reader, writer = await asyncio.open_connection(host, port)
        for bodies in pending:
            for body in bodies:
                writer.write(head + str(len(body)).encode() + b"\r\n\r\n" + body)
                answer = await reader.readuntil(b"\r\n\r\n")
                length = next(int(line.split(b":", 1)[1]) for line in answer.split(b"\r\n")
                              if line.lower().startswith(b"content-length:"))
                await reader.readexactly(length)
        writer.close()

    await asyncio.gather(*(worker() for _ in range(concurrency)))


def bare_run(url: str, queries: list[list[bytes]], concurrency: int) -> tuple[float, float]:
    """Wall and CPU seconds of the bare client replaying ``queries`` with ``concurrency`` in flight."""
    start, cpu = time.perf_counter(), time.process_time()
    asyncio.run(_replay(url, queries, concurrency))
    return time.perf_counter() - start, time.process_time() - cpu


def harness_suite(options: BenchOptions) -> SuiteResult:
    rounds = max(1, options.rounds)
    details: list[str] = []
    queries = captured_bodies(options.data)
    requests = sum(len(bodies) for bodies in queries)
    cpu_per_request = float("inf")
    with scripted_server(LATENCY, options.data) as url, one_core() as pinning:
        timed_run(url, 64, options.data, limit=50)  # warm-up: imports, tokenizer, benchmark files
        for concurrency in (10, 64):
            ours: list[tuple[float, float, int]] = []
            bare: list[tuple[float, float]] = []
            for _ in range(rounds):
                ours.append(timed_run(url, concurrency, options.data))
                bare.append(bare_run(url, queries, concurrency))
            wall, cpu, sent = min(ours)
            floor, floor_cpu = min(bare)
            ratio = wall / floor
            verdict = "OK" if ratio <= RATIO_TARGET else "ABOVE TARGET"
            details.append(f"latency 200 ms, concurrency {concurrency}: harness {wall:.2f} s for {sent} requests, "
                           f"bare client {floor:.2f} s for the same {requests} bodies: {ratio:.3f}x "
                           f"[target <= {RATIO_TARGET}x: {verdict}]")
            if concurrency == 10:
                cpu_per_request = 1000 * min(c for _, c, _ in ours) / sent
                details.append(f"  CPU: harness {min(c for _, c, _ in ours):.2f} s, bare client {floor_cpu:.2f} s")
    reference_ms = 1000 * REFERENCE_CPU_SECONDS / REFERENCE_REQUESTS
    verdict = "OK" if cpu_per_request <= reference_ms / 2 else "ABOVE TARGET"
    details.append(f"harness CPU per request at concurrency 10: {cpu_per_request:.2f} ms; the reference harness "
                   f"{reference_ms:.2f} ms [target <= half: {verdict}]")
    details.append(f"best of {rounds} alternating rounds each; harness and bare client {pinning}; "
                   "scripted server in its own process")
    return SuiteResult(
        suite="harness",
        tasks=requests,
        seconds=cpu_per_request * requests / 1000,
        rounds=rounds,
        target=2000 / reference_ms,
        baseline=f"requests per CPU second; the reference harness does {1000 / reference_ms:,.0f}",
        details=details,
    )
