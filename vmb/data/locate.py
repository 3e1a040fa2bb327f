"""Find the benchmark directory: --data, $VMB_DATA, the checkout's data/vehiclemembench, ../shared/vehiclemembench
beside the checkout, then the copy ``make test`` or ``make report`` last found (remembered in the user's cache).

Every place is the project's or the user's, never the working folder's: a notebook's kernel (started in
notebooks/) and a command started anywhere find the same copy.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path

from vmb.data.errors import DataError
from vmb.usercache import cache_root

# The repository checkout this package runs from (vmb/data/locate.py → the checkout).
PROJECT_ROOT = Path(__file__).resolve().parents[2]
ENV_VAR = "VMB_DATA"
DEFAULT_DIR = Path("data") / "vehiclemembench"  # where `vmb data fetch` writes by default
SHARED_DIR = Path("..") / "shared" / "vehiclemembench"  # the read-only fixtures beside a checkout
# The ways to point vmb (and the test suite) at a copy of the release, other than --data: one wording everywhere.
POINT_AT_A_COPY = (f"set ${ENV_VAR} to a copy, put one in {DEFAULT_DIR.as_posix()} (`vmb data fetch`), "
                   f"or beside the checkout in {SHARED_DIR.as_posix()}")
# The user's cache keeps the copy the last `vmb data fetch --if-missing` found (what `make test` and `make report`
# run first), so `make lab` started later without $VMB_DATA finds the same one.
REMEMBERED = ("data", "release.json")
# The public release's size: what `vmb data fetch` checks a copy against, what `vmb generate` makes by default.
RELEASE_GROUPS = 50
RELEASE_QUERIES = 500
# Where the release is published (`vmb data fetch`). Each base URL + "/" + a path of
# `vmb.data.fetch.release_files()` is one file: the Hugging Face dataset keeps history/ and qa_data/
# at its root, the GitHub repository keeps them under benchmark/.
SOURCES: dict[str, str] = {
    "hf": "https://huggingface.co/datasets/callalilya/VehicleMemBench/resolve/main",
    "github": "https://raw.githubusercontent.com/isyuhaochen/VehicleMemBench/main/benchmark",
}


def _candidates() -> list[Path]:
    """Fallback locations in order: the fetched copy in the checkout before the shared one beside it, then the
    copy remembered (``remember``); never relative to the working folder."""
    ordered = [PROJECT_ROOT / DEFAULT_DIR, PROJECT_ROOT / SHARED_DIR, *filter(None, [remembered()])]
    return list(dict.fromkeys(p.resolve() for p in ordered))


def _remembered_file() -> Path | None:
    root = cache_root(REMEMBERED[0])
    return None if root is None else root / REMEMBERED[1]


def remembered() -> Path | None:
    """The copy ``remember`` kept, while it is still a directory (None otherwise, or for a damaged note)."""
    note = _remembered_file()
    try:
        path = json.loads(note.read_text(encoding="utf-8"))["data"] if note is not None else None
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return Path(path) if isinstance(path, str) and path and Path(path).is_dir() else None


def remember(path: Path) -> None:
    """Keep ``path`` as the copy to find when nothing else is set (best effort: no cache, no memory)."""
    note = _remembered_file()
    if note is None:
        return
    try:
        note.parent.mkdir(parents=True, exist_ok=True)
        note.write_text(json.dumps({"data": str(path.resolve())}) + "\n", encoding="utf-8")
    except OSError:
        pass


def data_checksum(root: Path) -> str:
    """SHA-256 over a benchmark's history and QA files (names and contents), in a fixed order: what a run's
    header records as ``data_sha256``."""
    digest = hashlib.sha256()
    for path in sorted([*root.glob("history/*.txt"), *root.glob("qa_data/*.json")]):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def given_data_dir(cli_value: str | os.PathLike[str] | None = None) -> Path | None:
    """The benchmark directory the user named (``--data``, else ``$VMB_DATA``), None when neither is set;
    ``DataError`` when the named one does not exist."""
    if cli_value:
        path = Path(cli_value)
        if not path.is_dir():
            raise DataError(path, None, "directory not found (given with --data)")
        return path
    env_value = os.environ.get(ENV_VAR)
    if env_value:
        path = Path(env_value)
        if not path.is_dir():
            raise DataError(path, None, f"directory not found (given in ${ENV_VAR})")
        return path
    return None


def fallback_data_dirs() -> list[Path]:
    """The usual places that hold a benchmark, in the order ``resolve_data_dir`` tries them."""
    return [path for path in _candidates() if path.is_dir()]


def resolve_data_dir(cli_value: str | os.PathLike[str] | None = None) -> Path:
    """The benchmark directory to load; raise DataError when none is found.

    An explicit ``--data`` or ``$VMB_DATA`` that does not exist is an error rather than a reason
    to fall back silently to another copy of the data.
    """
    given = given_data_dir(cli_value)
    if given is not None:
        return given
    found = fallback_data_dirs()
    if found:
        return found[0]
    looked = ", ".join(str(p) for p in _candidates())
    raise DataError(
        None,
        None,
        f"no benchmark data found (looked in {looked}): pass --data DIR, {POINT_AT_A_COPY}",
    )


def find_data_dir(checksum: str, recorded: Iterable[str | None],
                  data: str | None = None) -> tuple[Path | None, dict[Path, str]]:
    """The directory holding the benchmark whose ``data_checksum`` is ``checksum``, and every directory looked
    at with the checksum it holds (for a message when none matches).

    ``data`` (``--data``) is the only one tried when given; otherwise the directories a run recorded, then
    ``$VMB_DATA`` and the usual places, in that order (``$VMB_DATA`` only read when the recorded ones fail).
    """
    def tried() -> Iterable[Path | None]:
        if data:
            yield given_data_dir(data)
            return
        yield from (Path(path) for path in recorded if path)
        yield given_data_dir(None)
        yield from fallback_data_dirs()

    looked: dict[Path, str] = {}
    for path in tried():
        if path is None or path.resolve() in looked or not path.is_dir():
            continue
        looked[path.resolve()] = found = data_checksum(path)
        if found == checksum:
            return path, looked
    return None, looked



class RunDataError(DataError, ValueError):
    """Runs and a benchmark that do not belong together: the message names the run and both checksums."""

    def __init__(self, what: str) -> None:
        super().__init__(None, None, what)


def short_checksum(checksum: str) -> str:
    return f"sha256 {checksum[:12]}"


def run_data_dir(checksum: str, recorded: Iterable[str | None], data: str | None, who: Path | str) -> Path:
    """The directory of the benchmark a run ran on: the one place that decides it (``vmb score``, ``merge``,
    ``show``, ``view``, ``compare``, ``vmb.analysis``).

    A run belongs only to the data whose checksum its header records (``find_data_dir``): never to
    whatever the usual places hold now, nor to a ``--data`` holding other files. ``RunDataError`` names
    the run (``who``), what it expected and what each directory looked at holds.
    """
    recorded = list(recorded)
    found, looked = find_data_dir(checksum, recorded, data)
    if found is not None:
        return found
    held = "; ".join(f"{path} holds {short_checksum(held)}" for path, held in looked.items()) or "no benchmark found"
    read = next((path for path in recorded if path), None)
    hint = "name the benchmark it ran on with --data DIR" + ("" if read is None else f" (it read {read})")
    raise RunDataError(f"{who} ran on benchmark data {short_checksum(checksum)}, but {held}: {hint}")
