"""Where vmb keeps what it derives for the next reader, and the digest of the code that derived it.

Two caches live here, each in its own folder of the user's cache: ``analysis/`` (``vmb.analysis.runcache``,
each run's rows) and ``audit/`` (``vmb.maker.audit.store``, each benchmark's audit). Both key an entry by what it
was derived from and by ``code_digest``, so that a new vmb never reads an old vmb's entry.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

CACHE_ENV = "VMB_CACHE_DIR"


def cache_root(folder: str) -> Path | None:
    """Where one cache's entries go: ``$VMB_CACHE_DIR/FOLDER``, else ``$XDG_CACHE_HOME/vmb/FOLDER``
    (``~/.cache``); never beside what they were derived from, since a reader writes nothing into what it reads
    (a bundle's folder lists every file it holds). None without a home: everything is then derived every time."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen:
        return Path(chosen) / folder
    try:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    except RuntimeError:  # no home directory to find
        return None
    return base / "vmb" / folder


@functools.cache
def code_digest() -> str:
    """The digest of every source file of the ``vmb`` package (about 250 files, a few ms)."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()
