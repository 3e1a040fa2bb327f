"""`vmb data fetch` against mirrors that misbehave on purpose, all on 127.0.0.1 (issue 46 item 3).

A body declared far larger than the release's file, a body that never ends, a mirror trickling a byte every
3 s (in the body and in the headers), a fetch stopped by a signal or killed outright: each ends in one line
and leaves no staging folder. Every bound is checked by counting (bytes sent, memory traced), never by a clock.
And a benchmark named by --data that is not the release is said so once, a generated one not at all.
"""

from __future__ import annotations

import http.server
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.data import DataError, locate
from vmb.data.fetch import FETCH, check_release_copy, fetch_release
from vmb.data.release import pinned
from vmb.outdir import claim_output_dir

FIRST = "/history/history_1.txt"
PROXY_VARIABLES = ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")
Behaviour = Callable[[http.server.BaseHTTPRequestHandler], None]


class Mirror:
    """The release from ``root``, except the paths given a behaviour; counts what each behaviour sent."""

    def __init__(self, root: Path) -> None:
        self.behaviours: dict[str, Behaviour] = {}
        self.sent = 0
        mirror = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args: object, **kwargs: object) -> None:
                super().__init__(*args, directory=str(root), **kwargs)  # type: ignore[arg-type]

            def do_GET(self) -> None:
                behaviour = mirror.behaviours.get(self.path)
                if behaviour is None:
                    return super().do_GET()
                try:
                    behaviour(self)
                except OSError:  # the client went away: what was sent is counted
                    pass

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def send(self, handler: http.server.BaseHTTPRequestHandler, data: bytes) -> None:
        handler.wfile.write(data)
        handler.wfile.flush()
        self.sent += len(data)


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def mirror(release_dir: Path) -> Iterator[Mirror]:
    running = Mirror(release_dir)
    yield running
    running.httpd.shutdown()
    running.httpd.server_close()


