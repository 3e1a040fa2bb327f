"""Run the benchmark: one bounded pool across every group's memory building and queries.

At most ``concurrency`` model requests are in flight at once (``gate``). Memory builds of all
groups start together (they are long chains of sequential requests); each group's queries start as
soon as its memory is ready, at most ``4 × concurrency`` queries at a time (``slots``): enough that
the pool stays full while queries are between requests and the last ones do not trail alone (queries
differ in how many sequential requests they need), yet a kill loses little work. Every finished query
is appended to ``results.jsonl`` at once; ``metric.json`` is written at the end.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import hashlib
import importlib
import shutil
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from vmb.harness.agent import run_query
from vmb.llm.cache import RequestCache
from vmb.llm.client import ChatClient, ClientStats
from vmb.llm.keys import api_key_from_env
from vmb.harness.config import RunConfig, check_groups, config_hash, data_checksum, package_versions
from vmb.harness.metrics import QueryRow, compute_metric
from vmb.llm.model import FatalModelError, Model, RequestFailed
from vmb.harness.offline import NoopModel, OracleModel
from vmb.harness.progress import Progress
from vmb.harness.record import QueryRecord
from vmb.llm.retry import RetryPolicy
from vmb.harness.rundir import RunDir, RunDirError, write_json
from vmb.memory import get_setting
from vmb.memory.base import BuildContext, GroupMemory, MemorySetting
from vmb.prompts import prompt_versions


@dataclass
class RunResult:
    path: Path
    metric: dict[str, Any]
    stats: ClientStats  # requests, cache hits, retries, tokens of this session
    seconds: float


@functools.lru_cache(maxsize=4)
def load_benchmark_once(root: str) -> Any:
    """Loaded once per process: a notebook running several settings parses the release once."""
    from vmb.data import load_benchmark

    return load_benchmark(root)


def select_queries(bench: Any, groups: list[int] | None, limit: int | None) -> list[Any]:
    check_groups(groups, [g.number for g in bench.groups])
    chosen = [q for q in bench.queries if groups is None or q.group in groups]
    return chosen if limit is None else chosen[:limit]


class Runner:
    def __init__(self, config: RunConfig, bench: Any, setting: MemorySetting, rundir: RunDir,
                 determining: dict[str, Any], progress: Progress) -> None:
        self.config = config
        self.bench = bench
        self.setting = setting
        self.rundir = rundir
        self.determining = determining
        self.progress = progress
        self.gate = asyncio.Semaphore(config.concurrency)
        self.slots = asyncio.Semaphore(4 * config.concurrency)
        self.records: dict[str, QueryRecord] = {}  # finished in this session, as written
        self.client: ChatClient | None = None
        self.cache: RequestCache | None = None
        if config.agent == "model":
            assert config.model is not None and config.base_url is not None
            self.cache = RequestCache(config.cache_path()) if config.use_cache else None
            self.client = ChatClient(
                model=config.model, base_url=config.base_url, api_key=api_key_from_env(),
                params=config.request_params(), gate=self.gate, cache=self.cache,
                policy=RetryPolicy(retries=config.retries, timeout_retries=config.timeout_retries, base=config.backoff),
                timeout=config.timeout,
                stats=progress.stats,
            )

    def model_for(self, query: Any) -> Model:
        if self.client is not None:
            return self.client
        return OracleModel(query.calls) if self.config.agent == "oracle" else NoopModel()

    async def run(self, pending: list[Any]) -> None:
        by_group: dict[int, list[Any]] = {}
        for query in pending:
            by_group.setdefault(query.group, []).append(query)
        try:
            async with asyncio.TaskGroup() as tasks:
                for number, queries in by_group.items():
                    tasks.create_task(self.run_group(self.bench.group(number), queries))
        except* (FatalModelError, RunDirError) as group:
            # One clear error for the caller, not a tree of task groups; other failures stay as they are.
            raise _first_leaf(group) from None
        finally:
            self.rundir.close()
            if self.client is not None:
                await self.client.close()
            if self.cache is not None:
                self.cache.close()

    async def run_group(self, group: Any, queries: list[Any]) -> None:
        try:
            memory = await self.group_memory(group)
        except RequestFailed as failure:
            for query in queries:
                self.finish(QueryRecord.failed(query, f"memory build failed: {failure}", failure.kind))
            return
        async with asyncio.TaskGroup() as tasks:
            for query in queries:
                tasks.create_task(self.run_one(query, memory))

    async def run_one(self, query: Any, memory: GroupMemory) -> None:
        async with self.slots:
            record = await run_query(query, self.model_for(query), memory.for_query(query),
                                     max_rounds=self.config.max_rounds, text_calls=self.config.text_calls)
        self.finish(record)

    def finish(self, record: QueryRecord) -> None:
        self.rundir.store_system_prompt(record)
        self.rundir.append(record)
        self.records[record.id] = record
        self.progress.query_done(record)

    # ---- memory building -------------------------------------------------------------------

    def build_key(self, group: Any) -> str:
        d = self.determining
        ident = {
            "params": self.setting.build_params(),
            "prompts": prompt_versions(list(self.setting.prompts)),
            "agent": d["agent"], "model": d["model"], "base_url": d["base_url"],
            "request_params": d["request_params"], "text_calls": d["text_calls"],
            "history_sha256": hashlib.sha256(group.history_text.encode("utf-8")).hexdigest(),
        }
        return config_hash(ident)

    def store_dir(self, group: Any, key: str) -> Path:
        """Where the group's built memory is kept for reuse by later runs (under the cache root)."""
        return self.config.cache_root() / "memory" / self.setting.name / key[:16] / f"group_{group.number}"

    async def group_memory(self, group: Any) -> GroupMemory:
        if self.config.memory_days is not None:
            group = first_days(group, self.config.memory_days)
        if not self.setting.builds:
            return self.setting.load(group, None)
        target = self.rundir.memory_dir / f"group_{group.number}"
        if not (target / "build.json").exists():
            # Built memories live in a store keyed by everything they depend on, so a later run with
            # the same model, setting and prompts reuses them; the run keeps its own copy.
            key = self.build_key(group)
            store = self.store_dir(group, key)
            if not (self.config.use_cache and (store / "build.json").exists()):
                await self.build(group, key, store if self.config.use_cache else target)
            if self.config.use_cache:
                _copy_dir(store, target)
        self.progress.build_done()
        return self.setting.load(group, target)

    async def build(self, group: Any, key: str, destination: Path) -> None:
        scratch = destination.with_name(destination.name + ".building")
        shutil.rmtree(scratch, ignore_errors=True)
        scratch.mkdir(parents=True)
        model: Model = self.client if self.client is not None else NoopModel()
        extra = {"base_url": self.config.base_url, "model": self.config.model}
        ctx = BuildContext(model=model, directory=scratch, text_calls=self.config.text_calls, extra=extra)
        start = time.perf_counter()
        await self.setting.build(group, ctx)
        ctx.cost.seconds = round(time.perf_counter() - start, 3)
        write_json(scratch / "build.json", {"key": key, "group": group.number, "setting": self.setting.name,
                                            "params": self.setting.build_params(), "cost": ctx.cost.to_json()})
        # The directory appears complete or not at all: a killed build is redone from scratch.
        shutil.rmtree(destination, ignore_errors=True)
        scratch.rename(destination)


