"""The generator's version: a digest of everything that decides what ``vmb generate`` writes.

The procedural backend gives the same bytes for the same options, so a benchmark made by it can be
rebuilt from its seed, but only by the same maker: any change to a word bank, a recipe or the
simulator's catalog changes the output. The version is a digest of the files that decide it (every
source file of ``vmb/maker/generate``, its prompts, the simulator the setting catalog is read off, the
words ``vmb.data.spoken`` hears values by, the reasoning types' table) and of the Faker release that
draws the names, computed when a run starts (~100 files, a few milliseconds). ``metadata.json`` and
``stages/run.json`` record it; ``vmb generate`` refuses to resume a directory another version began,
and ``vmb validate`` names both versions when a rebuild differs.
"""

from __future__ import annotations

import hashlib
from functools import cache
from importlib import metadata as packages
from pathlib import Path

# The files, under the ``vmb`` package, whose bytes decide the generated text.
SOURCES = ("maker/generate/**/*.py", "maker/generate/**/*.md", "sim/**/*.py", "data/spoken.py", "data/spoken_words.py",
           "data/reasoning.py")
# Packages whose data decide it too (Faker's name and word lists).
PACKAGES = ("faker",)
UNRECORDED = "an earlier vmb generate (no version recorded)"


def source_digest(root: Path, patterns: tuple[str, ...] = SOURCES, packages_: tuple[str, ...] = PACKAGES) -> str:
    """The digest of the files ``patterns`` match under ``root`` and of the packages' versions."""
    digest = hashlib.sha256()
    files = sorted({path for pattern in patterns for path in root.glob(pattern)
                    if path.is_file() and "__pycache__" not in path.parts})
    for path in files:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    for name in packages_:
        try:
            digest.update(f"{name}=={packages.version(name)}\0".encode())
        except packages.PackageNotFoundError:
            digest.update(f"{name} absent\0".encode())
    return digest.hexdigest()[:16]


@cache
def generator_version() -> str:
    """This generator's version (16 hex digits)."""
    return source_digest(Path(__file__).resolve().parents[2])  # the vmb package, which SOURCES are under


def describe(version: str | None) -> str:
    return f"vmb generate version {version}" if version else UNRECORDED


def other_version(recorded: str | None) -> str | None:
    """None when ``recorded`` is this generator's version, else the clause naming both:
    "made by vmb generate version X; this is version Y"."""
    current = generator_version()
    if recorded == current:
        return None
    return f"made by {describe(recorded)}; this is version {current}"
