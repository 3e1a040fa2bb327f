"""Mem0: the open-source ``mem0ai`` ``Memory``, fully local (default), or the hosted Mem0 platform.

``mode=local`` (default): Mem0's own pipeline (one fact-extraction model call per chunk, memories
embedded and stored in an on-disk Qdrant in local mode under the build directory, with Mem0's
SQLite history beside it). Its model is the run's endpoint: Mem0's LLM slot is filled with a
bridge to the build's model, so every extraction call goes through the run's request cache, pool
and retries and is counted in the build cost. Its embedder slot gets the shared embedder
(``embedder=minilm`` by default, or ``openai:MODEL``). ``ingest_log.jsonl`` records, per chunk, the
lines, the model tokens and the memories Mem0 added: Mem0's extraction prompt is long (about
6,000 tokens before the chunk itself), which dominates the cost of building a group.

``mode=hosted``: the Mem0 platform's REST API (``$MEM0_API_KEY``; ``$MEM0_BASE_URL`` for another
host). Each build writes to a fresh user id, named in ``mem0.json``; extraction runs on Mem0's
side (its cost is not in the build cost), and ingestion waits for Mem0's asynchronous processing.

Mem0's telemetry is switched off (``MEM0_TELEMETRY=false``) and its home directory is kept out of
``~`` unless you set ``MEM0_TELEMETRY`` / ``MEM0_DIR`` yourself.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import logging
import os
import tempfile
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from vmb.llm.model import FatalModelError, RequestFailed
from vmb.memory.base import BuildContext
from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, by_day
from vmb.memory.service import (
    JsonService,
    MemoryServiceError,
    MemoryServiceFailed,
    ServiceOptions,
    poll,
    require_env,
    require_package,
    service_policy,
)
from vmb.systems.embed import (
    Embedder,
    EmbedderOptions,
    LocalEmbedder,
    from_description,
    make_embedder,
)

COLLECTION = "vmb"
HOSTED_URL = "https://api.mem0.ai"
_DONE = {"SUCCEEDED", "SUCCESS", "COMPLETED", "DONE"}
_FAILED = {"FAILED", "ERROR"}


def _messages(chunk: Chunk) -> list[dict[str, str]]:
    # Every line as the user's turn: the speakers are passengers and driver, none is the assistant,
    # and each line names its speaker and time.
    return [{"role": "user", "content": line} for line in chunk.lines]


def _metadata(chunk: Chunk) -> dict[str, Any]:
    return {"date": chunk.start.date().isoformat(), "hour": chunk.start.strftime("%H:00"), "chunk": chunk.index}


def _items(answer: Any) -> list[MemoryItem]:
    """Mem0's search answer (``{"results": [...]}``, or a bare list from older servers) as items."""
    results = answer.get("results", []) if isinstance(answer, dict) else answer
    items = []
    for row in results if isinstance(results, list) else []:
        if isinstance(row, dict) and row.get("memory"):
            metadata = {k: row[k] for k in ("id", "created_at", "metadata") if row.get(k) is not None}
            score = row.get("score")
            items.append(MemoryItem(text=str(row["memory"]), score=None if score is None else float(score),
                                    metadata=metadata))
    return items


class _Bridge:
    """Runs coroutines of the build's event loop from Mem0's (synchronous) worker thread.

    Mem0 wraps whatever its LLM raises into its own LLMError; the original failure is kept here so
    the run sees the harness's error (a failed request, a refused key), not Mem0's wrapper.
    """

    def __init__(self, loop: asyncio.AbstractEventLoop | None) -> None:
        self.loop = loop
        self.failure: BaseException | None = None

    def run(self, coroutine: Any) -> Any:
        assert self.loop is not None, "a bridge is given its loop before Mem0 runs"
        try:
            return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result()
        except (RequestFailed, FatalModelError) as error:
            self.failure = error
            raise


def _bridge_llm(bridge: _Bridge, build: BuildContext | None) -> Any:
    from mem0.llms.base import LLMBase

    class BuildModel(LLMBase):
        """Mem0's LLM slot, answered by the run's model (cached, pooled, retried, counted)."""

        def __init__(self) -> None:
            self.config = None

        def generate_response(self, messages: list[dict[str, str]], response_format: Any = None,
                              tools: Any = None, tool_choice: str = "auto", **kwargs: Any) -> str:
            if build is None:
                raise MemoryServiceError("mem0: the model was called while searching (rerank is not supported)")
            reply = bridge.run(build.ask([dict(m) for m in messages], []))
            return str(reply.message.get("content") or "")

    return BuildModel()


