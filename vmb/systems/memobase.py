"""Memobase through its HTTP API: user profiles and events built from chat blobs.

``$MEMOBASE_PROJECT_URL`` is the server (``https://api.memobase.dev`` hosted, or your own, e.g.
``http://localhost:8019``) and ``$MEMOBASE_API_KEY`` its project token (a self-hosted server's
default is ``secret``). Every answer is ``{data, errno, errmsg}``.

Ingestion creates a fresh Memobase user per build (``POST /api/v1/users``), inserts each chunk as
one chat blob whose messages carry their speaker (``alias``) and time (``created_at``), then flushes
the user's buffer and waits for the processing (``POST /api/v1/users/buffer/{user}/chat``).

Search (``search_mode``):

* ``context`` (default, as Memobase recommends for prompts): ``GET /api/v1/users/context/{user}``
  with the query as the latest chat message: one memory item, the profile and the relevant events,
  packed by Memobase into at most ``max_token_size`` tokens (default 1,000);
* ``events``: ``GET /api/v1/users/event/search/{user}``, the ``top_k`` events most similar to the
  query.

Profile and event extraction run inside Memobase with its own model (not in the build cost).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

from vmb.memory.options import AT_LEAST
from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, by_day
from vmb.memory.service import (
    JsonService,
    MemoryServiceError,
    MemoryServiceFailed,
    ServiceOptions,
    require_env,
    service_policy,
)


@dataclass(frozen=True)
class MemobaseOptions(ServiceOptions):
    search_mode: Literal["context", "events"] = "context"  # the packed context, or the closest events
    max_token_size: int = field(default=1000, metadata={AT_LEAST: 1})  # the context's size (search_mode=context)


class Memobase(MemorySystem[MemobaseOptions]):
    name = "memobase"
    version = "1"
    label = "Memobase"
    paper_name = "memobase"
    color = "#D55E00"

    def ready(self) -> None:
        self._service()  # reads its key and URL from the environment, sends nothing

    def _service(self) -> JsonService:
        base = require_env("memobase", "MEMOBASE_PROJECT_URL",
                           "the Memobase server, e.g. http://localhost:8019 or https://api.memobase.dev")
        key = require_env("memobase", "MEMOBASE_API_KEY",
                          "the project token; a self-hosted server's default is 'secret'")
        timeout, policy = service_policy(self.options, default_timeout=300.0)  # flushing waits for extraction
        return JsonService("memobase", base.rstrip("/") + "/api/v1", {"Authorization": f"Bearer {key}"},
                           timeout=timeout, policy=policy, key_hint="MEMOBASE_API_KEY")

    async def _call(self, service: JsonService, method: str, path: str, **kwargs: Any) -> Any:
        answer = await service.call(method, path, **kwargs)
        if not isinstance(answer, dict):
            raise MemoryServiceFailed(f"memobase: {path} answered without a body")
        errno = answer.get("errno", 0)
        if errno in (401, 403):
            raise MemoryServiceError(f"memobase: {path} refused the token ({answer.get('errmsg')}); "
                                     "check MEMOBASE_API_KEY")
        if errno:
            raise MemoryServiceFailed(f"memobase: {path} answered errno {errno}: {answer.get('errmsg')}")
        return answer.get("data")

    async def ingest(self, chunks: list[Chunk]) -> None:
        service = self._service()
        created = await self._call(service, "POST", "users", body={"data": {"vmb_namespace": self.env.namespace}})
        if not isinstance(created, dict) or not created.get("id"):
            raise MemoryServiceFailed("memobase: creating the user gave no id")
        user = str(created["id"])
        for chunk in by_day(chunks, self.env.build):
            messages = []
            for line in chunk.lines:
                stamp, _, rest = line.partition("] ")
                speaker, _, text = rest.partition(": ")
                messages.append({"role": "user", "content": text or rest, "alias": speaker,
                                 "created_at": f"{stamp[1:11]}T{stamp[12:17]}:00"})
            await self._call(service, "POST", f"blobs/insert/{user}",
                             body={"blob_type": "chat", "blob_data": {"messages": messages}})
        await self._call(service, "POST", f"users/buffer/{user}/chat", params={"wait_process": "true"})
        manifest = {"user_id": user, "base_url": service.base_url, "chunks": len(chunks),
                    "service_requests": service.requests}
        (self.env.store_dir / "memobase.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        manifest = json.loads((self.env.store_dir / "memobase.json").read_text(encoding="utf-8"))
        service = self._service()
        user = manifest["user_id"]
        if self.options.search_mode == "context":
            chats = json.dumps([{"role": "user", "content": query}], ensure_ascii=False)
            data = await self._call(service, "GET", f"users/context/{user}",
                                    params={"max_token_size": self.options.max_token_size, "chats_str": chats})
            context = str(data.get("context") or "") if isinstance(data, dict) else ""
            return [MemoryItem(context, None, {"kind": "context"})] if context.strip() else []
        data = await self._call(service, "GET", f"users/event/search/{user}", params={"query": query, "topk": top_k})
        items = []
        for event in (data.get("events") if isinstance(data, dict) else None) or []:
            body = event.get("event_data") or {}
            text = body.get("event_tip") or "; ".join(
                str(delta.get("content")) for delta in body.get("profile_delta") or [] if delta.get("content"))
            if text:
                score = event.get("similarity")
                items.append(MemoryItem(str(text), None if score is None else float(score),
                                        {"kind": "event", "time": event.get("created_at")}))
        return items[:top_k]

