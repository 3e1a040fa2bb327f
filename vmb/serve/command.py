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

examples:
  vmb serve --memory gold --out runs/my-agent-gold                 # http://127.0.0.1:8765/mcp
  vmb serve --memory none --groups 1-5 --transport stdio --out runs/my-agent-none
"""

from __future__ import annotations

import argparse
from typing import Any

# What rerunning does after a stop (vmb.cli says it beside "interrupted").
RESUME = "rerun the same command to serve the queries left"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_argument_group("what to serve")
    what.add_argument("--name", help="the outside agent's name, recorded as the run's model (shown by vmb show)")
    what.add_argument("--memory", default="gold",
                      help="none, gold, history, or a memory system (default gold); summary and kv are built by a "
                           "model, which vmb serve does not have")
    what.add_argument("--groups", help="groups to serve, e.g. 1-50 or 1,3,5-7 (default all)")
    what.add_argument("--limit", type=int, help="serve at most N queries, in (group, index) order")
    what.add_argument("--trials", type=int, default=1, help="episodes of every query (default 1)")
    what.add_argument("--out", help="run directory (default runs/NAME-MEMORY, else runs/external-MEMORY)")
    what.add_argument("--data", help="benchmark directory (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    what.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                      help="import MODULE first (it registers a memory system); repeatable")
    what.add_argument("--memory-option", action="append", default=[], metavar="KEY=VALUE",
                      help="memory setting option; VALUE is read as JSON when it parses; repeatable")
    what.add_argument("--max-rounds", type=int, default=10,
                      help="turns per episode, as vmb's loop's rounds (default 10, the paper's)")
    what.add_argument("--episode-seconds", type=float, default=600.0,
                      help="seconds an episode may stay open before it is recorded as an error (default 600)")

    how = parser.add_argument_group("transport")
    how.add_argument("--transport", choices=["http", "stdio"], default="http",
                     help="streamable HTTP (default) or this process's stdin and stdout")
    how.add_argument("--host", default="127.0.0.1",
                     help="address to listen on (default 127.0.0.1; any other needs VMB_SERVE_TOKEN)")
    how.add_argument("--port", type=int, default=8765, help="port (default 8765; 0: any free port, printed)")
    how.add_argument("--force", action="store_true",
                     help="the run directory holds another configuration: set its results aside and start over")


def config_from_args(args: argparse.Namespace) -> Any:
    import re

    from vmb.commands.run import memory_options
    from vmb.errors import OptionError
    from vmb.harness.config import EXTERNAL_AGENT, RunConfig, parse_groups
    from vmb.memory import get_memory_setting, load_plugins

    who = re.sub(r"[^A-Za-z0-9._-]+", "_", args.name or EXTERNAL_AGENT)
    config = RunConfig(out=args.out or f"runs/{who}-{args.memory}", memory=args.memory, agent=EXTERNAL_AGENT,
                       model=args.name, max_rounds=args.max_rounds, text_calls=False,
                       memory_options=memory_options(args.memory_option),
                       groups=parse_groups(args.groups) if args.groups is not None else None, limit=args.limit,
                       data=args.data, plugins=args.plugin, trials=args.trials)
    config.validate()
    load_plugins(config.plugins)
    setting = get_memory_setting(config.memory, config.memory_options)
    if setting.day is not None:
        raise OptionError(f"--memory {setting.name} is built by a model reading each day of the history, and "
                          "vmb serve has no model of its own; serve none, gold, history or a memory system")
    if not args.episode_seconds > 0:
        raise OptionError("--episode-seconds must be above 0")
    if not 0 <= args.port <= 65535:
        raise OptionError("--port must be from 0 to 65535")
    return config


def run(args: argparse.Namespace) -> int:
    import asyncio
    import os
    from pathlib import Path

    from vmb.errors import Exit, OptionError
    from vmb.harness.plan import prepare_run
    from vmb.results.rundir import RunDir
    from vmb.serve.pool import EpisodePool
    from vmb.serve.server import TOKEN_ENV, serve_http, serve_stdio, token_problem
    from vmb.terminal import note

    config = config_from_args(args)
    token = os.environ.get(TOKEN_ENV) or None
    if args.transport == "http":
        problem = token_problem(args.host, token)
        if problem is not None:
            raise OptionError(problem)
    plan = prepare_run(config)
    rundir = RunDir(Path(config.out))
    rundir.lock()
    pool = EpisodePool(plan, rundir, seconds=args.episode_seconds)

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
