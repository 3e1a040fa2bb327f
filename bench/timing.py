"""What every suite times with: one pinned core, the best of several rounds, a whole ``vmb`` process."""

from __future__ import annotations

import os
import resource
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]  # bench/ sits in the checkout beside vmb/


@contextmanager
def one_core() -> Iterator[str]:
    """Pin this process to one CPU for the duration; yields a description of what was done."""
    if not hasattr(os, "sched_setaffinity"):
        yield "not pinned (no CPU affinity on this platform)"
        return
    before = os.sched_getaffinity(0)
    cpu = min(before)
    os.sched_setaffinity(0, {cpu})
    try:
        yield f"pinned to CPU {cpu}"
    finally:
        os.sched_setaffinity(0, before)


def best_time(work: Callable[[], Any], rounds: int) -> tuple[float, Any]:
    """Run ``work`` ``rounds`` times; return the fastest wall time and the last result."""
    best = float("inf")
    result: Any = None
    for _ in range(max(1, rounds)):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


@dataclass(frozen=True)
class ChildRun:
    seconds: float  # wall
    cpu: float  # user + system seconds
    mib: float  # peak resident memory
    out: str  # standard output


# Runs ``vmb ARGS`` and, at exit, writes the process's own peak resident memory to stderr. The
# kernel's rusage figure would not do: it counts the pages the child had, between fork and exec, as
# a copy of this (large) benchmark process.
_VMB_WITH_PEAK = ("import atexit, runpy, sys\n"
                  "def peak():\n"
                  "    for line in open('/proc/self/status'):\n"
                  "        if line.startswith('VmHWM:'):\n"
                  "            sys.stderr.write('peak_kib ' + line.split()[1] + '\\n')\n"
                  "atexit.register(peak)\n"
                  "sys.argv = ['vmb', *sys.argv[1:]]\n"
                  "runpy.run_module('vmb', run_name='__main__')\n")


def user_environment() -> dict[str, str]:
    """This environment as a user's shell has it: byte code written (and so cached on disk)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def child_process(vmb_args: list[str], cwd: Path = REPO) -> ChildRun:
    """One ``vmb`` process, as a user would start it (byte code cached on disk), in ``cwd``."""
    import subprocess
    import sys

    env = user_environment()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", _VMB_WITH_PEAK, *vmb_args], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=cwd, env=env)
    out, err = child.communicate()
    seconds = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    if child.returncode != 0:
        raise RuntimeError(f"vmb {' '.join(vmb_args)} exited with {child.returncode}")
    peaks = [int(line.split()[1]) for line in err.splitlines() if line.startswith("peak_kib ")]
    if not peaks:
        raise RuntimeError("the child did not report its peak memory (no /proc on this platform?)")
    cpu = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime  # this child's alone
    return ChildRun(seconds, cpu, peaks[-1] / 1024, out)

