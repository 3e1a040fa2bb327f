"""Download the public VehicleMemBench release into a local directory, verified and atomically.

The files go into a staging directory beside the destination; only once all 100 files are there, each
the release's own (its SHA-256 and size pinned in ``vmb.data.release``), and the staging copy loads cleanly
(50 groups, 500 queries) does it take the destination's place, so an interrupted, corrupted or edited
download never leaves a data directory behind. What a mirror can send is bounded: no more of a file than its
pinned size is read (a body declared or sent larger is refused at once, and a file goes to disk as it comes,
never whole into memory), and the whole download gives up at an overall deadline
(``vmb.data.locate.FETCH_DEADLINE_SECONDS``, ``--deadline``): a watchdog ends every connection then, so a
mirror trickling a byte at a time cannot hold it however it trickles.
The staging directory goes on every way out: an error, Ctrl-C, SIGTERM or SIGHUP (unwound here when nothing
else takes them); one a killed process (SIGKILL) left is removed by the next fetch into the same place.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import http.client
import os
import shutil
import signal
import socket
import tempfile
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from http.client import HTTPException
from pathlib import Path
from typing import Any

from vmb.data.errors import DataError
from vmb.data.loader import HISTORY_DIR, QA_DIR, load_benchmark
from vmb.data.locate import FETCH_DEADLINE_SECONDS, RELEASE_GROUPS, RELEASE_QUERIES, data_identity
from vmb.data.release import Pin, differences, pinned
from vmb.errors import VmbError
from vmb.outdir import check_output_dir, claim_output_dir, marker_owner

TIMEOUT_SECONDS = 30.0  # one read (or connection) waiting this long fails
_CHUNK = 1 << 16
FETCH = "vmb data fetch"  # the owner of the directories it fills (vmb.outdir)


class FetchError(VmbError):
    """The download failed; the message is one line meant for the user."""


@dataclass(frozen=True)
class FetchResult:
    dest: Path
    groups: int
    queries: int
    bytes: int


def release_files(groups: int = RELEASE_GROUPS) -> list[str]:
    """Paths of the release's files relative to its root, histories first."""
    return [f"{HISTORY_DIR}/history_{n}.txt" for n in range(1, groups + 1)] + [
        f"{QA_DIR}/qa_{n}.json" for n in range(1, groups + 1)
    ]


def file_url(base: str, relative: str) -> str:
    return base.rstrip("/") + "/" + urllib.parse.quote(relative)


def check_release_copy(root: Path) -> tuple[int, int]:
    """Check a release copy: 50 history files, 50 QA files, each the pinned release file, 500 queries.

    Returns (groups, queries); raises DataError naming what is wrong.
    """
    for folder, pattern in ((HISTORY_DIR, "history_*.txt"), (QA_DIR, "qa_*.json")):
        directory = root / folder
        found = len(list(directory.glob(pattern))) if directory.is_dir() else 0
        if found != RELEASE_GROUPS:
            raise DataError(directory, None, f"expected {RELEASE_GROUPS} files {pattern}, found {found}")
    differ = differences(data_identity(root).files)
    if differ:
        more = f" (and {len(differ) - 1} more)" if len(differ) > 1 else ""
        raise DataError(root, None, f"not the public release: {differ[0]}{more} from the pinned release's SHA-256")
    bench = load_benchmark(root)
    if len(bench.queries) != RELEASE_QUERIES:
        raise DataError(root / QA_DIR, None, f"expected {RELEASE_QUERIES} queries in all, found {len(bench.queries)}")
    return len(bench.groups), len(bench.queries)


