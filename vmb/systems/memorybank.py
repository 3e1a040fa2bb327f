"""MemoryBank (Zhong et al., 2023), implemented here: a memory that forgets along the Ebbinghaus curve.

What it stores, per group:

* every history line as a memory entry (``granularity=chunk``: one entry per (day, hour) chunk),
  with its MiniLM embedding (or an endpoint's, see ``vmb.systems.embed``);
* with ``summaries`` (default on), one model call per day writes the day's event summary and a
  note on each speaker's personality and preferences, and one call per speaker at the end merges
  the notes into that speaker's portrait (skipped when the run has no model: ``--agent oracle|noop``).
  Summaries and portraits are consolidated memory: they are never forgotten.

Forgetting: an entry's retention is ``R = exp(-t / S)``, ``t`` the days since it was last recalled
(or said), ``S`` its strength (``strength``, default 1 day, as in the paper). Each entry has a fixed
uniform draw ``u`` (seeded: ``seed``); it is forgotten when ``u > R``. Recalling an entry adds
``strength_step`` to ``S`` and resets ``t``. During ingestion each chunk recalls the
``recall_on_ingest`` entries most similar to it, as the assistant would while listening (0: off).
Evaluation happens at the time of the last history line. ``forgetting=false`` keeps everything.

Search ranks the retained entries by cosine similarity and strengthens those it returns, on a
copy of the forgetting state made for that search (kept as ``recalled_state``) and never written
back, so the stored memory never changes and query order never matters. Copying that small array
instead of the whole store directory keeps a search at the cost of its query embedding. Everything is deterministic for a given seed, history and model.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem
from vmb.systems.embed import EmbedderOptions, from_description, make_embedder

if TYPE_CHECKING:
    import numpy as np

    from vmb.memory.base import BuildContext

# state columns: when the entry was said, when last recalled (days since the epoch), strength S,
# the entry's uniform draw u, and whether it is consolidated memory (never forgotten).
SAID, RECALLED, STRENGTH, DRAW, KEEP = range(5)

DAY_PROMPT = """Conversation in the car on {date}:
{lines}

Write a short summary of this day's events, and for each of these people, {names}, a short note on the
personality and preferences they showed today (vehicle settings in particular: which value, for whom,
under which condition, corrections). Answer with JSON only:
{{"summary": "...", "people": {{"Full Name": "note", ...}}}}"""

PORTRAIT_PROMPT = """Daily notes about {name}, oldest first:
{notes}

Write {name}'s portrait: personality and lasting preferences (vehicle settings in particular), keeping the
latest value where a preference changed. Answer with the portrait text only."""

SYSTEM_PROMPT = "You maintain the long-term memory of an in-car assistant. Be factual and concise."


def _days(moment: datetime) -> float:
    return moment.timestamp() / 86400.0


def _line_time(line: str, fallback: datetime) -> datetime:
    try:
        return datetime.strptime(line[1:17], "%Y-%m-%d %H:%M")
    except ValueError:
        return fallback


def _speaker(line: str) -> str:
    return line.split("] ", 1)[-1].split(":", 1)[0]


def _json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in a model's answer (models wrap JSON in prose or code fences)."""
    start = text.find("{")
    while start != -1:
        try:
            value, _ = json.JSONDecoder().raw_decode(text[start:])
        except ValueError:
            start = text.find("{", start + 1)
            continue
        return value if isinstance(value, dict) else None
    return None


@dataclass(frozen=True)
class MemoryBankOptions(EmbedderOptions):
    summaries: bool = True  # daily event summaries and personality portraits (needs a model)
    granularity: Literal["line", "chunk"] = "line"  # what one dialogue memory holds: a line or a chunk
    forgetting: bool = True  # the Ebbinghaus forgetting curve
    strength: float = 1.0  # initial memory strength
    strength_step: float = 1.0  # added on every recall
    recall_on_ingest: int = 3  # memories recalled (and strengthened) per chunk while ingesting
    seed: int = 0  # the forgetting draws


