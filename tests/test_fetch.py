"""`vmb data fetch` against a local HTTP server on 127.0.0.1 serving the shared fixtures.

No other network is used: the server serves the release the tests read (conftest's release_dir), and a test can replace any file with
other bytes (a corrupted copy) or remove it (HTTP 404).
"""

from __future__ import annotations

import http.server
import re
import shutil
import socket
import stat
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.data import DataError, load_benchmark, locate
from vmb.data.fetch import FetchError, check_release_copy, fetch_release, file_url, release_files
from vmb.data.locate import SOURCES
from vmb.usercache import CACHE_ENV

PROXY_VARIABLES = ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY")


class Server:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.overrides: dict[str, bytes | None] = {}  # URL path → served bytes, None for 404
        self.requests = 0
        server = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, directory=str(server.root), **kwargs)

            def do_GET(self) -> None:
                server.requests += 1
                if self.path not in server.overrides:
                    return super().do_GET()
                body = server.overrides[self.path]
                if body is None:
                    return self.send_error(404, "File not found")
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:  # keep the test output quiet
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(autouse=True)
def no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    # A proxy from the environment would receive the requests meant for 127.0.0.1.
    for name in PROXY_VARIABLES:
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="module")
def server(release_dir: Path) -> Iterator[Server]:
    running = Server(release_dir)
    yield running
    running.close()


@pytest.fixture
def srv(server: Server) -> Iterator[Server]:
    server.overrides.clear()
    yield server
    server.overrides.clear()