class _Watchdog:
    """Ends every connection of one download at its deadline, whatever each is blocked in (the headers, a
    TLS handshake, a body trickling a byte at a time): a blocked read then returns, and the download says why."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> _Watchdog:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()

    def watch(self, sock: socket.socket) -> socket.socket:
        with self._lock:
            if not self.expired:
                self._sockets = [s for s in self._sockets if s.fileno() != -1]  # closed ones go
                self._sockets.append(sock)
                return sock
        _end(sock)
        return sock

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                _end(sock)


def _end(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)


def _connection(cls: type[http.client.HTTPConnection], watchdog: _Watchdog, *args: Any,
                **kwargs: Any) -> http.client.HTTPConnection:
    """A connection of urllib's whose socket the watchdog holds from the moment it connects (before a TLS
    handshake or a proxy's tunnel, which a mirror could trickle too)."""
    connection = cls(*args, **kwargs)

    def create(*where: Any, **options: Any) -> socket.socket:
        return watchdog.watch(socket.create_connection(*where, **options))

    connection._create_connection = create  # type: ignore[attr-defined]  # http.client's own seam
    return connection


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, watchdog: _Watchdog) -> None:
        super().__init__()
        self.watchdog = watchdog

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(functools.partial(_connection, http.client.HTTPConnection, self.watchdog), req)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, watchdog: _Watchdog) -> None:
        super().__init__()
        self.watchdog = watchdog

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(functools.partial(_connection, http.client.HTTPSConnection, self.watchdog), req)


def _opener(watchdog: _Watchdog) -> urllib.request.OpenerDirector:
    """urllib's opener (proxies from the environment, redirects), its connections watched by ``watchdog``."""
    return urllib.request.build_opener(_HTTPHandler(watchdog), _HTTPSHandler(watchdog))


def _download(opener: urllib.request.OpenerDirector, url: str, pin: Pin, target: Path, timeout: float) -> int:
    """Write the file at ``url`` to ``target`` as it comes; FetchError unless it is the pinned file. Never reads
    more than the pin's size (and one chunk) of it. Returns its size."""
    request = urllib.request.Request(url, headers={"User-Agent": "vmb-data-fetch"})
    with opener.open(request, timeout=timeout) as response:
        declared = (response.headers.get("Content-Length") or "").strip()
        if declared.isdigit() and int(declared) > pin.size:
            raise FetchError(f"{url}: declares {int(declared):,} bytes, the release's file has {pin.size:,}: "
                             "not the release")
        digest, size = hashlib.sha256(), 0
        with target.open("wb") as out:
            while chunk := response.read1(_CHUNK):
                size += len(chunk)
                if size > pin.size:
                    raise FetchError(f"{url}: sends more than the release's {pin.size:,} bytes: not the release")
                digest.update(chunk)
                out.write(chunk)
    if size != pin.size or digest.hexdigest() != pin.sha256:
        what = f"{size:,} bytes, not {pin.size:,}" if size != pin.size else "another SHA-256 than the release's"
        raise FetchError(f"{url}: {what}: not the release's file (vmb keeps only the public release)")
    return size


def _fetched(opener: urllib.request.OpenerDirector, url: str, pin: Pin, target: Path, timeout: float,
             watchdog: _Watchdog, done: int) -> int:
    """``_download`` with every failure one FetchError, a deadline's named as such."""
    host = urllib.parse.urlsplit(url).netloc
    try:
        return _download(opener, url, pin, target, timeout)
    except FetchError:
        if watchdog.expired:  # a body cut short at the deadline reads as a short file
            raise _late(watchdog, done, host) from None
        raise
    except urllib.error.HTTPError as error:
        raise FetchError(f"{url}: HTTP {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        if watchdog.expired:
            raise _late(watchdog, done, host) from None
        reason = getattr(error.reason, "strerror", None) or error.reason
        raise FetchError(f"network unreachable: cannot connect to {host} ({reason})") from None
    except (OSError, HTTPException) as error:  # a timeout, a reset, a connection ended by the watchdog
        if watchdog.expired:
            raise _late(watchdog, done, host) from None
        reason = str(error) or type(error).__name__
        raise FetchError(f"network unreachable: download from {host} failed ({reason})") from None


def _late(watchdog: _Watchdog, done: int, host: str) -> FetchError:
    return FetchError(f"gave up after {watchdog.seconds:g} s (the download's deadline, --deadline): {done} of "
                      f"{len(pinned())} files came from {host} in time")


def _as_downloaded(error: DataError, staging: Path, base_url: str) -> DataError:
    """The same error naming the file's URL: the staging copy it refers to is about to go away."""
    file = error.file
    if file is not None and Path(file).is_relative_to(staging):
        file = file_url(base_url, Path(file).relative_to(staging).as_posix())
    return DataError(file, error.item, f"the downloaded release is not valid: {error.what}")


def _release_files_only(root: Path) -> bool:
    """A copy an earlier vmb fetched before it marked its directories: nothing but the release's files."""
    names = set(release_files())
    return all(p.is_dir() or p.relative_to(root).as_posix() in names for p in root.rglob("*"))


def _put_in_place(staging: Path, dest: Path) -> None:
    """Make ``staging`` the directory ``dest``, replacing any older copy; each step is a rename."""
    if not dest.exists():
        os.replace(staging, dest)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{dest.name}.old-", dir=dest.parent))
    os.replace(dest, old / dest.name)
    os.replace(staging, dest)
    shutil.rmtree(old)


def _remove_stale(dest: Path) -> None:
    """Staging directories an earlier fetch into ``dest`` left when it was killed outright (its process is gone)."""
    for staging in dest.parent.glob(f".{dest.name}.partial-*"):
        pid = staging.name.rsplit("-", 1)[1]
        if not pid.isdigit() or marker_owner(staging) != FETCH or int(pid) == os.getpid():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            shutil.rmtree(staging, ignore_errors=True)
        except OSError:  # another user's process: alive
            continue


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)  # what the default action exits with, after the cleanup it would skip


