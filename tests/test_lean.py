"""What a command loads: a gold-memory run no history (on the small generated
benchmark, ``small_benchmark``: what the harness reads is the subject, not the release)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import SMALL_BENCHMARK
from vmb.data import DataError
from vmb.harness.config import RunConfig
from vmb.harness.plan import load_benchmark_once, prepare_run


def _plan(memory: str, data: Path, tmp_path: Path):
    load_benchmark_once.cache_clear()
    return prepare_run(RunConfig(out=str(tmp_path / "run"), agent="oracle", memory=memory, data=str(data)))


def test_gold_and_none_never_parse_a_history(small_benchmark: Path, tmp_path: Path) -> None:
    for memory in ("gold", "none"):
        plan = _plan(memory, small_benchmark, tmp_path)
        assert all(group._history is None for group in plan.bench.groups)


def test_a_setting_reading_histories_checks_them_before_any_request(small_benchmark: Path, tmp_path: Path) -> None:
    data = tmp_path / "data"
    shutil.copytree(small_benchmark, data)
    (data / "history" / "history_2.txt").write_text("not a history line\n", encoding="utf-8")
    plan = _plan("gold", data, tmp_path)  # gold never reads it: the run goes on
    assert len(plan.selected) == SMALL_BENCHMARK.groups * SMALL_BENCHMARK.vehicle_chains  # every query
    with pytest.raises(DataError, match="history_2.txt"):
        _plan("history", data, tmp_path)
    load_benchmark_once.cache_clear()


def test_request_tokens_count_texts_calls_and_schemas() -> None:
    from vmb.harness.tools import discovery_schema
    from vmb.tokens import count_tokens, request_tokens, schema_tokens

    call = {"id": "c", "type": "function", "function": {"name": "list_module_tools", "arguments": '{"module_name":"seat"}'}}
    messages = [{"role": "system", "content": "Be brief."}, {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "c", "content": "Loaded 14 seat tools."}]
    expected = (count_tokens("Be brief.") + count_tokens("list_module_tools") + count_tokens('{"module_name":"seat"}')
                + count_tokens("Loaded 14 seat tools.") + schema_tokens(discovery_schema()))
    assert request_tokens(messages, [discovery_schema()]) == expected


def test_the_bare_client_replays_bodies_and_reads_every_answer() -> None:
    import asyncio
    import json

    from bench.harness import _replay
    from vmb.doubles.scripted import Scripted, ScriptedServer

    answered: list[str] = []

    def script(body: dict) -> Scripted:
        answered.append(body["messages"][0]["content"])
        return Scripted({"role": "assistant", "content": "ok"})

    queries = [[json.dumps({"messages": [{"role": "user", "content": f"{q}.{r}"}]}).encode() for r in range(3)]
               for q in range(7)]
    with ScriptedServer(script) as server:
        asyncio.run(_replay(server.url, queries, 3))
    assert sorted(answered) == sorted(f"{q}.{r}" for q in range(7) for r in range(3))
    for q in range(7):  # each query's requests in order, one after the other
        assert [a for a in answered if a.startswith(f"{q}.")] == [f"{q}.{r}" for r in range(3)]
