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
import time
from dataclasses import dataclass
from typing import Any

from vmb.llm.cache import RequestCache, request_key
from vmb.llm.model import FatalModelError, Message, Model, Reply, RequestFailed, Usage
from vmb.llm.retry import RetryPolicy, parse_retry_after

# HTTP statuses worth another attempt, as the OpenAI SDK itself treats them.
RETRY_STATUSES = frozenset({408, 409, 429})
FATAL_STATUSES = frozenset({401, 403, 404})
# Sent with repeated trials (2, 3, ...) only: servers ignore it; the scripted test server reads it.
TRIAL_HEADER = "X-VMB-Trial"


@dataclass
class ClientStats:
    """Live counters for the progress bar and the run summary."""

    requests: int = 0
    cache_hits: int = 0
    retries: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


class _Transient(Exception):
    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


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
        import httpx2
        from openai import AsyncOpenAI

        from vmb.llm.transport import LightTransport, wants_light_transport

        self.model = model
        self.base_url = base_url.rstrip("/")
        self.params = params
        self.gate = gate
        self.cache = cache
        self.policy = policy
        self.stats = stats or ClientStats()
        self._rng = random.Random()
        http_client = None
        if wants_light_transport(self.base_url):
            http_client = httpx2.AsyncClient(transport=LightTransport(), timeout=timeout)
        # A local server needs no key; the SDK insists on one, and this placeholder is harmless.
        self._sdk = AsyncOpenAI(base_url=self.base_url, api_key=api_key or "no-key", max_retries=0,
                                timeout=timeout, http_client=http_client)

    def body(self, messages: list[Message], tools: list[dict[str, Any]]) -> dict[str, Any]:
        body: dict[str, Any] = {"model": self.model, "messages": messages, **self.params}
        if tools:
            body["tools"] = tools
        else:
            body.pop("tool_choice", None)
        return body

    def for_trial(self, trial: int) -> Model:
        """This client as the model of one repeated trial (itself for trial 1)."""
        return self if trial == 1 else _TrialModel(self, trial)

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]], trial: int = 1) -> Reply:
        body = self.body(messages, tools)
        key = ""
        if self.cache is not None:
            key = request_key(self.base_url, body, trial)
            hit = self.cache.get(key)
            if hit is not None:
                self.stats.cache_hits += 1
                self._count(hit)
                return Reply.from_json(hit, cached=True)
        spent = 0.0  # seconds inside the pool (waiting for a slot is not the endpoint's time)
        attempt = 0
        while True:
            try:
                async with self.gate:
                    self.stats.requests += 1
                    start = time.perf_counter()
                    try:
                        data = await self._send(body, trial)
                    finally:
                        spent += time.perf_counter() - start
                reply = _parse_reply(data)
                break
            except _Transient as failure:
                if attempt >= self.policy.retries:
                    raise RequestFailed(f"{failure} (after {attempt + 1} attempts)") from None
                self.stats.retries += 1
                await asyncio.sleep(self.policy.delay(attempt, failure.retry_after, self._rng))
                attempt += 1
        reply.seconds = spent
        reply.attempts = attempt + 1
        stored = reply.to_json()
        self._count(stored)
        if self.cache is not None:
            self.cache.put(key, self.model, stored)
        return reply

    async def close(self) -> None:
        await self._sdk.close()

    def _count(self, stored: dict[str, Any]) -> None:
        usage = stored.get("usage") or {}
        self.stats.prompt_tokens += int(usage.get("prompt_tokens") or 0)
        self.stats.completion_tokens += int(usage.get("completion_tokens") or 0)

    async def _send(self, body: dict[str, Any], trial: int) -> dict[str, Any]:
        import httpx2
        import openai

        try:
            # The SDK's generic post sends the body as it is: the typed create() first walks every
            # message through its TypedDict transforms, ~3 ms per request with long conversations.
            # Encoded here once, compactly, rather than again inside the SDK and httpx.
            payload = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
            headers = {"Content-Type": "application/json"}
            if trial != 1:
                headers[TRIAL_HEADER] = str(trial)
            response = await self._sdk.post("/chat/completions", cast_to=httpx2.Response, content=payload,
                                            options={"headers": headers})
        except openai.APITimeoutError:
            raise _Transient("timeout") from None
        except openai.APIConnectionError as error:
            raise _Transient(f"connection error: {error.__cause__ or error}") from None
        except openai.APIStatusError as error:
            status = error.status_code
            detail = _short(error.response.text)
            if status in FATAL_STATUSES:
                raise FatalModelError(
                    f"the endpoint answered HTTP {status} ({detail}): check --base-url, --model and the API key"
                ) from None
            if status in RETRY_STATUSES or status >= 500:
                raise _Transient(f"HTTP {status}: {detail}", parse_retry_after(error.response.headers)) from None
            raise RequestFailed(f"HTTP {status}: {detail}") from None
        try:
            data = json.loads(response.content)
        except ValueError:
            raise _Transient(f"reply is not JSON: {_short(response.text)}") from None
        if not isinstance(data, dict):
            raise _Transient(f"reply is not a JSON object: {_short(response.text)}")
        return data


class _TrialModel:
    """One repeated trial's view of a client: its requests have their own cache keys."""

    def __init__(self, client: ChatClient, trial: int) -> None:
        self.client = client
        self.trial = trial

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        return await self.client.complete(messages, tools, self.trial)


def _parse_reply(data: dict[str, Any]) -> Reply:
    """Reduce a chat completion to the assistant message, usage and finish reason."""
    choices = data.get("choices")
    if not choices or not isinstance(choices[0], dict) or not isinstance(choices[0].get("message"), dict):
        raise _Transient(f"reply has no message: {_short(json.dumps(data))}")
    raw = choices[0]["message"]
    message: Message = {"role": "assistant", "content": raw.get("content")}
    if raw.get("tool_calls"):
        message["tool_calls"] = raw["tool_calls"]
    for extra in ("reasoning_content", "reasoning"):
        if raw.get(extra):
            message[extra] = raw[extra]
    usage = data.get("usage") or {}
    return Reply(
        message=message,
        usage=Usage(int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0)),
        finish_reason=choices[0].get("finish_reason"),
    )


def _short(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "..."
