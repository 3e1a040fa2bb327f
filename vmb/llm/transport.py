"""A lean HTTP/1.1 client for plain-HTTP endpoints (local servers), in place of the openai SDK's stack.

The SDK (request options, headers, URL objects, httpx2 → httpcore2 → h11 → anyio) costs about 2 ms
of CPU per request, most of what the harness spends per request; against a local vLLM or llama.cpp
at high concurrency that CPU is what stretches a run beyond its floor (the bench suite ``harness``
measures it against a bare client). This client sends the body the harness already encoded on
keep-alive connections (asyncio streams) and reads Content-Length, chunked and read-to-close bodies,
with one total timeout per request; ``vmb.llm.client`` maps the status as it maps the SDK's errors.
HTTPS and proxied endpoints keep the SDK (``wants_light_transport``).
"""

from __future__ import annotations

import asyncio
import urllib.request
from dataclasses import dataclass
from urllib.parse import urlparse

Connection = tuple[asyncio.StreamReader, asyncio.StreamWriter]


def wants_light_transport(base_url: str) -> bool:
    """Plain http:// with no proxy configured for its host."""
    parsed = urlparse(base_url)
    if parsed.scheme != "http" or not parsed.hostname:
        return False
    proxies = urllib.request.getproxies()
    return "http" not in proxies or urllib.request.proxy_bypass(parsed.hostname)


class _Stale(Exception):
    """A kept-alive connection the server had closed before we used it."""


class TransportTimeout(Exception):
    """No complete answer within the request's time limit."""


class TransportError(Exception):
    """The connection failed or the answer was not HTTP."""


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]  # names in lower case
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


class LightTransport:
    """POSTs to one plain-HTTP endpoint, on a pool of kept-alive connections."""

    def __init__(self, base_url: str, headers: dict[str, str]) -> None:
        parsed = urlparse(base_url)
        self._key = (parsed.hostname or "127.0.0.1", parsed.port or 80)
        self._path = parsed.path.rstrip("/")
        fixed = {"Host": f"{self._key[0]}:{self._key[1]}", **headers}
        self._head = "".join(f"{k}: {v}\r\n" for k, v in fixed.items()).encode("latin-1")
        self._idle: list[Connection] = []

    async def post(self, path: str, body: bytes, timeout: float | None, headers: dict[str, str] | None = None) -> Answer:
        extra = "".join(f"{k}: {v}\r\n" for k, v in (headers or {}).items()).encode("latin-1")
        payload = (b"POST " + (self._path + path).encode("latin-1") + b" HTTP/1.1\r\n" + self._head + extra
                   + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        try:
            async with asyncio.timeout(timeout):
                return await self._exchange(payload)
        except TimeoutError:
            raise TransportTimeout(f"no answer within {timeout} s") from None
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, ValueError, IndexError) as error:
            raise TransportError(f"{type(error).__name__}: {error}") from None

    async def _exchange(self, payload: bytes) -> Answer:
        while self._idle:
            connection = self._idle.pop()
            try:
                return await self._send(payload, connection)
            except _Stale:
                continue
        connection = await asyncio.open_connection(*self._key)
        try:
            return await self._send(payload, connection)
        except _Stale:
            raise ConnectionError("the server closed the connection without answering") from None

    async def _send(self, payload: bytes, connection: Connection) -> Answer:
        reader, writer = connection
        keep = False
        try:
            writer.write(payload)
            try:
                head = await reader.readuntil(b"\r\n\r\n")
            except asyncio.IncompleteReadError as error:
                if not error.partial:
                    raise _Stale from None
                raise
            except ConnectionError:
                # A reset before any byte of the answer: the server had closed the kept-alive connection.
                raise _Stale from None
            lines = head[:-4].split(b"\r\n")
            status = int(lines[0].split(b" ", 2)[1])
            fields = {name.strip().lower().decode("latin-1"): value.strip().decode("latin-1")
                      for name, _, value in (line.partition(b":") for line in lines[1:])}
            content = await self._body(reader, fields, status)
            keep = fields.get("connection", "").lower() != "close" and (
                "content-length" in fields or fields.get("transfer-encoding", "").lower() == "chunked")
            return Answer(status, fields, content)
        finally:
            if keep:
                self._idle.append(connection)
            else:
                writer.close()

    @staticmethod
    async def _body(reader: asyncio.StreamReader, fields: dict[str, str], status: int) -> bytes:
        if status in (204, 304) or 100 <= status < 200:
            return b""
        if fields.get("transfer-encoding", "").lower() == "chunked":
            parts: list[bytes] = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
                if size == 0:
                    while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers
                        pass
                    return b"".join(parts)
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
        if "content-length" in fields:
            return await reader.readexactly(int(fields["content-length"]))
        return await reader.read()

    async def aclose(self) -> None:
        for _, writer in self._idle:
            writer.close()
        self._idle.clear()