def _bridge_embedder(bridge: _Bridge, embedder: Embedder) -> Any:
    from mem0.embeddings.base import EmbeddingBase

    class SharedEmbedder(EmbeddingBase):
        def __init__(self) -> None:
            self.config = None

        def _vectors(self, texts: list[str]) -> list[list[float]]:
            if isinstance(embedder, LocalEmbedder):
                return embedder.embed_sync(texts).tolist()
            return bridge.run(embedder.embed(texts)).tolist()

        def embed(self, text: Any, memory_action: Any = None) -> list[float]:
            return self._vectors([str(text)])[0]

        def embed_batch(self, texts: list[str], memory_action: str = "add") -> list[list[float]]:
            return self._vectors([str(t) for t in texts])

    return SharedEmbedder()


def _open_local(store: Path, dim: int, bridge: _Bridge, embedder: Embedder, build: BuildContext | None) -> Any:
    """Mem0's ``Memory`` on the store's Qdrant directory, with the bridged model and embedder."""
    require_package("mem0", "mem0", "pip install mem0ai (pinned in requirements.txt)")
    # Mem0 reads these at import: no telemetry to a host this machine cannot reach, no ~/.mem0.
    os.environ.setdefault("MEM0_TELEMETRY", "false")
    os.environ.setdefault("MEM0_DIR", str(Path(tempfile.gettempdir()) / "vmb-mem0"))
    # Mem0 warns on every open that spaCy and fastembed are absent (no entity linking, no BM25);
    # mem0.json records that once instead.
    logging.getLogger("mem0").setLevel(logging.ERROR)
    from mem0 import Memory

    # The OpenAI slots below are placeholders Mem0 insists on constructing (no request is made):
    # both are replaced by the bridges right after.
    config = {
        "llm": {"provider": "openai", "config": {"model": "vmb-bridge", "api_key": "unused"}},
        "embedder": {"provider": "openai", "config": {"api_key": "unused", "embedding_dims": dim}},
        "vector_store": {"provider": "qdrant", "config": {
            "collection_name": COLLECTION, "embedding_model_dims": dim, "path": str(store / "qdrant"),
            "on_disk": True}},
        "history_db_path": str(store / "history.db"),
    }
    memory = Memory.from_config(config)
    memory.llm = _bridge_llm(bridge, build)
    memory.embedding_model = _bridge_embedder(bridge, embedder)
    return memory


def _close_local(memory: Any) -> None:
    memory.close()
    # Qdrant's local mode locks its directory until the client is closed.
    memory.vector_store.client.close()


@dataclass(frozen=True)
class Mem0Options(ServiceOptions, EmbedderOptions):
    mode: Literal["local", "hosted"] = "local"  # Mem0's own pipeline here, or the Mem0 platform
    infer: bool = True  # let Mem0 extract facts (else store the chunks as they are)
    wait: float = 600  # seconds to wait for hosted processing


