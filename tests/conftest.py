"""Shared fixtures: where the read-only benchmark fixtures live (``../shared`` beside the repo)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    if not (SHARED / "conformance").is_dir():
        pytest.fail(f"fixtures not found: expected {SHARED} with conformance/ and vehiclemembench/")
    return SHARED


@pytest.fixture(scope="session")
def conformance_dir(shared_dir: Path) -> Path:
    return shared_dir / "conformance"


@pytest.fixture(scope="session")
def release_dir(shared_dir: Path) -> Path:
    return shared_dir / "vehiclemembench"
