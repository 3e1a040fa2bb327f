"""``vmb.llm.interrupt.run_interruptible`` with the handlers a process may have: a default SIGTERM still lets
the caller's cleanup run, a signal landing while the handlers are put back waits for the process's own, and
a handler Python cannot name (``getsignal`` gives None) is left alone."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from vmb.llm.interrupt import run_interruptible

ROOT = Path(__file__).resolve().parents[1]


def _child(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "child.py"
    script.write_text(textwrap.dedent(body), encoding="utf-8")
    return subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_a_default_sigterm_lets_the_callers_cleanup_run(tmp_path: Path) -> None:
    run = _child(tmp_path, """
        import asyncio, os, signal
        from pathlib import Path
        from vmb.llm.interrupt import run_interruptible

        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a library caller: no handler of its own

        async def work():
            os.kill(os.getpid(), signal.SIGTERM)
            await asyncio.sleep(30)

        try:
            run_interruptible(asyncio.new_event_loop(), work())
        finally:
            Path("usage.json").write_text("{}")  # what LLMBackend._run saves after the work
        """)
    assert run.returncode == 128 + signal.SIGTERM, run.stderr
    assert (tmp_path / "usage.json").read_text() == "{}"
    assert "Traceback" not in run.stderr


def test_a_signal_while_the_handlers_are_put_back_goes_to_the_processs_own(tmp_path: Path) -> None:
    run = _child(tmp_path, """
        import asyncio, os, signal
        from vmb.llm.interrupt import run_interruptible

        class Stopped(Exception):
            pass

        def own(signum, frame):
            raise Stopped

        signal.signal(signal.SIGTERM, own)
        loop = asyncio.new_event_loop()
        remove = loop.remove_signal_handler

        def remove_then_signalled(signum):  # the loop leaves the signal at its default action here
            done = remove(signum)
            if signum == signal.SIGTERM:
                os.kill(os.getpid(), signal.SIGTERM)
            return done

        loop.remove_signal_handler = remove_then_signalled

        async def work():
            return "done"

        try:
            print(run_interruptible(loop, work()))
        except Stopped:
            print("stopped by its own handler")
        """)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "stopped by its own handler"


def test_a_handler_python_cannot_name_is_left_in_place(monkeypatch: pytest.MonkeyPatch) -> None:
    """``getsignal`` gives None for a handler installed outside Python: it could not be put back after the
    loop's, so the loop does not take that signal."""
    ours = signal.getsignal(signal.SIGTERM)
    getsignal = signal.getsignal
    monkeypatch.setattr(signal, "getsignal", lambda signum: None if signum == signal.SIGTERM else getsignal(signum))
    loop = asyncio.new_event_loop()

    async def work() -> str:
        return "done"

    try:
        assert run_interruptible(loop, work()) == "done"
    finally:
        loop.close()
    assert getsignal(signal.SIGTERM) is ours
