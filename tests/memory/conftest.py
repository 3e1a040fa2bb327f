"""Fixtures for the memory-system tests: a small copy of the release, a local JSON server."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import ContractServer

GROUP_LINES = 90  # lines kept per group: a few chunks, so builds take seconds


@pytest.fixture(scope="session")
def small_release(release_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Groups 1 and 2 of the release, each history cut to its first lines (all 10 queries kept)."""
    root = tmp_path_factory.mktemp("small-release")
    (root / "history").mkdir()
    (root / "qa_data").mkdir()
    for number in (1, 2):
        lines = (release_dir / "history" / f"history_{number}.txt").read_text(encoding="utf-8").splitlines()
        (root / "history" / f"history_{number}.txt").write_text("\n".join(lines[:GROUP_LINES]) + "\n", encoding="utf-8")
        shutil.copy(release_dir / "qa_data" / f"qa_{number}.json", root / "qa_data" / f"qa_{number}.json")
    return root


@pytest.fixture(scope="session")
def small_bench(small_release: Path) -> Any:
    from vmb.data import load_benchmark

    return load_benchmark(small_release)


@pytest.fixture
def contract() -> Iterator[ContractServer]:
    server = ContractServer()
    server.thread.start()
    yield server
    server.httpd.shutdown()
    server.httpd.server_close()
