"""Run a model (or an offline agent) on the benchmark under one memory setting.

Points at any OpenAI-compatible endpoint (a hosted API, vLLM, SGLang, llama.cpp, Ollama, ...). The API
key is read from VMB_API_KEY or OPENAI_API_KEY, never from the command line, and never written.
The run directory (--out) gets config.json, results.jsonl (one line per query, written as it
finishes), memory/ and metric.json. Rerunning the same command resumes: finished queries are kept,
failed ones are retried, and a repeated request is served from the request cache.

examples:
  vmb run --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-8B --server vllm --memory gold
  vmb run --base-url https://api.openai.com/v1 --model gpt-4.1-mini --memory summary --groups 1-5
  vmb run --agent oracle --memory gold        # the ceiling, no model needed
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from contextlib import AbstractContextManager as ContextManager
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any

from vmb.harness.config import SERVER_FAMILIES

if TYPE_CHECKING:
    from vmb.results.runsummary import RunSummary

# What rerunning does after a stop (vmb.cli says it beside "interrupted").
RESUME = "rerun the same command to resume"


def add_selection_arguments(what: argparse._ArgumentGroup, verb: str) -> None:
    """The queries and the benchmark a command takes (vmb run, vmb serve): groups, limit, data, plugins and the
    memory setting's options, said once."""
    what.add_argument("--groups", help=f"groups to {verb}, e.g. 1-50 or 1,3,5-7 (default all)")
    what.add_argument("--limit", type=int, help=f"{verb} at most N queries, in (group, index) order")
    what.add_argument("--data", help="benchmark directory (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    what.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                      help="import MODULE first (it registers a memory system); repeatable")
    what.add_argument("--memory-option", action="append", default=[], metavar="KEY=VALUE",
                      help="memory setting option (summary_cap, kv_rounds, a system's settings); "
                           "VALUE is read as JSON when it parses; repeatable")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    what = parser.add_argument_group("what to run")
    what.add_argument("--memory", default="gold",
                      help="none, gold, summary, kv, history, or a registered memory system (default gold)")
    what.add_argument("--agent", default="model",
                      help="model (default), oracle (replays the reference calls), noop (does nothing), or a "
                           "shortcut baseline of vmb audit (latest-gold, latest-history, query-only, ...: no model)")
    add_selection_arguments(what, "run")
    what.add_argument("--trials", type=int, default=1,
                      help="run every query K times; metric.json adds pass^k and pass@k (default 1)")
    what.add_argument("--shard", metavar="I/N",
                      help="run only the I-th of N slices of the groups, into OUT/shards/I-of-N (vmb merge joins them)")
    what.add_argument("--prices", metavar="FILE",
                      help="price table (TOML) for the run's cost in metric.json (default $VMB_PRICES)")
    what.add_argument("--out", help="run directory (default runs/MODEL-MEMORY)")
    request, robust = add_model_arguments(parser)
    request.add_argument("--max-rounds", type=int, default=10, help="tool-call rounds per query")
    robust.add_argument("--force", action="store_true",
                        help="the run directory holds another configuration: set its results aside and start over")
    robust.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar (default: on a terminal only)")
    robust.add_argument("--progress-every", type=float, default=60.0, metavar="SECONDS",
                        help="without a progress bar (no terminal), print a progress line to stderr this often "
                             "(default 60; 0: never)")
    robust.add_argument("--slow-after", type=float, default=60.0, metavar="SECONDS",
                        help="name requests running longer than this in the progress output (default 60)")


def add_model_arguments(parser: argparse.ArgumentParser) -> tuple[Any, Any]:
    """The model and how it is asked: vmb run's, vmb memory ingest's, and vmb serve's for the memory it builds (one
    set of options, so one model's memory has one build key, whichever command built it). Returns the groups of
    request and robustness options, for a command's own."""
    model = parser.add_argument_group("the model")
    model.add_argument("--base-url", help="endpoint, e.g. http://127.0.0.1:8000/v1")
    model.add_argument("--model", help="model name as the endpoint knows it")
    model.add_argument("--memory-days", type=int, metavar="N",
                       help="build memory from each group's first N days only (a smoke test of summary or kv on a "
                            "slow endpoint; recorded in config.json; not the paper's setting)")

    request = parser.add_argument_group("requests (defaults: the paper's, Table 10)")
    request.add_argument("--server", default="auto", choices=["auto", *SERVER_FAMILIES],
                         help="server family: how thinking and the token limit are sent (default: from the host)")
    request.add_argument("--thinking", choices=["on", "off"], help="switch thinking mode (families that support it)")
    request.add_argument("--temperature", type=float, default=0.0)
    request.add_argument("--max-tokens", type=int, default=8192, help="output tokens per request")
    request.add_argument("--tool-choice", default="auto")
    request.add_argument("--no-text-calls", action="store_true",
                         help="do not read tool calls written as text (<tool_call>{...}</tool_call>, bare JSON)")

    robust = parser.add_argument_group("speed and robustness (do not change results)")
    robust.add_argument("--concurrency", type=int, default=8, help="model requests in flight at once (default 8)")
    robust.add_argument("--retries", type=int, default=3, help="retries of a failed request (default 3)")
    robust.add_argument("--timeout", type=float, default=600.0, help="seconds per request (default 600)")
    robust.add_argument("--timeout-retries", type=int, default=1,
                        help="retries of a timed-out request at temperature 0 (default 1: a looping generation "
                             "times out again; other failures get --retries)")
    robust.add_argument("--backoff", type=float, default=1.0, help="first retry wait in seconds, doubling (default 1)")
    robust.add_argument("--cache-dir", help="request cache and memory store (default: $VMB_CACHE_DIR, else .cache "
                                           "beside the run directory)")
    robust.add_argument("--no-cache", action="store_true", help="neither read nor write the request cache")
    return request, robust


def memory_options(pairs: list[str]) -> dict[str, Any]:
    from vmb.errors import OptionError

    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise OptionError(f"--memory-option takes KEY=VALUE, got {pair!r}")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    return options


def default_out(args: argparse.Namespace) -> str:
    who = args.model if args.agent == "model" and args.model else args.agent
    return f"runs/{re.sub(r'[^A-Za-z0-9._-]+', '_', who)}-{args.memory}"


def config_from_args(args: argparse.Namespace, *, use_cache: bool) -> Any:
    """The validated ``RunConfig`` these options describe, with ``--plugin`` modules imported.

    ``vmb memory ingest`` builds its config here too, so its memory build keys match ``vmb run``'s.
    """
    from vmb.harness.config import RunConfig, parse_groups
    from vmb.harness.shard import parse_shard, shard_dir

    shard = parse_shard(args.shard) if args.shard else None
    out = args.out or default_out(args)
    if shard is not None:
        out = str(shard_dir(out, shard))
    from vmb.llm.local import local_name

    # A local model is always llama.cpp's server (vmb local); its URL is set once it runs.
    server = "llamacpp" if local_name(args.model) is not None and args.server == "auto" else args.server
    config = RunConfig(
        out=out, memory=args.memory, agent=args.agent, model=args.model,
        base_url=args.base_url, server=server, thinking=args.thinking, temperature=args.temperature,
        max_tokens=args.max_tokens, max_rounds=args.max_rounds, tool_choice=args.tool_choice,
        text_calls=not args.no_text_calls, memory_options=memory_options(args.memory_option),
        memory_days=args.memory_days, timeout_retries=args.timeout_retries, progress_every=args.progress_every,
        slow_after=args.slow_after,
        groups=parse_groups(args.groups) if args.groups is not None else None, limit=args.limit, data=args.data,
        concurrency=args.concurrency, retries=args.retries, timeout=args.timeout, backoff=args.backoff,
        cache_dir=args.cache_dir, use_cache=use_cache, plugins=args.plugin,
        trials=args.trials, shard=shard, prices=args.prices,
    )
    config.validate()
    from vmb.memory import load_plugins

    load_plugins(config.plugins)
    return config


def served(model: str | None, base_url: str | None, *, parallel: int, command: str) -> ContextManager[str | None]:
    """``base_url`` as given, or for ``--model local:NAME`` its server's URL while the block runs (the local
    extra's ``vmb.local.command.served``)."""
    from vmb import extras
    from vmb.llm.local import local_name

    if local_name(model) is None:
        return nullcontext(base_url)
    local_served = extras.load("vmb.local.command:served", "local", f"--model {model}")
    server: ContextManager[str | None] = local_served(model, base_url, parallel=parallel, command=command)
    return server


def run(args: argparse.Namespace) -> int:
    import asyncio

    from vmb.data import resolve_data_dir
    from vmb.errors import Exit
    from vmb.harness.runner import execute, summary_line
    from vmb.memory import get_memory_setting
    from vmb.prices import price_table
    from vmb.terminal import note, say

    config = config_from_args(args, use_cache=not args.no_cache)
    get_memory_setting(config.memory, config.memory_options)
    price_table(config.prices)
    # before a local model's server takes seconds to start for nothing (the run says, once, if it is not the release)
    resolve_data_dir(config.data, note=False)
    with served(config.model, args.base_url, parallel=config.concurrency, command="run") as config.base_url:
        result = asyncio.run(execute(config, force=args.force, show_progress=args.progress,
                                     say=lambda line: note("run", line)))
    say(summary_line(result))  # the run's path is outside text: shown escaped
    for line in error_lines(result.metric):
        note("run", line)
    return Exit.FAILURES if result.metric.errors else Exit.OK


def error_lines(metric: RunSummary) -> list[str]:
    """What the failed queries mean for the user: retryable failures apart from context overflows."""
    overflows = metric.context_overflows
    retryable = metric.errors - overflows
    lines = []
    if retryable:
        causes = Counter(error_cause(row["error"]) for row in metric.error_queries
                         if row["kind"] != "context_overflow")
        common = ""
        if causes:
            cause, count = causes.most_common(1)[0]
            common = f"; most often ({count} of {retryable}): {cause}"
        lines.append(f"{retryable} queries failed (listed under error_queries in metric.json){common}; "
                     "rerun the same command to retry them")
    if overflows:
        lines.append(f"{overflows} queries do not fit the model's context (kind context_overflow in metric.json); "
                     "this is deterministic: a rerun fails the same way; use a model or server with a longer "
                     "context (llama.cpp: --ctx-size) or a memory setting with a shorter prompt")
    return lines


def error_cause(error: Any) -> str:
    """A failed query's error without what differs between queries (attempt counts), for counting causes."""
    text = " ".join(str(error or "unknown error").split())
    text = re.sub(r" \(after \d+ attempts?\)$", "", text)
    return text if len(text) <= 160 else text[:160] + "..."
