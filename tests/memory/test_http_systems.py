"""MemOS, Memobase and Supermemory against a local server speaking their documented request and
response shapes: what the adapters send, how they read answers, and every error path."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from pathlib import Path
from typing import Any

import pytest

from vmb.llm.retry import RetryPolicy
from vmb.memory import find
from vmb.memory.plugins import MemorySystem, SystemEnv, history_chunks
from vmb.memory.service import MemoryServiceError, MemoryServiceFailed

from .helpers import ContractServer, Reply, Request

FAST = {"backoff": 0.01, "retries": 2}


def system(name: str, settings: dict[str, Any], store: Path) -> MemorySystem:
    cls = find(name)
    assert cls is not None
    return cls.parse({**FAST, **settings}).at(SystemEnv("group_1", store, None))


def chunks(bench: Any, count: int = 3) -> list[Any]:
    return history_chunks(bench.group(1))[:count]


# ---- MemOS ----------------------------------------------------------------------------------------


@pytest.fixture
def memos_cloud(contract: ContractServer, monkeypatch: pytest.MonkeyPatch) -> ContractServer:
    monkeypatch.setenv("MEMOS_API_KEY", "memos-key")
    monkeypatch.setenv("MEMOS_BASE_URL", contract.url + "/api/openmem/v1")
    statuses = {"t1": ["running", "success"]}

    @contract.route("POST", "/api/openmem/v1/add/message")
    def add(request: Request) -> Reply:
        assert request.headers["authorization"] == "Token memos-key"
        body = request.body
        assert body["user_id"].startswith("vmb-group_1-") and body["conversation_id"].startswith(body["user_id"])
        assert all(m["role"] == "user" and len(m["chat_time"]) == 19 for m in body["messages"])
        # the first add is processed asynchronously, the others at once
        first = len(contract.requests) == 1
        data = {"success": True, "task_id": "t1", "status": "running"} if first else {"success": True}
        return Reply(200, {"code": 0, "data": data, "message": "ok"})

    @contract.route("POST", "/api/openmem/v1/get/status")
    def status(request: Request) -> Reply:
        return Reply(200, {"code": 0, "data": {"status": statuses[request.body["task_id"]].pop(0)}, "message": "ok"})

    @contract.route("POST", "/api/openmem/v1/search/memory")
    def search(request: Request) -> Reply:
        assert request.body["memory_limit_number"] == 2 and request.body["include_preference"] is True
        return Reply(200, {"code": 0, "message": "ok", "data": {
            "memory_detail_list": [
                {"id": "m1", "memory_key": "seat", "memory_value": "Gary sets the seat heating to 3.",
                 "memory_type": "LongTermMemory", "create_time": "2025-03-03", "relativity": 0.71},
                {"id": "m2", "memory_key": "panel", "memory_value": "Justin likes a blue panel.", "relativity": 0.52}],
            "preference_detail_list": [
                {"id": "p1", "preference": "Gary prefers 22 degrees.", "preference_type": "explicit_preference",
                 "relativity": 0.8}]}})

    return contract


def test_memos_cloud_contract(memos_cloud: ContractServer, tiny_bench: Any, tmp_path: Path) -> None:
    asyncio.run(system("memos", {}, tmp_path).ingest(chunks(tiny_bench)))
    paths = [r.path.rsplit("/", 2)[-2:] for r in memos_cloud.requests]
    assert paths == [["add", "message"]] * 3 + [["get", "status"]] * 2
    manifest = json.loads((tmp_path / "memos.json").read_text())
    assert manifest["api"] == "cloud" and manifest["async_tasks"] == 1
    items = asyncio.run(system("memos", {}, tmp_path).search("seat heating", 2))
    assert [i.text for i in items] == ["Gary prefers 22 degrees.", "Gary sets the seat heating to 3."]
    assert items[0].metadata["kind"] == "preference" and items[1].score == 0.71


def test_memos_server_contract(contract: ContractServer, monkeypatch: pytest.MonkeyPatch, tiny_bench: Any,
                               tmp_path: Path) -> None:
    monkeypatch.delenv("MEMOS_API_KEY", raising=False)
    monkeypatch.setenv("MEMOS_BASE_URL", contract.url)

    @contract.route("POST", "/product/add")
    def add(request: Request) -> Reply:
        assert "authorization" not in request.headers
        assert request.body["async_mode"] == "sync" and request.body["mem_cube_id"] == request.body["user_id"]
        return Reply(200, {"code": 200, "message": "Memory added successfully", "data": []})

    @contract.route("POST", "/product/search")
    def search(request: Request) -> Reply:
        assert request.body["mode"] == "fast" and request.body["top_k"] == 3
        memories = [{"id": "a", "memory": "Patricia drives to the hospital.", "metadata": {"relativity": 0.4}}]
        return Reply(200, {"code": 200, "message": "Search completed successfully", "data": {
            "text_mem": [{"cube_id": request.body["mem_cube_id"], "memories": memories}], "act_mem": [],
            "para_mem": [], "pref_mem": []}})

    asyncio.run(system("memos", {"api": "server"}, tmp_path).ingest(chunks(tiny_bench, 2)))
    items = asyncio.run(system("memos", {"api": "server"}, tmp_path).search("hospital", 3))
    assert [i.text for i in items] == ["Patricia drives to the hospital."]


def test_memos_errors(memos_cloud: ContractServer, monkeypatch: pytest.MonkeyPatch, tiny_bench: Any,
                      tmp_path: Path) -> None:
    memos_cloud.failures = [Reply(200, {"code": 50001, "message": "quota exceeded", "data": None})]
    with pytest.raises(MemoryServiceFailed, match="code 50001: quota exceeded"):
        asyncio.run(system("memos", {}, tmp_path).ingest(chunks(tiny_bench, 1)))
    memos_cloud.failures = [Reply(403, {"detail": "forbidden"})]
    with pytest.raises(MemoryServiceError, match="HTTP 403.*check MEMOS_API_KEY"):
        asyncio.run(system("memos", {}, tmp_path).ingest(chunks(tiny_bench, 1)))
    monkeypatch.delenv("MEMOS_API_KEY")
    with pytest.raises(MemoryServiceError, match="^memos: set MEMOS_API_KEY"):
        asyncio.run(system("memos", {}, tmp_path).ingest(chunks(tiny_bench, 1)))


# ---- Memobase -------------------------------------------------------------------------------------


@pytest.fixture
def memobase(contract: ContractServer, monkeypatch: pytest.MonkeyPatch) -> ContractServer:
    monkeypatch.setenv("MEMOBASE_PROJECT_URL", contract.url)
    monkeypatch.setenv("MEMOBASE_API_KEY", "secret")
    blobs: list[dict[str, Any]] = []

    @contract.route("POST", "/api/v1/users")
    def create(request: Request) -> Reply:
        assert request.headers["authorization"] == "Bearer secret"
        assert request.body == {"data": {"vmb_namespace": "group_1"}}
        return Reply(200, {"data": {"id": "u-123"}, "errno": 0, "errmsg": ""})

    @contract.route("POST", "/api/v1/blobs/insert/u-123")
    def insert(request: Request) -> Reply:
        assert request.body["blob_type"] == "chat"
        blobs.append(request.body["blob_data"])
        return Reply(200, {"data": {"id": f"b{len(blobs)}"}, "errno": 0, "errmsg": ""})

    @contract.route("POST", "/api/v1/users/buffer/u-123/chat")
    def flush(request: Request) -> Reply:
        assert request.query == {"wait_process": ["true"]} and len(blobs) == 3
        return Reply(200, {"data": None, "errno": 0, "errmsg": ""})

    @contract.route("GET", "/api/v1/users/context/u-123")
    def context(request: Request) -> Reply:
        chats = json.loads(request.query["chats_str"][0])
        assert chats == [{"role": "user", "content": "seat heating"}] and request.query["max_token_size"] == ["500"]
        return Reply(200, {"data": {"context": "# Memory\n## User profile\n- car::seat_heating: level 3"},
                           "errno": 0, "errmsg": ""})

    @contract.route("GET", "/api/v1/users/event/search/u-123")
    def events(request: Request) -> Reply:
        assert request.query["query"] == ["panel"] and request.query["topk"] == ["2"]
        return Reply(200, {"errno": 0, "errmsg": "", "data": {"events": [
            {"id": "e1", "event_data": {"event_tip": "Justin set the panel to blue."}, "similarity": 0.6,
             "created_at": "2025-04-15T09:00:00"},
            {"id": "e2", "event_data": {"profile_delta": [{"content": "likes green",
                                                           "attributes": {"topic": "car", "sub_topic": "panel"}}]}}]}})

    contract.blobs = blobs  # type: ignore[attr-defined]
    return contract


def test_memobase_contract(memobase: ContractServer, tiny_bench: Any, tmp_path: Path) -> None:
    asyncio.run(system("memobase", {}, tmp_path).ingest(chunks(tiny_bench)))
    first = memobase.blobs[0]["messages"][0]  # type: ignore[attr-defined]
    line = chunks(tiny_bench)[0].lines[0]
    assert first["alias"] == line.split("] ", 1)[1].split(":", 1)[0]
    assert first["content"] == line.split(": ", 1)[1] and first["created_at"] == f"{line[1:11]}T{line[12:17]}:00"
    items = asyncio.run(system("memobase", {"max_token_size": 500}, tmp_path).search("seat heating", 5))
    assert len(items) == 1 and "seat_heating" in items[0].text and items[0].metadata == {"kind": "context"}
    items = asyncio.run(system("memobase", {"search_mode": "events"}, tmp_path).search("panel", 2))
    assert [i.text for i in items] == ["Justin set the panel to blue.", "likes green"]


def test_memobase_errors(memobase: ContractServer, tiny_bench: Any, tmp_path: Path,
                         monkeypatch: pytest.MonkeyPatch) -> None:
    memobase.failures = [Reply(200, {"data": None, "errno": 500, "errmsg": "database down"})]
    with pytest.raises(MemoryServiceFailed, match="errno 500: database down"):
        asyncio.run(system("memobase", {}, tmp_path).ingest(chunks(tiny_bench)))
    memobase.failures = [Reply(401, {"errno": 401, "errmsg": "bad token"})]
    with pytest.raises(MemoryServiceError, match="check MEMOBASE_API_KEY"):
        asyncio.run(system("memobase", {}, tmp_path).ingest(chunks(tiny_bench)))
    monkeypatch.delenv("MEMOBASE_PROJECT_URL")
    with pytest.raises(MemoryServiceError, match="^memobase: set MEMOBASE_PROJECT_URL"):
        asyncio.run(system("memobase", {}, tmp_path).ingest(chunks(tiny_bench)))


# ---- Supermemory ----------------------------------------------------------------------------------


@pytest.fixture
def supermemory(contract: ContractServer, monkeypatch: pytest.MonkeyPatch) -> ContractServer:
    monkeypatch.setenv("SUPERMEMORY_API_KEY", "sm-key")
    monkeypatch.setenv("SUPERMEMORY_BASE_URL", contract.url)
    documents: dict[str, dict[str, Any]] = {}

    @contract.route("POST", "/v3/documents")
    def add(request: Request) -> Reply:
        assert request.headers["authorization"] == "Bearer sm-key"
        body = request.body
        (tag,) = body["containerTags"]
        assert tag.startswith("vmb_group_1_") and body["customId"].startswith(tag)
        assert set(body["metadata"]) == {"date", "hour", "chunk"}
        name = f"doc{len(documents)}"
        documents[name] = {**body, "polls": 0}
        return Reply(200, {"id": name, "status": "queued"})

    @contract.route("GET", "/v3/documents/*")
    def status(request: Request) -> Reply:
        document = documents[request.path.rsplit("/", 1)[1]]
        document["polls"] += 1
        return Reply(200, {"id": "x", "status": "done" if document["polls"] > 1 else "embedding"})

    @contract.route("POST", "/v4/search")
    def memories(request: Request) -> Reply:
        assert request.body["containerTag"].startswith("vmb_group_1_") and request.body["limit"] == 2
        return Reply(200, {"results": [
            {"id": "mem1", "memory": "Gary likes the green panel.", "similarity": 0.83, "metadata": {},
             "updatedAt": "2025-03-10T08:00:00Z"}], "total": 1, "timing": 12})

    @contract.route("POST", "/v3/search")
    def chunks_search(request: Request) -> Reply:
        assert request.body["containerTags"][0].startswith("vmb_group_1_")
        return Reply(200, {"results": [{"documentId": "doc0", "score": 0.7, "metadata": {"chunk": 0},
                                        "chunks": [{"content": "a", "score": 0.7, "isRelevant": True},
                                                   {"content": "b", "score": 0.6, "isRelevant": True}]}],
                           "total": 1, "timing": 20})

    return contract


def test_supermemory_contract(supermemory: ContractServer, tiny_bench: Any, tmp_path: Path) -> None:
    asyncio.run(system("supermemory", {}, tmp_path).ingest(chunks(tiny_bench)))
    polls = [r for r in supermemory.requests if r.method == "GET"]
    assert len(polls) == 6  # each document polled until done
    items = asyncio.run(system("supermemory", {}, tmp_path).search("panel", 2))
    assert [(i.text, i.score) for i in items] == [("Gary likes the green panel.", 0.83)]
    items = asyncio.run(system("supermemory", {"search_mode": "documents"}, tmp_path).search("panel", 2))
    assert [i.text for i in items] == ["a\nb"] and items[0].metadata["chunk"] == 0


def test_supermemory_retries_429_honouring_retry_after(supermemory: ContractServer, tiny_bench: Any,
                                                      tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    waits: list[float] = []  # what the client waits before each retry, as it asks for it: no clock read here
    delay = RetryPolicy.delay

    def recorded(policy: RetryPolicy, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        waits.append(delay(policy, attempt, retry_after, rng))
        return waits[-1]

    monkeypatch.setattr(RetryPolicy, "delay", recorded)
    supermemory.failures = [Reply(429, {"error": "rate limited"}, {"Retry-After": "0.3"}), Reply(503, {})]
    asyncio.run(system("supermemory", {}, tmp_path).ingest(chunks(tiny_bench, 1)))
    assert len(waits) == 2 and waits[0] == 0.3  # the 429's Retry-After, then the 503's backoff
    assert [r.method for r in supermemory.requests[:3]] == ["POST", "POST", "POST"]


def test_timeouts_and_an_unreachable_server(supermemory: ContractServer, tiny_bench: Any, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    supermemory.failures = [Reply(200, {}, delay=1.0)] * 3
    with pytest.raises(MemoryServiceFailed, match=r"timed out after 0.2 s \(after 3 attempts\)"):
        asyncio.run(system("supermemory", {"timeout": 0.2}, tmp_path).ingest(chunks(tiny_bench, 1)))
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("SUPERMEMORY_BASE_URL", f"http://127.0.0.1:{port}")
    with pytest.raises(MemoryServiceError, match="cannot reach .*is the server running"):
        asyncio.run(system("supermemory", {}, tmp_path).ingest(chunks(tiny_bench, 1)))


def test_vmb_run_says_what_is_missing_in_one_line(tiny_benchmark: Path, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from vmb.cli import main

    for name in ("SUPERMEMORY_API_KEY", "MEMOBASE_PROJECT_URL", "MEMOS_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    for memory, variable in (("supermemory", "SUPERMEMORY_API_KEY"), ("memobase", "MEMOBASE_PROJECT_URL"),
                             ("memos", "MEMOS_API_KEY")):
        code = main(["run", "--agent", "noop", "--memory", memory, "--groups", "1", "--data", str(tiny_benchmark),
                     "--out", str(tmp_path / memory), "--no-progress"])
        err = capsys.readouterr().err.strip()
        assert code == 2 and err.count("\n") == 0 and "Traceback" not in err
        assert err.startswith(f"vmb run: stopped: {memory}: set {variable}")
