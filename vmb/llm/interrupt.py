"""Run a coroutine on an event loop so that SIGINT and SIGTERM stop it cleanly.

Python's own handlers raise ``KeyboardInterrupt`` (or the CLI's SIGTERM exception) in whatever frame
runs when the signal lands: inside one request's task, whose exception then nobody retrieves, with
the other requests left pending on the loop (and a later ``run_until_complete``, closing the
clients, lets them run on: a request out to a slow local model kept Ctrl-C waiting for minutes).
Here the loop takes the signal instead (``add_signal_handler``): it cancels the work, every request
unwinds (its connection closed, nothing half-written: answers are kept only once checked), and then
the signal is raised again with the process's own handler back in place, outside the loop, so the
caller sees the same ``KeyboardInterrupt`` it would have and prints its one line. Where that handler is
the default action (a library caller's SIGTERM), ``SystemExit`` with the signal's exit status is raised
instead: the default would end the process on the spot, before the caller's own cleanup (a generator's
usage.json) ran. A signal landing while the handlers are swapped back waits (masked) for the process's
own; a handler not installed from Python (``getsignal`` gives None) cannot be put back, so it is left in
place and that signal is not taken.
"""

from __future__ import annotations

import asyncio
import signal
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")
SIGNALS = (signal.SIGINT, signal.SIGTERM)


def run_interruptible(loop: asyncio.AbstractEventLoop, work: Coroutine[Any, Any, T]) -> T:
    """``loop.run_until_complete(work)``, stopped by SIGINT/SIGTERM with every task of the loop ended."""
    task = loop.create_task(work)
    caught: list[int] = []

    def stop(signum: int) -> None:
        caught.append(signum)
        task.cancel()

    installed: list[tuple[signal.Signals, Any]] = []
    if threading.current_thread() is threading.main_thread():
        for signum in SIGNALS:
            previous = signal.getsignal(signum)
            if previous is signal.SIG_IGN or previous is None:  # ignored stays ignored; a C handler stays
                continue
            try:
                loop.add_signal_handler(signum, stop, signum)
            except (NotImplementedError, RuntimeError):  # no signal support in this loop
                continue
            installed.append((signum, previous))
    try:
        result = loop.run_until_complete(task)
    except asyncio.CancelledError:
        if not caught:
            raise
    finally:
        _end_tasks(loop)  # while the loop still takes the signals: one landing now only stops the work too
        _restore(loop, installed)
    if caught:  # (also when the work was done just before the signal landed)
        if dict(installed)[signal.Signals(caught[0])] is signal.SIG_DFL:
            raise SystemExit(128 + caught[0])  # what the default action would exit with, after cleanup
        signal.raise_signal(caught[0])  # the process's own handler, now that the loop is quiet
        raise KeyboardInterrupt  # a handler that returned: stop all the same
    return result


def _restore(loop: asyncio.AbstractEventLoop, installed: list[tuple[signal.Signals, Any]]) -> None:
    """Put the process's own handlers back; the signals are masked meanwhile, because the loop leaves each at
    its default action before its own handler is back (a SIGTERM then would end the process at once)."""
    masking = bool(installed) and hasattr(signal, "pthread_sigmask")
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, [s for s, _ in installed]) if masking else set()
    try:
        for signum, previous in installed:
            loop.remove_signal_handler(signum)
            signal.signal(signum, previous)
    finally:
        if masking:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a signal that waited goes to its own handler now


def _end_tasks(loop: asyncio.AbstractEventLoop) -> None:
    """Cancel whatever still runs on the loop and wait until it has unwound."""
    pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
