"""Build a benchmark: personas → chains → timeline → dialogue → QA → vetting → export.

Writes the release layout (history/, qa_data/) plus metadata.json under --out, and every stage's
artifacts under --out/stages. `vmb generate review DIR` writes HTML review sheets to DIR/review; items
rejected in DIR/review/decisions.json are made again by the next run. Running the same command again resumes an interrupted run; a
finished stage is not redone, and groups that failed (stages/failures.jsonl) are tried again. --backend procedural needs no model and is deterministic (same
seed, same bytes); --backend llm asks any OpenAI-compatible endpoint (see docs/generate.md).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import TYPE_CHECKING

from vmb.terminal import note, safe, say

if TYPE_CHECKING:
    from vmb.maker.generate.plan.options import GenerateOptions

# What rerunning does after a stop (vmb.cli says it beside "interrupted").
RESUME = "rerun the same command to resume"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    import dataclasses
    from types import SimpleNamespace

    from vmb.maker.generate.plan.options import GenerateOptions, release_type_shares

    # The declared defaults, not a validated GenerateOptions(): validating imports the simulator,
    # which building the parser for `vmb --help` must not.
    d = SimpleNamespace(**{f.name: f.default for f in dataclasses.fields(GenerateOptions)
                           if f.default is not dataclasses.MISSING})
    parser.add_argument("review", nargs="*", metavar="review DIR",
                        help="write HTML review sheets of DIR's stages to DIR/review (no generation)")
    parser.add_argument("--out", type=Path, help="output directory (created; resumed if it exists)")
    parser.add_argument("--force", action="store_true",
                        help="generate again from the start into a directory another generator version made")
    parser.add_argument("--backend", choices=("procedural", "llm"), default=d.backend, help="how stages are made")
    parser.add_argument("--groups", type=int, default=d.groups, help=f"number of groups (default {d.groups})")
    parser.add_argument("--seed", type=int, default=d.seed, help=f"random seed (default {d.seed})")
    parser.add_argument("--people", type=int, default=d.people, help=f"occupants per group (default {d.people})")
    parser.add_argument("--history-lines", type=int, default=d.history_lines,
                        help=f"dialogue lines per group (default {d.history_lines}, the release's size)")
    parser.add_argument("--background-chains", type=int, default=d.background_chains,
                        help=f"chains unrelated to the vehicle per group (default {d.background_chains})")
    parser.add_argument("--vehicle-chains", type=int, default=d.vehicle_chains,
                        help=f"vehicle-preference chains, one query each, per group (default {d.vehicle_chains})")
    parser.add_argument("--conflict-density", type=int, default=d.conflict_density,
                        help="occupants voicing a value in a preference conflict (default 2, at most --people)")
    parser.add_argument("--delay-days", type=float, default=d.delay_days,
                        help=f"mean days between consecutive events of a chain (default {d.delay_days:g})")
    parser.add_argument("--type-shares", default=None, metavar="TYPE=SHARE,...",
                        help="shares of the reasoning types (default: the release's, "
                             + ",".join(f"{name}={share:g}" for name, share in release_type_shares().items()) + ")")
    parser.add_argument("--start-date", default=d.start_date, help=f"first possible history day (default {d.start_date})")
    llm = parser.add_argument_group("--backend llm (key from $VMB_API_KEY or $OPENAI_API_KEY only)")
    llm.add_argument("--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
    llm.add_argument("--model", help="model for every stage (unless --stage-model)")
    llm.add_argument("--stage-model", action="append", default=[], metavar="STAGE=MODEL",
                     help="model of one stage (personas, chains, dialogue, qa); repeatable")
    llm.add_argument("--stage-temperature", action="append", default=[], metavar="STAGE=T",
                     help="temperature of one stage (default Table 7: personas 0.7, chains 0.8, dialogue 0.7, qa 0)")
    llm.add_argument("--max-tokens", type=int, default=8192, help="max output tokens per request (default 8192)")
    llm.add_argument("--response-format", choices=("json_schema", "json_object", "none"), default="json_schema",
                     help="ask for each answer under its JSON schema (default; llama.cpp, vLLM, OpenAI), for any "
                          "JSON object, or send no response_format (servers without it)")
    llm.add_argument("--concurrency", type=int, default=8, help="requests in flight at once (default 8)")
    llm.add_argument("--timeout", type=float, default=600.0, help="seconds per request (default 600)")
    llm.add_argument("--no-cache", action="store_true", help="do not use the request cache (stages/requests.sqlite)")
    llm.add_argument("--dry-run", action="store_true", help="print the planned requests and token estimate only")


def options_from(args: argparse.Namespace) -> GenerateOptions:
    from vmb.errors import OptionError
    from vmb.maker.generate.plan.options import GenerateOptions, parse_type_shares

    fields = {k: getattr(args, k) for k in ("groups", "seed", "people", "history_lines", "background_chains",
                                            "vehicle_chains", "conflict_density", "delay_days", "start_date",
                                            "backend")}
    if args.type_shares:
        fields["type_shares"] = parse_type_shares(args.type_shares)
    if args.backend == "llm":
        from vmb.llm.local import endpoint_identity, local_name
        from vmb.maker.generate.llm.backend import check_pool, llm_settings

        local = local_name(args.model)
        if local is not None and args.base_url:
            raise OptionError(f"--model {args.model} starts its own server on 127.0.0.1; leave out --base-url")
        if any(local_name(text.partition("=")[2].strip()) for text in args.stage_model):
            raise OptionError("--stage-model: a local model serves every stage; use --model local:NAME")
        if not (args.base_url or local) or not (args.model or args.stage_model):
            raise OptionError("--backend llm needs --base-url and --model (or --stage-model for every stage), "
                              "or --model local:NAME (vmb local list)")
        check_pool(args.concurrency, args.timeout)
        models = dict(_pair(text, "--stage-model") for text in args.stage_model)
        temperatures = {k: _number(v, f"--stage-temperature {k}")
                        for k, v in (_pair(t, "--stage-temperature") for t in args.stage_temperature)}
        if args.model is None and set(models) != {"personas", "chains", "dialogue", "qa"}:
            raise OptionError("without --model, --stage-model must name every stage: personas, chains, dialogue, qa")
        # A local model's URL changes with every start: its pinned weights are what is recorded.
        endpoint = endpoint_identity(args.model or "", args.base_url) or ""
        fields["llm"] = llm_settings(endpoint, args.model or "", models, temperatures, args.max_tokens,
                                     args.response_format)
    return GenerateOptions(**fields)


def _number(text: str, option: str) -> float:
    from vmb.errors import OptionError

    try:
        return float(text)
    except ValueError:
        raise OptionError(f"{option}: {text!r} is not a number") from None


def _pair(text: str, option: str) -> tuple[str, str]:
    from vmb.errors import OptionError

    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise OptionError(f"{option}: expected STAGE=VALUE, got {text!r}")
    return key.strip(), value.strip()


def review(words: list[str]) -> int:
    from vmb.errors import Exit, OptionError
    from vmb.maker.generate.review import write_sheets

    if len(words) != 2 or words[0] != "review":
        raise OptionError(f"expected 'review DIR', got {' '.join(words)!r}")
    written = write_sheets(Path(words[1]))
    print("wrote " + ", ".join(str(p) for p in written))
    print(f'reject items in {Path(words[1]) / "review" / "decisions.json"}: {{"reject": {{"ID": "reason"}}}}; '
          "the next vmb generate over the directory makes them again")
    return Exit.OK


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit, OptionError

    if args.review:
        return review(args.review)
    if args.out is None:
        raise OptionError("--out DIR is required (or: vmb generate review DIR)")
    from vmb.maker.generate.pipeline import run as run_pipeline
    from vmb.maker.generate.procedural.backend import ProceduralBackend

    options = options_from(args)
    if options.backend == "llm":
        from vmb.maker.generate.estimate import estimate, format_estimate
        from vmb.maker.generate.llm.progress import GenerateProgress

        estimates = estimate(options)
        print(format_estimate(estimates), flush=True)
        if args.dry_run:
            return Exit.OK
        progress = GenerateProgress.planned([(p.stage, p.requests, p.completion_tokens) for p in estimates],
                                            say=lambda line: note("generate", line))
    elif args.dry_run:
        print("--dry-run plans model requests; the procedural backend makes none")
        return Exit.OK
    from vmb.local.command import served
    from vmb.maker.generate.store import writing

    start = time.perf_counter()
    backend = None
    try:
        with served(args.model, args.base_url, parallel=args.concurrency, command="generate") as base_url, writing(args.out):
            if options.backend == "llm":
                from vmb.maker.generate.llm.backend import LLMBackend
                from vmb.maker.generate.store import Store

                store = Store(args.out, options)
                store.open(args.force)
                backend = LLMBackend(options, store.dir, ProceduralBackend(), concurrency=args.concurrency,
                                     timeout=args.timeout, use_cache=not args.no_cache, base_url=base_url,
                                     progress=progress)
            outcome = run_pipeline(options, args.out, backend or ProceduralBackend(), log=say, force=args.force)
    finally:
        if backend is not None:
            backend.close()
    if backend is not None:
        for stage, usage in backend.usage.items():
            print(f"  {stage:<9} " + ", ".join(f"{k} {v:,}" for k, v in usage.to_json().items()))
    print(f"wrote {args.out} in {time.perf_counter() - start:.1f} s (metadata: {outcome.metadata})")
    if outcome.failures:
        print(f"{len(outcome.failures)} group(s) failed and were left out (stages/failures.jsonl):")
        for failure in outcome.failures:
            print(safe(f"  group {failure['group']} at {failure['stage']}: {failure['reason']}"))
        return Exit.FAILURES
    return Exit.OK
