"""``python -m bench`` (``make bench``): named benchmark suites, one core, best of several rounds.

Each suite prints tasks per second and its target. This is a benchmark, not a test: the exit
status is 0 whatever the figure. The suites are not part of the ``vmb`` wheel: they run from a
checkout, beside ``tests/``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bench import SUITES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = "suites:\n" + "\n".join(f"  {name:<10} {desc}" for name, (_, desc) in SUITES.items())
    parser.add_argument(
        "suites", nargs="*", metavar="SUITE", help=f"suites to run: {', '.join(SUITES)} (default: all)"
    )
    parser.add_argument("--rounds", type=int, default=3, help="timed rounds per suite; the best counts (default 3)")
    parser.add_argument("--data", help="benchmark directory (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    parser.add_argument(
        "--conformance", type=Path, metavar="DIR", help="a directory of conformance records (default: the shipped copy)"
    )
    parser.add_argument(
        "--reference", type=Path, metavar="DIR",
        help="a checkout of the reference release (isyuhaochen/VehicleMemBench), timed beside vmb where a suite "
             "can (the score suite; default $VMB_REFERENCE)",
    )


def run(args: argparse.Namespace) -> int:
    from bench import BenchOptions, format_result, load_suite
    from vmb.bounds import number_problem
    from vmb.errors import Exit, OptionError

    unknown = [s for s in args.suites if s not in SUITES]
    if unknown:
        raise OptionError(f"unknown suite(s) {', '.join(unknown)}; available: {', '.join(SUITES)}")
    problem = number_problem("--rounds", args.rounds, 1, whole=True)
    if problem:
        raise OptionError(problem)
    options = BenchOptions(rounds=args.rounds, data=args.data, conformance=args.conformance,
                           reference=args.reference)
    for name in args.suites or list(SUITES):
        print(format_result(load_suite(name)(options)), flush=True)
    return Exit.OK


def main(argv: list[str] | None = None) -> int:
    """Parse, run, and turn a ``VmbError`` into the one line ``bench: message`` (as ``vmb`` does)."""
    from vmb.errors import VmbError
    from vmb.terminal import safe

    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    add_arguments(parser)
    try:
        return run(parser.parse_args(argv))
    except VmbError as error:
        print(f"bench: {safe(str(error))}", file=sys.stderr, flush=True)
        return error.status


if __name__ == "__main__":
    raise SystemExit(main())
