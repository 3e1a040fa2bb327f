"""Compare finished runs side by side: coverage, ESM, F-F1, V-F1, Calls and Mem Token per run.

Computes each run's numbers from its results.jsonl, as metric.json and the report do. With --by, adds
ESM per reasoning type or per target module, or (--by stage) each run's queries by the stage where
memory failed with its retrieval quality (docs/attribution.md); with --paper, the paper's printed rows for the same
memory settings. ESM, F-F1 and V-F1 print as value ± half-width of their 95% interval; runs with
repeated trials add pass^k and pass@k; --prices (or $VMB_PRICES) adds each run's cost.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", type=Path, metavar="RUN", help="run directories")
    parser.add_argument("--by", choices=["reasoning_type", "module", "stage"],
                        help="add ESM per reasoning type or module, or the queries by stage with retrieval quality")
    parser.add_argument("--data", help="benchmark directory the runs ran on (default: the one their config.json "
                        "names, else the usual places; its checksum must be theirs)")
    parser.add_argument("--paper", action="store_true", help="also print the paper's rows for these memory settings")
    parser.add_argument("--prices", metavar="FILE",
                        help="price table (TOML) to compute each run's cost with (default $VMB_PRICES)")


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.harness.show import comparison
    from vmb.prices import price_table
    from vmb.results.rundir import RunDirError
    from vmb.terminal import note, say

    missing = [str(r) for r in args.runs if not (r / "config.json").exists()]
    if missing:
        raise RunDirError(f"not a run directory (no config.json): {', '.join(missing)}")
    prices = price_table(args.prices)
    # The table counts what metric.json counts: each record it leaves out is named.
    table = comparison(args.runs, by=None if args.by == "stage" else args.by, paper=args.paper, prices=prices,
                       data=args.data, warn=lambda problem: note("show", f"warning: {problem}"))
    say(table)  # run names and notes are outside text: shown escaped
    if args.by == "stage":
        from vmb.analysis.retrieval import stage_text
        from vmb.analysis.runs import load_runs

        runset = load_runs(args.runs, data=args.data)
        say("\nby stage (docs/attribution.md):\n" + stage_text(runset.runs))
    return Exit.OK
