"""What the memory systems share about failing clearly, and JSON over HTTP for the hosted ones.

Two kinds of failure, mapped onto the harness's own so that ``vmb run`` treats them like model
failures:

* ``MemoryServiceError`` (a ``FatalModelError``): nothing a retry fixes: a missing package,
  credentials, or server URL, a refused key (401/403), an unknown route, a server that cannot be
  reached at all. The run stops with this one line.
* ``MemoryServiceFailed`` (a ``RequestFailed``): a request that still timed out, was rate limited
  or failed on the server after the retries. During ingestion the group's queries are recorded as
  ``error``; during a search, the query is (both are retried when the run is resumed).

``JsonService`` sends one JSON request with those rules: 429 (honouring Retry-After), 5xx,
timeouts and dropped connections are retried with backoff; the API key goes in a header and never
into an error message.
"""

from __future__ import annotations

import asyncio
import functools
import os
import random
from dataclasses import dataclass, field
from typing import Any

from vmb.boundedjson import JsonFileError, load_json_text
from vmb.llm.model import FatalModelError, RequestFailed
from vmb.llm.retry import RetryPolicy, parse_retry_after
from vmb.memory.options import AT_LEAST

# The largest answer a service's request is read to: a hosted system's answers are kilobytes.
ANSWER_BYTES = 8 * 2**20


class MemoryServiceError(FatalModelError):
    """A memory system that cannot work as configured; the message says what to fix."""


class MemoryServiceFailed(RequestFailed):
    """A memory service request that still failed after its retries."""


def require_env(system: str, name: str, purpose: str) -> str:
    """The value of environment variable ``name``, or one clear line saying it is missing."""
    value = os.environ.get(name, "").strip()
    if not value:
        raise MemoryServiceError(f"{system}: set {name} ({purpose})")
    return value


def require_package(system: str, module: str, install: str) -> None:
    """Fail with one line when ``module`` is not importable (checked without importing it)."""
    import importlib.util

    if importlib.util.find_spec(module) is None:
        raise MemoryServiceError(f"{system}: the Python package providing '{module}' is not installed ({install})")


@dataclass(frozen=True)
class ServiceOptions:
    """Options every system behind an HTTP service takes."""

    timeout: float | None = None  # seconds per request (None: the system's default, 60 s unless it says)
    retries: int = field(default=3, metadata={AT_LEAST: 0})
    backoff: float = field(default=1.0, metadata={AT_LEAST: 0})  # first retry wait in seconds, doubling


def short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."


@dataclass
class JsonService:
    """One hosted or self-hosted service: its base URL, auth headers and retry policy."""

    system: str  # the memory system's name, first word of every error
    base_url: str
    headers: dict[str, str] = field(default_factory=dict)
    timeout: float = 60.0
    policy: RetryPolicy = field(default_factory=lambda: RetryPolicy(retries=3, base=1.0))
    key_hint: str = "the API key"  # what to check on 401/403, e.g. "SUPERMEMORY_API_KEY"
    max_bytes: int = ANSWER_BYTES  # an answer is read no further: a service's answer is data from outside
    requests: int = 0  # sent, retries included (recorded as the build's service calls)

    async def call(self, method: str, path: str, *, body: Any = None, params: dict[str, Any] | None = None,
                   missing_ok: bool = False) -> Any:
        """The decoded JSON answer; ``None`` for a 404 when ``missing_ok``."""
        import httpx2

        url = self.base_url.rstrip("/") + "/" + path.lstrip("/")
        rng = random.Random()
        attempt = 0
        while True:
            self.requests += 1
            try:
                async with httpx2.AsyncClient(timeout=self.timeout, verify=_tls()) as client, client.stream(
                        method, url, json=body, params=params,
                        headers={"Accept": "application/json", **self.headers}) as response:
                    content = await _read_capped(response, self.max_bytes)
            except httpx2.TimeoutException:
                reason, retry_after, reachable = f"{method} {url} timed out after {self.timeout:g} s", None, True
            except httpx2.ConnectError as error:
                reason, retry_after, reachable = f"cannot reach {url}: {error or type(error).__name__}", None, False
            except httpx2.TransportError as error:
                reason, retry_after, reachable = f"{method} {url} failed: {error or type(error).__name__}", None, True
            else:
                status = response.status_code
                if content is None:
                    raise MemoryServiceFailed(f"{self.system}: {method} {url} answered more than "
                                              f"{self.max_bytes:,} bytes; not read")
                if status < 400:
                    return self._decode(content, url)
                detail = short(content.decode("utf-8", "replace"))
                if status == 404 and missing_ok:
                    return None
                if status in (401, 403):
                    raise MemoryServiceError(f"{self.system}: {url} refused the credentials (HTTP {status}: "
                                             f"{detail}); check {self.key_hint}")
                if status not in (408, 409, 429) and status < 500:
                    raise MemoryServiceError(f"{self.system}: {method} {url} answered HTTP {status}: {detail}")
                reason, retry_after, reachable = (f"{method} {url} answered HTTP {status}: {detail}",
                                                  parse_retry_after(response.headers), True)
            if attempt >= self.policy.retries:
                if not reachable:
                    # A server that never answered is a setup problem (wrong URL, not started):
                    # marking every query as failed would only hide it.
                    raise MemoryServiceError(f"{self.system}: {reason} (after {attempt + 1} attempts); "
                                             "is the server running and the URL right?")
                raise MemoryServiceFailed(f"{self.system}: {reason} (after {attempt + 1} attempts)")
            await asyncio.sleep(self.policy.delay(attempt, retry_after, rng))
            attempt += 1

    def _decode(self, content: bytes, url: str) -> Any:
        if not content:
            return None
        try:
            return load_json_text(content, url, max_bytes=self.max_bytes)
        except JsonFileError as error:
            raise MemoryServiceFailed(f"{self.system}: {url} answered with something that is not JSON "
                                      f"({str(error).removeprefix(f'{url}: ')}): "
                                      f"{short(content.decode('utf-8', 'replace'))}") from None


@functools.cache
def _tls() -> Any:
    """The TLS settings of every request, made once: making them reads the CA bundle, a tenth of a second."""
    import httpx2

    return httpx2.create_ssl_context()


async def _read_capped(response: Any, limit: int) -> bytes | None:
    """The body of a streamed answer, or None once it passes ``limit`` bytes (read no further)."""
    parts, size = [], 0
    async for part in response.aiter_bytes():
        size += len(part)
        if size > limit:
            return None
        parts.append(part)
    return b"".join(parts)


def service_policy(options: ServiceOptions, default_timeout: float = 60.0) -> tuple[float, RetryPolicy]:
    """Timeout and retry policy a system's options ask for."""
    return options.timeout or default_timeout, RetryPolicy(retries=options.retries, base=options.backoff)


async def poll(system: str, what: str, check: Any, *, deadline: float) -> None:
    """Call ``await check()`` until it returns True, at most ``deadline`` seconds; the waits grow
    from 0.2 s to 5 s (a service that is done at once is not waited for long)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    wait = 0.2
    while not await check():
        if loop.time() >= end:
            raise MemoryServiceFailed(f"{system}: {what} not finished after {deadline:g} s")
        await asyncio.sleep(wait)
        wait = min(wait * 1.5, 5.0)
