"""A lean HTTP/1.1 transport under the openai SDK for plain-HTTP endpoints (local servers).

The SDK's default stack (httpx2 → httpcore2 → h11 → anyio) costs about 0.5 ms of CPU per request,
half of what the harness spends per request; against a local vLLM or llama.cpp at high concurrency
that CPU is what stretches the run beyond its floor. This transport keeps the SDK (request building,
authentication, error mapping) and replaces only the wire: keep-alive connections on asyncio
streams, Content-Length, chunked and read-to-close bodies, one total timeout per request. HTTPS and
proxied endpoints keep the SDK's transport (``wants_light_transport``).
"""

from __future__ import annotations

import asyncio
import urllib.request
from urllib.parse import urlparse

import httpx2

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


class LightTransport(httpx2.AsyncBaseTransport):
    def __init__(self) -> None:
        self._idle: dict[tuple[str, int], list[Connection]] = {}

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        timeouts = request.extensions.get("timeout") or {}
        limit = max((t for t in timeouts.values() if t is not None), default=None)
        try:
            async with asyncio.timeout(limit):
                return await self._exchange(request)
        except TimeoutError:
            raise httpx2.ReadTimeout(f"no answer within {limit} s", request=request) from None
        except (OSError, asyncio.IncompleteReadError, ValueError) as error:
            raise httpx2.RemoteProtocolError(f"{type(error).__name__}: {error}", request=request) from None

    async def _exchange(self, request: httpx2.Request) -> httpx2.Response:
        url = request.url
        key = (url.host, url.port or 80)
        payload = self._serialise(request, await request.aread())
        pool = self._idle.setdefault(key, [])
        while pool:
            connection = pool.pop()
            try:
                return await self._send(request, payload, connection, key)
            except _Stale:
                continue
        connection = await asyncio.open_connection(*key)
        try:
            return await self._send(request, payload, connection, key)
        except _Stale:
            raise ConnectionError("the server closed the connection without answering") from None

    @staticmethod
    def _serialise(request: httpx2.Request, body: bytes) -> bytes:
        lines = [b"%s %s HTTP/1.1" % (request.method.encode(), request.url.raw_path)]
        lines.extend(k + b": " + v for k, v in request.headers.raw)
        return b"\r\n".join(lines) + b"\r\n\r\n" + body

    async def _send(self, request: httpx2.Request, payload: bytes, connection: Connection,
                    key: tuple[str, int]) -> httpx2.Response:
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
            headers = [(name.strip(), value.strip()) for name, _, value in (line.partition(b":") for line in lines[1:])]
            fields = {name.lower(): value.lower() for name, value in headers}
            content = await self._body(reader, fields, status)
            keep = fields.get(b"connection") != b"close" and (b"content-length" in fields or
                                                               fields.get(b"transfer-encoding") == b"chunked")
            return httpx2.Response(status, headers=headers, content=content, request=request)
        finally:
            if keep:
                self._idle.setdefault(key, []).append(connection)
            else:
                writer.close()

    @staticmethod
    async def _body(reader: asyncio.StreamReader, fields: dict[bytes, bytes], status: int) -> bytes:
        if status in (204, 304) or 100 <= status < 200:
            return b""
        if fields.get(b"transfer-encoding") == b"chunked":
            parts: list[bytes] = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";", 1)[0], 16)
                if size == 0:
                    while (await reader.readuntil(b"\r\n")) != b"\r\n":  # trailers
                        pass
                    return b"".join(parts)
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
        if b"content-length" in fields:
            return await reader.readexactly(int(fields[b"content-length"]))
        return await reader.read()

    async def aclose(self) -> None:
        for pool in self._idle.values():
            for _, writer in pool:
                writer.close()
        self._idle.clear()