class MemoryBank(MemorySystem[MemoryBankOptions]):
    name = "memorybank"
    version = "1"
    label = "MemoryBank"
    color = "#882255"

    def __init__(self, options: MemoryBankOptions) -> None:
        super().__init__(options)
        self._loaded: tuple[Any, Any, list[bytes], dict[str, Any]] | None = None
        # The forgetting state after the last search strengthened what it returned (never stored).
        self.recalled_state: np.ndarray | None = None

    # ---- ingestion ------------------------------------------------------------------------------

    async def ingest(self, chunks: list[Chunk]) -> None:
        import numpy as np

        build = self.env.build
        embedder = make_embedder(self.options, build.endpoint.base_url if build else None)
        entries: list[dict[str, Any]] = []
        chunk_of: list[int] = []  # the chunk each dialogue entry came from (for recall during ingestion)
        for chunk in chunks:
            if self.options.granularity == "chunk":
                moment = _line_time(chunk.lines[-1], chunk.start)
                entries.append({"text": chunk.text, "kind": "dialogue", "time": moment.isoformat(),
                                "speakers": chunk.speakers})
                chunk_of.append(chunk.index)
                continue
            for line in chunk.lines:
                moment = _line_time(line, chunk.start)
                entries.append({"text": line, "kind": "dialogue", "time": moment.isoformat(),
                                "speaker": _speaker(line)})
                chunk_of.append(chunk.index)
        dialogue = len(entries)
        # Offline agents (oracle, noop) build without a model: nothing could write the summaries.
        if self.options.summaries and build is not None and build.endpoint.model:
            entries += await self._consolidate(chunks, build)
        vectors = await embedder.embed([e["text"] for e in entries])
        if build is not None:
            build.cost.embedding_calls += embedder.calls

        state = np.zeros((len(entries), 5), dtype=np.float64)
        for k, entry in enumerate(entries):
            said = _days(datetime.fromisoformat(entry["time"]))
            state[k, SAID] = state[k, RECALLED] = said
        state[:, STRENGTH] = self.options.strength
        state[:, DRAW] = np.random.default_rng(self.options.seed).random(len(entries))
        state[dialogue:, KEEP] = 1.0
        if self.options.forgetting and self.options.recall_on_ingest > 0:
            self._replay_recalls(chunks, vectors[:dialogue], state, np.asarray(chunk_of))

        last = max((_line_time(c.lines[-1], c.start) for c in chunks), default=datetime(1970, 1, 1))
        store = self.env.store_dir
        np.save(store / "vectors.npy", vectors)
        np.save(store / "state.npy", state)
        with (store / "entries.jsonl").open("w", encoding="utf-8") as handle:
            for entry in entries:
                handle.write(json.dumps(entry, ensure_ascii=False) + "\n")
        (store / "bank.json").write_text(json.dumps({
            "now": last.isoformat(), "embedder": embedder.describe(), "entries": len(entries),
            "dialogue_entries": dialogue, **self.describe(),
        }, ensure_ascii=False, indent=1), encoding="utf-8")

    def _replay_recalls(self, chunks: list[Chunk], vectors: np.ndarray, state: np.ndarray,
                        chunk_of: np.ndarray) -> None:
        """Each chunk recalls the entries of earlier chunks most similar to what is being said."""
        import numpy as np

        for chunk in chunks:
            mine = chunk_of == chunk.index
            earlier = np.flatnonzero(chunk_of < chunk.index)
            if not mine.any() or not earlier.size:
                continue
            now = _days(_line_time(chunk.lines[0], chunk.start))
            probe = vectors[mine].mean(axis=0)
            probe /= max(float(np.linalg.norm(probe)), 1e-12)
            alive = earlier[self._retained(state[earlier], now)]
            if not alive.size:
                continue
            scores = np.einsum("ij,j->i", vectors[alive], probe)
            take = min(self.options.recall_on_ingest, alive.size)
            chosen = alive[np.argpartition(-scores, take - 1)[:take]]
            self._strengthen(state, chosen, now)

    async def _consolidate(self, chunks: list[Chunk], build: BuildContext) -> list[dict[str, Any]]:
        """Daily summaries and notes (one call per day, concurrently), then one portrait per speaker."""
        days: dict[str, list[str]] = {}
        for chunk in chunks:
            days.setdefault(chunk.start.date().isoformat(), []).extend(chunk.lines)
        speakers = sorted({s for chunk in chunks for s in chunk.speakers})

        async def summarise(date: str, lines: list[str]) -> tuple[str, dict[str, Any] | None, str]:
            prompt = DAY_PROMPT.format(date=date, lines="\n".join(lines), names=", ".join(speakers))
            reply = await build.ask([{"role": "system", "content": SYSTEM_PROMPT},
                                     {"role": "user", "content": prompt}], [])
            content = str(reply.message.get("content") or "")
            build.day_done(date)  # the days are summarised concurrently: progress counts each as it is done
            return date, _json_object(content), content

        results = await asyncio.gather(*(summarise(date, lines) for date, lines in days.items()))
        entries: list[dict[str, Any]] = []
        notes: dict[str, list[str]] = {name: [] for name in speakers}
        for date, parsed, content in results:
            moment = datetime.fromisoformat(date).replace(hour=23, minute=59).isoformat()
            summary = str(parsed.get("summary") or "") if parsed else content.strip()
            if summary:
                entries.append({"text": f"[{date}] Summary of the day: {summary}", "kind": "summary", "time": moment})
            people = parsed.get("people") if parsed else None
            for name, note in (people.items() if isinstance(people, dict) else []):
                if name in notes and str(note).strip():
                    notes[name].append(f"[{date}] {str(note).strip()}")

        async def portrait(name: str) -> dict[str, Any] | None:
            if not notes[name]:
                return None
            prompt = PORTRAIT_PROMPT.format(name=name, notes="\n".join(notes[name]))
            reply = await build.ask([{"role": "system", "content": SYSTEM_PROMPT},
                                     {"role": "user", "content": prompt}], [])
            text = str(reply.message.get("content") or "").strip()
            last_day = notes[name][-1][1:11]
            return {"text": f"Portrait of {name}: {text}", "kind": "portrait", "speaker": name,
                    "time": datetime.fromisoformat(last_day).replace(hour=23, minute=59).isoformat()} if text else None

        portraits = await asyncio.gather(*(portrait(name) for name in speakers))
        return entries + [p for p in portraits if p is not None]

    # ---- forgetting -----------------------------------------------------------------------------

    def _retained(self, state: np.ndarray, now: float) -> np.ndarray:
        """Which entries are still remembered at ``now`` (days): ``u <= exp(-t / S)``, or kept."""
        import numpy as np

        if not self.options.forgetting:
            return np.ones(len(state), dtype=bool)
        elapsed = np.maximum(now - state[:, RECALLED], 0.0)
        retention = np.exp(-elapsed / state[:, STRENGTH])
        return (state[:, DRAW] <= retention) | (state[:, KEEP] > 0)

    def _strengthen(self, state: np.ndarray, rows: np.ndarray, now: float) -> None:
        state[rows, STRENGTH] += self.options.strength_step
        state[rows, RECALLED] = now

    # ---- search ---------------------------------------------------------------------------------

    def _load(self) -> tuple[Any, Any, list[bytes], dict[str, Any]]:
        import numpy as np

        if self._loaded is None:
            store: Path = self.env.store_dir
            bank = json.loads((store / "bank.json").read_text(encoding="utf-8"))
            # Entries stay undecoded bytes: only the top_k found are parsed.
            lines = (store / "entries.jsonl").read_bytes().splitlines()
            # Mapped, not read: a search touches each vector once, straight from the page cache.
            vectors = np.load(store / "vectors.npy", mmap_mode="r")
            self._loaded = (vectors, np.load(store / "state.npy"), lines, bank)
        return self._loaded

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        import numpy as np

        vectors, state, lines, bank = self._load()
        if not lines:
            return []
        embedder = from_description(bank["embedder"])
        probe = (await embedder.embed([query]))[0]
        now = _days(datetime.fromisoformat(bank["now"]))
        retained = self._retained(state, now)
        count = int(retained.sum())
        if not count:
            return []
        # Score everything and mask the forgotten (cheaper than gathering the retained rows). einsum,
        # not BLAS: OpenBLAS spreads a product this small over its threads and takes ~30x longer.
        scores = np.where(retained, np.einsum("ij,j->i", vectors, probe), -np.inf)
        take = min(top_k, count)
        best = np.argpartition(-scores, take - 1)[:take]
        rows = best[np.lexsort((best, -scores[best]))]  # ties broken by entry order: deterministic
        recalled = state.copy()
        self._strengthen(recalled, rows, now)
        self.recalled_state = recalled
        items = []
        for row, score in zip(rows, scores[rows], strict=True):
            entry = json.loads(lines[row])
            elapsed = max(now - state[row, SAID], 0.0)
            metadata = {"kind": entry["kind"], "time": entry["time"], "days_ago": round(float(elapsed), 2)}
            items.append(MemoryItem(text=entry["text"], score=round(float(score), 4), metadata=metadata))
        return items
