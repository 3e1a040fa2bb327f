"""A bundle's files on disk: checked against its manifest, archived deterministically, unpacked safely.

A bundle directory must hold exactly the files its manifest lists, each of the listed size and
SHA-256, and nothing that points elsewhere (a symbolic link, a device). An archive is written with
``manifest.json`` first and every member's time, owner and mode fixed, in sorted order, so that packing
the same runs twice gives the same bytes. It is read member by member, each checked before a byte of it
is written: only regular files and directories, names relative and inside its one directory. Until the
manifest is met, at most ``BEFORE_MANIFEST`` bytes and files (a format 1 archive put a benchmark's
metadata first); after it, the manifest's own list is the budget: each file one it lists, once, of the
size it lists, every directory one of theirs, and the whole no larger than ``MAX_UNPACKED``.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import os
import shutil
import tarfile
import zlib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from vmb.outdir import MARKER
from vmb.publish.manifest import (
    MANIFEST,
    MAX_MANIFEST_BYTES,
    BundleError,
    FileEntry,
    Manifest,
    inside,
    read_manifest,
)

ARCHIVE_SUFFIX = ".tar.gz"
# A manifest listing more than 1 GiB is refused before a byte of its files is written (a 500-query gold bundle
# is 2.4 MB unpacked; ten runs of ten trials each stay far below).
MAX_UNPACKED = 1 << 30
BEFORE_MANIFEST = (1 << 20, 16)  # bytes and files an archive may hold before its manifest (format 1: metadata)


def file_entry(data: bytes) -> FileEntry:
    return FileEntry(hashlib.sha256(data).hexdigest(), len(data))


def _walk(root: Path, prefix: str) -> Iterator[tuple[str, Path]]:
    """(relative name, path) of every file under ``root``; a link or other non-file is a ``BundleError``."""
    for directory, dirs, names in os.walk(root, followlinks=False):
        for name in [*dirs, *names]:
            path = Path(directory) / name
            relative = path.relative_to(root).as_posix()
            if path.is_symlink():
                raise BundleError(f"{prefix}{relative} is a symbolic link; a bundle holds only its own files")
            if name in dirs:
                continue
            if not path.is_file():
                raise BundleError(f"{prefix}{relative} is not a regular file")
            yield relative, path


def shown_as(root: Path, shown: str | None) -> str:
    """How a file of the bundle at ``root`` is named to the user: ``root/NAME``, or, for a bundle unpacked from
    an archive, ``ARCHIVE: NAME`` (never the scratch directory, which is gone when the message is read)."""
    return f"{root}/" if shown is None else f"{shown}: "


def check_files(root: Path, manifest: Manifest, shown: str | None = None) -> None:
    """Every file the manifest lists is there, whole and unchanged, and no other file is (but the output
    directory's marker ``vmb pack`` leaves beside the bundle's files, which nothing reads)."""
    prefix = shown_as(root, shown)
    present = {name: path for name, path in _walk(root, prefix) if name not in (MANIFEST, MARKER)}
    for name, entry in manifest.files.items():
        path = present.pop(name, None)
        if path is None:
            raise BundleError(f"{prefix}{name}: listed in {MANIFEST} but missing")
        if path.stat().st_size > entry.bytes:
            raise BundleError(f"{prefix}{name}: larger than the {entry.bytes} bytes {MANIFEST} lists "
                              "(edited after packing)")
        data = path.read_bytes()
        if len(data) < entry.bytes:
            raise BundleError(f"{prefix}{name}: truncated ({len(data)} of {entry.bytes} bytes)")
        if file_entry(data) != entry:
            raise BundleError(f"{prefix}{name}: its contents differ from the SHA-256 {MANIFEST} lists "
                              "(damaged, or edited after packing)")
    if present:
        extra = sorted(present)
        raise BundleError(f"{prefix}{extra[0]}: not listed in {MANIFEST} ({len(extra)} such file(s))")


def write_files(root: Path, files: Mapping[str, bytes]) -> None:
    """Each file under ``root``, through no symbolic link (one left in the folder would write elsewhere)."""
    for name, data in files.items():
        path = root / inside(name, str(root))
        linked = next((p for p in [path, *path.parents] if root in p.parents and p.is_symlink()), None)
        if linked is not None:
            raise BundleError(f"{linked} is a symbolic link; vmb writes a bundle only into its own folders")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)


def write_archive(path: Path, files: Mapping[str, bytes], top: str) -> None:
    """``path``: a gzip'd tar of ``files`` under the directory ``top``, the same bytes for the same files."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.PAX_FORMAT) as tar:
        directories = sorted({"/".join(name.split("/")[:n]) for name in files for n in range(1, name.count("/") + 1)})
        for name in ["", *directories]:
            info = _info(f"{top}/{name}".rstrip("/"), tarfile.DIRTYPE, 0o755)
            tar.addfile(info)
        for name in sorted(files, key=lambda name: (name != MANIFEST, name)):  # the manifest first: the budget
            data = files[name]
            info = _info(f"{top}/{name}", tarfile.REGTYPE, 0o644)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as zipped:
        zipped.write(buffer.getvalue())
    os.replace(tmp, path)