def first_days(group: Any, days: int) -> Any:
    """The group as if its history ended after its first ``days`` days (``--memory-days``)."""
    kept = group.days[:days]
    lines = [line for day in kept for line in day.lines]
    return replace(group, days=kept, lines=lines, history_text="".join(f"{line.raw}\n" for line in lines))


def _first_leaf(error: BaseException) -> BaseException:
    while isinstance(error, BaseExceptionGroup):
        error = error.exceptions[0]
    return error


def _copy_dir(source: Path, target: Path) -> None:
    scratch = target.with_name(target.name + ".copying")
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(source, scratch)
    shutil.rmtree(target, ignore_errors=True)
    scratch.rename(target)


def config_document(config: RunConfig, determining: dict[str, Any], selected: list[Any]) -> dict[str, Any]:
    now = time.strftime("%Y-%m-%dT%H:%M:%S%z")
    return {
        "hash": config_hash(determining),
        "determining": determining,
        "selection": {"groups": config.groups, "limit": config.limit, "queries": len(selected)},
        "operational": config.operational(),
        "packages": package_versions(),
        "created": now,
        "updated": now,
    }


async def execute(config: RunConfig, *, force: bool = False, show_progress: bool | None = None) -> RunResult:
    """Run (or resume) the benchmark as configured; returns the run's metric."""
    from vmb.data import resolve_data_dir

    config.validate()
    for module in config.plugins:
        importlib.import_module(module)
    setting = get_setting(config.memory, config.memory_options)
    root = resolve_data_dir(config.data)
    bench = load_benchmark_once(str(root))
    selected = select_queries(bench, config.groups, config.limit)
    prompts = prompt_versions(["agent", "memory", *setting.prompts])
    determining = config.determining(prompts, data_checksum(Path(root)))
    rundir = RunDir(Path(config.out))
    rundir.lock()
    try:
        return await _execute_locked(config, rundir, bench, setting, selected, determining, force=force,
                                     show_progress=show_progress)
    finally:
        rundir.unlock()


async def _execute_locked(config: RunConfig, rundir: RunDir, bench: Any, setting: MemorySetting,
                          selected: list[Any], determining: dict[str, Any], *, force: bool,
                          show_progress: bool | None) -> RunResult:
    done = rundir.prepare(config_document(config, determining, selected), force=force)
    pending = [q for q in selected if q.id not in done]
    start = time.perf_counter()
    groups_to_build = len({q.group for q in pending}) if setting.builds else 0
    # The loaded benchmark is ~150,000 long-lived objects; each full collection scanning them stalls
    # the event loop for ~30 ms, delaying every request in flight. Frozen for the run, collectable after.
    gc.freeze()
    try:
        with Progress(len(pending), groups_to_build, enabled=show_progress, every=config.progress_every,
                      slow_after=config.slow_after) as progress:
            progress.start()
            runner = Runner(config, bench, setting, rundir, determining, progress)
            await runner.run(pending)
    finally:
        gc.unfreeze()
    run = {"hash": config_hash(determining), "agent": config.agent, "model": determining["model"],
           "memory": config.memory}
    rows = [QueryRow.of(record) for record in {**done, **runner.records}.values()]
    metric = compute_metric(rows, [(q.id, 0) for q in selected], run, rundir.memory_dir)
    rundir.write_metric(metric)
    return RunResult(Path(config.out), metric, progress.stats, time.perf_counter() - start)


def summary_line(result: RunResult) -> str:
    from vmb.harness.show import metric_line

    s = result.stats
    return (f"{metric_line(result.metric)} | {s.requests} requests, {s.cache_hits} cache hits, "
            f"{s.retries} retries, {result.seconds:.1f} s -> {result.path / 'metric.json'}")
