"""Serve the benchmark to an agent outside vmb over the Model Context Protocol (MCP), as episodes.

An episode is one query under the memory setting: the agent calls start_episode (it gets the episode's
id, vmb's system prompt with the memory, and the query), calls the car's tools (the names, schemas and
docs of vmb's own loop; each call names its episode in _meta "vmb/episode"), then end_episode with its
answer, and the car it left is scored. The run directory (--out) is an ordinary run of the agent
"external": config.json, results.jsonl with every call and result, metric.json once every query is done
or the server stops, so vmb show, compare, view, report, pack and validate read it like any other.

Bounds: the paper's 10 rounds per episode (--max-rounds), the loop's caps on calls, --episode-seconds per
episode; an episode not ended in time, or left open when the server stops, is an error (rerun the same
command to serve it again). Streamable HTTP listens on 127.0.0.1 by default; any other --host needs a
token in VMB_SERVE_TOKEN. docs/serve.md has the protocol and a client.

Memory a model builds (summary, kv) is built first with the model of --model and --base-url and vmb run's
request options, or found where vmb run or vmb memory ingest stored it for the same model and history.

examples:
  vmb serve --memory gold --out runs/my-agent-gold                 # http://127.0.0.1:8765/mcp
  vmb serve --memory none --groups 1-5 --transport stdio --out runs/my-agent-none
  vmb serve --memory summary --model Qwen/Qwen3-8B --base-url http://127.0.0.1:8000/v1 --name my-agent
"""

from __future__ import annotations

import argparse
from typing import Any

from vmb.commands.run import add_model_arguments, add_selection_arguments

# What rerunning does after a stop (vmb.cli says it beside "interrupted").
RESUME = "rerun the same command to serve the queries left"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_argument_group("what to serve")
    what.add_argument("--name", help="the outside agent's name, recorded as the run's model (shown by vmb show)")
    what.add_argument("--memory", default="gold",
                      help="none, gold, summary, kv, history, or a memory system (default gold); summary and kv are "
                           "built by the model of --model and --base-url (as vmb run builds them; a memory vmb run "
                           "or vmb memory ingest built with that model is reused)")
    add_selection_arguments(what, "serve")
    what.add_argument("--trials", type=int, default=1, help="episodes of every query (default 1)")
    what.add_argument("--out", help="run directory (default runs/NAME-MEMORY, else runs/external-MEMORY)")
    what.add_argument("--max-rounds", type=int, default=10,
                      help="turns per episode, as vmb's loop's rounds (default 10, the paper's)")
    what.add_argument("--episode-seconds", type=float, default=600.0,
                      help="seconds an episode may stay open before it is recorded as an error (default 600)")

    # The model that builds the memory (summary, kv, a memory system that asks one), with vmb run's options.
    add_model_arguments(parser)

    how = parser.add_argument_group("transport")
    how.add_argument("--transport", choices=["http", "stdio"], default="http",
                     help="streamable HTTP (default) or this process's stdin and stdout")
    how.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1; any other needs VMB_SERVE_TOKEN)")
    how.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port, printed)")
    how.add_argument("--force", action="store_true",
                     help="the run directory holds another configuration: set its results aside and start over")


def config_from_args(args: argparse.Namespace) -> tuple[Any, Any]:
    """The served run's config (the agent outside vmb, named ``--name``) and that of the model that builds its
    memory: the config ``vmb run`` makes of the same options (the ``noop`` agent without ``--model``), so the two
    commands key (and share) one memory."""
    import re

    from vmb.commands.run import config_from_args as run_config
    from vmb.errors import OptionError
    from vmb.harness.config import EXTERNAL_AGENT, RunConfig
    from vmb.memory import get_memory_setting

    who = re.sub(r"[^A-Za-z0-9._-]+", "_", args.name or EXTERNAL_AGENT)
    out = args.out or f"runs/{who}-{args.memory}"
    builder = run_config(argparse.Namespace(**{
        **vars(args), "out": out, "agent": "model" if args.model or args.base_url else "noop", "shard": None,
        "prices": None, "progress_every": 0.0, "slow_after": 60.0}), use_cache=not args.no_cache)
    config = RunConfig(out=out, memory=builder.memory, agent=EXTERNAL_AGENT, model=args.name, max_rounds=args.max_rounds,
                       text_calls=False, memory_options=builder.memory_options, memory_days=builder.memory_days,
                       groups=builder.groups, limit=args.limit, data=args.data, plugins=args.plugin, trials=args.trials,
                       **{name: getattr(builder, name) for name in ("concurrency", "retries", "timeout_retries",
                                                                   "timeout", "backoff", "cache_dir", "use_cache")})
    config.validate()
    setting = get_memory_setting(config.memory, config.memory_options)
    if setting.day is not None and builder.agent != "model":
        raise OptionError(f"--memory {setting.name} is built by a model reading each day of the history: give vmb "
                          "serve that model with --model and --base-url (or --model local:NAME), as vmb run takes them")
    if not args.episode_seconds > 0:
        raise OptionError("--episode-seconds must be above 0")
    if not 0 <= args.port <= 65535:
        raise OptionError("--port must be from 0 to 65535")
    return config, builder


def run(args: argparse.Namespace) -> int:
    import os
    from contextlib import ExitStack

    from vmb.commands.run import served
    from vmb.data import resolve_data_dir
    from vmb.errors import OptionError
    from vmb.harness.plan import built_by, prepare_run
    from vmb.serve.server import TOKEN_ENV, token_problem

    config, builder = config_from_args(args)
    token = os.environ.get(TOKEN_ENV) or None
    if args.transport == "http":
        problem = token_problem(args.host, token)
        if problem is not None:
            raise OptionError(problem)
    resolve_data_dir(config.data, note=False)  # before a local model's server takes seconds to start for nothing
    plan = prepare_run(config)
    with ExitStack() as stack:
        builds = None
        if plan.memory_setting.builds:
            # A local model (--model local:NAME) serves while the server does: its memory is built first.
            builder.base_url = stack.enter_context(served(builder.model, builder.base_url,
                                                          parallel=builder.concurrency, command="serve"))
            plan, builds = built_by(plan, builder)
        return _serve(args, plan, builds, token)


def _serve(args: argparse.Namespace, plan: Any, builds: Any, token: str | None) -> int:
    import asyncio
    from pathlib import Path

    from vmb.errors import Exit
    from vmb.results.rundir import RunDir
    from vmb.serve.pool import EpisodePool
    from vmb.serve.server import serve_http, serve_stdio
    from vmb.terminal import note

    config = plan.config
    rundir = RunDir(Path(config.out))
    rundir.lock()
    pool = EpisodePool(plan, rundir, seconds=args.episode_seconds, builds=builds)

    async def serve() -> None:
        await pool.prepare(force=args.force, warn=lambda line: note("serve", line))
        note("serve", f"{len(pool.pending)} episode(s) to run of {len(plan.attempts)}, memory {config.memory}, "
                      f"at most {config.max_rounds} rounds and {args.episode_seconds:g} s each -> {rundir.path}")
        try:
            if args.transport == "stdio":
                await serve_stdio(pool)
            else:
                await serve_http(pool, args.host, args.port, token, lambda url: note("serve", f"listening on {url}"))
        finally:
            pool.close()

    try:
        asyncio.run(serve())
    finally:
        rundir.unlock()
    left = len(pool.pending)
    note("serve", f"{len(plan.attempts) - left} of {len(plan.attempts)} episode(s) done, {pool.abandoned} abandoned "
                  f"(errors, served again on rerun) -> {rundir.path / 'metric.json'}")
    return Exit.OK if not left else Exit.FAILURES
