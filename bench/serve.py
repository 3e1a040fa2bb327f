"""Benchmark suite ``serve``: ``vmb serve``'s own overhead per tool call over loopback, and the oracle's 500 queries
driven over MCP against the same run in process (issue 45).

The server runs in its own process over streamable HTTP on 127.0.0.1, pinned to a CPU of its own where the machine
has two (this process, the client, to the other). Figures:

* per call: ``vmb serve``'s server timed from the inside (``bench.served``: an ASGI middleware around the command's
  own app records each request from its headers read to its response written) while a bare HTTP/1.1 client on one
  kept-alive loopback connection sends the 2026-07-28 protocol's ``tools/call`` POSTs of 200 oracle episodes
  (start, each call, end), one at a time, as the SDK's client writes them: the server's own time per car tool
  call, p50 and p95 (target p50 at most 2 ms); beside it, labelled, the client's round trip (the server's time,
  uvicorn's HTTP parsing, the loopback sockets and the scheduler) and the server's CPU per request;
* 500 queries: the oracle over MCP, from starting ``vmb serve`` to its ``metric.json``, eight episodes at a time as
  ``vmb run``'s eight queries, driven by a bare MCP client (tools/call over streamable HTTP, no SDK) and by the mcp
  SDK's own ``Client`` (``vmb.serve.agents.oracle_episodes``), each against a whole ``vmb run --agent oracle
  --memory gold`` process (target at most 3x its wall time).
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from bench.suite import BenchOptions, SuiteResult
from bench.timing import REPO, child_process, user_environment

CALL_P50_TARGET_MS = 2.0
RUN_RATIO_TARGET = 3.0
DRIVERS = 8  # episodes in flight over MCP, as vmb run's default concurrency
PROTOCOL = "2026-07-28"
READY = "listening on "


@contextmanager
def served(data: str | None, out: Path, timings: Path | None = None) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """``vmb serve --memory gold`` over every query, in its own process; yields its URL and the process. With
    ``timings``, the same server timed from the inside (``bench.served``), its requests' times written there."""
    options = ["--memory", "gold", "--port", "0", "--out", str(out), *(["--data", data] if data else [])]
    command = ([sys.executable, "-m", "vmb", "serve", *options] if timings is None else
               [sys.executable, "-m", "bench.served", str(timings), "--", *options])
    child = subprocess.Popen(command, cwd=REPO, env=user_environment(), stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    cpus = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    if len(cpus) > 1:
        os.sched_setaffinity(child.pid, {cpus[-1]})
        os.sched_setaffinity(0, set(cpus[:-1]))
    try:
        assert child.stderr is not None
        url = ""
        for line in child.stderr:
            if READY in line:
                url = line.split(READY, 1)[1].strip()
                break
        if not url:
            raise RuntimeError("vmb serve did not start")
        yield url, child
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGINT)  # as Ctrl-C: the server closes its run (and its timings) first
        child.communicate(timeout=600)
        if len(cpus) > 1:
            os.sched_setaffinity(0, set(cpus))


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class BareClient:
    """One kept-alive loopback connection speaking just enough HTTP/1.1 for JSON answers."""

    def __init__(self, url: str) -> None:
        parsed = urlparse(url)
        self.host, self.port, self.path = parsed.hostname or "127.0.0.1", parsed.port or 80, parsed.path
        self.number = 0

    async def __aenter__(self) -> BareClient:
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        return self

    async def __aexit__(self, *_: Any) -> None:
        self.writer.close()

    async def call(self, name: str, arguments: dict[str, Any], meta: dict[str, Any]) -> tuple[dict[str, Any], float]:
        """A tools/call and its result, with its round trip in seconds."""
        self.number += 1
        body = json.dumps({"jsonrpc": "2.0", "id": self.number, "method": "tools/call", "params": {
            "name": name, "arguments": arguments,
            "_meta": {**meta, "io.modelcontextprotocol/protocolVersion": PROTOCOL,
                      "io.modelcontextprotocol/clientInfo": {"name": "vmb-bench", "version": "1"},
                      "io.modelcontextprotocol/clientCapabilities": {}}}}).encode()
        head = (f"POST {self.path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nContent-Type: application/json\r\n"
                f"Accept: application/json, text/event-stream\r\nMcp-Protocol-Version: {PROTOCOL}\r\n"
                f"Mcp-Method: tools/call\r\nMcp-Name: {name}\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        start = time.perf_counter()
        self.writer.write(head + body)
        answer = await self.reader.readuntil(b"\r\n\r\n")
        length = next(int(line.split(b":", 1)[1]) for line in answer.split(b"\r\n")
                      if line.lower().startswith(b"content-length:"))
        payload = await self.reader.readexactly(length)
        seconds = time.perf_counter() - start
        result: dict[str, Any] = json.loads(payload)["result"]
        return result, seconds


async def _bare_episodes(client: BareClient, reference: dict[str, list[dict[str, Any]]],
                         episodes: int | None) -> list[float]:
    """Oracle episodes over one bare client (``episodes`` of them, or until the run has none left); each car tool
    call's round trip."""
    from vmb.sim.registry import DISCOVERY, module_of

    trips: list[float] = []
    done = 0
    while episodes is None or done < episodes:
        started, _ = await client.call("start_episode", {}, {})
        if started.get("isError"):  # nothing left to run
            break
        episode = json.loads(started["content"][0]["text"])
        calls = reference[episode["query_id"]]
        modules = list(dict.fromkeys(m for c in calls if (m := module_of(str(c["name"]))) is not None))
        plan = [(DISCOVERY, {"module_name": m}, 0) for m in modules] + [(c["name"], c["args"], 1) for c in calls]
        for name, arguments, turn in plan:
            _, seconds = await client.call(name, arguments, {"vmb/episode": episode["episode"], "vmb/turn": turn})
            trips.append(seconds)
        await client.call("end_episode", {"episode": episode["episode"], "answer": "Done."}, {})
        done += 1
    return trips


async def _bare_oracle(url: str, reference: dict[str, list[dict[str, Any]]], episodes: int) -> list[float]:
    """``episodes`` oracle episodes, one after another, over one bare client; each car tool call's round trip."""
    async with BareClient(url) as client:
        return await _bare_episodes(client, reference, episodes)


async def _bare_run(url: str, reference: dict[str, list[dict[str, Any]]]) -> int:
    """Every episode of the run, ``DRIVERS`` at a time, each driver on a bare client of its own; the calls made."""

    async def driver() -> int:
        async with BareClient(url) as client:
            return len(await _bare_episodes(client, reference, None))

    return sum(await asyncio.gather(*(driver() for _ in range(DRIVERS))))


async def _sdk_oracle(url: str, reference: dict[str, list[dict[str, Any]]]) -> int:
    from mcp import Client

    from vmb.serve.agents import oracle_episodes

    async with Client(url) as client:
        return sum(len(ran) for ran in await asyncio.gather(*(oracle_episodes(client, reference)
                                                               for _ in range(DRIVERS))))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def serve_suite(options: BenchOptions) -> SuiteResult:
    from vmb.data import load_benchmark, resolve_data_dir

    rounds = max(1, options.rounds)
    bench = load_benchmark(resolve_data_dir(options.data), parse_histories=False)
    reference = {q.id: q.calls for q in bench.queries}
    data = ["--data", options.data] if options.data else []
    details: list[str] = []

    trips: list[float] = []
    cpu_per_request = float("inf")
    with tempfile.TemporaryDirectory(prefix="vmb-bench-") as tmp:
        timings = Path(tmp) / "timings.jsonl"
        with served(options.data, Path(tmp) / "calls", timings) as (url, child):
            asyncio.run(_bare_oracle(url, reference, 10))  # warm-up: the first requests' imports and caches
            before = _cpu_seconds(child.pid)
            trips = asyncio.run(_bare_oracle(url, reference, 200))
            requests = len(trips) + 2 * 200
            cpu_per_request = 1000 * (_cpu_seconds(child.pid) - before) / requests
        timed = [json.loads(line) for line in timings.read_text().splitlines()]
    # The car's tool calls of the measured episodes: every request but the episodes' own two, past the warm-up's.
    inside = [seconds for _, name, seconds in timed if name not in ("start_episode", "end_episode")][-len(trips):]
    p50, p95 = 1000 * _percentile(inside, 0.5), 1000 * _percentile(inside, 0.95)
    details.append(f"the server's own time per tool call (request read to response written, inside the server; "
                   f"{len(inside)} calls of 200 oracle episodes): p50 {p50:.2f} ms, p95 {p95:.2f} ms "
                   f"[target p50 <= {CALL_P50_TARGET_MS} ms: {'OK' if p50 <= CALL_P50_TARGET_MS else 'ABOVE TARGET'}]")
    details.append(f"  round trip from a bare HTTP client over loopback (the server's time, uvicorn's HTTP and the "
                   f"sockets): p50 {1000 * _percentile(trips, 0.5):.2f} ms, p95 {1000 * _percentile(trips, 0.95):.2f} "
                   f"ms; the server's CPU {cpu_per_request:.2f} ms per request")

    cpus: dict[str, list[tuple[float, float]]] = {"sdk": [], "bare": []}  # (server, client) CPU seconds per run

    def over_mcp(client: str) -> float:
        with tempfile.TemporaryDirectory(prefix="vmb-bench-") as tmp:
            start, client_cpu = time.perf_counter(), time.process_time()
            with served(options.data, Path(tmp) / "run") as (url, child):
                if client == "sdk":
                    episodes = asyncio.run(_sdk_oracle(url, reference))
                else:
                    asyncio.run(_bare_run(url, reference))
                    episodes = 500
                server_cpu = _cpu_seconds(child.pid)
            seconds = time.perf_counter() - start
            cpus[client].append((server_cpu, time.process_time() - client_cpu))
            metric = json.loads((Path(tmp) / "run" / "metric.json").read_text())
        if episodes != 500 or metric["scored"] != 500 or metric["overall"]["esm"] != 100.0:
            raise RuntimeError(f"the oracle over MCP ({client}) ran {episodes} episodes, {metric['scored']} scored")
        return seconds

    def in_process() -> float:
        with tempfile.TemporaryDirectory(prefix="vmb-bench-") as tmp:
            return child_process(["run", "--agent", "oracle", "--memory", "gold", *data,
                                  "--out", str(Path(tmp) / "run")]).seconds

    in_process()  # warm-up: byte code compiled and cached, files in the page cache
    runs: dict[str, list[float]] = {"sdk": [], "bare": [], "own": []}
    for _ in range(rounds):  # alternated, so that a machine's drift touches all three
        runs["bare"].append(over_mcp("bare"))
        runs["sdk"].append(over_mcp("sdk"))
        runs["own"].append(in_process())
    own_wall = statistics.median(runs["own"])
    described = {"bare": f"a bare MCP client (tools/call over streamable HTTP, {DRIVERS} drivers on kept-alive "
                         "connections)",
                 "sdk": f"the mcp SDK's Client (vmb.serve.agents.oracle_episodes, {DRIVERS} episodes at a time)"}
    ratios = {}
    for client in ("bare", "sdk"):
        wall = statistics.median(runs[client])
        ratios[client] = wall / own_wall
        server_cpu, client_cpu = min(cpus[client])
        details.append(f"500 oracle queries over MCP with {described[client]}, server start to metric.json: "
                       f"{wall:.2f} s against vmb run --agent oracle in one process {own_wall:.2f} s: "
                       f"{ratios[client]:.1f}x, median of {rounds} [target <= {RUN_RATIO_TARGET:g}x: "
                       f"{'OK' if ratios[client] <= RUN_RATIO_TARGET else 'ABOVE TARGET'}]; CPU: the server "
                       f"{server_cpu:.2f} s (its start included), the client {client_cpu:.2f} s")
    details.append(f"  load average while measured {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    mcp_wall = statistics.median(runs["bare"])
    return SuiteResult(suite="serve", tasks=500, seconds=mcp_wall, rounds=rounds, target=None,
                       baseline="oracle episodes per second driven over MCP", details=details)
