"""Re-score a finished run offline, from its stored calls (after a scorer change, say)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vmb.harness.agent import score_replayed
from vmb.harness.config import config_hash, data_checksum
from vmb.harness.metrics import QueryRow, compute_metric
from vmb.harness.rundir import RunDir
from vmb.harness.runner import select_queries


def rescore_run(path: Path, data: str | None = None) -> tuple[dict[str, Any], list[str]]:
    """Score every ``ok`` record again, rewrite ``results.jsonl`` and ``metric.json``.

    Returns the metric and warnings (e.g. the benchmark files differ from the run's).
    """
    rundir = RunDir(path)
    rundir.lock()  # rewriting results.jsonl under a run still appending to it would lose its records
    try:
        return _rescore(rundir, data)
    finally:
        rundir.unlock()


def _rescore(rundir: RunDir, data: str | None) -> tuple[dict[str, Any], list[str]]:
    from vmb.data import load_benchmark, resolve_data_dir

    config = rundir.config()
    root = resolve_data_dir(data)
    warnings = []
    if data_checksum(Path(root)) != config["determining"]["data_sha256"]:
        warnings.append(f"the benchmark in {root} differs from the one this run used")
    bench = load_benchmark(root)
    records = rundir.records()
    for record in records.values():
        if record.ok:
            query = bench.query(record.id)
            record.score = score_replayed(query, record.calls["vehicle"], record.call_count)
    rundir.replace_records(records)
    selection = config["selection"]
    selected = [q.id for q in select_queries(bench, selection["groups"], selection["limit"])]
    determining = config["determining"]
    run = {"hash": config_hash(determining), "agent": determining["agent"], "model": determining["model"],
           "memory": determining["memory"]}
    rows = [QueryRow.of(record) for record in records.values()]
    metric = compute_metric(rows, [(query_id, 0) for query_id in selected], run, rundir.memory_dir)
    rundir.write_metric(metric)
    return metric, warnings