@contextlib.contextmanager
def _signals_unwind() -> Iterator[None]:
    """SIGTERM and SIGHUP unwind (so the staging directory goes) where they would end the process on the spot;
    a handler already installed (the CLI's SIGTERM) is left alone, and so is an ignored signal."""
    installed: list[tuple[signal.Signals, Any]] = []
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGTERM, signal.SIGHUP):
            if signal.getsignal(signum) is signal.SIG_DFL:
                installed.append((signum, signal.signal(signum, _stop)))
    try:
        yield
    finally:
        for signum, previous in installed:
            signal.signal(signum, previous)


def fetch_release(
    dest: Path,
    base_url: str,
    *,
    timeout: float = TIMEOUT_SECONDS,
    deadline: float = FETCH_DEADLINE_SECONDS,
    progress: bool | None = None,
) -> FetchResult:
    """Download the release from ``base_url`` into ``dest``; raise FetchError or DataError.

    ``timeout``: one read's; ``deadline``: the whole download's, in seconds. ``progress``: show a tqdm bar
    (None: only on a terminal).
    """
    from tqdm import tqdm

    dest = Path(dest)
    # Replacing dest deletes what it holds: only a copy this command made (or release files alone) goes.
    check_output_dir(dest, FETCH, made_before=_release_files_only)
    dest.parent.mkdir(parents=True, exist_ok=True)
    _remove_stale(dest)
    # Not mkdtemp: its private 0700 mode would become the data directory's mode.
    staging = dest.parent / f".{dest.name}.partial-{os.getpid()}"
    total = 0
    pins = pinned()
    with _signals_unwind(), _Watchdog(deadline) as watchdog:
        try:
            if staging.exists():
                shutil.rmtree(staging)  # left by an earlier, killed run that had the same process id
            claim_output_dir(staging, FETCH)  # the marker goes in place with the files
            opener = _opener(watchdog)
            with tqdm(release_files(), desc="VehicleMemBench", unit="file",
                      disable=None if progress is None else not progress) as bar:
                for done, relative in enumerate(bar):
                    target = staging / relative
                    target.parent.mkdir(parents=True, exist_ok=True)
                    total += _fetched(opener, file_url(base_url, relative), pins[relative], target,
                                      timeout, watchdog, done)
                    bar.set_postfix_str(f"{total / 1e6:.1f} MB")
            try:
                groups, queries = check_release_copy(staging)
            except DataError as error:
                raise _as_downloaded(error, staging, base_url) from None
            _put_in_place(staging, dest)
        finally:
            if staging.exists():
                shutil.rmtree(staging, ignore_errors=True)
    return FetchResult(dest, groups, queries, total)