def fetch(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run `vmb data fetch ARGS`; return its code and what it printed (stdout, then stderr's error line)."""
    code = main(["data", "fetch", *args])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out + captured.err


def leftovers(parent: Path) -> list[str]:
    return sorted(p.name for p in parent.iterdir() if p.name.startswith("."))


def test_url_templates() -> None:
    files = release_files()
    assert len(files) == 100
    assert files[0] == "history/history_1.txt" and files[-1] == "qa_data/qa_50.json"
    assert file_url(SOURCES["hf"], files[0]) == (
        "https://huggingface.co/datasets/callalilya/VehicleMemBench/resolve/main/history/history_1.txt"
    )
    assert file_url(SOURCES["github"] + "/", files[-1]) == (
        "https://raw.githubusercontent.com/isyuhaochen/VehicleMemBench/main/benchmark/qa_data/qa_50.json"
    )


def test_fetch_downloads_verifies_and_skips_a_second_time(
    srv: Server, tmp_path: Path, release_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "data" / "vehiclemembench"
    code, out = fetch(["--url", srv.base, "--dest", str(dest)], capsys)
    assert code == 0, out
    assert "fetched 50 groups, 500 queries" in out
    assert len(load_benchmark(dest).queries) == 500
    for relative in ("history/history_18.txt", "qa_data/qa_50.json"):
        assert (dest / relative).read_bytes() == (release_dir / relative).read_bytes()
    assert stat.S_IMODE(dest.stat().st_mode) & 0o055  # not a private 0700 temp-dir mode
    assert leftovers(dest.parent) == []

    requests = srv.requests
    code, out = fetch(["--url", srv.base, "--dest", str(dest)], capsys)
    assert code == 0 and "already holds the release" in out
    assert srv.requests == requests  # nothing downloaded


def test_force_replaces_an_existing_copy(srv: Server, tmp_path: Path, release_dir: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    dest = tmp_path / "vmb-data"
    (dest / "history").mkdir(parents=True)
    shutil.copy(release_dir / "history" / "history_3.txt", dest / "history")  # release files alone: replaced
    code, out = fetch(["--url", srv.base, "--dest", str(dest)], capsys)  # invalid copy: fetched again
    assert code == 0 and "incomplete or invalid copy" in out
    code, out = fetch(["--url", srv.base, "--dest", str(dest), "--force"], capsys)
    assert code == 0 and "fetched 50 groups" in out
    assert check_release_copy(dest) == (50, 500)
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("force", [False, True])
def test_a_directory_holding_other_files_is_never_replaced(srv: Server, tmp_path: Path, release_dir: Path,
                                                           force: bool, capsys: pytest.CaptureFixture[str]) -> None:
    dest = tmp_path / "notes"
    shutil.copytree(release_dir, dest)  # a valid copy, with a file of the user's beside it
    (dest / "mine.txt").write_text("my notes", encoding="utf-8")
    if not force:
        (dest / "qa_data" / "qa_7.json").unlink()  # incomplete: "downloading again"
    requests = srv.requests
    assert main(["data", "fetch", "--url", srv.base, "--dest", str(dest), *(["--force"] if force else [])]) == 2
    err = capsys.readouterr().err
    assert "not empty" in err and "not made by vmb data fetch" in err and len(err.splitlines()) == 1
    assert (dest / "mine.txt").read_text(encoding="utf-8") == "my notes" and srv.requests == requests


def test_unreachable_url(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as probe:  # a port on 127.0.0.1 that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    dest = tmp_path / "data" / "vehiclemembench"
    code, out = fetch(["--url", f"http://127.0.0.1:{port}/release", "--dest", str(dest)], capsys)
    assert code == 2
    [error] = [line for line in out.splitlines() if line.startswith("vmb data fetch:")]
    assert error == f"vmb data fetch: network unreachable: cannot connect to 127.0.0.1:{port} (Connection refused)"
    assert not dest.exists()
    assert leftovers(dest.parent) == []


def test_missing_file_on_the_server(srv: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    srv.overrides["/qa_data/qa_7.json"] = None
    dest = tmp_path / "release"
    code, out = fetch(["--url", srv.base, "--dest", str(dest)], capsys)
    assert code == 2
    assert f"vmb data fetch: {srv.base}/qa_data/qa_7.json: HTTP 404 File not found" in out
    assert not dest.exists() and leftovers(tmp_path) == []


def test_corrupted_file_is_refused_and_the_old_copy_kept(
    srv: Server, tmp_path: Path, release_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    dest = tmp_path / "release"
    assert fetch(["--url", srv.base, "--dest", str(dest)], capsys)[0] == 0
    good = (dest / "qa_data" / "qa_7.json").read_bytes()

    truncated = (release_dir / "qa_data" / "qa_7.json").read_bytes()[:5000]
    srv.overrides["/qa_data/qa_7.json"] = truncated
    code, out = fetch(["--url", srv.base, "--dest", str(dest), "--force"], capsys)
    assert code == 2
    size = len(good)
    assert f"vmb data fetch: {srv.base}/qa_data/qa_7.json: 5,000 bytes, not {size:,}: not the release's file" in out
    assert (dest / "qa_data" / "qa_7.json").read_bytes() == good  # the earlier copy is untouched
    assert leftovers(tmp_path) == []


def test_an_edited_file_of_the_same_size_is_refused(srv: Server, tmp_path: Path, release_dir: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    # A mirror serving an edited release: every file well formed and of the release's size, one answer changed.
    text = (release_dir / "history" / "history_3.txt").read_bytes()
    edited = text.replace(b"on the 30th", b"on the 31st", 1)
    assert edited != text and len(edited) == len(text)
    srv.overrides["/history/history_3.txt"] = edited
    code, out = fetch(["--url", srv.base, "--dest", str(tmp_path / "release")], capsys)
    assert code == 2
    assert out.splitlines()[-1] == (f"vmb data fetch: {srv.base}/history/history_3.txt: another SHA-256 than the "
                                    "release's: not the release's file (vmb keeps only the public release)")
    assert not (tmp_path / "release").exists() and leftovers(tmp_path) == []


def test_fetch_release_with_progress_bar(srv: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = fetch_release(tmp_path / "release", srv.base, progress=True)
    assert (result.groups, result.queries) == (50, 500)
    assert result.bytes > 10_000_000
    assert "100/100" in capsys.readouterr().err  # tqdm's bar went to stderr


def test_fetch_release_raises_fetch_error(tmp_path: Path) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(FetchError, match="network unreachable"):
        fetch_release(tmp_path / "release", f"http://127.0.0.1:{port}", progress=False)


def test_check_release_copy_counts(tmp_path: Path, release_dir: Path) -> None:
    root = tmp_path / "short"
    for relative in release_files(49):
        target = root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes((release_dir / relative).read_bytes())
    with pytest.raises(DataError, match=r"expected 50 files history_\*\.txt, found 49"):
        check_release_copy(root)


@pytest.fixture
def nothing_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A checkout with no benchmark where vmb looks (as a clone with nothing beside it), run from its folder."""
    checkout = tmp_path / "alone" / "vmb"
    checkout.mkdir(parents=True)
    monkeypatch.chdir(checkout)
    monkeypatch.setattr(locate, "PROJECT_ROOT", checkout)
    monkeypatch.delenv(locate.ENV_VAR, raising=False)
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))  # no copy remembered by an earlier `make test`
    return checkout


def test_if_missing_fetches_once_into_data_when_nothing_is_found(
    srv: Server, nothing_found: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # What `make test` runs (make release): the download goes where the locator looks next time.
    code, out = fetch(["--if-missing", "--url", srv.base], capsys)
    assert code == 0, out
    copy = nothing_found / locate.DEFAULT_DIR  # the checkout's, wherever the command starts
    assert re.fullmatch(rf"fetched 50 groups, 500 queries \([\d.]+ MB\) into {re.escape(str(copy))}\n", out), out
    assert locate.resolve_data_dir() == copy.resolve() == locate.remembered()
    requests = srv.requests
    code, out = fetch(["--if-missing", "--url", srv.base], capsys)
    assert code == 0 and out.strip().endswith("nothing to download") and srv.requests == requests


def test_if_missing_downloads_nothing_when_vmb_data_names_a_copy(
    srv: Server, nothing_found: Path, release_dir: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(locate.ENV_VAR, str(release_dir))
    requests = srv.requests
    code, out = fetch(["--if-missing", "--url", srv.base], capsys)
    assert (code, out.strip()) == (0, f"benchmark data found in {release_dir}: nothing to download")
    assert srv.requests == requests and not (nothing_found / locate.DEFAULT_DIR).exists()
    # remembered: `make lab`, started later without $VMB_DATA, finds the copy `make test` was given
    monkeypatch.delenv(locate.ENV_VAR)
    assert locate.resolve_data_dir() == release_dir.resolve()


def test_if_missing_offline_is_one_line_naming_the_three_ways(
    nothing_found: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as closed:  # a port nothing listens on: as offline as a test may be
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    code, out = fetch(["--if-missing", "--url", f"http://127.0.0.1:{port}/release"], capsys)
    assert code == 2
    assert out.count("\n") == 1 and out.startswith("vmb data fetch: no benchmark data found and none downloaded (")
    assert out.rstrip().endswith(locate.POINT_AT_A_COPY)
    assert not (nothing_found / locate.DEFAULT_DIR).exists()
