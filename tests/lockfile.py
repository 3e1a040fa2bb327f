"""requirements.txt is the lock of pyproject.toml: what ties the two (the lock's first line carries the digest
of pyproject.toml's dependency tables; `make lock` writes both, tests/test_packaging.py checks them)."""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"
LOCK = ROOT / "requirements.txt"


def dependency_tables(pyproject: Path = PYPROJECT) -> dict[str, list[str]]:
    """The core's dependencies (under "") and each extra's, as pyproject.toml declares them."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    return {"": list(project.get("dependencies", [])), **project.get("optional-dependencies", {})}


def dependency_digest(pyproject: Path = PYPROJECT) -> str:
    canonical = json.dumps(dependency_tables(pyproject), sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()[:16]


def locked(lock: Path = LOCK) -> dict[str, str]:
    """Distribution name (normalised) → the exact version the lock pins."""
    pins = {}
    for line in lock.read_text(encoding="utf-8").splitlines():
        match = re.match(r"([A-Za-z0-9_.\-]+)==([^\s;#]+)", line)
        if match:
            pins[normalised(match.group(1))] = match.group(2)
    return pins


def normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


if __name__ == "__main__":
    print(dependency_digest())  # make lock's header (.ci/venv)
