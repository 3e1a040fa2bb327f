"""MemoryBank for real: MiniLM embeddings, the forgetting curve, summaries from a scripted model,
searches that never change the stored memory, and a run end to end."""

from __future__ import annotations

import asyncio
import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from vmb.doubles.scripted import ScriptedServer
from vmb.errors import OptionError
from vmb.llm.client import ChatClient
from vmb.llm.model import Endpoint
from vmb.llm.retry import RetryPolicy
from vmb.memory import find, get_memory_setting
from vmb.memory.base import BuildContext
from vmb.memory.plugins import SystemEnv, history_chunks

from .helpers import SearchingScript, extraction_reply

pytestmark = pytest.mark.systems

NO_MODEL = {"summaries": False}


def bank(settings: dict[str, Any], store: Path) -> Any:
    system = find("memorybank")
    assert system is not None
    return system.parse(settings).at(SystemEnv("group_1", store, None))


@pytest.fixture(scope="module")
def built(tiny_bench: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Group 1 ingested without a model; returns the build directory (``store`` inside)."""
    directory = tmp_path_factory.mktemp("memorybank")
    (directory / "store").mkdir()
    asyncio.run(bank(NO_MODEL, directory / "store").ingest(history_chunks(tiny_bench.group(1))))
    return directory


def test_a_line_is_found_by_what_it_says(built: Path, tiny_bench: Any) -> None:
    lines = tiny_bench.group(1).lines
    said_of = [line.raw.split(": ", 1)[1] for line in lines]
    # a line whose words no other line says ("Huh, interesting choice." is said on several days)
    line = next(line.raw for line, said in zip(lines[40:], said_of[40:]) if said_of.count(said) == 1)
    said = line.split(": ", 1)[1]
    items = asyncio.run(bank({**NO_MODEL, "forgetting": False}, built / "store").search(said, 3))
    assert items[0].text == line
    assert items[0].metadata["kind"] == "dialogue"
    assert [i.score for i in items] == sorted([i.score for i in items], reverse=True)


def test_forgetting_follows_the_curve_and_the_seed(built: Path, tiny_bench: Any) -> None:
    store = built / "store"
    state = np.load(store / "state.npy")
    meta = json.loads((store / "bank.json").read_text())
    memory = bank(NO_MODEL, store)
    from datetime import datetime

    now = datetime.fromisoformat(meta["now"]).timestamp() / 86400
    kept = memory._retained(state, now)
    # retention exp(-t/S) against each entry's fixed draw, exactly
    expected = state[:, 3] <= np.exp(-(now - state[:, 1]) / state[:, 2])
    assert (kept == expected).all()
    assert 0 < kept.sum() < len(state)  # the last chunks are kept, most of the first ones are gone
    assert kept[-1] and math.isclose(state[-1, 1], now)
    draws = np.random.default_rng(0).random(len(state))
    assert np.allclose(state[:, 3], draws)  # seeded: the same bank every time
    assert bank({**NO_MODEL, "forgetting": False}, store)._retained(state, now).all()


def test_search_strengthens_only_a_copy(built: Path, tiny_bench: Any) -> None:
    store = built / "store"
    before = {p.name: p.read_bytes() for p in store.iterdir()}
    memory = get_memory_setting("memorybank", NO_MODEL).load(tiny_bench.group(1), built)
    tool = memory.for_query(tiny_bench.queries[0]).tools[0]

    async def search(query: str) -> str:
        return (await tool.run({"query": query, "top_k": 4})).text

    first = [asyncio.run(search(q.query)) for q in tiny_bench.group(1).queries[:3]]
    second = [asyncio.run(search(q.query)) for q in reversed(tiny_bench.group(1).queries[:3])]
    assert first == list(reversed(second))  # query order never matters
    assert {p.name: p.read_bytes() for p in store.iterdir()} == before

    # the recalled entries do get stronger, on the search's own copy of the forgetting state
    searcher = bank(NO_MODEL, store)
    items = asyncio.run(searcher.search(tiny_bench.queries[0].query, 2))
    assert len(items) == 2
    assert (searcher.recalled_state[:, 2] > np.load(store / "state.npy")[:, 2]).sum() == 2
    assert {p.name: p.read_bytes() for p in store.iterdir()} == before


def test_summaries_and_portraits_from_the_model(tiny_bench: Any, tmp_path: Path) -> None:
    group = tiny_bench.group(1)
    days = len({c.start.date() for c in history_chunks(group)})
    speakers = sorted({s for c in history_chunks(group) for s in c.speakers})
    with ScriptedServer(extraction_reply) as server:
        async def build() -> BuildContext:
            client = ChatClient(model="scripted", base_url=server.url, api_key=None, params={"temperature": 0},
                                gate=asyncio.Semaphore(4), cache=None, policy=RetryPolicy(retries=0), timeout=30)
            ctx = BuildContext(model=client, directory=tmp_path, text_calls=True,
                               endpoint=Endpoint(base_url=server.url, model="scripted"))
            await get_memory_setting("memorybank", {}).build(group, ctx)
            return ctx

        ctx = asyncio.run(build())
    assert ctx.cost.model_calls == days + 1  # one call per day, one portrait (the notes name one person)
    assert ctx.cost.usage.prompt_tokens > 0 and ctx.cost.embedding_calls >= 1
    entries = [json.loads(x) for x in (tmp_path / "store" / "entries.jsonl").read_text().splitlines()]
    kinds = [e["kind"] for e in entries]
    assert kinds.count("summary") == days and kinds.count("portrait") == 1
    assert entries[-1]["text"].startswith(f"Portrait of {speakers[0]}")
    # consolidated memory is never forgotten: a thousand days later only it is left
    state = np.load(tmp_path / "store" / "state.npy")
    state[:, 1] -= 1000
    np.save(tmp_path / "store" / "state.npy", state)
    items = asyncio.run(bank({}, tmp_path / "store").search("seat heating and temperature", 50))
    assert sorted(i.metadata["kind"] for i in items) == sorted(k for k in kinds if k != "dialogue")
    system_json = json.loads((tmp_path / "system.json").read_text())
    assert system_json["name"] == "memorybank" and system_json["settings"]["summaries"] is True


def test_a_misspelt_option_is_one_clear_error(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match="unknown option.*sumaries.*valid: .*summaries \\(bool"):
        bank({"sumaries": False}, tmp_path)


def test_a_run_end_to_end(tiny_bench: Any, tiny_benchmark: Path, tmp_path: Path) -> None:
    from vmb.harness import run_benchmark

    options = {"summaries": False, "forgetting": False}
    with ScriptedServer(SearchingScript(tiny_bench)) as server:
        common = {"model": "scripted", "base_url": server.url, "memory": "memorybank", "memory_options": options,
                  "groups": [1], "limit": 3, "data": str(tiny_benchmark), "cache_dir": str(tmp_path / "cache"),
                  "progress": False}
        result = run_benchmark(out=str(tmp_path / "run"), **common)
        requests = len(server.received)
        again = run_benchmark(out=str(tmp_path / "again"), **common)
    assert result.metric.errors == 0
    records = [json.loads(x) for x in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    assert len(records) == 3
    for record in records:
        assert record["status"] == "ok"
        assert record["calls"]["memory"][0]["name"] == "search_memory"
        assert record["mem_tokens"] and record["mem_tokens"][0] > 0
        assert record["score"]["should_change"] == record["score"]["correct"]  # the reference calls, made
    assert again.metric.errors == 0 and len(server.received) == requests  # all from cache, memory reused
    build = json.loads((tmp_path / "run" / "memory" / "group_1" / "build.json").read_text())
    assert build["cost"]["embedding_calls"] >= 1 and build["cost"]["model_calls"] == 0
