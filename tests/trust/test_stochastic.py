"""The scripted server's stochastic mode: a seeded, per-(query, trial) choice of failing attempts."""

from __future__ import annotations

import asyncio
from typing import Any

from vmb.doubles.scripted import ReferenceScript, ScriptedServer, Stochastic
from vmb.llm.cache import request_key
from vmb.llm.client import ChatClient
from vmb.llm.retry import RetryPolicy


def test_failures_depend_only_on_seed_query_and_trial() -> None:
    mode = Stochastic(seed=3, fail_rate=0.3)
    draws = [mode.fails(f"qa_{g}#{i}", t) for g in range(1, 51) for i in range(10) for t in (1, 2, 3)]
    assert draws == [Stochastic(3, 0.3).fails(f"qa_{g}#{i}", t) for g in range(1, 51) for i in range(10)
                     for t in (1, 2, 3)]
    assert 0.25 < sum(draws) / len(draws) < 0.35
    assert draws != [Stochastic(4, 0.3).fails(f"qa_{g}#{i}", t) for g in range(1, 51) for i in range(10)
                     for t in (1, 2, 3)]
    assert not any(Stochastic(3, 0.0).fails("qa_1#0", t) for t in range(1, 50))


def test_trials_reach_the_server_and_its_answers_vary_with_them(bench: Any) -> None:
    query = next(q for q in bench.queries if len(q.calls) >= 1 and
                 Stochastic(11, 0.5).fails(q.id, 2) and not Stochastic(11, 0.5).fails(q.id, 1))
    messages = [{"role": "system", "content": query.gold_memory}, {"role": "user", "content": query.query},
                {"role": "assistant", "content": "", "tool_calls": []}]

    async def ask(url: str, trial: int) -> Any:
        client = ChatClient(model="m", base_url=url, api_key=None, params={}, gate=asyncio.Semaphore(1),
                            cache=None, policy=RetryPolicy(retries=0), timeout=5.0)
        try:
            return (await client.for_trial(trial).complete(messages, [])).message
        finally:
            await client.close()

    with ScriptedServer(ReferenceScript(bench, stochastic=Stochastic(11, 0.5))) as server:
        first, second = asyncio.run(ask(server.url, 1)), asyncio.run(ask(server.url, 2))
    assert first != second
    assert "x-vmb-trial" not in server.received[0].headers and server.received[1].headers["x-vmb-trial"] == "2"


def test_trial_one_keeps_its_cache_key_and_later_trials_get_their_own() -> None:
    body = {"model": "m", "messages": []}
    keys = {request_key("http://x/v1", body, t) for t in (1, 2, 3)}
    assert len(keys) == 3 and request_key("http://x/v1", body) == request_key("http://x/v1", body, 1)
