"""A scripted OpenAI-compatible server on 127.0.0.1, for tests and the harness benchmark.

It speaks just enough HTTP/1.1 (keep-alive, Content-Length bodies) to serve
``POST .../chat/completions``. What it answers is up to a *script*: a function of the request
body returning a ``Scripted`` response: a chat message, or a status code with headers (429 with
Retry-After, 500, ...), after a delay, or never (the client times out), or a dropped connection.
``ReferenceScript`` plays a competent model from the benchmark's reference answers (discovery, then
the calls, then a short answer) and fills the memories built day by day deterministically; it learns
the memory tools from the settings' declarations (a build's day prompt and write tool, the tools'
schemas), never by their names. Given a
``Stochastic`` mode it fails some (query, trial) pairs, chosen by a seeded hash, so repeated trials of a
query disagree reproducibly. The trial comes from the ``X-VMB-Trial`` request header, which a script
reads with ``request_trial()`` (the server keeps each request's headers in a context variable).

``python -m vmb.doubles.scripted --latency 0.2`` serves the reference script in its own process and
prints its base URL (the benchmark runs it so the server's work is not counted as the harness's).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import hashlib
import inspect
import json
import sys
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import TYPE_CHECKING, Any

from vmb.doubles.offline import assistant_calls, reference_step
from vmb.doubles.scripted_replies import TEXT_FORMATS
from vmb.llm.client import TRIAL_HEADER
from vmb.memory import find, memory_names
from vmb.memory.base import DayRequest
from vmb.prompts import load_prompt
from vmb.sim.registry import API_BY_NAME, DISCOVERY
from vmb.tokens import message_tokens, request_tokens

if TYPE_CHECKING:
    from vmb.data import Benchmark, Query

_REASONS = {200: "OK", 400: "Bad Request", 401: "Unauthorized", 404: "Not Found", 429: "Too Many Requests",
            500: "Internal Server Error", 503: "Service Unavailable"}


@dataclass
class Scripted:
    """One response. ``message`` (an assistant message) makes a 200 chat completion."""

    message: dict[str, Any] | None = None
    status: int = 200
    body: Any = None  # for non-200 answers (a JSON error object by default)
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    hang: bool = False  # never answer
    drop: bool = False  # close the connection without answering
    close_after: bool = False  # answer, then close the connection without saying so
    raw: bytes | None = None  # the whole HTTP response as written (chunked bodies and other framings)
    usage: tuple[int, int] | None = None  # (prompt, completion) tokens; estimated when None
    payload: dict[str, Any] | bytes | None = None  # a 200 body sent as it is (the malformed ones of FAULTS)
    finish_reason: str | None = None  # default: tool_calls when the message has calls, else stop


Script = Callable[[dict[str, Any]], "Scripted | Awaitable[Scripted]"]

_request_headers: contextvars.ContextVar[dict[str, str]] = contextvars.ContextVar("request_headers", default={})  # noqa: B039 (read only; each request sets its own)


def request_trial() -> int:
    """The trial number of the request being answered (1 when the client sent none)."""
    return int(_request_headers.get().get(TRIAL_HEADER.lower(), "1"))


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


def completion(body: dict[str, Any], reply: Scripted, number: int) -> dict[str, Any]:
    message = reply.message or {"role": "assistant", "content": ""}
    # Usage as vmb counts a request (``vmb.tokens``), so a scripted run records what ``vmb estimate`` predicts.
    prompt, done = reply.usage or (request_tokens(body["messages"], body.get("tools") or []), message_tokens(message))
    return {
        "id": f"chatcmpl-{number}", "object": "chat.completion", "created": 0, "model": body.get("model", ""),
        "choices": [{"index": 0, "message": message,
                     "finish_reason": reply.finish_reason or ("tool_calls" if message.get("tool_calls") else "stop")}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": done, "total_tokens": prompt + done},
    }


class ScriptedServer:
    """``with ScriptedServer(script, latency=0.05) as server: ... server.url ...`` (a background thread)."""

    def __init__(self, script: Script, *, latency: float = 0.0, host: str = "127.0.0.1", port: int = 0) -> None:
        self.script = script
        self.latency = latency
        self.host = host
        self.port = port
        self.received: list[Received] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._server: asyncio.base_events.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._connection, self.host, self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        assert self._server is not None
        self._server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    def __enter__(self) -> ScriptedServer:
        ready = threading.Event()

        def serve() -> None:
            self._loop = asyncio.new_event_loop()
            self._loop.run_until_complete(self.start())
            ready.set()
            self._loop.run_forever()
            self._loop.run_until_complete(self.stop())
            self._loop.close()

        self._thread = threading.Thread(target=serve, name="scripted-server", daemon=True)
        self._thread.start()
        ready.wait(10)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        assert self._loop is not None and self._thread is not None
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except (asyncio.IncompleteReadError, ConnectionError):
                    return
                lines = head.decode("latin-1").split("\r\n")
                path = lines[0].split(" ")[1]
                headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}
                raw = await reader.readexactly(int(headers.get("content-length", "0")))
                if not await self._answer(path, headers, raw, writer):
                    return
        except asyncio.CancelledError:
            pass
        finally:
            self._tasks.discard(task)
            writer.close()

    async def _answer(self, path: str, headers: dict[str, str], raw: bytes, writer: asyncio.StreamWriter) -> bool:
        """Answer one request; False when the connection is to be closed."""
        body = json.loads(raw or b"{}")
        self.received.append(Received(path, headers, body))
        if not path.endswith("/chat/completions"):
            return self._write(writer, 404, {"error": {"message": f"no route {path}"}}, {})
        _request_headers.set(headers)
        reply = self.script(body)
        if inspect.isawaitable(reply):
            reply = await reply
        await asyncio.sleep(self.latency + reply.delay)
        if reply.hang:
            await asyncio.sleep(3600)
        if reply.drop:
            writer.transport.abort()
            return False
        if reply.raw is not None:
            writer.write(reply.raw)
            return not reply.close_after
        if reply.payload is not None:
            return self._write(writer, 200, reply.payload, reply.headers) and not reply.close_after
        if reply.status != 200:
            payload = reply.body if reply.body is not None else {"error": {"message": f"scripted {reply.status}"}}
            return self._write(writer, reply.status, payload, reply.headers) and not reply.close_after
        return self._write(writer, 200, completion(body, reply, len(self.received)), reply.headers) and \
            not reply.close_after

    @staticmethod
    def _write(writer: asyncio.StreamWriter, status: int, payload: Any, headers: dict[str, str]) -> bool:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        head = [f"HTTP/1.1 {status} {_REASONS.get(status, 'Status')}", "Content-Type: application/json",
                f"Content-Length: {len(data)}", *(f"{k}: {v}" for k, v in headers.items())]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + data)
        return True


# ---- a model that knows the answers ----------------------------------------------------------------


def tool_names(body: dict[str, Any]) -> set[str]:
    return {t["function"]["name"] for t in body.get("tools") or []}


@dataclass(frozen=True)
class Stochastic:
    """Fail a (query, trial) pair with probability ``fail_rate``, decided by a hash seeded with ``seed``.

    A failed attempt makes every reference call but the last (no call at all for one-call queries).
    """

    seed: int
    fail_rate: float

    def fails(self, query_id: str, trial: int) -> bool:
        digest = hashlib.sha256(f"{self.seed}:{query_id}:{trial}".encode()).digest()
        return int.from_bytes(digest[:8], "big") / 2**64 < self.fail_rate


class ReferenceScript:
    """Answers agent requests with the reference calls and fills memories deterministically.

    ``text_format`` (a key of ``TEXT_FORMATS``) writes the calls as text the way that model family does,
    instead of using the tool-calls field (a text-only tool-calling model).
    Queries are found by their text (and, where two share it, by the gold memory in the prompt).
    With ``stochastic`` some trials of a query fail (see ``Stochastic``).

    What it knows of memory comes from the memory settings' declarations: a build's day is a request
    whose user message is the day prompt a registered memory setting declares (``MemorySetting.day``)
    and whose tools hold that setting's write tool, answered with a call of it; an agent's memory tools
    are the request's tools besides discovery and the car's, each called once, first, with the query's
    text for each argument its schema requires.
    """

    def __init__(self, bench: Benchmark, *, text_format: str | None = None,
                 stochastic: Stochastic | None = None) -> None:
        self.text_format = text_format
        self.stochastic = stochastic
        self.by_text: dict[str, list[Query]] = {}
        for query in bench.queries:
            self.by_text.setdefault(query.query, []).append(query)
        self.days = [day for name in memory_names() if (cls := find(name)) is not None and (day := cls.day)]

    def query_of(self, messages: list[dict[str, Any]]) -> Query:
        user = next(m["content"] for m in messages if m["role"] == "user")
        candidates = self.by_text[user]
        system = messages[0]["content"]
        return next((q for q in candidates if q.gold_memory in system), candidates[0])

    def __call__(self, body: dict[str, Any]) -> Scripted:
        messages = body["messages"]
        tools = body.get("tools") or []
        offered = {tool["function"]["name"]: tool for tool in tools}
        for day in self.days:
            if day.write in offered and len(messages) > 1:
                fields = load_prompt(day.prompt).fields(messages[1]["content"])
                if fields is not None:
                    return Scripted(self.build_step(day, fields, offered[day.write], messages))
        query = self.query_of(messages)
        searches = memory_lookups(tools, query.query)
        if searches and not any(m["role"] == "assistant" for m in messages):
            return Scripted(assistant_calls(searches, 0, text_format=self.text_format))
        calls = query.calls
        if self.stochastic is not None and self.stochastic.fails(query.id, request_trial()):
            calls = calls[:-1]
        return Scripted(reference_step(messages, calls, text_format=self.text_format, offset=1 if searches else 0))

    def build_step(self, day: DayRequest, fields: dict[str, str], write: dict[str, Any],
                   messages: list[dict[str, Any]]) -> dict[str, Any]:
        """One day of a build: a write noting the day, then (once the write's result is back) done.

        A write that replaces the memory gets the memory so far with a line noting the day; one that
        adds an entry gets the date and the day's first line, for the arguments its schema requires.
        """
        if any(m["role"] == "tool" for m in messages):
            return {"role": "assistant", "content": "Memory updated."}
        required = _required(write)
        lines = fields["lines"]
        if day.current is not None:
            count = lines.count("\n") + 1 if lines else 0
            note = f"{fields['date']}: {count} lines."
            memory = fields[day.current]
            values = [note if memory == day.empty else f"{memory}\n{note}"]
        else:
            values = [fields["date"], lines.splitlines()[0] if lines else ""]
        return assistant_calls([(day.write, dict(zip(required, values, strict=True)))], 0,
                               text_format=self.text_format)


def _required(tool: dict[str, Any]) -> list[str]:
    required: list[str] = tool["function"].get("parameters", {}).get("required", [])
    return required


def memory_lookups(tools: list[dict[str, Any]], text: str) -> list[tuple[str, dict[str, Any]]]:
    """A first turn of memory look-ups: every tool offered besides discovery and the car's, each asked
    ``text`` for each argument its schema requires."""
    return [(name, dict.fromkeys(_required(tool), text)) for tool in tools
            if (name := tool["function"]["name"]) != DISCOVERY and name not in API_BY_NAME]


async def _serve_forever(latency: float, data: str | None, stochastic: Stochastic | None,
                         text_format: str | None) -> None:
    from vmb.data import load_benchmark, resolve_data_dir

    script = ReferenceScript(load_benchmark(resolve_data_dir(data)), stochastic=stochastic, text_format=text_format)
    server = ScriptedServer(script, latency=latency)
    await server.start()
    print(server.url, flush=True)
    # Serve until our parent closes stdin (or kills us).
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.stop()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m vmb.doubles.scripted", description=__doc__)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds before each answer")
    parser.add_argument("--data", help="benchmark directory")
    parser.add_argument("--fail-rate", type=float, default=0.0,
                        help="fail this share of (query, trial) pairs, chosen by a seeded hash (default 0)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the failing pairs (default 0)")
    parser.add_argument("--text-format", choices=sorted(TEXT_FORMATS),
                        help="play a text-only tool-calling model writing its calls in this family's format")
    args = parser.parse_args(argv)
    stochastic = Stochastic(args.seed, args.fail_rate) if args.fail_rate > 0 else None
    asyncio.run(_serve_forever(args.latency, args.data, stochastic, args.text_format))


if __name__ == "__main__":
    main()
