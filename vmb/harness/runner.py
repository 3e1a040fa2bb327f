"""Run the benchmark: one bounded pool across every group's memory building and queries.

At most ``concurrency`` model requests are in flight at once (``gate``). Memory builds of all
groups start together (they are long chains of sequential requests); each group's queries start as
soon as its memory is ready, at most ``concurrency`` queries at a time (``slots``), each holding its
slot from its first round to its last: a query's rounds go back to back, so a server with N slots
keeps each query's prompt in its cache from one round to the next (a new query never evicts a
running one), and at ``--concurrency 1`` queries finish one after another. Every finished query is
appended to ``results.jsonl`` at once; ``metric.json`` is written at the end.
"""

from __future__ import annotations

import asyncio
import gc
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from vmb.doubles.offline import offline_model
from vmb.errors import OptionError, VmbError
from vmb.harness.agent import run_query
from vmb.harness.attribution import attribution_of, run_stores
from vmb.harness.config import EXTERNAL_AGENT, RunConfig
from vmb.harness.plan import MemoryBuilder, RunPlan, prepare_run
from vmb.harness.progress import Progress
from vmb.harness.shard import claim_sliced_run
from vmb.llm.cache import RequestCache
from vmb.llm.client import ChatClient, ClientStats
from vmb.llm.keys import api_key_from_env
from vmb.llm.model import FatalModelError, Model, RequestFailed
from vmb.llm.retry import RetryPolicy
from vmb.memory.base import GroupMemory
from vmb.memory.buildfile import BUILD_FILE, read_build
from vmb.prices import price_table
from vmb.results.record import QueryRecord, attempt_key
from vmb.results.rundir import RunDir
from vmb.results.runsummary import RunSummary
from vmb.results.summary import QueryRow, compute_metric

if TYPE_CHECKING:
    from vmb.data import Group, Query
    from vmb.doubles.offline import Tasks


@dataclass
class RunResult:
    path: Path
    metric: RunSummary  # what metric.json holds
    stats: ClientStats  # requests, cache hits, retries, tokens of this session
    seconds: float


class Runner:
    def __init__(self, plan: RunPlan, rundir: RunDir, progress: Progress, *, builds: RunPlan | None = None) -> None:
        """``builds``: the plan whose model builds the memories when the run's agent does not (``vmb serve``'s
        outside agent: ``vmb.harness.plan.built_by``); by default the run's own."""
        self.plan = plan
        self.config = plan.config
        builds = builds or plan
        config = builds.config
        self.bench = plan.bench
        self.memory_setting = plan.memory_setting
        self.rundir = rundir
        self.progress = progress
        self.gate = asyncio.Semaphore(config.concurrency)
        self.slots = asyncio.Semaphore(config.concurrency)
        self.records: dict[str, QueryRecord] = {}  # finished in this session, as written
        self.client: ChatClient | None = None
        self.cache: RequestCache | None = None
        if config.agent == "model":
            assert config.model is not None
            if config.base_url is None:  # validate() passed, so the model is local:NAME
                raise OptionError(f"--model {config.model}: its server is not running; vmb run starts it "
                                  "(from Python: vmb.local.server.serve)")
            self.cache = RequestCache(config.cache_path()) if config.use_cache else None
            self.client = ChatClient(
                model=config.model, base_url=config.base_url, api_key=api_key_from_env(),
                params=config.request_params(), gate=self.gate, cache=self.cache,
                policy=RetryPolicy(retries=config.retries, timeout_retries=config.timeout_retries, base=config.backoff),
                timeout=config.timeout,
                stats=progress.stats,
            )
        self.builder = MemoryBuilder(builds, self.client, progress)
        self.stores = run_stores(self.bench, config.memory, rundir.memory_dir, config.memory_days)
        self._tasks: Tasks | None = None  # made when a shortcut baseline first needs it

    def model_for(self, query: Query, trial: int) -> Model:
        if self.client is not None:
            return self.client.for_trial(trial)
        return offline_model(self.config.agent, query, self.bench.group(query.group), self.tasks, self.bench.root)

    def tasks(self) -> Tasks:
        """What a shortcut baseline reads of each query, histories indexed once (the baselines loaded then)."""
        if self._tasks is None:
            from vmb.doubles.offline import baseline_tasks

            self._tasks = baseline_tasks()
        return self._tasks

    async def run(self, pending: list[tuple[Query, int]]) -> None:
        by_group: dict[int, list[tuple[Query, int]]] = {}
        for query, trial in pending:
            by_group.setdefault(query.group, []).append((query, trial))
        try:
            async with asyncio.TaskGroup() as tasks:
                for number, queries in by_group.items():
                    tasks.create_task(self.run_group(self.bench.group(number), queries))
        except* (FatalModelError, VmbError) as group:
            # One clear error for the caller (a stopped endpoint, a run directory or request cache that cannot
            # be written), not a tree of task groups; other failures stay as they are.
            raise _first_leaf(group) from None
        finally:
            await self.close()

    async def close(self) -> None:
        self.rundir.close()
        await self.close_model()

    async def close_model(self) -> None:
        """The model's client and request cache closed (``vmb serve`` once its memories are built)."""
        if self.client is not None:
            await self.client.close()
            self.client = None
        if self.cache is not None:
            self.cache.close()
            self.cache = None

    async def run_group(self, group: Group, attempts: list[tuple[Query, int]]) -> None:
        try:
            memory = await self.group_memory(group)
        except RequestFailed as failure:
            for query, trial in attempts:
                self.finish(QueryRecord.failed(query, f"memory build failed: {failure}", failure.kind, trial))
            return
        async with asyncio.TaskGroup() as tasks:
            for query, trial in attempts:
                tasks.create_task(self.run_one(query, trial, memory))

    async def run_one(self, query: Query, trial: int, memory: GroupMemory) -> None:
        async with self.slots:
            record = await run_query(query, self.model_for(query, trial), memory.for_query(query),
                                     max_rounds=self.config.max_rounds, text_calls=self.config.text_calls)
        record.trial = trial
        self.finish(record)

    def finish(self, record: QueryRecord) -> None:
        if record.ok:
            record.attribution = attribution_of(record, self.bench, self.stores, self.rundir.path)
        self.rundir.store_system_prompt(record)
        self.rundir.append(record)
        self.records[record.key] = record
        self.progress.query_done(record)

    # ---- memory building -------------------------------------------------------------------

    def to_build(self, numbers: Iterable[int]) -> list[Group]:
        """The memory groups of ``numbers`` this run builds now: in neither the run's memory nor the store."""
        if not self.memory_setting.builds:
            return []
        groups = [self.plan.memory_group(self.bench.group(n)) for n in sorted(set(numbers))]
        return [g for g in groups if not (self.rundir.memory_dir / f"group_{g.number}" / BUILD_FILE).exists()
                and not (self.config.use_cache and self.builder.stored(g))]

    async def group_memory(self, group: Group) -> GroupMemory:
        group = self.plan.memory_group(group)
        if not self.memory_setting.builds:
            return self.memory_setting.load(group, None)
        target = self.rundir.memory_dir / f"group_{group.number}"
        if not (target / BUILD_FILE).exists():
            # Built memories live in a store keyed by everything they depend on, so a later run with
            # the same model, setting and prompts reuses them; the run keeps its own copy.
            if self.config.use_cache:
                built = await self.builder.build_group(group)
                _copy_dir(built.store, target)
            else:
                await self.builder.build_group(group, target)
            self.progress.build_done(group.number, read_build(target).warnings)
        else:
            self.progress.build_done()
        return self.memory_setting.load(group, target)


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


