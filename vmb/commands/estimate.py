"""What a run will cost before it sends a request: requests, tokens, memory builds, money and time.

Takes the options of `vmb run` (swap the word `run` for `estimate`), and --memory may name several
settings, comma-separated. Every selected query goes through the agent loop in this process against
the scripted reference policy (the reference's calls, memory looked up where the setting has memory
tools; a memory built by the same policy), counted as the scripted server counts a request. The
expected figure is that pattern; what a real model may take is a range beside it: 1 to --max-rounds
requests per query, completions up to --max-tokens, a summary up to its cap. Money with --prices
(or $VMB_PRICES); time with --rate, --latency, or the timings of an earlier run in --out.

examples:
  vmb estimate --base-url https://api.openai.com/v1 --model gpt-4.1-mini --memory none,gold,summary,kv,history \\
      --prices prices.toml --rate 2
  vmb estimate --base-url http://127.0.0.1:8000/v1 --model Qwen/Qwen3-8B --memory summary --groups 1-5 --latency 4
"""

from __future__ import annotations

import argparse
import json
from dataclasses import fields
from typing import TYPE_CHECKING

from vmb.commands import run as run_command

if TYPE_CHECKING:
    from vmb.harness.estimate import Pacing, SettingEstimate, Span


def add_arguments(parser: argparse.ArgumentParser) -> None:
    run_command.add_arguments(parser)
    pace = parser.add_argument_group("estimate")
    pace.add_argument("--rate", type=float, metavar="REQUESTS_PER_SECOND",
                      help="the endpoint's throughput, for the time a run takes")
    pace.add_argument("--latency", type=float, metavar="SECONDS",
                      help="seconds per request; with --concurrency, the throughput")
    pace.add_argument("--json", action="store_true", help="the estimate as JSON on stdout")


def _pacing(args: argparse.Namespace, out: str) -> Pacing:
    from pathlib import Path

    from vmb.bounds import number_problem
    from vmb.errors import OptionError
    from vmb.harness.estimate import Pacing, measured_pacing

    for option, value in (("--rate", args.rate), ("--latency", args.latency)):
        problem = None if value is None else number_problem(option, value, 0, above=True)
        if problem is not None:
            raise OptionError(problem)
    if args.rate is not None:
        return Pacing(args.rate, f"{args.rate:g} requests/s (--rate)")
    if args.latency is not None:
        return Pacing(args.concurrency / args.latency,
                      f"{args.latency:g} s per request, {args.concurrency} at once (--latency, --concurrency)")
    return measured_pacing(Path(out), args.concurrency)


def _settings(value: str) -> list[str]:
    from vmb.errors import OptionError

    names = [name.strip() for name in value.split(",")]
    if not all(names):
        raise OptionError(f"--memory: a setting name is empty in {value!r} (names are comma-separated)")
    return names


def _options_for(name: str, pairs: list[str], names: list[str]) -> list[str]:
    """The --memory-option pairs that belong to ``name``: one naming no option of any listed setting
    is kept for every setting, so that the setting refuses it in one line."""
    from vmb.memory import find

    def keys(setting: str) -> set[str]:
        found = find(setting)
        options = getattr(found, "Options", None)
        return {f.name for f in fields(options)} if options is not None else set()

    known = set().union(*(keys(n) for n in names))
    mine = keys(name)
    return [pair for pair in pairs if pair.partition("=")[0] in mine or pair.partition("=")[0] not in known]


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.harness.estimate import estimate_plan
    from vmb.harness.plan import prepare_run

    names = _settings(args.memory)
    estimates = []
    for name in names:
        one = argparse.Namespace(**{**vars(args), "memory": name,
                                    "memory_option": _options_for(name, args.memory_option, names)})
        config = run_command.config_from_args(one, use_cache=True)
        plan = prepare_run(config)
        estimates.append(estimate_plan(plan, _pacing(args, config.out)))
    if args.json:
        print(json.dumps([e.to_json() for e in estimates], indent=2))
        return Exit.OK
    for figures in estimates:
        for line in describe(figures):
            print(line)
    return Exit.OK


def _count(value: float) -> str:
    return f"{value:,.0f}"


def _range(span: Span) -> str:
    high = "no bound" if span.high is None else _count(span.high)
    return f"{_count(span.expected)} ({_count(span.low)} to {high})"


def _money(span: Span, currency: str) -> str:
    high = "no bound" if span.high is None else f"{span.high:,.2f}"
    return f"{currency} {span.expected:,.2f} ({span.low:,.2f} to {high})"


def _duration(seconds: float | None) -> str:
    if seconds is None:
        return "no bound"
    for unit, size in (("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:,.1f} {unit}"
    return f"{seconds:,.0f} s"


def describe(figures: SettingEstimate) -> list[str]:
    """The estimate of one setting as lines: expected, then the range a real model may fall in."""
    lines = [f"{figures.setting}: {figures.queries:,} queries over {figures.groups} group(s); "
             "expected (low to high)"]
    for label, traffic in (("queries", figures.query), ("memory build", figures.build), ("total", figures.total)):
        if label == "memory build" and not (figures.built or figures.stored):
            continue
        lines.append(f"  {label:<12} requests {_range(traffic.requests)}, prompt tokens {_range(traffic.prompt_tokens)}, "
                     f"completion tokens {_range(traffic.completion_tokens)}")
    if figures.stored:
        lines.append(f"  {figures.stored} group(s) already built in the store: nothing to build for them")
    if figures.cost is not None and figures.currency is not None:
        lines.append(f"  cost         {_money(figures.cost, figures.currency)}")
    if figures.seconds is not None:
        span = figures.seconds
        lines.append(f"  time         {_duration(span.expected)} ({_duration(span.low)} to {_duration(span.high)}) "
                     f"at {figures.pacing}")
    lines += [f"  not known: {unknown}" for unknown in figures.unknowns]
    return lines
