"""Mem0 for real (the open-source Memory, local Qdrant, MiniLM, the scripted model as its LLM), and the
hosted platform's REST contract against a local server."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.scripted import Scripted, ScriptedServer
from vmb.harness import run_benchmark
from vmb.llm.model import FatalModelError
from vmb.memory import find
from vmb.memory.plugins import SystemEnv, history_chunks
from vmb.memory.service import MemoryServiceError, MemoryServiceFailed

from .helpers import ContractServer, Reply, Request, SearchingScript

pytestmark = pytest.mark.systems


def run(server_url: str, data: Path, tmp_path: Path, name: str, **settings: Any) -> Any:
    common: dict[str, Any] = {"model": "scripted", "base_url": server_url, "memory": "mem0", "groups": [1],
                              "data": str(data), "cache_dir": str(tmp_path / "cache"), "progress": False,
                              "backoff": 0.01, "retries": 0}
    return run_benchmark(out=str(tmp_path / name), **{**common, **settings})


def test_a_run_end_to_end(tiny_bench: Any, tiny_benchmark: Path, tmp_path: Path) -> None:
    chunks = history_chunks(tiny_bench.group(1))
    with ScriptedServer(SearchingScript(tiny_bench)) as server:
        result = run(server.url, tiny_benchmark, tmp_path, "run", limit=3)
        builds = [r for r in server.received if not r.body.get("tools")]
        requests = len(server.received)
        again = run(server.url, tiny_benchmark, tmp_path, "again", limit=3)
    assert result.metric.errors == 0 and again.metric.errors == 0
    assert len(builds) == len(chunks)  # one extraction call per (day, hour) chunk
    assert "Memory Extractor" in builds[0].body["messages"][0]["content"]
    assert len(server.received) == requests  # the second run: memory reused, every request cached

    built = tmp_path / "run" / "memory" / "group_1"
    build = json.loads((built / "build.json").read_text())
    assert build["cost"]["model_calls"] == len(chunks) and build["cost"]["prompt_tokens"] > 0
    assert build["cost"]["embedding_calls"] >= len(chunks)
    assert build["health"]["empty"] is False and build["health"]["warnings"] == []  # the health check passed
    manifest = json.loads((built / "store" / "mem0.json").read_text())
    # Mem0 stores each new fact once: a chunk whose last two lines are the same line adds one memory.
    assert manifest["mode"] == "local" and manifest["memories"] == sum(len(set(c.lines[-2:])) for c in chunks)
    log = [json.loads(x) for x in (built / "store" / "ingest_log.jsonl").read_text().splitlines()]
    assert [row["chunk"] for row in log] == [c.index for c in chunks]
    assert all(row["model_calls"] == 1 and row["prompt_tokens"] > 0 for row in log)

    records = [json.loads(x) for x in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    for record in records:
        assert record["status"] == "ok" and record["calls"]["memory"][0]["name"] == "search_memory"
        assert record["mem_tokens"][0] > 0
        found = next(m["content"] for m in record["messages"] if m["role"] == "tool")
        assert found.startswith("1. ")


def test_a_mem0_build_that_kept_nothing_is_flagged(tiny_bench: Any, tiny_benchmark: Path, tmp_path: Path) -> None:
    """Issue 43 item 4: a model that extracts no fact leaves Mem0's store empty; the build's health check says so."""
    searching = SearchingScript(tiny_bench)

    def extracting_nothing(body: dict[str, Any]) -> Scripted:
        if body.get("tools"):
            return searching(body)
        return Scripted({"role": "assistant", "content": json.dumps({"memory": []})})

    with ScriptedServer(extracting_nothing) as server:
        result = run(server.url, tiny_benchmark, tmp_path, "run", limit=1)
    assert result.metric.errors == 0
    build = result.metric.memory_build
    assert build is not None and build["empty_stores"] == [1]
    assert [(w["group"], w["kind"]) for w in build["warnings"]] == [(1, "empty")]


def test_search_finds_what_mem0_stored(tiny_bench: Any, tiny_benchmark: Path, tmp_path: Path) -> None:
    with ScriptedServer(SearchingScript(tiny_bench)) as server:
        run(server.url, tiny_benchmark, tmp_path, "run", limit=1)
    store = tmp_path / "run" / "memory" / "group_1" / "store"
    last = history_chunks(tiny_bench.group(1))[-1].lines[-1]  # a fact the script extracted
    system = find("mem0")
    assert system is not None
    memory = system.parse({}).at(SystemEnv("group_1", store, None))
    items = asyncio.run(memory.search(last, 3))
    assert items[0].text == last and items[0].score is not None
    assert len(asyncio.run(memory.search("anything at all", 2))) == 2  # the same instance, searched again


def test_a_model_that_fails_marks_the_group_failed(tiny_bench: Any, tiny_benchmark: Path, tmp_path: Path) -> None:
    with ScriptedServer(lambda body: Scripted(status=500)) as server:
        result = run(server.url, tiny_benchmark, tmp_path, "run", limit=2)
    assert result.metric.errors == 2
    records = [json.loads(x) for x in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    assert all(r["error"].startswith("memory build failed: HTTP 500") for r in records)


def test_a_refused_key_stops_the_run(tiny_bench: Any, tiny_benchmark: Path, tmp_path: Path) -> None:
    with ScriptedServer(lambda body: Scripted(status=401)) as server:
        with pytest.raises(FatalModelError, match="HTTP 401"):
            run(server.url, tiny_benchmark, tmp_path, "run", limit=1)


# ---- the hosted platform ------------------------------------------------------------------------------


@pytest.fixture
def hosted(contract: ContractServer, monkeypatch: pytest.MonkeyPatch) -> ContractServer:
    monkeypatch.setenv("MEM0_API_KEY", "m0-test-key")
    monkeypatch.setenv("MEM0_BASE_URL", contract.url)
    stored: list[dict[str, Any]] = []
    polls: dict[str, int] = {}

    @contract.route("POST", "/v3/memories/add/")
    def add(request: Request) -> Reply:
        assert request.headers["authorization"] == "Token m0-test-key"
        assert request.body["user_id"].startswith("vmb-group_1-") and request.body["infer"] is True
        assert {m["role"] for m in request.body["messages"]} == {"user"}
        stored.extend({"memory": m["content"], "user": request.body["user_id"]} for m in request.body["messages"])
        name = f"ev{len(polls)}"
        polls[name] = 0
        return Reply(200, {"message": "queued", "status": "PENDING", "event_id": name})

    @contract.route("GET", "/v1/event/*")
    def event(request: Request) -> Reply:
        name = request.path.split("/")[3]
        polls[name] += 1
        return Reply(200, {"id": name, "status": "SUCCEEDED" if polls[name] > 1 else "RUNNING"})

    @contract.route("POST", "/v3/memories/search/")
    def search(request: Request) -> Reply:
        user = request.body["filters"]["user_id"]
        rows = [{"id": str(k), "memory": s["memory"], "score": 0.9 - k / 100} for k, s in enumerate(stored)
                if s["user"] == user and request.body["query"] in s["memory"]]
        return Reply(200, {"results": rows[: request.body["top_k"]]})

    return contract


def test_hosted_mem0_contract(hosted: ContractServer, tiny_bench: Any, tmp_path: Path) -> None:
    system = find("mem0")
    assert system is not None
    chunks = history_chunks(tiny_bench.group(1))[:3]
    memory = system.parse({"mode": "hosted"}).at(SystemEnv("group_1", tmp_path, None))
    asyncio.run(memory.ingest(chunks))
    manifest = json.loads((tmp_path / "mem0.json").read_text())
    assert manifest["mode"] == "hosted" and manifest["events"] == 3 and manifest["chunks"] == 3
    assert "m0-test-key" not in (tmp_path / "mem0.json").read_text()
    word = chunks[0].lines[0].split(": ", 1)[1][:20]
    items = asyncio.run(system.parse({"mode": "hosted"}).at(SystemEnv("group_1", tmp_path, None)).search(word, 2))
    assert items and word in items[0].text and items[0].score == 0.9


def test_hosted_mem0_errors(hosted: ContractServer, tiny_bench: Any, tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch) -> None:
    system = find("mem0")
    assert system is not None
    chunks = history_chunks(tiny_bench.group(1))[:1]
    fast = {"mode": "hosted", "backoff": 0.01, "retries": 1}
    hosted.failures = [Reply(401, {"detail": "Invalid API key"})]
    with pytest.raises(MemoryServiceError, match=r"refused the credentials \(HTTP 401.*check MEM0_API_KEY"):
        asyncio.run(system.parse(fast).at(SystemEnv("group_1", tmp_path, None)).ingest(chunks))
    hosted.failures = [Reply(429, {"detail": "slow down"}), Reply(429, {"detail": "slow down"})]
    with pytest.raises(MemoryServiceFailed, match="HTTP 429.*after 2 attempts"):
        asyncio.run(system.parse(fast).at(SystemEnv("group_1", tmp_path, None)).ingest(chunks))
    monkeypatch.delenv("MEM0_API_KEY")
    with pytest.raises(MemoryServiceError, match="^mem0: set MEM0_API_KEY"):
        asyncio.run(system.parse(fast).at(SystemEnv("group_1", tmp_path, None)).ingest(chunks))