async def execute(config: RunConfig, *, force: bool = False, show_progress: bool | None = None,
                  say: Callable[[str], None] | None = None) -> RunResult:
    """Run (or resume) the benchmark as configured; returns the run's metric. What the run tells as it goes
    (a damaged record that runs again, a progress line where no bar shows) goes to ``say``."""
    if config.agent == EXTERNAL_AGENT:
        raise OptionError(f"--agent {EXTERNAL_AGENT} is an agent outside vmb, which vmb run cannot drive: "
                          "serve it the benchmark with vmb serve (docs/serve.md)")
    plan = prepare_run(config)
    claim_sliced_run(config.out, config.shard)
    rundir = RunDir(Path(config.out))
    rundir.lock()
    try:
        return await _execute_locked(plan, rundir, force=force, show_progress=show_progress, say=say)
    finally:
        rundir.unlock()


async def _execute_locked(plan: RunPlan, rundir: RunDir, *, force: bool, show_progress: bool | None,
                          say: Callable[[str], None] | None) -> RunResult:
    done = rundir.prepare(plan.header(), force=force, upgrade=plan.upgraded, warn=say)
    pending = [(q, t) for q, t in plan.attempts if attempt_key(q.id, t) not in done]
    start = time.perf_counter()
    groups_to_build = len({q.group for q, _ in pending}) if plan.memory_setting.builds else 0
    # The loaded benchmark is ~150,000 long-lived objects; each full collection scanning them stalls
    # the event loop for ~30 ms, delaying every request in flight. Frozen for the run, collectable after.
    gc.freeze()
    try:
        with Progress(len(pending), groups_to_build, enabled=show_progress, every=plan.config.progress_every,
                      slow_after=plan.config.slow_after, say=say) as progress:
            progress.start()
            runner = Runner(plan, rundir, progress)
            building = runner.to_build(q.group for q, _ in pending)
            if building:
                plan.memory_setting.ready()  # a missing key is one line, before a word of what the builds take
                progress.tell(runner.builder.outline(building))
            await runner.run(pending)
    finally:
        gc.unfreeze()
    for record in done.values():
        if record.ok and record.attribution is None:  # a record from before stages were stored
            record.attribution = attribution_of(record, plan.bench, runner.stores, rundir.path)
    rows = [QueryRow.of(record) for record in {**done, **runner.records}.values()]
    metric = compute_metric(rows, [(q.id, t) for q, t in plan.attempts], plan.identity, rundir.memory_dir,
                            price_table(plan.config.prices))
    rundir.write_metric(metric)
    return RunResult(rundir.path, metric, progress.stats, time.perf_counter() - start)


def summary_line(result: RunResult) -> str:
    from vmb.harness.show import metric_line

    s = result.stats
    first, *rest = metric_line(result.metric).split("\n")
    return "\n".join([f"{first} | {s.usage.requests} requests, {s.cache_hits} cache hits, {s.retries} retries, "
                      f"{result.seconds:.1f} s -> {result.path / 'metric.json'}", *rest])
