"""Build a benchmark: personas → chains → timeline → dialogue → QA → verify → export.

Writes the release layout (history/, qa_data/) plus metadata.json under --out, and every stage's
artifacts under --out/stages. Running the same command again resumes an interrupted run; a
finished stage is not redone. --backend procedural needs no model and is deterministic (same
seed, same bytes); --backend llm asks any OpenAI-compatible endpoint (see README).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from vmb.generate.options import GenerateOptions

    d = GenerateOptions()
    parser.add_argument("--out", type=Path, required=True, help="output directory (created; resumed if it exists)")
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
                        help="shares of the reasoning types (default: the release's, e.g. preference_conflict=29.8,...)")
    parser.add_argument("--start-date", default=d.start_date, help=f"first possible history day (default {d.start_date})")


def options_from(args: argparse.Namespace) -> object:
    from vmb.generate.options import GenerateOptions, parse_type_shares

    fields = {k: getattr(args, k) for k in ("groups", "seed", "people", "history_lines", "background_chains",
                                            "vehicle_chains", "conflict_density", "delay_days", "start_date",
                                            "backend")}
    if args.type_shares:
        fields["type_shares"] = parse_type_shares(args.type_shares)
    return GenerateOptions(**fields)


def run(args: argparse.Namespace) -> int:
    from vmb.generate.options import OptionError
    from vmb.generate.pipeline import ProceduralBackend, run as run_pipeline
    from vmb.generate.store import ArtifactError

    try:
        options = options_from(args)
    except OptionError as error:
        print(f"vmb generate: {error}")
        return 2
    backend = ProceduralBackend()
    start = time.perf_counter()
    try:
        outcome = run_pipeline(options, args.out, backend)  # type: ignore[arg-type]
    except ArtifactError as error:
        print(f"vmb generate: {error}")
        return 2
    print(f"wrote {args.out} in {time.perf_counter() - start:.1f} s (metadata: {outcome.metadata})")
    if outcome.failures:
        print(f"{len(outcome.failures)} group(s) failed and were left out (stages/failures.jsonl):")
        for failure in outcome.failures:
            print(f"  group {failure['group']} at {failure['stage']}: {failure['reason']}")
        return 1
    return 0
