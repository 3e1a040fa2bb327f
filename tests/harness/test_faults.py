"""No single bad reply stops a run: each malformed reply shape touches one query only."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from vmb.commands.run import error_lines
from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer
from vmb.doubles.scripted_replies import FAULTS
from vmb.llm.cache import RequestCache, request_key
from vmb.llm.client import ChatClient
from vmb.llm.model import ContextOverflow, Reply, RequestFailed
from vmb.llm.retry import RetryPolicy

from .conftest import RunFn
from .helpers import SECRET

MESSAGES = [{"role": "user", "content": "hello"}]
# Shapes that leave no message to act on: the query is recorded as an error; every other is answered.
UNREADABLE = {"choices_object", "deep_arguments_object"}


def complete(url: str, *, cache: RequestCache | None = None, temperature: float = 0.0, retries: int = 3,
             timeout: float = 5.0) -> tuple[Reply, ChatClient]:
    async def go() -> tuple[Reply, ChatClient]:
        client = ChatClient(model="m", base_url=url, api_key=SECRET, params={"temperature": temperature},
                            gate=asyncio.Semaphore(2), cache=cache, policy=RetryPolicy(retries=retries, base=0.01),
                            timeout=timeout)
        try:
            return await client.complete(MESSAGES, []), client
        finally:
            await client.close()

    return asyncio.run(go())


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_each_malformed_reply_is_a_reply_or_a_request_failure(fault: str) -> None:
    with ScriptedServer(lambda body: Scripted(payload=FAULTS[fault]())) as server:
        if fault in UNREADABLE:
            with pytest.raises(RequestFailed):
                complete(server.url, retries=1)
        else:
            reply, _ = complete(server.url)
            assert reply.message["role"] == "assistant"
            assert reply.usage.prompt_tokens >= 0 and isinstance(reply.usage.prompt_tokens, int)


def test_a_run_where_each_malformed_reply_hits_one_query_scores_every_other(bench: Any, run: RunFn,
                                                                          tmp_path: Path) -> None:
    queries = [q for q in bench.queries if q.group in (1, 2)]
    faulted = dict(zip((q.query for q in queries), sorted(FAULTS)))
    assert len(faulted) == len(FAULTS)
    reference = ReferenceScript(bench)

    def script(body: dict[str, Any]) -> Scripted:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        first_turn = not any(m["role"] == "assistant" for m in body["messages"])
        if user in faulted and first_turn:
            return Scripted(payload=FAULTS[faulted[user]]())
        return reference(body)

    with ScriptedServer(script) as server:
        first = run(server.url, "faults", memory="gold", groups=[1, 2])
        again = run(server.url, "faults", memory="gold", groups=[1, 2])
    records = {r["id"]: r for r in map(json.loads, (tmp_path / "faults" / "results.jsonl").read_text().splitlines())}
    assert len(records) == 20
    by_fault = {faulted[q.query]: records[q.id] for q in queries if q.query in faulted}
    for fault, record in by_fault.items():
        assert record["status"] == ("error" if fault in UNREADABLE else "ok"), (fault, record["error"])
    clean = [records[q.id] for q in queries if q.query not in faulted]
    assert clean and all(r["status"] == "ok" and r["score"]["metrics"]["exact_match"] for r in clean)
    assert first.metric.errors == again.metric.errors == len(UNREADABLE)
    assert first.metric.scored == 20 - len(UNREADABLE)


def test_an_unusable_cached_reply_is_dropped_and_asked_again(tmp_path: Path) -> None:
    cache = RequestCache(tmp_path / "cache.sqlite")
    ok = Scripted({"role": "assistant", "content": "fine"})
    with ScriptedServer(lambda body: ok) as server:
        key = request_key(server.url, {"model": "m", "messages": MESSAGES, "temperature": 0.0})
        for unusable in ({"message": "oops"}, ["x"], {"message": {"role": "user"}}):
            cache.put(key, "m", unusable)  # type: ignore[arg-type]
            reply, client = complete(server.url, cache=cache)
            assert not reply.cached and reply.message["content"] == "fine" and client.stats.cache_dropped == 1
            assert cache.get(key)["message"]["content"] == "fine"
        cache._db.execute("UPDATE replies SET reply = ? WHERE key = ?", ('{"message": ', key))
        reply, client = complete(server.url, cache=cache)
        assert not reply.cached and client.stats.cache_dropped == 1
    assert len(server.received) == 4


def test_a_deterministic_timeout_is_retried_once_and_a_sampled_one_up_to_the_retries() -> None:
    with ScriptedServer(lambda body: Scripted(hang=True)) as server:
        with pytest.raises(RequestFailed, match="timeout.*after 2 attempts") as caught:
            complete(server.url, timeout=0.2)
        assert caught.value.attempts == 2 and len(server.received) == 2
        with pytest.raises(RequestFailed, match="after 4 attempts"):
            complete(server.url, timeout=0.2, temperature=0.7)
        assert len(server.received) == 6


def test_a_context_overflow_is_deterministic_counted_apart_and_its_request_counted(run: RunFn, tmp_path: Path) -> None:
    message = "the request (40000 tokens) exceeds the available context size (32768 tokens), try increasing it"
    overflow = Scripted(status=400, body={"error": {"code": 400, "message": message, "type": "exceed_context_size_error"}})
    with ScriptedServer(lambda body: overflow) as server:
        with pytest.raises(ContextOverflow):
            complete(server.url)
        result = run(server.url, "overflow", memory="history", groups=[1], limit=2)
        built = run(server.url, "overflow-build", memory="summary", groups=[1], limit=2)
    assert built.metric.errors == built.metric.context_overflows == 2
    assert result.metric.errors == result.metric.context_overflows == 2
    records = [json.loads(line) for line in (tmp_path / "overflow" / "results.jsonl").read_text().splitlines()]
    assert [(r["error_kind"], r["usage"]["requests"]) for r in records] == [("context_overflow", 1)] * 2
    assert result.stats.usage.requests == sum(r["usage"]["requests"] for r in records)
    lines = error_lines(result.metric)
    assert len(lines) == 1 and "deterministic" in lines[0] and "retry" not in lines[0]
