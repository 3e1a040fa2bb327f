"""Benchmark suite ``memory``: MemoryBank search over a 2,700-line group, in ms per query (target < 20 ms).

The group whose history is closest to 2,700 lines is ingested once (MiniLM embeddings, no model:
``summaries=false``; not timed). Then each of the benchmark's 500 query texts is searched (top 5)
the way the agent's ``search_memory`` tool does it: the query embedded, the forgetting curve
applied, the best entries ranked and strengthened on the search's own copy of the forgetting state.
Pinned to one core like every suite. The details split the time into the query embedding and the
search on an already loaded store.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench.suite import BenchOptions, SuiteResult
from bench.timing import best_time, one_core

LINES = 2700
TARGET_MS = 20.0
TOP_K = 5


def memory_suite(options: BenchOptions) -> SuiteResult:
    import torch

    from vmb.data import load_benchmark, resolve_data_dir
    from vmb.memory import get_memory_setting
    from vmb.memory.plugins import MemorySystem, SystemEnv, history_chunks
    from vmb.systems.embed import LocalEmbedder

    bench = load_benchmark(resolve_data_dir(options.data))
    group = min(bench.groups, key=lambda g: (abs(len(g.lines) - LINES), g.number))
    queries = [q.query for q in bench.queries]
    system = get_memory_setting("memorybank", {"summaries": False})
    assert isinstance(system, MemorySystem)
    with tempfile.TemporaryDirectory(prefix="vmb-bench-memory-") as tmp:
        store = Path(tmp) / "store"
        store.mkdir()
        start = time.perf_counter()
        asyncio.run(system.at(SystemEnv(f"group_{group.number}", store, None)).ingest(history_chunks(group)))
        ingest_seconds = time.perf_counter() - start
        searcher = system.load(group, Path(tmp))
        tool = searcher.for_query(bench.queries[0]).tools[0]
        loaded = system.at(SystemEnv(f"group_{group.number}", store, None))
        embedder = LocalEmbedder()

        async def through_tool() -> None:
            for query in queries:
                await tool.run({"query": query, "top_k": TOP_K})

        async def on_loaded_store() -> None:
            for query in queries:
                await loaded.search(query, TOP_K)

        def embed_only() -> None:
            for query in queries:
                embedder.embed_sync([query])

        threads = torch.get_num_threads()
        # torch sized its thread pool for every core at load; on one core, its threads would only
        # wait for each other.
        with one_core() as pinning:
            torch.set_num_threads(1)
            try:
                embed_only()  # warm
                seconds, _ = best_time(lambda: asyncio.run(through_tool()), options.rounds)
                loaded_seconds, _ = best_time(lambda: asyncio.run(on_loaded_store()), options.rounds)
                embed_seconds, _ = best_time(embed_only, options.rounds)
            finally:
                torch.set_num_threads(threads)
    per = 1000 / len(queries)
    return SuiteResult(
        suite="memory",
        tasks=len(queries),
        seconds=seconds,
        rounds=options.rounds,
        target=1000 / TARGET_MS,
        baseline=f"issue target: under {TARGET_MS:g} ms per search",
        details=[
            f"group {group.number}: {len(group.lines):,} lines in {len(history_chunks(group))} chunks, "
            f"ingested in {ingest_seconds:.1f} s (MiniLM, no model)",
            f"per search through the tool: {seconds * per:.2f} ms "
            f"(query embedding {embed_seconds * per:.2f} ms; search on a loaded store {loaded_seconds * per:.2f} ms)",
            pinning,
        ],
    )
