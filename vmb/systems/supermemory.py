"""Supermemory through its HTTP API (hosted, or a self-hosted deployment at ``$SUPERMEMORY_BASE_URL``).

``$SUPERMEMORY_API_KEY`` is sent as a bearer token; ``$SUPERMEMORY_BASE_URL`` defaults to
``https://api.supermemory.ai``. Each build gets a fresh container tag (recorded in
``supermemory.json``), so groups and rebuilds never see each other's content.

Ingestion adds each chunk as one document (``POST /v3/documents``: its text, the container tag, a
custom id and the chunk's date and hour as metadata), then waits until Supermemory has processed
every document (``GET /v3/documents/{id}`` until ``status`` is ``done``).

Search (``search_mode``): ``memories`` (default): ``POST /v4/search``, the memories Supermemory
extracted, with their similarity; ``documents``: ``POST /v3/search``, the matching chunks of the
ingested documents. Extraction runs inside Supermemory (not in the build cost).
"""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import dataclass
from typing import Literal

from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, by_day
from vmb.memory.service import (
    JsonService,
    MemoryServiceFailed,
    ServiceOptions,
    poll,
    require_env,
    service_policy,
)

HOSTED_URL = "https://api.supermemory.ai"


@dataclass(frozen=True)
class SupermemoryOptions(ServiceOptions):
    search_mode: Literal["memories", "documents"] = "memories"  # extracted memories, or matching chunks
    wait: float = 600  # seconds to wait for processing


class Supermemory(MemorySystem[SupermemoryOptions]):
    name = "supermemory"
    version = "1"
    label = "Supermemory"
    color = "#117733"

    def ready(self) -> None:
        self._service()  # reads its key and URL from the environment, sends nothing

    def _service(self) -> JsonService:
        key = require_env("supermemory", "SUPERMEMORY_API_KEY", "the Supermemory API key")
        timeout, policy = service_policy(self.options)
        return JsonService("supermemory", os.environ.get("SUPERMEMORY_BASE_URL") or HOSTED_URL,
                           {"Authorization": f"Bearer {key}"}, timeout=timeout, policy=policy,
                           key_hint="SUPERMEMORY_API_KEY")

    async def ingest(self, chunks: list[Chunk]) -> None:
        service = self._service()
        tag = f"vmb_{self.env.namespace}_{uuid.uuid4().hex[:12]}"
        documents: list[str] = []
        for chunk in by_day(chunks, self.env.build):
            answer = await service.call("POST", "v3/documents", body={
                "content": chunk.text, "containerTags": [tag], "customId": f"{tag}_{chunk.index}",
                "metadata": {"date": chunk.start.date().isoformat(), "hour": chunk.start.strftime("%H:00"),
                             "chunk": chunk.index}})
            if not isinstance(answer, dict) or not answer.get("id"):
                raise MemoryServiceFailed(f"supermemory: adding chunk {chunk.index} gave no document id")
            documents.append(str(answer["id"]))
        for document in documents:
            await poll("supermemory", f"document {document}",
                       lambda document=document: self._processed(service, document),
                       deadline=self.options.wait)
        manifest = {"container_tag": tag, "base_url": service.base_url, "documents": len(documents),
                    "service_requests": service.requests}
        (self.env.store_dir / "supermemory.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")

    @staticmethod
    async def _processed(service: JsonService, document: str) -> bool:
        answer = await service.call("GET", f"v3/documents/{document}")
        status = str(answer.get("status", "") if isinstance(answer, dict) else "").lower()
        if status == "failed":
            raise MemoryServiceFailed(f"supermemory: Supermemory could not process document {document}")
        return status == "done"

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        manifest = json.loads((self.env.store_dir / "supermemory.json").read_text(encoding="utf-8"))
        service = self._service()
        tag = manifest["container_tag"]
        items = []
        if self.options.search_mode == "memories":
            answer = await service.call("POST", "v4/search", body={"q": query, "containerTag": tag, "limit": top_k})
            for row in (answer.get("results") if isinstance(answer, dict) else None) or []:
                if row.get("memory"):
                    score = row.get("similarity")
                    items.append(MemoryItem(str(row["memory"]), None if score is None else float(score),
                                            {"kind": "memory", "time": row.get("updatedAt")}))
        else:
            answer = await service.call("POST", "v3/search", body={"q": query, "containerTags": [tag], "limit": top_k})
            for row in (answer.get("results") if isinstance(answer, dict) else None) or []:
                text = "\n".join(str(c["content"]) for c in row.get("chunks") or [] if c.get("content"))
                if text:
                    score = row.get("score")
                    items.append(MemoryItem(text, None if score is None else float(score),
                                            {"kind": "document", "chunk": (row.get("metadata") or {}).get("chunk")}))
        return items[:top_k]
