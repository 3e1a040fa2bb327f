"""Build memory stores ahead of time (vmb memory ingest), or list the memory systems (vmb memory list).

`vmb memory ingest` takes the options of `vmb run` and builds each selected group's memory into the
same store `vmb run` uses (under the cache directory, keyed by everything the memory depends on),
so a later `vmb run` with the same options finds them built. Groups already built are reused.
Per group it prints the chunks, the build cost (model calls, tokens, embedding calls, seconds),
its health (replies cut off, calls refused, loops, a memory left empty) and where the store is.

examples:
  vmb memory ingest --memory memorybank --memory-option summaries=false --agent noop --groups 1-50
  vmb memory ingest --memory mem0 --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-8B --groups 1-5
  vmb memory list
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vmb.harness.config import RunConfig
    from vmb.harness.plan import RunPlan
    from vmb.results.rundir import RunDir

# What rerunning does after a stop (vmb.cli says it beside "interrupted").
RESUME = "rerun the same command to build the rest"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from vmb.commands import run as run_command

    parser.add_argument("action", choices=["ingest", "list"], help="ingest: build stores; list: the systems")
    run_command.add_arguments(parser)


def run(args: argparse.Namespace) -> int:
    from vmb.errors import OptionError

    if args.action == "list":
        return _list(args)
    if args.no_cache:
        raise OptionError("--no-cache would build stores nothing can reuse")
    import asyncio

    from vmb.commands.local import served
    from vmb.commands.run import config_from_args

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
    with Progress(0, len(numbers), enabled=show_progress, say=lambda line: note("memory ingest", line)) as progress:
        # The runner's builder: the same client, gate (--concurrency), cache and retries as `vmb run`.
        runner = Runner(plan, rundir, progress)

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



def _health_text(health: dict[str, Any] | None) -> str:
    """``; 2 replies cut off; a loop of 25 calls on key 'x' (2025-03-04); memory empty at the end``, or ''."""
    if not health:
        return ""
    said = []
    if health.get("truncated"):
        said.append(f"{health['truncated']} replies cut off")
    if health.get("refused"):
        said.append(f"{health['refused']} calls refused")
    said += [f"a loop of {loop['calls']} calls on {loop['target']} ({loop['date']})" for loop in health.get("loops", [])]
    if health.get("empty"):
        said.append("memory empty at the end")
    return "".join(f"; {part}" for part in said)
