"""Benchmark suite ``startup``: a whole ``vmb run --agent oracle --memory gold`` process over 500 queries (wall,
CPU, peak resident memory) and ``vmb --help``'s imports, beside their targets."""

from __future__ import annotations

from pathlib import Path

from bench.suite import BenchOptions, SuiteResult
from bench.timing import REPO, ChildRun, child_process, user_environment

RUN_SECONDS_TARGET = 1.2  # `vmb run --agent oracle`, 500 queries, the whole process
RUN_MIB_TARGET = 150.0  # peak resident memory of `vmb run --memory gold` (the reference's ~70 MiB, x2)
HELP_MS_TARGET = 150.0  # importing and building the parser of `vmb --help`
_HELP_TIMER = ("import time; start = time.perf_counter(); import vmb.cli; vmb.cli.build_parser(); "
               "print(1000 * (time.perf_counter() - start))")


def _help_milliseconds() -> float:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", _HELP_TIMER], capture_output=True, text=True, cwd=REPO,
                          env=user_environment(), check=True)
    return float(done.stdout)


def startup_suite(options: BenchOptions) -> SuiteResult:
    import statistics
    import tempfile

    rounds = max(1, options.rounds)
    data = ["--data", options.data] if options.data else []

    def oracle_run() -> ChildRun:
        with tempfile.TemporaryDirectory(prefix="vmb-bench-") as tmp:
            return child_process(["run", "--agent", "oracle", "--memory", "gold", *data,
                                  "--out", str(Path(tmp) / "run")])

    oracle_run()  # warm-up: byte code compiled and cached, files in the page cache
    runs = [oracle_run() for _ in range(rounds)]
    helps = [_help_milliseconds() for _ in range(rounds)]
    seconds = statistics.median(r.seconds for r in runs)
    cpu = statistics.median(r.cpu for r in runs)
    mib = max(r.mib for r in runs)
    help_ms = statistics.median(helps)

    def verdict(ok: bool) -> str:
        return "OK" if ok else "ABOVE TARGET"

    return SuiteResult(
        suite="startup",
        tasks=500,
        seconds=seconds,
        rounds=rounds,
        target=500 / RUN_SECONDS_TARGET,
        baseline="queries per second of a whole `vmb run --agent oracle --memory gold` process",
        details=[
            f"vmb run --agent oracle --memory gold, 500 queries: {seconds:.2f} s wall, {cpu:.2f} s CPU, median "
            f"of {rounds} [target <= {RUN_SECONDS_TARGET} s: {verdict(seconds <= RUN_SECONDS_TARGET)}]",
            f"  peak resident memory {mib:.0f} MiB [target <= {RUN_MIB_TARGET:.0f} MiB: "
            f"{verdict(mib <= RUN_MIB_TARGET)}]; the reference harness ~70 MiB (it counts no tokens)",
            f"vmb --help: {help_ms:.0f} ms of imports and parser, median of {rounds} "
            f"[target < {HELP_MS_TARGET:.0f} ms: {verdict(help_ms < HELP_MS_TARGET)}]",
            "whole processes, not pinned: on a busy machine the wall figures include waiting for a core "
            "(the CPU figure does not)",
        ],
    )