def _info(name: str, kind: bytes, mode: int) -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.mode, info.mtime = kind, mode, 0
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


class _Budget:
    """What an archive may still unpack: a little before its manifest, then exactly what the manifest lists."""

    def __init__(self, archive: Path) -> None:
        self.archive = archive
        self.listed: dict[str, int] | None = None  # file -> bytes, once the manifest is read
        self.directories: set[str] = set()
        self.written: dict[str, int] = {}  # file -> bytes unpacked so far
        self.top: str | None = None

    def admit(self, member: tarfile.TarInfo) -> str:
        """The member's name below the archive's one top directory, if it may be unpacked; else refused."""
        where = f"{self.archive}: member {member.name[:120]!r}"
        if member.issym() or member.islnk():
            raise BundleError(f"{where} is a link; a bundle holds only its own files")
        if not (member.isfile() or member.isdir()):
            raise BundleError(f"{where} is not a file or a directory")
        name = inside(member.name.rstrip("/"), where)
        head, _, rest = name.partition("/")
        if self.top is None:
            self.top = head
        if head != self.top or (member.isfile() and not rest):
            raise BundleError(f"{where} is outside the archive's one directory {self.top!r}")
        if member.isdir():
            if self.listed is not None and rest and rest not in self.directories:
                raise BundleError(f"{where}: a directory no file {MANIFEST} lists is in")
            return rest
        if rest in self.written:
            raise BundleError(f"{where} is in the archive twice")
        if rest == MANIFEST:
            if member.size > MAX_MANIFEST_BYTES:
                raise BundleError(f"{where}: a manifest of {member.size:,} bytes; not one vmb pack wrote")
        elif self.listed is None:
            size, count = BEFORE_MANIFEST
            if sum(self.written.values()) + member.size > size or len(self.written) >= count:
                raise BundleError(f"{self.archive}: more than {size >> 20} MiB or {count} files before its "
                                  f"{MANIFEST} ({rest[:120]!r}, {member.size:,} bytes); not a bundle vmb pack wrote")
        elif self.listed.get(rest) != member.size:
            listed = self.listed.get(rest)
            raise BundleError(f"{where}: " + (f"not listed in {MANIFEST}" if listed is None else
                                              f"{member.size:,} bytes where {MANIFEST} lists {listed:,}"))
        self.written[rest] = member.size
        return rest

    def read(self, manifest: Manifest) -> None:
        """The manifest is in: its list is the budget, and what came before it must be on that list."""
        self.listed = {name: entry.bytes for name, entry in manifest.files.items()}
        total = sum(self.listed.values())
        if total > MAX_UNPACKED:
            raise BundleError(f"{self.archive}: its {MANIFEST} lists {total / 2**30:.1f} GiB, more than the "
                              f"{MAX_UNPACKED >> 30} GiB a bundle may hold")
        self.directories = {"/".join(name.split("/")[:n]) for name in self.listed for n in range(1, name.count("/") + 1)}
        for name, size in self.written.items():
            if name != MANIFEST and self.listed.get(name) != size:
                raise BundleError(f"{self.archive}: member {name[:120]!r} is not listed in {MANIFEST} with its size")


@contextmanager
def opened(path: Path, scratch: Path) -> Iterator[Path]:
    """The bundle directory of ``path``: itself, or an archive unpacked under ``scratch`` (removed afterwards)
    within the budget its own manifest sets (``_Budget``)."""
    if path.is_dir():
        yield path
        return
    if not path.is_file():
        raise BundleError(f"{path}: no such bundle (a directory or a {ARCHIVE_SUFFIX} that vmb pack wrote)")
    root = scratch / "bundle"
    root.mkdir(parents=True)
    try:
        try:
            budget = _Budget(path)
            with tarfile.open(path, mode="r:gz") as tar:
                for member in tar:
                    rest = budget.admit(member)
                    target = root / rest
                    if member.isdir():
                        target.mkdir(parents=True, exist_ok=True)
                        continue
                    source = tar.extractfile(member)
                    assert source is not None  # a regular file always has its data
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with target.open("wb") as out:
                        shutil.copyfileobj(source, out)
                    if rest == MANIFEST:
                        budget.read(read_manifest(root, str(path)))
            if budget.listed is None:
                raise BundleError(f"{path} is not a bundle (no {MANIFEST})")
        except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile) as error:
            reason = (str(error).splitlines() or [type(error).__name__])[0]
            raise BundleError(f"{path}: damaged or truncated archive ({reason})") from None
        except OSError as error:
            raise BundleError(f"{path}: cannot unpack it ({error.strerror or error})") from None
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def read_checked(root: Path, shown: str | None = None) -> Manifest:
    """The manifest of the bundle directory ``root``, once every file is checked against it (``shown``: the
    archive it was unpacked from, which messages name)."""
    manifest = read_manifest(root, shown)
    check_files(root, manifest, shown)
    return manifest
