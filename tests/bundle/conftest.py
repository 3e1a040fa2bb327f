"""Runs made by the real harness on the small generated benchmark, and bundles of them, for the bundle tests.

Every kind the issue names: an oracle run, a noop run, a shortcut baseline and a scripted model
(the faulty one of ``tests/fixtures/scripted_runs.py``: wrong values, wrong zones, extra changes, a tool
it never loaded), plus the reference script writing its calls as text under the key-value memory
(memory tool calls and calls read from text). Each covers all 40 queries of the benchmark.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures.scripted_runs import ScriptedServer as FaultyServer
from vmb.data import load_benchmark
from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer
from vmb.harness import run_benchmark

KINDS = ("oracle", "noop", "baseline", "scripted", "textcalls")


@pytest.fixture(scope="session")
def bundle_runs(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("bundle-runs")
    bench = load_benchmark(small_benchmark)
    common: dict[str, Any] = {"data": str(small_benchmark), "cache_dir": str(root / ".cache"), "progress": False}
    runs = {kind: root / kind for kind in KINDS}
    run_benchmark(out=str(runs["oracle"]), agent="oracle", memory="gold", **common)
    run_benchmark(out=str(runs["noop"]), agent="noop", memory="none", **common)
    run_benchmark(out=str(runs["baseline"]), agent="latest-gold", memory="gold", **common)
    with FaultyServer(bench) as server:
        run_benchmark(out=str(runs["scripted"]), model="scripted-faults", base_url=server.base_url, memory="gold",
                      concurrency=4, **common)
    with ScriptedServer(ReferenceScript(bench, text_format="qwen")) as server:
        run_benchmark(out=str(runs["textcalls"]), model="text-only", base_url=server.url, memory="kv",
                      memory_days=2, concurrency=4, **common)
    return runs


@pytest.fixture(scope="session")
def partial_runs(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> dict[str, Path]:
    """Runs that do not cover the benchmark: one of 5 queries (``--limit``), one whose query failed for good."""
    root = tmp_path_factory.mktemp("partial-runs")
    bench = load_benchmark(small_benchmark)
    common: dict[str, Any] = {"data": str(small_benchmark), "cache_dir": str(root / ".cache"), "progress": False}
    run_benchmark(out=str(root / "limited"), agent="oracle", memory="gold", limit=5, **common)
    reference = ReferenceScript(bench)
    failing = bench.queries[3].query

    def script(body: dict[str, Any]) -> Scripted:
        user = next(m["content"] for m in body["messages"] if m["role"] == "user")
        return Scripted(status=500) if user == failing else reference(body)

    with ScriptedServer(script) as server:
        run_benchmark(out=str(root / "failed"), model="flaky", base_url=server.url, memory="gold", retries=0,
                      backoff=0.01, **common)
    return {"limited": root / "limited", "failed": root / "failed"}


def reseal(bundle: Path) -> None:
    """Rewrite the manifest's file checksums after an edit, as a forger would: only the deeper checks can then
    catch the edit."""
    path = bundle / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    for name in manifest["files"]:
        data = (bundle / name).read_bytes()
        manifest["files"][name] = {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
    path.write_text(json.dumps(manifest, indent=1), encoding="utf-8")
