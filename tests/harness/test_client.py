"""The HTTP model client against the scripted server: retries, Retry-After, timeouts, fatal errors, cache."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.scripted import Scripted, ScriptedServer
from vmb.harness.config import RunConfig
from vmb.llm.cache import RequestCache
from vmb.llm.client import ChatClient
from vmb.llm.model import FatalModelError, Reply, RequestFailed
from vmb.llm.retry import RetryPolicy
from vmb.llm.transport import wants_light_transport

from .helpers import SECRET

OK = Scripted({"role": "assistant", "content": "fine"}, usage=(11, 3))
MESSAGES = [{"role": "user", "content": "hello"}]


def sequence(*replies: Scripted) -> Any:
    """A script answering with ``replies`` in order, then OK forever."""
    queue = list(replies)
    return lambda body: queue.pop(0) if queue else OK


def complete(url: str, *, cache: RequestCache | None = None, retries: int = 3, timeout: float = 5.0,
             params: dict[str, Any] | None = None) -> Reply:
    async def go() -> Reply:
        client = ChatClient(model="m", base_url=url, api_key=SECRET, params=params or {"temperature": 0.0},
                            gate=asyncio.Semaphore(4), cache=cache, policy=RetryPolicy(retries=retries, base=0.01),
                            timeout=timeout)
        try:
            return await client.complete(MESSAGES, [])
        finally:
            await client.close()

    return asyncio.run(go())


def test_a_reply_and_what_was_sent() -> None:
    with ScriptedServer(lambda body: Scripted({"role": "assistant", "content": "hi", "reasoning_content": "hmm"},
                                              usage=(5, 2))) as server:
        params = RunConfig(out="x", model="m", base_url=server.url, server="vllm", thinking="off").request_params()
        reply = complete(server.url, params=params)
    assert reply.message == {"role": "assistant", "content": "hi", "reasoning_content": "hmm"}
    assert (reply.usage.prompt_tokens, reply.usage.completion_tokens, reply.attempts) == (5, 2, 1)
    sent = server.received[0]
    assert sent.headers["authorization"] == f"Bearer {SECRET}"
    assert sent.body["chat_template_kwargs"] == {"enable_thinking": False}
    assert sent.body["messages"] == MESSAGES and "tools" not in sent.body and "tool_choice" not in sent.body


def test_429_waits_for_retry_after() -> None:
    script = sequence(Scripted(status=429, headers={"Retry-After": "1"}))
    with ScriptedServer(script) as server:
        start = time.perf_counter()
        reply = complete(server.url)
        waited = time.perf_counter() - start
    assert reply.attempts == 2 and waited >= 1.0 and len(server.received) == 2


def test_5xx_timeouts_dropped_connections_and_bad_bodies_are_retried() -> None:
    script = sequence(Scripted(status=500), Scripted(status=503, headers={"retry-after-ms": "20"}),
                      Scripted(hang=True), Scripted(drop=True))
    with ScriptedServer(script) as server:
        reply = complete(server.url, retries=4, timeout=0.3)
    assert reply.attempts == 5 and reply.message["content"] == "fine"


def test_a_request_that_keeps_failing_raises_request_failed_after_the_retries() -> None:
    with ScriptedServer(lambda body: Scripted(status=500)) as server:
        with pytest.raises(RequestFailed, match="HTTP 500.*after 3 attempts"):
            complete(server.url, retries=2)
    assert len(server.received) == 3


def test_client_errors_fail_without_retry_and_auth_errors_stop_the_run() -> None:
    with ScriptedServer(lambda body: Scripted(status=400, body={"error": {"message": "context too long"}})) as server:
        with pytest.raises(RequestFailed, match="context too long"):
            complete(server.url)
    assert len(server.received) == 1
    with ScriptedServer(lambda body: Scripted(status=401)) as server:
        with pytest.raises(FatalModelError, match="HTTP 401") as caught:
            complete(server.url)
    assert SECRET not in str(caught.value)


def test_the_cache_answers_a_repeated_request_without_the_endpoint(tmp_path: Path) -> None:
    cache = RequestCache(tmp_path / "cache.sqlite")
    with ScriptedServer(lambda body: OK) as server:
        first = complete(server.url, cache=cache)
        second = complete(server.url, cache=cache)
    assert not first.cached and second.cached and second.message == first.message
    assert second.usage == first.usage and len(server.received) == 1
    assert SECRET.encode() not in (tmp_path / "cache.sqlite").read_bytes()


def test_the_light_transport_reads_every_body_framing_and_survives_closed_connections() -> None:
    body = json.dumps({"choices": [{"message": {"role": "assistant", "content": "chunked"}, "finish_reason": "stop"}],
                       "usage": {"prompt_tokens": 1, "completion_tokens": 1}}).encode()
    chunked = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
               + b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:10], body[10:]))
               + b"0\r\n\r\n")
    until_close = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n" + body
    script = sequence(Scripted(raw=chunked), Scripted(OK.message, close_after=True), Scripted(raw=until_close,
                                                                                              close_after=True))
    with ScriptedServer(script) as server:
        assert wants_light_transport(server.url)
        replies = complete_many(server.url, 4)
    assert [r.message["content"] for r in replies] == ["chunked", "fine", "chunked", "fine"]
    assert all(r.attempts == 1 for r in replies)  # a connection the server closed is simply replaced


def complete_many(url: str, n: int) -> list[Reply]:
    async def go() -> list[Reply]:
        client = ChatClient(model="m", base_url=url, api_key=SECRET, params={}, gate=asyncio.Semaphore(1),
                            cache=None, policy=RetryPolicy(retries=0), timeout=5.0)
        try:
            return [await client.complete(MESSAGES, []) for _ in range(n)]
        finally:
            await client.close()

    return asyncio.run(go())


def test_https_and_proxied_endpoints_keep_the_sdks_transport(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not wants_light_transport("https://api.openai.com/v1")
    monkeypatch.setenv("http_proxy", "http://proxy.invalid:3128")
    monkeypatch.setenv("no_proxy", "localhost,127.0.0.1")
    assert not wants_light_transport("http://10.1.2.3:8000/v1")
    assert wants_light_transport("http://127.0.0.1:8000/v1")
