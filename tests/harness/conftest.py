"""Fixtures for the harness tests: the small generated benchmark, a secret API key, and runs against scripted
servers."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from vmb.harness import run_benchmark
from vmb.harness.runner import RunResult

from .helpers import SECRET


@pytest.fixture(scope="session")
def bench(small_benchmark: Path) -> Any:
    """The small generated benchmark, loaded: the harness is the subject here, not the release."""
    from vmb.data import load_benchmark

    return load_benchmark(small_benchmark)


@pytest.fixture(autouse=True)
def default_data(monkeypatch: pytest.MonkeyPatch, small_benchmark: Path) -> Path:
    """What ``vmb`` finds where a test names no data (a re-score, a merge, a subprocess): the small benchmark, never
    the release."""
    monkeypatch.setenv("VMB_DATA", str(small_benchmark))
    return small_benchmark


@pytest.fixture(autouse=True)
def api_key(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.delenv("VMB_API_KEY", raising=False)
    monkeypatch.delenv("VMB_CACHE_DIR", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    return SECRET


RunFn = Callable[..., RunResult]


@pytest.fixture
def run(tmp_path: Path, small_benchmark: Path) -> RunFn:
    """``run(url, name, **settings)``: a run under tmp_path with a shared cache and fast retries."""

    def go(url: str | None, name: str = "run", **settings: Any) -> RunResult:
        defaults: dict[str, Any] = {
            "out": str(tmp_path / name), "data": str(small_benchmark), "cache_dir": str(tmp_path / "cache"),
            "backoff": 0.01, "timeout": 5.0, "progress": False,
            "say": lambda line: print(line, file=sys.stderr),  # as vmb run tells them, for the tests that read them
        }
        if url is not None:
            defaults.update(model="scripted", base_url=url)
        defaults.update(settings)
        return run_benchmark(**defaults)

    return go

