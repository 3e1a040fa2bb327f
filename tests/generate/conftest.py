"""Procedural benchmarks made once per session: a small one (3 groups, 300 lines each) and the
wording set (the default benchmark's 50 groups of chains and queries, short histories)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from vmb.data import Benchmark, load_benchmark
from vmb.maker.generate.pipeline import run
from vmb.maker.generate.plan import personas
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.procedural import chains
from vmb.maker.generate.procedural.backend import ProceduralBackend
from vmb.maker.generate.schemas import Chain, ChainSet

SMALL = GenerateOptions(groups=3, seed=7, history_lines=300, background_chains=4)
WORDING = GenerateOptions(groups=50, seed=1, history_lines=200, background_chains=4)


def generate(out: Path, options: GenerateOptions = SMALL) -> Path:
    run(options, out, ProceduralBackend(), log=lambda _: None)
    return out


@pytest.fixture(scope="session")
def small_bench(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(tmp_path_factory.mktemp("gen") / "small")


@pytest.fixture(scope="session")
def wording_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(tmp_path_factory.mktemp("wording") / "bench", WORDING)


@pytest.fixture(scope="session")
def wording_bench(wording_dir: Path) -> Benchmark:
    return load_benchmark(wording_dir)


def files(root: Path) -> dict[str, bytes]:
    """Every exported file (release layout and metadata) by relative path."""
    paths = [root / "metadata.json", *sorted((root / "history").iterdir()), *sorted((root / "qa_data").iterdir())]
    return {str(p.relative_to(root)): p.read_bytes() for p in paths}


@cache
def chain_sets(seed: int, groups: int = 40) -> tuple[ChainSet, ...]:
    """Every group's chains of a default run of ``groups`` groups (no dialogue, no queries): what the
    tests of the recipes' rates read, made once per seed."""
    options = GenerateOptions(groups=groups, seed=seed)
    return tuple(chains.build(options, personas.build(options, g)) for g in range(1, groups + 1))


def vehicle_chains(seed: int, kind: str | None = None, groups: int = 40) -> list[Chain]:
    """The vehicle chains of :func:`chain_sets`, of reasoning type ``kind`` (any if None)."""
    return [c for s in chain_sets(seed, groups) for c in s.chains
            if c.kind == "vehicle" and (kind is None or c.reasoning_type == kind)]