class Mem0(MemorySystem[Mem0Options]):
    name = "mem0"
    version = "1"
    label = "Mem0"
    color = "#56B4E9"

    def __init__(self, options: Mem0Options) -> None:
        super().__init__(options)
        self._memory: Any = None
        self._bridge = _Bridge(None)
        self._lock = threading.Lock()

    async def ingest(self, chunks: list[Chunk]) -> None:
        if self.options.mode == "hosted":
            await self._ingest_hosted(chunks)
        else:
            await self._ingest_local(chunks)

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        manifest = json.loads((self.env.store_dir / "mem0.json").read_text(encoding="utf-8"))
        if manifest["mode"] == "hosted":
            service = self._hosted_service()
            answer = await service.call("POST", "v3/memories/search/", body={
                "query": query, "filters": {"user_id": manifest["user_id"]}, "top_k": top_k})
            return _items(answer)[:top_k]
        return await asyncio.to_thread(self._search_local, manifest, asyncio.get_running_loop(), query, top_k)

    # ---- local ----------------------------------------------------------------------------------

    async def _ingest_local(self, chunks: list[Chunk]) -> None:
        build = self.env.build
        assert build is not None, "ingestion runs inside a build"
        embedder = make_embedder(self.options, build.endpoint.base_url)
        dim = embedder.dim or len((await embedder.embed(["dimension probe"]))[0])
        store = self.env.store_dir
        bridge = _Bridge(asyncio.get_running_loop())
        log: list[dict[str, Any]] = []

        def work() -> None:
            memory = _open_local(store, dim, bridge, embedder, build)
            try:
                for chunk in by_day(chunks, build):
                    before, calls = build.cost.usage, build.cost.model_calls
                    added = memory.add(_messages(chunk), user_id=self.env.namespace, metadata=_metadata(chunk),
                                       infer=self.options.infer)
                    log.append({"chunk": chunk.index, "lines": len(chunk.lines),
                                "model_calls": build.cost.model_calls - calls,
                                "prompt_tokens": build.cost.usage.prompt_tokens - before.prompt_tokens,
                                "completion_tokens": build.cost.usage.completion_tokens - before.completion_tokens,
                                "memories_added": len(added.get("results", []))})
            finally:
                _close_local(memory)

        # One thread of its own per group: a build waits on the model for minutes, and the default
        # executor's few threads are shared with everything else in the run.
        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="mem0-ingest") as pool:
            try:
                await asyncio.get_running_loop().run_in_executor(pool, work)
            except Exception:
                if bridge.failure is not None:
                    raise bridge.failure from None
                raise
        build.cost.embedding_calls += embedder.calls
        with (store / "ingest_log.jsonl").open("w", encoding="utf-8") as handle:
            handle.writelines(json.dumps(row) + "\n" for row in log)
        prompt = sum(row["prompt_tokens"] for row in log)
        completion = sum(row["completion_tokens"] for row in log)
        manifest = {"mode": "local", "user_id": self.env.namespace, "collection": COLLECTION,
                    "bm25": importlib.util.find_spec("fastembed") is not None,
                    "entity_linking": importlib.util.find_spec("spacy") is not None,
                    "embedder": {**embedder.describe(), "dim": dim}, "chunks": len(log),
                    "memories": sum(row["memories_added"] for row in log),
                    "prompt_tokens_per_chunk": round(prompt / max(len(log), 1), 1),
                    "completion_tokens_per_chunk": round(completion / max(len(log), 1), 1)}
        (store / "mem0.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
        build.kept(manifest["memories"])  # Mem0 may extract nothing: the build's health check says so

    def _search_local(self, manifest: dict[str, Any], loop: asyncio.AbstractEventLoop, query: str,
                      top_k: int) -> list[MemoryItem]:
        # Searches of one group share one Memory (Qdrant's local mode allows one client per
        # directory); they take turns, as Qdrant's local mode and the embedder would serialise anyway.
        with self._lock:
            self._bridge.loop = loop  # an endpoint embedder runs on the caller's loop
            if self._memory is None:
                self._memory = _open_local(self.env.store_dir, int(manifest["embedder"]["dim"]), self._bridge,
                                           from_description(manifest["embedder"]), None)
            answer = self._memory.search(query, filters={"user_id": manifest["user_id"]}, top_k=top_k)
        return _items(answer)[:top_k]

    # ---- hosted ---------------------------------------------------------------------------------

    def ready(self) -> None:
        if self.options.mode == "hosted":
            self._hosted_service()  # reads its key from the environment, sends nothing

    def _hosted_service(self) -> JsonService:
        key = require_env("mem0", "MEM0_API_KEY", "the Mem0 platform key, for mode=hosted")
        timeout, policy = service_policy(self.options)
        return JsonService("mem0", os.environ.get("MEM0_BASE_URL") or HOSTED_URL, {"Authorization": f"Token {key}"},
                           timeout=timeout, policy=policy, key_hint="MEM0_API_KEY")

    async def _ingest_hosted(self, chunks: list[Chunk]) -> None:
        service = self._hosted_service()
        # A fresh user per build: re-ingesting into one user would pile up duplicates.
        user_id = f"vmb-{self.env.namespace}-{uuid.uuid4().hex[:12]}"
        events: list[str] = []
        for chunk in by_day(chunks, self.env.build):
            answer = await service.call("POST", "v3/memories/add/", body={
                "user_id": user_id, "messages": _messages(chunk), "metadata": _metadata(chunk), "infer": self.options.infer})
            rows = answer if isinstance(answer, list) else [answer]
            events += [str(row["event_id"]) for row in rows if isinstance(row, dict) and row.get("event_id")]
        for event in events:
            await poll("mem0", f"Mem0 event {event}", lambda event=event: self._event_done(service, event),
                       deadline=self.options.wait)
        manifest = {"mode": "hosted", "user_id": user_id, "base_url": service.base_url, "chunks": len(chunks),
                    "events": len(events), "service_requests": service.requests}
        (self.env.store_dir / "mem0.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")

    @staticmethod
    async def _event_done(service: JsonService, event: str) -> bool:
        answer = await service.call("GET", f"v1/event/{event}/")
        status = str(answer.get("status", "") if isinstance(answer, dict) else "").upper()
        if status in _FAILED:
            raise MemoryServiceFailed(f"mem0: Mem0 could not process event {event}: {json.dumps(answer)[:300]}")
        return status in _DONE
