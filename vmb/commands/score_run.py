"""Re-score a run directory offline: every finished query from its stored calls, then metric.json.

No model is called. Use it after the scorer changed, or to recompute metric.json of a run that was
interrupted before writing it.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("run", type=Path, help="run directory (holds config.json and results.jsonl)")
    parser.add_argument("--data", help="benchmark directory (default: the one the run's config.json names, else $VMB_DATA, "
                        "data/vehiclemembench, ../shared)")
    parser.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                        help="import this module first (a plugin memory setting the run used); repeatable. "
                        "The modules a run's config.json lists are never imported")
    parser.add_argument("--prices", metavar="FILE", help="price table for metric.json's cost (default $VMB_PRICES)")


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.harness.rescore import rescore_run
    from vmb.harness.show import metric_line
    from vmb.prices import price_table
    from vmb.results.rundir import RunDirError
    from vmb.terminal import note

    if not (args.run / "config.json").exists():
        raise RunDirError(f"{args.run} is not a run directory (no config.json)")
    metric, warnings = rescore_run(args.run, args.data, price_table(args.prices), args.plugin)
    for warning in warnings:
        note("score", f"warning: {warning}")
    print(metric_line(metric))
    return Exit.OK
