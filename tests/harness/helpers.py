"""Constants and helpers shared by the harness tests."""

from __future__ import annotations

from pathlib import Path

SECRET = "sk-test-DO-NOT-LEAK-4242"


def files_containing(root: Path, needle: str) -> list[Path]:
    data = needle.encode()
    return [p for p in root.rglob("*") if p.is_file() and data in p.read_bytes()]
