"""Run a grid of runs from one TOML spec: every model × every memory setting, each its own run.

The spec lists models (endpoint, server family, name), memory settings, trials and any shared run
settings (see `vmb/harness/grid.py` or docs/trust.md). Every cell is an ordinary resumable run
under the spec's root, all sharing one request cache; rerun the same command to resume. At the end
the grid's table prints with 95% intervals.

Spread over N machines with --shard I/N (each cell runs its slice of the groups into
ROOT/CELL/shards/I-of-N); afterwards `vmb grid SPEC --merge` joins every cell's slices.

examples:
  vmb grid grid.toml
  vmb grid grid.toml --shard 2/4
  vmb grid grid.toml --merge
"""

from __future__ import annotations

import argparse
from pathlib import Path

# What rerunning does after a stop (vmb.cli says it beside "interrupted").
RESUME = "rerun the same command to resume"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spec", type=Path, metavar="SPEC.toml", help="the grid spec")
    parser.add_argument("--shard", metavar="I/N", help="run only the I-th of N slices of the groups in every cell")
    parser.add_argument("--merge", action="store_true", help="merge every cell's slices instead of running")
    parser.add_argument("--prices", metavar="FILE", help="price table for the cells' cost (default $VMB_PRICES)")
    parser.add_argument("--force", action="store_true",
                        help="a cell's directory holds another configuration: set it aside and start over")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar (default: on a terminal only)")


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.harness.grid import load_grid, merge_grid, run_grid
    from vmb.harness.shard import parse_shard
    from vmb.harness.show import comparison
    from vmb.prices import price_table
    from vmb.results.rundir import METRIC
    from vmb.terminal import note

    spec = load_grid(args.spec)
    shard = parse_shard(args.shard) if args.shard else None
    prices = price_table(args.prices or spec.prices)
    if args.merge:
        outcomes = merge_grid(spec, prices=prices, log=print)
    else:
        outcomes = run_grid(spec, shard=shard, force=args.force, prices=args.prices or spec.prices,
                            progress=args.progress, log=print, say=lambda line: note("grid", line))
    finished = [o.path for o in outcomes if o.error is None and (o.path / METRIC).exists()]
    if finished:
        print()
        print(comparison(finished, prices=prices))
    failed = [o for o in outcomes if o.error is not None]
    for outcome in failed:
        note("grid", f"{outcome.cell.name}: {outcome.error}")
    return Exit.FAILURES if failed else Exit.OK
