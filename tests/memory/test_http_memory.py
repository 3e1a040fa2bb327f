"""Memory over HTTP (docs/memory-http.md): ``--memory http://HOST:PORT/`` is the ``http`` system at that URL,
a run through the reference server of the page searches it as any memory system, and a service that breaks
the protocol fails the request in one line."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.scripted import ScriptedServer
from vmb.harness.config import RunConfig
from vmb.memory import find
from vmb.memory.plugins import MemorySystem, SystemEnv, history_chunks
from vmb.memory.service import MemoryServiceError, MemoryServiceFailed

from .helpers import ContractServer, Reply, Request, SearchingScript

FAST = {"backoff": 0.01, "retries": 1}


def test_a_url_is_the_http_system_at_it() -> None:
    config = RunConfig(out="x", memory="http://127.0.0.1:8765/", memory_options={"retries": 1})
    assert config.memory == "http" and config.memory_options == {"retries": 1, "url": "http://127.0.0.1:8765/"}


def test_a_run_searches_the_reference_server(served: str, tiny_bench: Any, tiny_benchmark: Path,
                                             tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with ScriptedServer(SearchingScript(tiny_bench)) as model:
        code = main(["run", "--base-url", model.url, "--model", "scripted", "--memory", served, "--groups", "1",
                     "--data", str(tiny_benchmark), "--out", str(tmp_path / "run"), "--no-progress"])
    assert code == 0, capsys.readouterr().err
    config = json.loads((tmp_path / "run" / "config.json").read_text())
    assert config["determining"]["memory"] == "http"
    assert config["determining"]["memory_options"]["url"] == served
    manifest = json.loads((tmp_path / "run" / "memory" / "group_1" / "store" / "http.json").read_text())
    assert manifest["namespace"].startswith("vmb-group_1-") and manifest["service"] == {"name": "wordmatch",
                                                                                           "version": "1"}
    assert manifest["chunks"] == len(history_chunks(tiny_bench.group(1)))
    metric = json.loads((tmp_path / "run" / "metric.json").read_text())
    assert metric["errors"] == 0 and metric["overall"]["mem_token"] > 0


def system(url: str, store: Path) -> MemorySystem:
    cls = find("http")
    assert cls is not None
    return cls.parse({**FAST, "url": url}).at(SystemEnv("group_1", store, None))


@pytest.fixture
def stored(tmp_path: Path) -> Path:
    (tmp_path / "http.json").write_text(json.dumps({"namespace": "vmb-group_1-000000000000"}))
    return tmp_path


@pytest.mark.parametrize(("answer", "said"), [
    ({"results": [{"text": "a"}, {"text": "b"}, {"text": "c"}]}, "a search for top_k 2 answered 3 results"),
    ({"results": [{"score": 1}]}, "result 0 of a search has no text"),
    ({"hits": []}, "not {\"results\": [...]}"),
])
def test_an_answer_that_breaks_the_protocol_fails_the_search(answer: Any, said: str, contract: ContractServer,
                                                             stored: Path) -> None:
    contract.routes[("POST", "/search")] = lambda request: Reply(200, answer)
    with pytest.raises(MemoryServiceFailed, match=said.replace("[", r"\[").replace("{", r"\{")):
        asyncio.run(system(contract.url, stored).search("seat", 2))


def test_an_answer_too_large_is_not_read(contract: ContractServer, stored: Path) -> None:
    contract.routes[("POST", "/search")] = lambda request: Reply(200, {"results": [{"text": "x" * (2 << 20)}]})
    with pytest.raises(MemoryServiceFailed, match="answered more than 1,048,576 bytes"):
        asyncio.run(system(contract.url, stored).search("seat", 2))


def test_a_lost_namespace_stops_in_one_line(contract: ContractServer, stored: Path) -> None:
    contract.routes[("POST", "/search")] = lambda request: Reply(404, {"error": "unknown namespace"})
    with pytest.raises(MemoryServiceError, match="does not hold namespace vmb-group_1-000000000000"):
        asyncio.run(system(contract.url, stored).search("seat", 2))


def test_a_failing_service_is_retried_then_fails_the_request(contract: ContractServer, stored: Path,
                                                            tiny_bench: Any) -> None:
    requests: list[Request] = []
    contract.routes[("GET", "/health")] = lambda request: Reply(200, {"name": "n"})

    def ingest(request: Request) -> Reply:
        requests.append(request)
        return Reply(200, {})

    contract.routes[("POST", "/ingest")] = ingest
    contract.failures = [Reply(200, {}), Reply(503, {"error": "busy"}), Reply(503, {"error": "busy"})]
    with pytest.raises(MemoryServiceFailed, match=r"HTTP 503.*after 2 attempts"):
        asyncio.run(system(contract.url, stored).ingest(history_chunks(tiny_bench.group(1))[:2]))
    contract.failures = [Reply(503, {"error": "busy"})]  # the health check; then every chunk, in order
    asyncio.run(system(contract.url, stored).ingest(history_chunks(tiny_bench.group(1))[:3]))
    assert [r.body["index"] for r in requests] == [0, 1, 2]
    assert all(r.body["lines"] and r.body["namespace"].startswith("vmb-group_1-") for r in requests)


def test_a_url_that_is_no_service_is_one_line(stored: Path) -> None:
    with pytest.raises(MemoryServiceError, match="is not a service URL"):
        asyncio.run(system("http://", stored).search("seat", 2))


def test_a_token_from_the_environment_is_sent_and_a_refusal_names_it(contract: ContractServer, stored: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VMB_MEMORY_TOKEN", "s3cret")

    def search(request: Request) -> Reply:
        if request.headers.get("authorization") != "Bearer s3cret":
            return Reply(401, {"error": "no"})
        return Reply(200, {"results": [{"text": "[2025-03-03 08:12] Maren Holt: seat"}]})

    contract.routes[("POST", "/search")] = search
    assert [i.text for i in asyncio.run(system(contract.url, stored).search("seat", 2))] == [
        "[2025-03-03 08:12] Maren Holt: seat"]
    monkeypatch.setenv("VMB_MEMORY_TOKEN", "wrong")
    with pytest.raises(MemoryServiceError, match="refused the credentials.*check VMB_MEMORY_TOKEN") as refused:
        asyncio.run(system(contract.url, stored).search("seat", 2))
    assert "wrong" not in str(refused.value)
