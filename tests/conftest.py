"""Shared fixtures: where the read-only benchmark fixtures live (``../shared`` beside the repo); how ``make test``'s
two workers share the suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
# Under make test's two workers (pytest-xdist, --dist loadfile) each module runs on one worker, its module-scoped
# fixtures made once. The longest modules start first, so that neither worker is left finishing one alone: the real
# model's test, then the report's notebooks.
FIRST = tuple(REPO / "tests" / name for name in ("test_local_model.py", "test_notebooks.py"))
# Libraries computing on threads of their own (torch's, OpenBLAS's) would spin against the other worker.
ONE_THREAD = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):  # before any test module imports numpy or torch
        for name in ONE_THREAD:
            os.environ.setdefault(name, "1")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Stable: the order within each part is kept.
    items.sort(key=lambda item: FIRST.index(item.path) if item.path in FIRST else len(FIRST))


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
