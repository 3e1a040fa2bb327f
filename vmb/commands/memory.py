"""Build memory stores ahead of time (vmb memory ingest), list the memory systems (vmb memory list), or
probe one on a small benchmark of its own (vmb memory check SETTING: one PASS or FAIL line a property).

`vmb memory ingest` takes the options of `vmb run` and builds each selected group's memory into the
same store `vmb run` uses (under the cache directory, keyed by everything the memory depends on),
so a later `vmb run` with the same options finds them built. Groups already built are reused.
Before building it says the days and model calls the builds take, after the first day read the time they
take at that pace, and while building the day reached and the time left. Per group it prints the chunks,
the build cost (model calls, tokens, embedding calls, seconds), its health (replies cut off, calls refused,
loops, and the health check's warnings: a memory left empty, copied from the dialogue or unchanged) and
where the store is.

examples:
  vmb memory ingest --memory memorybank --memory-option summaries=false --agent noop --groups 1-50
  vmb memory ingest --memory mem0 --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-8B --groups 1-5
  vmb memory list
  vmb memory check memorybank --memory-option summaries=false
  vmb memory check http://127.0.0.1:8765/
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vmb.harness.config import RunConfig
    from vmb.harness.plan import RunPlan
    from vmb.memory.base import BuildHealth
    from vmb.memory.check import Outcome
    from vmb.memory.plugins import MemorySystem
    from vmb.results.rundir import RunDir

# What rerunning does after a stop (vmb.cli says it beside "interrupted").
RESUME = "rerun the same command to build the rest"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from vmb.commands import run as run_command

    parser.add_argument("action", choices=["ingest", "list", "check"],
                        help="ingest: build stores; list: the systems; check: probe one (PASS/FAIL a property)")
    parser.add_argument("setting", nargs="?", help="check: the memory system (a name, or http://HOST:PORT/)")
    run_command.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from vmb.errors import OptionError

    if (args.setting is not None) != (args.action == "check"):
        raise OptionError("vmb memory check takes the memory system to probe (vmb memory check NAME); "
                          "ingest and list take none (ingest reads --memory)")
    if args.action == "list":
        return _list(args)
    if args.action == "check":
        return _check(args)
    if args.no_cache:
        raise OptionError("--no-cache would build stores nothing can reuse")
    import asyncio

    from vmb.commands.run import config_from_args, served

    config = config_from_args(args, use_cache=True)
    with served(config.model, args.base_url, parallel=config.concurrency, command="memory ingest") as config.base_url:
        return asyncio.run(_ingest(args, config))


def _list(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.memory import SHIPPED, find, load_plugins, memory_names
    from vmb.memory.plugins import MemorySystem

    load_plugins(args.plugin)
    for name in memory_names():
        cls = find(name)
        assert cls is not None, "every listed name is registered"
        kind = ("system" if issubclass(cls, MemorySystem) else "setting") + ("" if name in SHIPPED else " (plugin)")
        print(f"{name:<14} {kind:<17} {cls.__module__}")
    return Exit.OK


def _check(args: argparse.Namespace) -> int:
    """Probe a memory system: each property's PASS or FAIL line, then how many passed and how long it took."""
    import asyncio
    import tempfile
    import time

    from vmb.commands.run import memory_options
    from vmb.errors import Exit, OptionError
    from vmb.memory import get_memory_setting, load_plugins, named_setting
    from vmb.memory.check import probe_groups
    from vmb.memory.plugins import MemorySystem
    from vmb.terminal import safe

    load_plugins(args.plugin)
    name, options = named_setting(args.setting, memory_options(args.memory_option))
    system = get_memory_setting(name, options)
    if not isinstance(system, MemorySystem):
        raise OptionError(f"{name} is a memory setting, not a memory system: it has no ingest and search to probe")
    lines = sum(len(probes) for _, probes in probe_groups().values())
    print(f"probing {safe(args.setting)}: {len(probe_groups())} groups of its own, {lines} lines")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="vmb-memory-check-") as scratch:
        outcomes = asyncio.run(_probe(args, system, Path(scratch)))
    passed = sum(outcome.passed for outcome in outcomes)
    for outcome in outcomes:
        print(safe(outcome.line()))
    print(f"{passed} of {len(outcomes)} passed in {time.perf_counter() - start:.1f} s")
    return Exit.OK if passed == len(outcomes) else Exit.FAILURES


