"""Fixtures for the memory-system tests: the tiny generated benchmark loaded, a local JSON server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import ContractServer, reference_server


@pytest.fixture(scope="session")
def tiny_bench(tiny_benchmark: Path) -> Any:
    """The tiny generated benchmark, loaded: the memory systems are the subject here, not the release, and its six
    (day, hour) chunks a group make builds take seconds."""
    from vmb.data import load_benchmark

    return load_benchmark(tiny_benchmark)


@pytest.fixture
def contract() -> Iterator[ContractServer]:
    server = ContractServer()
    server.thread.start()
    yield server
    server.httpd.shutdown()
    server.httpd.server_close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """The URL of the reference memory server of docs/memory-http.md, running for the test."""
    server, url = reference_server(tmp_path)
    try:
        yield url
    finally:
        server.terminate()
        server.wait(10)
