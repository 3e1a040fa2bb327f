"""Throughput benchmarks, as named suites (``python -m bench [SUITE ...]``, ``make bench``): the one speed-suite package.

A suite is a function ``(BenchOptions) -> SuiteResult`` registered in ``SUITES`` by dotted name,
imported only when run; each lives in a module of this package, above what it measures, so nothing
measured imports a suite (another module adds its own suite with one line here). Every suite runs on
one core (the process is pinned to a single CPU while it runs, ``bench.timing``) and reports tasks
per second over the best of ``rounds`` timed rounds, each figure beside its target. These are the
timings; what a budget holds by count (files read, imports, traced memory, tokens, calls) is checked
by ``make test`` (``tests/test_budgets.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from bench.suite import BenchOptions, SuiteResult

# name → ("module:function", one-line description). The function takes BenchOptions.
SUITES: dict[str, tuple[str, str]] = {
    "score": (
        "bench.score:score_suite",
        "replay and score the 500 reference answers (against themselves) and the 2,000 scoring cases",
    ),
    "harness": ("bench.harness:harness_suite", "500 gold-memory queries against a scripted model: wall time vs floor"),
    "prompt": ("bench.prompt:prompt_suite",
               "o200k tokens sent per query, per memory setting, beside the reference release's"),
    "memory": ("bench.memory:memory_suite", "MemoryBank search over a 2,700-line group: ms per query"),
    "generate": ("bench.generate:generate_suite", "procedural generation of 50 full-size groups (target < 60 s)"),
    "startup": ("bench.startup:startup_suite",
                "vmb run --agent oracle --memory gold over 500 queries: wall and peak memory; vmb --help imports"),
    "data": ("bench.data:data_suite", "load the release (50 groups) and compute the dataset tables (vmb stats)"),
    "audit": ("bench.audit:audit_suite", "vmb audit of the release's 50 groups: figures, baselines, checks"),
    "report": ("bench.report:report_suite", "make report, with no runs and then with its 11 runs (target 60 s)"),
    "install": ("bench.install:install_suite",
                "pip install . into a fresh venv: MiB, distributions, dependencies, the core's lines; then run, show, report"),
    "serve": ("bench.serve:serve_suite",
              "vmb serve: overhead per tool call over loopback; 500 oracle queries over MCP vs in process"),
}


def load_suite(name: str) -> Callable[[BenchOptions], SuiteResult]:
    target = SUITES[name][0]
    module_name, func_name = target.split(":")
    func: Callable[[BenchOptions], SuiteResult] = getattr(importlib.import_module(module_name), func_name)
    return func


def format_result(result: SuiteResult) -> str:
    verdict = ""
    if result.target is not None:
        status = "OK" if result.meets_target else "BELOW TARGET"
        verdict = f"   [target >= {result.target:,.0f} tasks/s: {status}]"
    lines = [
        f"{result.suite}: {result.rate:,.0f} tasks/s on one core{verdict}",
        f"  {result.tasks:,} tasks per round, best of {result.rounds} rounds: {result.seconds:.3f} s",
    ]
    if result.baseline:
        lines.append(f"  baseline: {result.baseline}")
    lines.extend(f"  {line}" for line in result.details)
    return "\n".join(lines)

