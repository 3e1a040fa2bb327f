"""Merge the slices of a sharded run (vmb run --shard I/N) into one run directory.

Refuses slices of different configurations, of different selections, or holding the same query.
The merged metric.json equals the one an unsharded run of the same configuration writes.

examples:
  vmb merge runs/qwen-gold/shards/* --out runs/qwen-gold
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("slices", nargs="+", type=Path, metavar="SLICE", help="run directories of the slices")
    parser.add_argument("--out", type=Path, required=True, help="the merged run directory")
    parser.add_argument("--data", help="benchmark directory (default: the one the slices' config.json names, else the usual "
                        "data locations)")
    parser.add_argument("--plugin", action="append", default=[], metavar="MODULE",
                        help="import this module first (a plugin memory setting the run used); repeatable. "
                        "The modules a run's config.json lists are never imported")
    parser.add_argument("--prices", metavar="FILE", help="price table for the cost (default $VMB_PRICES)")


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.harness.merge import merge_runs
    from vmb.harness.show import metric_line
    from vmb.prices import price_table
    from vmb.terminal import note

    metric, warnings = merge_runs(args.slices, args.out, data=args.data, prices=price_table(args.prices),
                                  plugins=args.plugin)
    for warning in warnings:
        note("merge", f"warning: {warning}")
    print(f"{metric_line(metric)}\n-> {args.out / 'metric.json'}")
    return Exit.OK
