"""Helpers of the memory-system tests: scripted model answers, and a local JSON server for the
hosted systems' contract tests."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

from vmb.doubles.offline import assistant_calls, reference_step
from vmb.doubles.scripted import Scripted


def extraction_reply(body: dict[str, Any]) -> Scripted:
    """What a model answers to a memory build request: Mem0's extraction (JSON facts: the last two
    lines of the chunk it was shown, as they are), MemoryBank's day summary (JSON) or portrait (text)."""
    prompt = body["messages"][-1]["content"]
    if "Answer with JSON only" in prompt:  # MemoryBank: a day
        names = prompt.split("for each of these people, ", 1)[1].split(",", 1)[0]
        content = json.dumps({"summary": "They talked in the car.", "people": {names: "likes a warm cabin"}})
    elif prompt.startswith("Daily notes about"):  # MemoryBank: a portrait
        content = "Prefers the seat heating on and 22 degrees."
    else:  # Mem0: each fact a whole line, its time in it, so that no chunk's fact repeats another chunk's
        lines = [line.removeprefix("user: ") for line in prompt.splitlines() if line.startswith("user: [")]
        content = json.dumps({"memory": [{"text": line} for line in lines[-2:]]})
    return Scripted({"role": "assistant", "content": content}, usage=(len(prompt) // 4, 20))


class SearchingScript:
    """The model of an agent with a memory tool: first searches the memory for the query, then
    makes the reference calls; memory builds get ``extraction_reply``."""

    def __init__(self, bench: Any) -> None:
        self.by_text = {q.query: q for q in bench.queries}

    def __call__(self, body: dict[str, Any]) -> Scripted:
        tools = {t["function"]["name"] for t in body.get("tools") or []}
        if "search_memory" not in tools:
            return extraction_reply(body)
        messages = body["messages"]
        user = next(m["content"] for m in messages if m["role"] == "user")
        if not any(m["role"] == "assistant" for m in messages):
            return Scripted(assistant_calls([("search_memory", {"query": user, "top_k": 3})], 0))
        return Scripted(reference_step(messages, self.by_text[user].calls, offset=1))


# ---- a local JSON server for contract tests ---------------------------------------------------------


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: Any


@dataclass
class Reply:
    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


Route = Callable[[Request], Reply]


class ContractServer:
    """``POST/GET`` on 127.0.0.1; ``routes[(method, path)]`` answers, ``failures`` (a list of
    ``Reply``) are served first, one per request, to script 401/429/500/timeouts."""

    def __init__(self) -> None:
        self.routes: dict[tuple[str, str], Route] = {}
        self.failures: list[Reply] = []
        self.requests: list[Request] = []
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def route(self, method: str, path: str) -> Callable[[Route], Route]:
        def decorate(func: Route) -> Route:
            self.routes[(method, path)] = func
            return func

        return decorate

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self, method: str) -> None:
                parsed = urlparse(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                request = Request(method, parsed.path, parse_qs(parsed.query),
                                  {k.lower(): v for k, v in self.headers.items()}, json.loads(raw) if raw else None)
                server.requests.append(request)
                if server.failures:
                    reply = server.failures.pop(0)
                else:
                    route = (server.routes.get((method, parsed.path))
                             or _prefix_route(server.routes, method, parsed.path))
                    reply = route(request) if route else Reply(404, {"detail": f"no route {parsed.path}"})
                time.sleep(reply.delay)
                data = json.dumps(reply.body).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    for key, value in reply.headers.items():
                        self.send_header(key, value)
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (a timeout test)

            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                self._serve("GET")

            def do_POST(self) -> None:  # noqa: N802
                self._serve("POST")

            def log_message(self, *args: object) -> None:
                pass

        return Handler


def _prefix_route(routes: dict[tuple[str, str], Route], method: str, path: str) -> Route | None:
    """Routes registered with a trailing ``*`` match any path starting with what precedes it."""
    for (m, pattern), route in routes.items():
        if m == method and pattern.endswith("*") and path.startswith(pattern[:-1]):
            return route
    return None


# ---- the reference memory server of docs/memory-http.md --------------------------------------------


def reference_server(folder: Any) -> tuple[Any, str]:
    """The reference server of docs/memory-http.md, its block as the page gives it, started on a free port of
    127.0.0.1 with Python's standard library alone (``-I``: no site packages, so an import of vmb would fail).
    Returns the process and its URL."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    page = (Path(__file__).resolve().parents[2] / "docs" / "memory-http.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(# memory_server\.py.*?)```", page, re.DOTALL)
    assert block is not None, "docs/memory-http.md holds the reference server"
    script = Path(folder) / "memory_server.py"
    script.write_text(block.group(1), encoding="utf-8")
    server = subprocess.Popen([sys.executable, "-I", str(script), "0"], stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    return server, f"http://127.0.0.1:{int(server.stdout.readline())}/"