async def _probe(args: argparse.Namespace, system: MemorySystem[Any], scratch: Path) -> list[Outcome]:
    """The check, its builds asking the model of --base-url and --model as `vmb run` would (none given: a model
    that does nothing, enough for a system that builds without one)."""
    from vmb.doubles.offline import NoopModel
    from vmb.memory.check import check_memory

    if not (args.base_url and args.model):
        return await check_memory(system, NoopModel(), scratch)
    import asyncio

    from vmb.commands.run import config_from_args
    from vmb.llm.client import ChatClient
    from vmb.llm.keys import api_key_from_env
    from vmb.llm.retry import RetryPolicy

    config = config_from_args(args, use_cache=False)
    client = ChatClient(model=args.model, base_url=args.base_url, api_key=api_key_from_env(),
                        params=config.request_params(), gate=asyncio.Semaphore(config.concurrency), cache=None,
                        policy=RetryPolicy(retries=config.retries, timeout_retries=config.timeout_retries,
                                           base=config.backoff), timeout=config.timeout)
    try:
        return await check_memory(system, client, scratch)
    finally:
        await client.close()


async def _ingest(args: argparse.Namespace, config: RunConfig) -> int:
    from vmb.errors import OptionError
    from vmb.harness.plan import prepare_run
    from vmb.harness.shard import claim_sliced_run
    from vmb.results.rundir import RunDir

    # The same plan `vmb run` makes from these options, so the build keys agree.
    plan = prepare_run(config)
    if not plan.memory_setting.builds:
        raise OptionError(f"--memory {plan.config.memory}: this memory setting has nothing to build")
    claim_sliced_run(plan.config.out, plan.config.shard)
    rundir = RunDir(Path(plan.config.out))
    rundir.lock()  # a `vmb run` of these options builds the same stores: one of them at a time
    try:
        return await _ingest_locked(plan, rundir, args.progress)
    finally:
        rundir.unlock()


async def _ingest_locked(plan: RunPlan, rundir: RunDir, show_progress: bool | None) -> int:
    import asyncio
    import time

    from vmb.errors import Exit
    from vmb.harness.progress import Progress
    from vmb.harness.runner import Runner
    from vmb.llm.model import RequestFailed
    from vmb.memory.plugins import history_chunks
    from vmb.terminal import note, say

    numbers = plan.group_numbers()
    with Progress(0, len(numbers), enabled=show_progress, every=plan.config.progress_every,
                  slow_after=plan.config.slow_after, say=lambda line: note("memory ingest", line)) as progress:
        progress.start()
        # The runner's builder: the same client, gate (--concurrency), cache and retries as `vmb run`.
        runner = Runner(plan, rundir, progress)
        building = [g for n in numbers if not runner.builder.stored(g := plan.memory_group(plan.bench.group(n)))]
        if building:
            plan.memory_setting.ready()
            progress.tell(runner.builder.outline(building))

        async def one(number: int) -> dict[str, Any]:
            group = plan.memory_group(plan.bench.group(number))
            start = time.perf_counter()
            try:
                built = await runner.builder.build_group(group)
            except RequestFailed as failure:
                return {"group": number, "error": str(failure)}
            progress.build_done()
            return {"group": number, "chunks": len(history_chunks(group)), "reused": built.reused,
                    "seconds": round(time.perf_counter() - start, 2), "cost": built.cost, "health": built.health,
                    "store": str(built.store)}

        # All builds at once: the run's pool (--concurrency) bounds the model requests among them.
        try:
            results = await asyncio.gather(*(one(n) for n in numbers))
        finally:
            await runner.close()
    failed = 0
    for row in results:
        if "error" in row:
            failed += 1
            say(f"group {row['group']:>2}: failed: {row['error']}", newlines=False)  # an endpoint's words
            continue
        cost = row["cost"]
        state = "reused" if row["reused"] else f"built in {row['seconds']:.1f} s"
        print(f"group {row['group']:>2}: {row['chunks']} chunks, {state}; {cost.model_calls} model calls, "
              f"{cost.usage.prompt_tokens:,} + {cost.usage.completion_tokens:,} tokens, "
              f"{cost.embedding_calls} embedding calls{_health_text(row['health'])} -> {row['store']}")
    if failed:
        note("memory ingest", f"{failed} group(s) failed; rerun the same command to retry them")
    return Exit.FAILURES if failed else Exit.OK



def _health_text(health: BuildHealth | None) -> str:
    """``; 2 replies cut off; a loop of 25 calls on key 'x' (2025-03-04); WARNING: the memory is empty: ...``,
    or '' (the health check's warnings last: ``vmb.memory.health``)."""
    if health is None:
        return ""
    said = []
    if health.truncated:
        said.append(f"{health.truncated} replies cut off")
    if health.refused:
        said.append(f"{health.refused} calls refused")
    said += [f"a loop of {loop.calls} calls on {loop.target} ({loop.date})" for loop in health.loops]
    said += [f"WARNING: {warning.text}" for warning in health.warnings]
    return "".join(f"; {part}" for part in said)
