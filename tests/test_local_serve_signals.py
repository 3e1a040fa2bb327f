"""``vmb local serve`` stopped by a signal, with a stand-in for the llama.cpp server (no model is loaded): in
the foreground Ctrl-C stops it; started in a script's background it inherits SIGINT ignored, keeps it so,
and its first line says what stops it instead; SIGTERM stops it either way and its server with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

pytestmark = pytest.mark.local

ROOT = Path(__file__).resolve().parents[1]
CHILD = """
    import contextlib, sys
    from pathlib import Path
    import vmb.local.server as localserver

    @contextlib.contextmanager
    def stand_in(model, settings=None, *, port=None, say=True):
        try:
            yield "http://127.0.0.1:9/v1"
        finally:
            Path("server-stopped").write_text(model.name)

    localserver.serve = stand_in
    from vmb.cli import main
    sys.exit(main(["local", "serve", "qwen2.5-coder-0.5b"]))
    """


def _start(tmp_path: Path, sigint: Callable[[], None]) -> tuple[subprocess.Popen[str], str]:
    script = tmp_path / "serve.py"
    script.write_text(textwrap.dedent(CHILD), encoding="utf-8")
    child = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=sigint)
    assert child.stdout is not None
    return child, child.stdout.readline()


def _foreground() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _background() -> None:  # what `sh -c 'vmb local serve NAME &'` gives the job
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize(("start", "stop", "says"), [
    (_foreground, signal.SIGINT, "Ctrl-C stops it"),
    (_foreground, signal.SIGTERM, "Ctrl-C stops it"),
    (_background, signal.SIGTERM, "SIGINT is ignored here (started in the background): kill {pid} stops it"),
])
def test_a_signal_stops_the_server_and_its_child(tmp_path: Path, start: Callable[[], None], stop: int,
                                                 says: str) -> None:
    child, first = _start(tmp_path, start)
    try:
        assert first.startswith("serving qwen2.5-coder-0.5b at http://127.0.0.1:9/v1")
        assert first.rstrip().endswith(says.format(pid=child.pid))
        if start is _background:
            child.send_signal(signal.SIGINT)  # ignored, as the shell asked
            time.sleep(0.5)
            assert child.poll() is None
        child.send_signal(stop)
        _, stderr = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 0 and stderr.strip() == "vmb local serve: stopped", stderr
    assert (tmp_path / "server-stopped").read_text() == "qwen2.5-coder-0.5b"
