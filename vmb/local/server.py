"""llama.cpp's server (the ``xllamacpp`` wheel) in a child process on 127.0.0.1, for one local model.

``serve(model)`` fetches and checks the weights (``vmb.llm.local``), starts a child process on a
free port with jinja chat templates on (the model's own tool-calling template) and one thread per
core, waits until ``/health`` answers, yields the OpenAI-compatible base URL and stops the child on
exit. The child also stops by itself when its parent dies: it exits when its stdin, a pipe from the
parent, closes. Its log goes to ``<model dir>/server-<name>.log``, rewritten by each server (a second
server of the model running at once writes ``server-<name>-2.log``), so there are as many logs as
servers ever ran at once, and the path is said at start and in every error.

``python -m vmb.local.server WEIGHTS PORT THREADS CTX PARALLEL`` is the child.
"""

from __future__ import annotations

import fcntl
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from vmb.llm.local import LocalModel, LocalModelError
from vmb.local.weights import fetch_weights

HOST = "127.0.0.1"


@dataclass(frozen=True)
class ServerSettings:
    context: int = 32768  # tokens per slot: a gold prompt with every tool schema loaded fits with room
    parallel: int = 1  # slots; on a 2-core CPU one slot is the fastest per query
    threads: int = 0  # 0: one per core this process may use
    ready_timeout: float = 300.0  # seconds for the model to load


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def serve(model: LocalModel, settings: ServerSettings | None = None, *, port: int | None = None,
          say: Callable[[str], None] | None = None) -> Iterator[str]:
    """The base URL (``http://127.0.0.1:PORT/v1``) of the model's server while the block runs; the fetch, the
    start, the time it took to load and a server that died in use are told to ``say``."""
    tell = say or (lambda line: None)
    settings = settings or ServerSettings()
    weights = fetch_weights(model, say=say)
    try:
        import xllamacpp  # noqa: F401  (checked here: the child would only fail in its log)
    except ImportError:
        raise LocalModelError("the llama.cpp server is not installed: pip install -r requirements.txt "
                              "(it pins xllamacpp)") from None
    port = port or free_port()
    threads = settings.threads or cores()
    log_path, log = claim_log(weights.parent, model.name)
    command = [sys.executable, "-m", "vmb.local.server", str(weights), str(port), str(threads),
               str(settings.context * settings.parallel), str(settings.parallel)]
    tell(f"starting {model.label} on {HOST}:{port} ({threads} threads, {settings.parallel} slot(s); log {log_path})")
    with log:  # closing it releases the log for the model's next server
        child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT)
        serving = False
        try:
            started = time.monotonic()
            _wait_ready(child, port, settings.ready_timeout, log_path)
            serving = True
            tell(f"{model.name} answers at http://{HOST}:{port}/v1 ({time.monotonic() - started:.1f} s to load)")
            yield f"http://{HOST}:{port}/v1"
        finally:
            if serving and child.poll() is not None:  # it died under the run: its requests failed, say why
                tell(f"the llama.cpp server exited (status {child.returncode}) while in use: "
                     f"{_last_line(log_path)} (log: {log_path})")
            _stop(child)


def claim_log(folder: Path, name: str) -> tuple[Path, BinaryIO]:
    """The first of ``server-NAME.log``, ``server-NAME-2.log``, ... that no running server holds, emptied
    and held (``flock``) until the returned file is closed: two servers of one model at once (two runs,
    a test beside a run) each keep their own log, and one run after another reuse the first."""
    number = 1
    while True:
        path = folder / (f"server-{name}.log" if number == 1 else f"server-{name}-{number}.log")
        handle = path.open("ab")  # not emptied before it is ours
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            number += 1
            continue
        handle.truncate(0)
        return path, handle


def _wait_ready(child: subprocess.Popen[bytes], port: int, timeout: float, log_path: Path) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if child.poll() is not None:
            raise LocalModelError(f"the llama.cpp server exited (status {child.returncode}) before answering: "
                                  f"{_last_line(log_path)} (log: {log_path})")
        try:
            with urllib.request.urlopen(f"http://{HOST}:{port}/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass  # not listening yet, or 503 while the model loads
        time.sleep(0.25)
    raise LocalModelError(f"the llama.cpp server did not answer within {timeout:g} s (log: {log_path})")


def _stop(child: subprocess.Popen[bytes]) -> None:
    if child.stdin is not None:
        child.stdin.close()
    child.terminate()
    try:
        child.wait(timeout=10)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()


def _last_line(log_path: Path) -> str:
    try:
        lines = [line.strip() for line in log_path.read_text(encoding="utf-8", errors="replace").splitlines()]
    except OSError:
        return "no log"
    lines = [line for line in lines if line]
    return lines[-1] if lines else "nothing logged"


def child_main(argv: list[str]) -> int:
    """The server process: load the weights, listen on 127.0.0.1:PORT, run until stdin closes."""
    weights, port, threads, context, parallel = argv
    import xllamacpp

    params = xllamacpp.CommonParams()
    params.model.path = weights
    params.hostnames = [HOST]
    params.port = int(port)
    params.use_jinja = True
    params.n_ctx = int(context)
    params.n_parallel = int(parallel)
    params.cpuparams.n_threads = int(threads)
    params.cpuparams_batch.n_threads = int(threads)
    server = xllamacpp.Server(params)  # listens from here on, in its own threads
    sys.stdin.buffer.read()  # returns when the parent closes the pipe or dies
    del server
    return 0


if __name__ == "__main__":
    sys.exit(child_main(sys.argv[1:]))

