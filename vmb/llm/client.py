"""The model client for OpenAI-compatible endpoints: cache, then bounded pool, then retries.

``ChatClient.complete`` builds the request body once; its hash (without the key) looks up the
request cache; on a miss the request waits for a slot of the run's one pool (``gate``), goes out
through the openai SDK with the SDK's own retries switched off, and transport failures are retried
here with backoff. The raw JSON reply is kept (not the SDK's typed object) so fields some servers
add, such as ``reasoning_content``, reach the record.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from dataclasses import dataclass, field, replace
from typing import Any

from vmb.boundedjson import JsonTooDeep, parse_bounded
from vmb.llm.cache import RequestCache, request_key
from vmb.llm.keys import is_loopback
from vmb.llm.local import endpoint_identity
from vmb.llm.model import (
    ContextOverflow,
    FatalModelError,
    Message,
    Model,
    Reply,
    RequestFailed,
    read_usage,
    server_seconds,
)
from vmb.llm.reach import ReachWatch
from vmb.llm.repetition import repeats_itself
from vmb.llm.retry import RetryPolicy, parse_retry_after
from vmb.usage import ZERO, Usage

# What llama.cpp, vLLM, SGLang, Ollama and OpenAI say when the prompt does not fit the context.
CONTEXT_OVERFLOW = re.compile(r"exceeds the available context size|maximum context length|context_length_exceeded|"
                              r"context length|too many tokens|prompt is too long", re.IGNORECASE)

# HTTP statuses worth another attempt, as the OpenAI SDK itself treats them.
RETRY_STATUSES = frozenset({408, 409, 429})
FATAL_STATUSES = frozenset({401, 403, 404})
# Sent with repeated trials (2, 3, ...) only: servers ignore it; the scripted test server reads it.
TRIAL_HEADER = "X-VMB-Trial"
SENT = Usage(requests=1)  # one request sent


@dataclass
class ClientStats:
    """Live counters for the progress bar and the run summary."""

    # Requests as sent (retries included, answered or not), the tokens of every reply (the cache's too)
    # and the model's time for those it answered now.
    usage: Usage = ZERO
    cache_hits: int = 0
    retries: int = 0
    cache_dropped: int = 0  # cached replies that could not be read, dropped and asked again
    repeating: int = 0  # replies answered now that were cut off repeating themselves (vmb.llm.repetition)
    # Requests being answered now: (request, attempt) -> time.monotonic() at sending, for "slow" notices.
    in_flight: dict[tuple[int, int], float] = field(default_factory=dict)


class _Transient(Exception):
    def __init__(self, reason: str, retry_after: float | None = None, *, timeout: bool = False) -> None:
        super().__init__(reason)
        self.retry_after = retry_after
        self.timeout = timeout


class ChatClient:
    def __init__(
        self,
        *,
        model: str,
        base_url: str,
        api_key: str | None,
        params: dict[str, Any],
        gate: asyncio.Semaphore,
        cache: RequestCache | None,
        policy: RetryPolicy,
        timeout: float,
        stats: ClientStats | None = None,
    ) -> None:
        from vmb.llm.transport import LightTransport, wants_light_transport

        self.model = model
        self.base_url = base_url.rstrip("/")
        # The request cache's key: the URL, or for a local model (a new port each start) its weights.
        self.identity = endpoint_identity(model, self.base_url) or self.base_url
        self.reach = ReachWatch(self.base_url)
        if api_key is None and not is_loopback(self.base_url):
            raise FatalModelError(f"no API key for {self.base_url}: set VMB_API_KEY or OPENAI_API_KEY "
                                  "(any value for a server that needs none); nothing was sent")
        self.params = params
        self.gate = gate
        self.cache = cache
        self.policy = policy
        self.stats = stats or ClientStats()
        self._rng = random.Random()
        self.timeout = timeout
        self._light: LightTransport | None = None
        self._sdk: Any = None
        if wants_light_transport(self.base_url):
            headers = {"Content-Type": "application/json", "Accept": "application/json"}
            if api_key:
                headers["Authorization"] = f"Bearer {api_key}"
            self._light = LightTransport(self.base_url, headers)
        else:
            from openai import AsyncOpenAI

            # A local server needs no key; the SDK insists on one, and this placeholder is harmless.
            self._sdk = AsyncOpenAI(base_url=self.base_url, api_key=api_key or "no-key", max_retries=0,
                                    timeout=timeout)

    def body(self, messages: list[Message], tools: list[dict[str, Any]],
             extra: dict[str, Any] | None = None) -> dict[str, Any]:
        """The request body: the client's params, then ``extra``, fields of this request only (an
        answer's JSON schema)."""
        body: dict[str, Any] = {"model": self.model, "messages": messages, **self.params, **(extra or {})}
        if tools:
            body["tools"] = tools
        else:
            body.pop("tool_choice", None)
        return body

    def for_trial(self, trial: int) -> Model:
        """This client as the model of one repeated trial (itself for trial 1)."""
        return self if trial == 1 else _TrialModel(self, trial)

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]], trial: int = 1,
                       extra: dict[str, Any] | None = None) -> Reply:
        body = self.body(messages, tools, extra)
        key = ""
        if self.cache is not None:
            key = request_key(self.identity, body, trial)
            hit = self._cached(key)
            if hit is not None:
                return hit
        spent = 0.0  # seconds inside the pool (waiting for a slot is not the endpoint's time)
        queued = 0.0  # seconds waiting for a slot of the pool
        attempt = 0
        timeouts = 0
        while True:
            try:
                waited = time.perf_counter()
                async with self.gate:
                    start = time.perf_counter()
                    queued += start - waited
                    self.stats.usage += SENT
                    self.stats.in_flight[id(body), attempt] = time.monotonic()
                    try:
                        data = await self._send(body, trial)
                    finally:
                        del self.stats.in_flight[id(body), attempt]
                        spent += time.perf_counter() - start
                reply = parse_reply(data)
                measured = server_seconds(data)
                break
            except _Transient as failure:
                timeouts += failure.timeout
                if attempt >= self.policy.retries or timeouts > self._timeout_retries():
                    raise RequestFailed(f"{failure} (after {attempt + 1} attempts)", attempts=attempt + 1) from None
                self.stats.retries += 1
                await asyncio.sleep(self.policy.delay(attempt, failure.retry_after, self._rng))
                attempt += 1
            except RequestFailed as failure:
                failure.attempts = attempt + 1
                raise
        reply.seconds = spent if measured is None else measured
        reply.queued = queued
        reply.attempts = attempt + 1
        self.stats.repeating += repeats_itself(reply.message, reply.finish_reason)
        self.stats.usage += replace(reply.usage, seconds=reply.seconds)
        if self.cache is not None:
            self.cache.put(key, self.model, reply.to_json())
        return reply

    def _cached(self, key: str) -> Reply | None:
        """The cached reply for ``key``; one that no longer reads as a reply is dropped, never replayed."""
        assert self.cache is not None
        hit = self.cache.get(key)
        if hit is None:
            return None
        try:
            reply = Reply.from_json(hit, cached=True)
        except ValueError:
            self.cache.drop(key)
            self.stats.cache_dropped += 1
            return None
        self.stats.cache_hits += 1
        self.stats.usage += reply.usage
        return reply

    def _timeout_retries(self) -> int:
        """A timed-out request at temperature 0 would most likely time out again (a looping generation
        runs to the token limit each time): its timeouts are retried ``policy.timeout_retries`` times."""
        return self.policy.timeout_retries if self.params.get("temperature") == 0 else self.policy.retries

    async def close(self) -> None:
        if self._light is not None:
            await self._light.aclose()
        if self._sdk is not None:
            await self._sdk.close()

    async def _send(self, body: dict[str, Any], trial: int) -> dict[str, Any]:
        # Encoded here once, compactly: the SDK's typed create() would first walk every message through
        # its TypedDict transforms (~3 ms per request with long conversations).
        payload = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        headers = {TRIAL_HEADER: str(trial)} if trial != 1 else {}
        if self._light is not None:
            content = await self._send_light(payload, headers)
        else:
            content = await self._send_sdk(payload, headers)
        cap = reply_cap(self.params.get("max_tokens"))
        if len(content) > cap:  # refused before parsing, so never cached: a rerun asks again
            raise RequestFailed(f"reply of {len(content):,} bytes is larger than max_tokens "
                                f"{self.params.get('max_tokens')} allows ({cap:,} bytes); not kept")
        try:
            data = parse_bounded(content.decode("utf-8", errors="replace"), constants=True)
        except JsonTooDeep:
            raise RequestFailed("reply nests too deeply to read") from None
        except ValueError:
            raise _Transient(f"reply is not JSON: {_short(content.decode('utf-8', errors='replace'))}") from None
        if not isinstance(data, dict):
            raise _Transient(f"reply is not a JSON object: {_short(content.decode('utf-8', errors='replace'))}")
        return data

    async def _send_light(self, payload: bytes, headers: dict[str, str]) -> bytes:
        from vmb.llm.transport import TransportError, TransportTimeout

        assert self._light is not None
        try:
            answer = await self._light.post("/chat/completions", payload, self.timeout, headers)
        except TransportTimeout:
            raise _Transient("timeout", timeout=True) from None
        except TransportError as error:
            self.reach.failure(error)  # raises EndpointUnreachable when nothing ever got through
            raise _Transient(f"connection error: {error}") from None
        self.reach.success()
        if answer.status >= 400:
            raise status_failure(answer.status, answer.text, answer.headers)
        return answer.body

    async def _send_sdk(self, payload: bytes, headers: dict[str, str]) -> bytes:
        import httpx2
        import openai

        try:
            response = await self._sdk.post("/chat/completions", cast_to=httpx2.Response, content=payload,
                                            options={"headers": {"Content-Type": "application/json", **headers}})
        except openai.APITimeoutError:
            raise _Transient("timeout", timeout=True) from None
        except openai.APIConnectionError as error:
            self.reach.failure(error)  # raises EndpointUnreachable when nothing ever got through
            raise _Transient(f"connection error: {error.__cause__ or error}") from None
        except openai.APIStatusError as error:
            self.reach.success()
            raise status_failure(error.status_code, error.response.text, error.response.headers) from None
        self.reach.success()
        content: bytes = response.content
        return content


