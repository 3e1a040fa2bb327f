"""Download the public VehicleMemBench release into a local directory, verified and atomically.

The files go into a staging directory beside the destination; only once all 100 files are there
and the staging copy loads cleanly (50 groups, 500 queries) does it take the destination's place,
so an interrupted or corrupted download never leaves a half-written data directory behind.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from http.client import HTTPException
from pathlib import Path

from vmb.data.errors import DataError
from vmb.data.loader import HISTORY_DIR, QA_DIR, load_benchmark
from vmb.data.locate import RELEASE_GROUPS, RELEASE_QUERIES
from vmb.errors import VmbError
from vmb.outdir import check_output_dir, claim_output_dir

TIMEOUT_SECONDS = 30.0
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
    """Check a release copy: 50 history files, 50 QA files, 500 queries, loads cleanly.

    Returns (groups, queries); raises DataError naming what is wrong.
    """
    for folder, pattern in ((HISTORY_DIR, "history_*.txt"), (QA_DIR, "qa_*.json")):
        directory = root / folder
        found = len(list(directory.glob(pattern))) if directory.is_dir() else 0
        if found != RELEASE_GROUPS:
            raise DataError(directory, None, f"expected {RELEASE_GROUPS} files {pattern}, found {found}")
    bench = load_benchmark(root)
    if len(bench.queries) != RELEASE_QUERIES:
        raise DataError(root / QA_DIR, None, f"expected {RELEASE_QUERIES} queries in all, found {len(bench.queries)}")
    return len(bench.groups), len(bench.queries)


def _download(url: str, timeout: float) -> bytes:
    request = urllib.request.Request(url, headers={"User-Agent": "vmb-data-fetch"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.read()
    except urllib.error.HTTPError as error:
        raise FetchError(f"{url}: HTTP {error.code} {error.reason}") from None
    except urllib.error.URLError as error:
        host = urllib.parse.urlsplit(url).netloc
        reason = getattr(error.reason, "strerror", None) or error.reason
        raise FetchError(f"network unreachable: cannot connect to {host} ({reason})") from None
    except (TimeoutError, ConnectionError, HTTPException) as error:
        host = urllib.parse.urlsplit(url).netloc
        reason = str(error) or type(error).__name__
        raise FetchError(f"network unreachable: download from {host} failed ({reason})") from None


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


def fetch_release(
    dest: Path,
    base_url: str,
    *,
    timeout: float = TIMEOUT_SECONDS,
    progress: bool | None = None,
) -> FetchResult:
    """Download the release from ``base_url`` into ``dest``; raise FetchError or DataError.

    ``progress``: show a tqdm bar (None: only on a terminal).
    """
    from tqdm import tqdm

    dest = Path(dest)
    # Replacing dest deletes what it holds: only a copy this command made (or release files alone) goes.
    check_output_dir(dest, FETCH, made_before=_release_files_only)
    dest.parent.mkdir(parents=True, exist_ok=True)
    # Not mkdtemp: its private 0700 mode would become the data directory's mode.
    staging = dest.parent / f".{dest.name}.partial-{os.getpid()}"
    if staging.exists():
        shutil.rmtree(staging)  # left by an earlier, killed run that had the same process id
    claim_output_dir(staging, FETCH)  # the marker goes in place with the files
    total = 0
    try:
        with tqdm(release_files(), desc="VehicleMemBench", unit="file",
                  disable=None if progress is None else not progress) as bar:
            for relative in bar:
                data = _download(file_url(base_url, relative), timeout)
                target = staging / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                total += len(data)
                bar.set_postfix_str(f"{total / 1e6:.1f} MB")
        try:
            groups, queries = check_release_copy(staging)
        except DataError as error:
            raise _as_downloaded(error, staging, base_url) from None
        _put_in_place(staging, dest)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return FetchResult(dest, groups, queries, total)