def fetch(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["data", "fetch", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.err


def no_staging(parent: Path) -> bool:
    return not [p for p in parent.iterdir() if ".partial-" in p.name]


def test_a_declared_10_gib_body_is_refused_before_a_byte_of_it_is_read(
        mirror: Mirror, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def huge(handler: http.server.BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Length", str(10 * 2**30))
        handler.end_headers()
        for _ in range(64):  # what it would go on sending: 4 MiB, if the client kept reading
            mirror.send(handler, b"x" * 65536)

    mirror.behaviours[FIRST] = huge
    code, err = fetch(["--url", mirror.base, "--dest", str(tmp_path / "release")], capsys)
    assert code == 2
    assert err == (f"vmb data fetch: {mirror.base}{FIRST}: declares 10,737,418,240 bytes, the release's file has "
                   f"{pinned()['history/history_1.txt'].size:,}: not the release\n")
    assert no_staging(tmp_path) and not (tmp_path / "release").exists()


@pytest.mark.parametrize("framing", ["close", "chunked"])
def test_an_endless_body_is_read_no_further_than_the_release_file(
        mirror: Mirror, tmp_path: Path, framing: str, capsys: pytest.CaptureFixture[str]) -> None:
    size = pinned()["history/history_1.txt"].size
    block = b"[2025-03-01 08:30] A: " + b"y" * 65500 + b"\n"

    def endless(handler: http.server.BaseHTTPRequestHandler) -> None:
        handler.protocol_version = "HTTP/1.1" if framing == "chunked" else "HTTP/1.0"
        handler.send_response(200)
        if framing == "chunked":
            handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        for _ in range(4096):  # 256 MiB, unless the client stops reading first
            data = block if framing == "close" else b"%x\r\n%s\r\n" % (len(block), block)
            mirror.send(handler, data)

    mirror.behaviours[FIRST] = endless
    tracemalloc.start()
    try:
        code, err = fetch(["--url", mirror.base, "--dest", str(tmp_path / "release")], capsys)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert code == 2
    assert err == f"vmb data fetch: {mirror.base}{FIRST}: sends more than the release's {size:,} bytes: not the release\n"
    assert peak < 4 * 2**20  # one chunk at a time, never the body
    # What the mirror got out before the client hung up: the file's size and the sockets' buffers, never 256 MiB.
    assert mirror.sent < size + 32 * 2**20
    assert no_staging(tmp_path)


@pytest.mark.parametrize("where", ["body", "headers"])
def test_a_trickling_mirror_is_given_up_at_the_deadline(
        mirror: Mirror, tmp_path: Path, where: str, capsys: pytest.CaptureFixture[str]) -> None:
    size = pinned()["history/history_1.txt"].size

    def trickle(handler: http.server.BaseHTTPRequestHandler) -> None:
        if where == "body":
            handler.send_response(200)
            handler.send_header("Content-Length", str(size))
            handler.end_headers()
        else:
            mirror.send(handler, b"HTTP/1.1 200 OK\r\nX-Slow: ")
        for _ in range(20):  # one byte every 3 s, each read well inside the 30 s read timeout
            mirror.send(handler, b"z")
            time.sleep(3)

    mirror.behaviours[FIRST] = trickle
    before = mirror.sent
    code, err = fetch(["--url", mirror.base, "--dest", str(tmp_path / "release"), "--deadline", "2"], capsys)
    assert code == 2
    assert err == (f"vmb data fetch: gave up after 2 s (the download's deadline, --deadline): 0 of 100 files came "
                   f"from {mirror.base.removeprefix('http://')} in time\n")
    trickled = mirror.sent - before - (0 if where == "body" else len(b"HTTP/1.1 200 OK\r\nX-Slow: "))
    assert trickled <= 2  # given up at the deadline, not after 20 bytes (a minute)
    assert no_staging(tmp_path)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP, signal.SIGINT])
def test_a_signal_removes_the_staging_folder(mirror: Mirror, tmp_path: Path, signum: int) -> None:
    started = threading.Event()

    def stall(handler: http.server.BaseHTTPRequestHandler) -> None:
        handler.send_response(200)
        handler.send_header("Content-Length", "10")
        handler.end_headers()
        mirror.send(handler, b"[")
        started.set()
        time.sleep(60)

    mirror.behaviours["/history/history_2.txt"] = stall
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    child = subprocess.Popen([sys.executable, "-m", "vmb", "data", "fetch", "--url", mirror.base,
                              "--dest", str(tmp_path / "release")], env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                                                                signal.SIG_DFL))
    try:
        assert started.wait(120), "the fetch never reached the second file"
        assert not no_staging(tmp_path)  # the first file is in the staging folder
        child.send_signal(signum)
        _, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert "Traceback" not in err
    assert child.returncode in {signal.SIGTERM: (143,), signal.SIGHUP: (129,), signal.SIGINT: (130,)}[signum]
    assert no_staging(tmp_path) and not (tmp_path / "release").exists()


def test_a_staging_folder_of_a_killed_fetch_is_removed_by_the_next(
        mirror: Mirror, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    left = claim_output_dir(tmp_path / f".release.partial-{dead.pid}", FETCH)  # as a SIGKILLed fetch leaves it
    (left / "history").mkdir()
    (left / "history" / "history_1.txt").write_text("half", encoding="utf-8")
    mine = tmp_path / ".release.partial-notapid"
    mine.mkdir()  # not a fetch's: left alone
    fetch(["--url", mirror.base, "--dest", str(tmp_path / "release"), "--deadline", "600"], capsys)
    assert not left.exists() and mine.exists()
    assert check_release_copy(tmp_path / "release") == (50, 500)


def test_a_local_copy_that_is_not_the_release_is_said_so_once(
        tmp_path: Path, release_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import shutil

    edited = tmp_path / "mine"
    shutil.copytree(release_dir, edited)
    target = edited / "qa_data" / "qa_9.json"
    target.write_bytes(target.read_bytes().replace(b"{", b"{ ", 1))  # still valid JSON, not the release
    monkeypatch.setattr(locate, "_TOLD", set())
    monkeypatch.setenv(locate.ENV_VAR, str(edited))
    note = (f"note: {edited} is not the public VehicleMemBench release (qa_data/qa_9.json differs): figures "
            "computed on it are not the paper's")
    for _ in range(3):
        assert locate.resolve_data_dir() == edited  # used, not refused
    assert locate.said() == [note] and locate.said() == []
    # On the command line: said once, after the command's output, by the one place that prints.
    monkeypatch.setattr(locate, "_TOLD", set())
    assert main(["stats", "--out", str(tmp_path / "stats")]) == 0
    assert capsys.readouterr().err == f"vmb stats: {note}\n"
    with pytest.raises(DataError, match=r"not the public release: qa_data/qa_9.json differs"):
        check_release_copy(edited)
    # A failing command's error stays its one line.
    monkeypatch.setattr(locate, "_TOLD", set())
    (edited / "history" / "history_1.txt").write_text("broken\n", encoding="utf-8")
    assert main(["verify", "--data", str(edited)]) == 2
    assert len(capsys.readouterr().err.splitlines()) == 1
    # The release itself, and a generated benchmark (its metadata.json says what it is), are not told about.
    monkeypatch.setenv(locate.ENV_VAR, str(release_dir))
    locate.resolve_data_dir()
    (edited / "metadata.json").write_text("{}", encoding="utf-8")
    monkeypatch.setattr(locate, "_TOLD", set())
    monkeypatch.setenv(locate.ENV_VAR, str(edited))
    locate.resolve_data_dir()
    assert locate.said() == []


def test_the_release_checksum_is_pinned(release_dir: Path) -> None:
    assert len(pinned()) == 100
    assert locate.data_checksum(release_dir) == locate.release_checksum()


def test_fetch_release_gives_up_on_a_listener_that_never_answers(tmp_path: Path) -> None:
    # accepts the connection and says nothing: the read timeout is long, the deadline is not
    with socket.socket() as quiet:
        quiet.bind(("127.0.0.1", 0))
        quiet.listen()
        port = quiet.getsockname()[1]
        from vmb.data.fetch import FetchError

        with pytest.raises(FetchError, match=r"gave up after 1 s"):
            fetch_release(tmp_path / "release", f"http://127.0.0.1:{port}", deadline=1.0, progress=False)
    assert no_staging(tmp_path)
