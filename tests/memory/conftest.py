"""Fixtures for the memory-system tests: a small generated benchmark, a local JSON server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.generate.conftest import generate
from vmb.generate.options import GenerateOptions

from .helpers import ContractServer

# Per group: 90 lines about three vehicle preferences (three queries), nothing else: six (day, hour) chunks, so
# builds take seconds.
SMALL = GenerateOptions(groups=2, seed=3, history_lines=90, background_chains=0, vehicle_chains=3)


@pytest.fixture(scope="session")
def small_data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two small groups made by ``vmb generate``: the memory systems are the subject here, not the release."""
    return generate(tmp_path_factory.mktemp("gen") / "small", SMALL)


@pytest.fixture(scope="session")
def small_bench(small_data: Path) -> Any:
    from vmb.data import load_benchmark

    return load_benchmark(small_data)


@pytest.fixture
def contract() -> Iterator[ContractServer]:
    server = ContractServer()
    server.thread.start()
    yield server
    server.httpd.shutdown()
    server.httpd.server_close()
