"""A bundle's files on disk: checked against its manifest, archived deterministically, unpacked safely.

A bundle directory must hold exactly the files its manifest lists, each of the listed size and
SHA-256, and nothing that points elsewhere (a symbolic link, a device). An archive is read member by
member: only regular files and directories, names relative and inside, nothing larger in total than
``MAX_UNPACKED`` bytes; it is written with every member's time, owner and mode fixed, in sorted order,
so that packing the same runs twice gives the same bytes.
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

from vmb.bundle.manifest import MANIFEST, BundleError, FileEntry, Manifest, inside, read_manifest

ARCHIVE_SUFFIX = ".tar.gz"
MAX_UNPACKED = 4 << 30  # an archive unpacking to more than 4 GiB is refused (a bundle of 500 queries is far smaller)


def file_entry(data: bytes) -> FileEntry:
    return FileEntry(hashlib.sha256(data).hexdigest(), len(data))


def _walk(root: Path) -> Iterator[tuple[str, Path]]:
    """(relative name, path) of every file under ``root``; a link or other non-file is a ``BundleError``."""
    for directory, dirs, names in os.walk(root, followlinks=False):
        for name in [*dirs, *names]:
            path = Path(directory) / name
            relative = path.relative_to(root).as_posix()
            if path.is_symlink():
                raise BundleError(f"{root}: {relative} is a symbolic link; a bundle holds only its own files")
            if name in dirs:
                continue
            if not path.is_file():
                raise BundleError(f"{root}: {relative} is not a regular file")
            yield relative, path


def check_files(root: Path, manifest: Manifest) -> None:
    """Every file the manifest lists is there, whole and unchanged, and no other file is."""
    present = {name: path for name, path in _walk(root) if name != MANIFEST}
    for name, entry in manifest.files.items():
        path = present.pop(name, None)
        if path is None:
            raise BundleError(f"{root / name}: listed in {MANIFEST} but missing")
        data = path.read_bytes()
        if len(data) < entry.bytes:
            raise BundleError(f"{root / name}: truncated ({len(data)} of {entry.bytes} bytes)")
        if file_entry(data) != entry:
            raise BundleError(f"{root / name}: its contents differ from the SHA-256 {MANIFEST} lists "
                              "(damaged, or edited after packing)")
    if present:
        extra = sorted(present)
        raise BundleError(f"{root / extra[0]}: not listed in {MANIFEST} ({len(extra)} such file(s))")


def write_files(root: Path, files: Mapping[str, bytes]) -> None:
    for name, data in files.items():
        path = root / inside(name, str(root))
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
        for name in sorted(files):
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


def _members(archive: Path, tar: tarfile.TarFile) -> Iterator[tuple[tarfile.TarInfo, str]]:
    """Each member with its name below the archive's one top directory, checked before anything is written."""
    total = 0
    top: str | None = None
    for member in tar:
        where = f"{archive}: member {member.name[:120]!r}"
        if member.issym() or member.islnk():
            raise BundleError(f"{where} is a link; a bundle holds only its own files")
        if not (member.isfile() or member.isdir()):
            raise BundleError(f"{where} is not a file or a directory")
        name = inside(member.name.rstrip("/"), where)
        head, _, rest = name.partition("/")
        if top is None:
            top = head
        if head != top or (member.isfile() and not rest):
            raise BundleError(f"{where} is outside the archive's one directory {top!r}")
        total += member.size
        if total > MAX_UNPACKED:
            raise BundleError(f"{archive}: unpacks to more than {MAX_UNPACKED >> 30} GiB; not a bundle vmb made")
        yield member, rest


@contextmanager
def opened(path: Path, scratch: Path) -> Iterator[Path]:
    """The bundle directory of ``path``: itself, or an archive unpacked under ``scratch`` (removed afterwards)."""
    if path.is_dir():
        yield path
        return
    if not path.is_file():
        raise BundleError(f"{path}: no such bundle (a directory or a {ARCHIVE_SUFFIX} that vmb pack wrote)")
    root = scratch / "bundle"
    root.mkdir(parents=True)
    try:
        try:
            with tarfile.open(path, mode="r:gz") as tar:
                for member, rest in _members(path, tar):
                    target = root / rest
                    if member.isdir():
                        target.mkdir(parents=True, exist_ok=True)
                        continue
                    source = tar.extractfile(member)
                    assert source is not None  # a regular file always has its data
                    target.parent.mkdir(parents=True, exist_ok=True)
                    with target.open("wb") as out:
                        shutil.copyfileobj(source, out)
        except (tarfile.TarError, EOFError, zlib.error, gzip.BadGzipFile) as error:
            reason = (str(error).splitlines() or [type(error).__name__])[0]
            raise BundleError(f"{path}: damaged or truncated archive ({reason})") from None
        except OSError as error:
            raise BundleError(f"{path}: cannot unpack it into {scratch} ({error.strerror or error})") from None
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def read_checked(root: Path) -> Manifest:
    """The manifest of the bundle directory ``root``, once every file is checked against it."""
    manifest = read_manifest(root)
    check_files(root, manifest)
    return manifest