# The longest o200k tokens are far under 32 bytes, even written as JSON escapes; the rest of a reply (ids,
# usage, a tool call's JSON around its arguments) is far under 64 KiB. A reply past that is no model's answer.
BYTES_PER_TOKEN = 32
REPLY_OVERHEAD = 64 * 1024
DEFAULT_REPLY_TOKENS = 32_768  # a request that names no max_tokens


def reply_cap(max_tokens: Any) -> int:
    """The most bytes a reply to a request of ``max_tokens`` may have (a larger one is refused unread)."""
    tokens = max_tokens if isinstance(max_tokens, int) and not isinstance(max_tokens, bool) and max_tokens > 0 \
        else DEFAULT_REPLY_TOKENS
    return tokens * BYTES_PER_TOKEN + REPLY_OVERHEAD


def status_failure(status: int, text: str, headers: Any) -> Exception:
    """The error an HTTP error status stands for: fatal, worth retrying, a context overflow, or failed."""
    detail = _short(text)
    if status in FATAL_STATUSES:
        return FatalModelError(
            f"the endpoint answered HTTP {status} ({detail}): check --base-url, --model and the API key")
    if status in RETRY_STATUSES or status >= 500:
        return _Transient(f"HTTP {status}: {detail}", parse_retry_after(headers))
    if status == 400 and CONTEXT_OVERFLOW.search(detail):
        return ContextOverflow(f"HTTP {status}: {detail}")
    return RequestFailed(f"HTTP {status}: {detail}")


