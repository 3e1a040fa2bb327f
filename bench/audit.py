"""Benchmark suite ``audit``: ``vmb audit`` of the 50 released groups on one core (``make bench``).

A round is the whole audit as the command runs it (every figure with o200k tokens, every shortcut
baseline scored, every check), the baselines' text caches emptied first so no round reuses
another's matches. The target: a 50-group audit in under 15 s, often enough to run after every
change to a generator.
"""

from __future__ import annotations

import time

from bench.suite import BenchOptions, SuiteResult
from bench.timing import best_time, one_core
from vmb.data.locate import RELEASE_GROUPS

TARGET_SECONDS = 15.0


def audit_suite(options: BenchOptions) -> SuiteResult:
    from vmb.data import load_benchmark, resolve_data_dir
    from vmb.maker.audit import audit
    from vmb.maker.audit.diversity import measure
    from vmb.maker.baselines.lexicon import clear_caches

    bench = load_benchmark(resolve_data_dir(options.data))

    cpu: list[float] = []

    def work() -> None:
        clear_caches()
        start = time.process_time()
        audit(bench)
        cpu.append(time.process_time() - start)

    with one_core() as pinning:
        seconds, _ = best_time(work, options.rounds)
        start = time.perf_counter()
        measure(bench)
        figures = time.perf_counter() - start
    groups = len(bench.groups)
    return SuiteResult(
        suite="audit",
        tasks=groups,
        seconds=seconds,
        rounds=options.rounds,
        target=groups / TARGET_SECONDS if groups == RELEASE_GROUPS else None,
        baseline=f"target: the release's {RELEASE_GROUPS} groups audited in under {TARGET_SECONDS:.0f} s",
        details=[f"{groups} groups, {len(bench.queries)} queries: the whole audit {seconds:.1f} s "
                 f"({min(cpu):.1f} s of CPU: wall above it is other load), of which the text and answer "
                 f"figures {figures:.1f} s", pinning],
    )
