"""Memory over HTTP: a memory service in any language, behind three JSON routes (docs/memory-http.md).

``--memory http://HOST:PORT/`` is ``--memory http --memory-option url=http://HOST:PORT/``. The protocol:

* ``GET health``: any 2xx answer says the service is up; an object's ``name`` and ``version`` are recorded.
* ``POST ingest`` ``{"namespace", "index", "start", "lines"}``: one chunk of a group's history (its lines as
  the release writes them, ``[YYYY-MM-DD HH:MM] Speaker: text``), sent in order, one at a time; the
  service answers once the chunk is stored, so a search after the last answer finds it.
* ``POST search`` ``{"namespace", "query", "top_k"}`` -> ``{"results": [{"text", "score"?, "metadata"?}]}``:
  at most ``top_k`` results, best first; a namespace the service does not hold is a 404.

A service that wants a key gets ``$VMB_MEMORY_TOKEN`` as a bearer token (from the environment only).
Each build ingests into a fresh namespace (``vmb-group_N-<12 hex>``, recorded in ``store/http.json``), so
groups and rebuilds never share content. The chunks, their order and what Mem Token counts (the text of the
results) are those of every memory system (``vmb.memory.plugins``); errors, timeouts and retries those of
the hosted systems (``vmb.memory.service``). What the service answers is data: each answer is read within
``ANSWER_BYTES`` and ``vmb.boundedjson``'s depth, and an answer that breaks the protocol (more results than
asked, a result without text) fails the request in one line rather than being read generously.
"""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, by_day
from vmb.memory.service import (
    JsonService,
    MemoryServiceError,
    MemoryServiceFailed,
    ServiceOptions,
    service_policy,
    short,
)

MANIFEST = "http.json"
NAME = "http"
SCHEMES = ("http://", "https://")
TOKEN = "VMB_MEMORY_TOKEN"  # sent as a bearer token when set: a service behind a key (never written anywhere)
ANSWER_BYTES = 1 << 20  # a search answer of top_k results is a few kilobytes; a megabyte is a service gone wrong


def is_url(memory: str) -> bool:
    """Whether ``--memory`` names a service's URL rather than a setting."""
    return isinstance(memory, str) and memory.startswith(SCHEMES)  # a setting given from Python may be anything


@dataclass(frozen=True)
class HttpOptions(ServiceOptions):
    url: str = ""  # the service's base URL: --memory http://HOST:PORT/ sets it


class HttpMemory(MemorySystem[HttpOptions]):
    name = NAME
    version = "1"
    label = "HTTP memory"
    color = "#882255"

    def _service(self) -> JsonService:
        url = self.options.url
        parsed = urlparse(url)
        if not is_url(url) or not parsed.hostname:
            raise MemoryServiceError(f"http: {url!r} is not a service URL; give --memory http://HOST:PORT/")
        timeout, policy = service_policy(self.options)
        token = os.environ.get(TOKEN, "").strip()
        return JsonService(NAME, url, {"Authorization": f"Bearer {token}"} if token else {}, timeout=timeout,
                           policy=policy, key_hint=TOKEN, max_bytes=ANSWER_BYTES)

    async def ingest(self, chunks: list[Chunk]) -> None:
        service = self._service()
        health = await service.call("GET", "health")
        namespace = f"vmb-{self.env.namespace}-{uuid.uuid4().hex[:12]}"
        for chunk in by_day(chunks, self.env.build):
            await service.call("POST", "ingest", body={
                "namespace": namespace, "index": chunk.index, "start": chunk.start.isoformat(timespec="minutes"),
                "lines": chunk.lines})
        said = health if isinstance(health, dict) else {}
        manifest = {"namespace": namespace, "url": service.base_url, "chunks": len(chunks),
                    "service": {key: short(str(said[key]), 100) for key in ("name", "version") if key in said},
                    "service_requests": service.requests}
        (self.env.store_dir / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        namespace = json.loads((self.env.store_dir / MANIFEST).read_text(encoding="utf-8"))["namespace"]
        service = self._service()
        answer = await service.call("POST", "search", body={"namespace": namespace, "query": query, "top_k": top_k},
                                    missing_ok=True)
        if answer is None:
            raise MemoryServiceError(f"http: {service.base_url} does not hold namespace {namespace} (was the service "
                                     "restarted since the build?); build again: a new run directory with --no-cache")
        return _items(answer, top_k)


def _items(answer: Any, top_k: int) -> list[MemoryItem]:
    """The results of a search answer, or one line saying how it breaks the protocol."""
    results = answer.get("results") if isinstance(answer, dict) else None
    if not isinstance(results, list):
        raise MemoryServiceFailed(f"http: a search answered {short(json.dumps(answer), 120)}, not {{\"results\": [...]}}")
    if len(results) > top_k:
        raise MemoryServiceFailed(f"http: a search for top_k {top_k} answered {len(results)} results")
    items = []
    for n, row in enumerate(results):
        if not isinstance(row, dict) or not isinstance(row.get("text"), str):
            raise MemoryServiceFailed(f"http: result {n} of a search has no text: {short(json.dumps(row), 120)}")
        score = row.get("score")
        metadata = row.get("metadata")
        items.append(MemoryItem(row["text"], float(score) if isinstance(score, (int, float)) and not isinstance(score, bool) else None,
                                metadata if isinstance(metadata, dict) else {}))
    return items