class _TrialModel:
    """One repeated trial's view of a client: its requests have their own cache keys."""

    def __init__(self, client: ChatClient, trial: int) -> None:
        self.client = client
        self.trial = trial

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        return await self.client.complete(messages, tools, self.trial)


def parse_reply(data: dict[str, Any]) -> Reply:
    """Reduce a chat completion to the assistant message, usage and finish reason.

    A reply without a readable message (``choices`` missing, empty or not a list) is a transport
    failure worth another attempt; whatever the message's calls look like is for ``extract_calls``.
    """
    choices = data.get("choices")
    choice = choices[0] if isinstance(choices, list) and choices else None
    if not isinstance(choice, dict) or not isinstance(choice.get("message"), dict):
        raise _Transient(f"reply has no message (choices: {type(choices).__name__}, keys: {', '.join(map(str, data))})")
    raw = choice["message"]
    message: Message = {"role": "assistant", "content": content_text(raw.get("content"))}
    if raw.get("tool_calls"):
        message["tool_calls"] = raw["tool_calls"]
    for extra in ("reasoning_content", "reasoning"):
        if raw.get(extra):
            message[extra] = raw[extra]
    finish = choice.get("finish_reason")
    return Reply(message=message, usage=read_usage(data.get("usage")),
                 finish_reason=finish if isinstance(finish, str) else None)


def content_text(content: Any) -> str | None:
    """A message's content as text: a list of parts (``[{"type": "text", "text": ...}]``, as some
    servers answer) is joined; anything without text is None."""
    if content is None or isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [part["text"] for part in content if isinstance(part, dict) and isinstance(part.get("text"), str)]
        return "".join(texts) if texts else None
    return None


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."
