"""MemOS through its HTTP APIs: the MemOS Cloud API (default) or a self-hosted MemOS server.

MemOS's own Python package pins old openai/transformers releases, so it is not installed: the
adapter speaks the documented JSON APIs.

* ``api=cloud``: ``$MEMOS_API_KEY`` (``Authorization: Token ...``); ``$MEMOS_BASE_URL`` defaults to
  ``https://memos.memtensor.cn/api/openmem/v1``. Each chunk is one ``POST /add/message`` (its lines
  as messages with their ``chat_time``); asynchronous adds are waited for with ``POST /get/status``.
  Search is ``POST /search/memory``: fact memories and preference memories, merged by relevance.
* ``api=server``: a MemOS server you run (``$MEMOS_BASE_URL``, e.g. ``http://localhost:8000``;
  ``$MEMOS_API_KEY`` only if it checks one). ``POST /product/add`` (``async_mode: sync``) and
  ``POST /product/search`` (``search_mode``: fast by default).

Each build writes to a fresh user id (and cube), recorded in ``memos.json``. Memory extraction runs
inside MemOS with MemOS's own model, so its cost is not in the build cost.
"""

from __future__ import annotations

import json
import os
import uuid
from dataclasses import dataclass
from typing import Any, Literal

from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, by_day
from vmb.memory.service import (
    JsonService,
    MemoryServiceError,
    MemoryServiceFailed,
    ServiceOptions,
    poll,
    require_env,
    service_policy,
)

CLOUD_URL = "https://memos.memtensor.cn/api/openmem/v1"
_OK_CODES = (0, 200)
_RUNNING = {"running", "pending", "waiting", "queued", "processing", "in_progress"}


def _messages(chunk: Chunk) -> list[dict[str, str]]:
    return [{"role": "user", "content": line, "chat_time": f"{line[1:17]}:00"} for line in chunk.lines]


@dataclass(frozen=True)
class MemOSOptions(ServiceOptions):
    api: Literal["cloud", "server"] = "cloud"  # MemOS Cloud, or a MemOS server you run
    search_mode: str = "fast"  # a MemOS server's search mode
    wait: float = 600  # seconds to wait for processing


class MemOS(MemorySystem[MemOSOptions]):
    name = "memos"
    version = "1"
    label = "MemOS"
    color = "#332288"

    def ready(self) -> None:
        self._service()  # reads its key and URL from the environment, sends nothing

    def _service(self) -> JsonService:
        timeout, policy = service_policy(self.options)
        if self.options.api == "cloud":
            key = require_env("memos", "MEMOS_API_KEY", "the MemOS Cloud API key")
            base = os.environ.get("MEMOS_BASE_URL") or CLOUD_URL
        else:
            base = require_env("memos", "MEMOS_BASE_URL", "the URL of your MemOS server, e.g. http://localhost:8000")
            key = os.environ.get("MEMOS_API_KEY", "")
        headers = {"Authorization": f"Token {key}"} if key else {}
        return JsonService("memos", base, headers, timeout=timeout, policy=policy, key_hint="MEMOS_API_KEY")

    async def _post(self, service: JsonService, path: str, body: dict[str, Any]) -> Any:
        """MemOS wraps every answer as ``{code, message, data}``; a bad code is a failed request."""
        answer = await service.call("POST", path, body=body)
        if not isinstance(answer, dict) or "code" not in answer:
            raise MemoryServiceFailed(f"memos: {path} answered without a code: {json.dumps(answer)[:300]}")
        code = answer["code"]
        if code in (401, 403):
            raise MemoryServiceError(f"memos: {path} refused the credentials ({answer.get('message')}); "
                                     "check MEMOS_API_KEY")
        if code not in _OK_CODES:
            raise MemoryServiceFailed(f"memos: {path} answered code {code}: {answer.get('message')}")
        return answer.get("data")

    async def ingest(self, chunks: list[Chunk]) -> None:
        service = self._service()
        user = f"vmb-{self.env.namespace}-{uuid.uuid4().hex[:12]}"
        tasks: list[str] = []
        for chunk in by_day(chunks, self.env.build):
            if self.options.api == "cloud":
                data = await self._post(service, "add/message", {
                    "user_id": user, "conversation_id": f"{user}-{chunk.index}", "messages": _messages(chunk)})
                if isinstance(data, dict) and data.get("task_id") and str(data.get("status", "")).lower() in _RUNNING:
                    tasks.append(str(data["task_id"]))
            else:
                await self._post(service, "product/add", {
                    "user_id": user, "mem_cube_id": user, "session_id": f"{user}-{chunk.index}",
                    "messages": _messages(chunk), "async_mode": "sync"})
        for task in tasks:
            await poll("memos", f"MemOS task {task}", lambda task=task: self._task_done(service, task),
                       deadline=self.options.wait)
        manifest = {"api": self.options.api, "user_id": user, "base_url": service.base_url, "chunks": len(chunks),
                    "async_tasks": len(tasks), "service_requests": service.requests}
        (self.env.store_dir / "memos.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")

    async def _task_done(self, service: JsonService, task: str) -> bool:
        data = await self._post(service, "get/status", {"task_id": task})
        status = str(data.get("status", "") if isinstance(data, dict) else "").lower()
        if status in ("failed", "error"):
            raise MemoryServiceFailed(f"memos: MemOS could not process task {task}")
        return status not in _RUNNING

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        manifest = json.loads((self.env.store_dir / "memos.json").read_text(encoding="utf-8"))
        service = self._service()
        user = manifest["user_id"]
        if self.options.api == "cloud":
            data = await self._post(service, "search/memory", {
                "query": query, "user_id": user, "memory_limit_number": top_k, "include_preference": True,
                "preference_limit_number": top_k})
            data = data if isinstance(data, dict) else {}
            items = [MemoryItem(str(m.get("memory_value") or m.get("memory_key")), _score(m.get("relativity")),
                                {"kind": "fact", "time": m.get("create_time"), "key": m.get("memory_key")})
                     for m in data.get("memory_detail_list") or [] if m.get("memory_value") or m.get("memory_key")]
            items += [MemoryItem(str(p["preference"]), _score(p.get("relativity")),
                                 {"kind": "preference", "time": p.get("create_time")})
                      for p in data.get("preference_detail_list") or [] if p.get("preference")]
        else:
            data = await self._post(service, "product/search", {
                "query": query, "user_id": user, "mem_cube_id": user, "top_k": top_k,
                "mode": self.options.search_mode})
            data = data if isinstance(data, dict) else {}
            items = []
            for kind, bucket in (("fact", "text_mem"), ("preference", "pref_mem")):
                for cube in data.get(bucket) or []:
                    for memory in cube.get("memories") or []:
                        meta = memory.get("metadata") or {}
                        if memory.get("memory"):
                            items.append(MemoryItem(str(memory["memory"]), _score(meta.get("relativity")),
                                                    {"kind": kind, "time": meta.get("created_at")}))
        # Facts and preferences come in separate lists: one ranking, best first, stable on ties.
        ranked = sorted(enumerate(items), key=lambda pair: (-(pair[1].score or 0.0), pair[0]))
        return [item for _, item in ranked][:top_k]


def _score(value: Any) -> float | None:
    try:
        return None if value is None else float(value)
    except (TypeError, ValueError):
        return None
