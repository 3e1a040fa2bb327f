"""Compare two runs query by query: is the ESM difference more than noise?

On the queries both runs scored: ESM of A and of B, A - B with a paired group-bootstrap 95%
interval, the queries only A solves and only B solves, and the exact McNemar p-value; overall and
per reasoning type. Refuses runs over different benchmark data.

examples:
  vmb compare runs/qwen-summary runs/qwen-kv
  vmb compare runs/a runs/b --json
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", type=Path, metavar="RUN_A", help="run directory A")
    parser.add_argument("b", type=Path, metavar="RUN_B", help="run directory B")
    parser.add_argument("--json", action="store_true", help="print the comparison as JSON")


def run(args: argparse.Namespace) -> int:
    from vmb.analysis.compare import compare_runs, comparison_text
    from vmb.errors import Exit
    from vmb.terminal import note

    # Only the records metric.json counts are compared: each one left out is named.
    result = compare_runs(args.a, args.b, warn=lambda problem: note("compare", f"warning: {problem}"))
    from vmb.terminal import say

    say(json.dumps(result, indent=1) if args.json else comparison_text(result))  # run names are outside text
    return Exit.OK
