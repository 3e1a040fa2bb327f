"""Find the benchmark directory: --data, $VMB_DATA, the checkout's data/vehiclemembench, ../shared/vehiclemembench
beside the checkout, then the copy ``make test`` or ``make report`` last found (remembered in the user's cache).

Every place is the project's or the user's, never the working folder's: a notebook's kernel (started in
notebooks/) and a command started anywhere find the same copy.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
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
# How long `vmb data fetch` may take in all before it gives up (17 MB at 20 kB/s): a mirror that trickles cannot
# hold `make test` for ever.
FETCH_DEADLINE_SECONDS = 900.0


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


# The form of ``data_checksum``: a new form is a new version, so that nothing keyed by an older form is misread.
CHECKSUM_VERSION = 2
_CHUNK = 1 << 20


@dataclass(frozen=True)
class DataIdentity:
    """What a benchmark's history and QA files are, read once: each file's SHA-256 and the checksums over them."""

    files: dict[str, str]  # each file's path relative to the benchmark's root → the SHA-256 of its bytes
    checksum: str  # ``data_checksum``: what a run's header records as ``data_sha256``, a bundle names it by
    # The form vmb wrote before ``CHECKSUM_VERSION`` 2 (each name and content run together, no lengths), which the
    # runs, bundles and twins made then record: still recognised as theirs, never written again.
    legacy: str

    def matches(self, recorded: str) -> bool:
        """Whether a recorded checksum (this form or the legacy one) names this benchmark."""
        return recorded in (self.checksum, self.legacy)


def framed_checksum(files: Mapping[str, str]) -> str:
    """The checksum of a benchmark whose files (path → SHA-256) are ``files``: each path with its length, then its
    file's digest (always 32 bytes), after the form's version, so no two benchmarks' files run together alike."""
    digest = hashlib.sha256(f"vmb data checksum {CHECKSUM_VERSION}\0".encode())
    for name in sorted(files):
        encoded = name.encode()
        digest.update(len(encoded).to_bytes(8, "big") + encoded + bytes.fromhex(files[name]))
    return digest.hexdigest()


def data_identity(root: Path) -> DataIdentity:
    """Each history and QA file of the benchmark at ``root`` read once (in chunks), and the checksums over them."""
    legacy = hashlib.sha256()
    files: dict[str, str] = {}
    for path in sorted([*root.glob("history/*.txt"), *root.glob("qa_data/*.json")]):
        name = path.relative_to(root).as_posix()
        legacy.update(name.encode() + b"\0")
        content = hashlib.sha256()
        with path.open("rb") as handle:
            while chunk := handle.read(_CHUNK):
                content.update(chunk)
                legacy.update(chunk)
        files[name] = content.hexdigest()
    return DataIdentity(files, framed_checksum(files), legacy.hexdigest())


def data_checksum(root: Path) -> str:
    """The checksum of a benchmark's history and QA files (``framed_checksum``): what a run's header records as
    ``data_sha256``, what a bundle names a benchmark by, what the audit cache is keyed by."""
    return data_identity(root).checksum


@functools.cache
def release_checksum() -> str:
    """The public release's ``data_checksum``, from the pinned files (``vmb.data.release``): nothing is read."""
    from vmb.data.release import pinned

    return framed_checksum({name: pin.sha256 for name, pin in pinned().items()})


_TOLD: set[Path] = set()  # the directories checked in this process: each is said once
_UNSAID: list[str] = []  # what is to be said, for the command line to say it (``said``)


def note_if_not_release(root: Path, identity: DataIdentity | None = None) -> str | None:
    """Note once that the benchmark at ``root`` is not the public release; return the note (None when it is).

    A benchmark of one's own is no error: it is used, and said once not to be the release, so that its figures
    are never taken for the paper's. A made benchmark (``vmb generate``, ``vmb twin``) says what it is in its
    ``metadata.json`` and is not told about. The note waits in ``said`` for ``vmb.cli.main`` to print it after the
    command's own output (nothing below the commands prints), and not at all when the command fails: an error
    stays one line.
    """
    from vmb.data.metadata import METADATA
    from vmb.data.release import differences

    where = root.resolve()
    if where in _TOLD or (root / METADATA).exists():
        return None
    _TOLD.add(where)
    identity = identity or data_identity(root)
    if identity.checksum == release_checksum():
        return None
    differ = differences(identity.files)
    more = f", and {len(differ) - 1} more" if len(differ) > 1 else ""
    line = (f"note: {root} is not the public VehicleMemBench release ({differ[0]}{more}): figures computed on it "
            "are not the paper's")
    _UNSAID.append(line)
    return line


def said() -> list[str]:
    """The notes ``note_if_not_release`` made since the last call, each once."""
    lines = list(_UNSAID)
    _UNSAID.clear()
    return lines


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


def resolve_data_dir(cli_value: str | os.PathLike[str] | None = None, *, note: bool = True) -> Path:
    """The benchmark directory to load; raise DataError when none is found.

    An explicit ``--data`` or ``$VMB_DATA`` that does not exist is an error rather than a reason
    to fall back silently to another copy of the data; one that is not the public release is said so once
    (``note_if_not_release``; ``note=False``: the caller says it, from the files it reads anyway).
    """
    given = given_data_dir(cli_value)
    if given is not None:
        if note:
            note_if_not_release(given)
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
    """The directory holding the benchmark whose ``data_checksum`` is ``checksum`` (or its legacy form, which runs
    made before ``CHECKSUM_VERSION`` 2 record), and every directory looked at with the checksum it holds (for a
    message when none matches).

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
        found = data_identity(path)
        looked[path.resolve()] = found.checksum
        if found.matches(checksum):
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
