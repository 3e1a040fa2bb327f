"""Re-score a finished run offline, from its stored calls (after a scorer change, say)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vmb.harness.agent import score_replayed
from vmb.harness.config import RunConfig
from vmb.harness.plan import RunPlan, prepare_run
from vmb.harness.shard import parse_shard
from vmb.prices import PriceTable
from vmb.results.rundir import CONFIG, RunDir, RunDirError
from vmb.results.summary import QueryRow, compute_metric


def stored_config(doc: dict[str, Any], out: Path, data: str | None, *, source: Path | None = None) -> RunConfig:
    """The config a run directory's ``config.json`` records (what selects and identifies its queries).

    ``source`` is the run directory the document was read from (default ``out``), named when it is damaged.
    """
    try:
        return _stored_config(doc, out, data)
    except (KeyError, TypeError, ValueError) as error:
        reason = f"no {error}" if isinstance(error, KeyError) else str(error)
        raise RunDirError(f"{(source or out) / CONFIG} is damaged ({reason})") from None


def _stored_config(doc: dict[str, Any], out: Path, data: str | None) -> RunConfig:
    determining, selection = doc["determining"], doc["selection"]
    return RunConfig(
        out=str(out), memory=determining["memory"], agent=determining["agent"], model=determining["model"],
        base_url=determining["base_url"], thinking=determining["thinking"], max_rounds=determining["max_rounds"],
        text_calls=determining["text_calls"], memory_options=determining.get("memory_options") or {},
        groups=selection["groups"], limit=selection["limit"], data=data,
        plugins=(doc.get("operational") or {}).get("plugins") or [],
        trials=selection.get("trials", 1), shard=parse_shard(selection["shard"]) if selection.get("shard") else None,
    )


def stored_identity(doc: dict[str, Any], plan: RunPlan) -> dict[str, Any]:
    """The run as its config.json names it (the hash it was made under, not one recomputed now)."""
    return {**plan.identity, "hash": doc["hash"], "model": doc["determining"]["model"]}


def rescore_run(path: Path, data: str | None = None,
                prices: PriceTable | None = None) -> tuple[dict[str, Any], list[str]]:
    """Score every ``ok`` record again, rewrite ``results.jsonl`` and ``metric.json``.

    Returns the metric and warnings (e.g. the benchmark files differ from the run's).
    """
    rundir = RunDir(path)
    rundir.lock()  # rewriting results.jsonl under a run still appending to it would lose its records
    try:
        return _rescore(rundir, data, prices)
    finally:
        rundir.unlock()


def _rescore(rundir: RunDir, data: str | None, prices: PriceTable | None) -> tuple[dict[str, Any], list[str]]:
    doc = rundir.config()
    plan = prepare_run(stored_config(doc, rundir.path, data))
    warnings = []
    if plan.determining["data_sha256"] != doc["determining"]["data_sha256"]:
        warnings.append(f"the benchmark in {plan.data_root} differs from the one this run used")
    records = rundir.records()
    for record in records.values():
        if record.ok:
            query = plan.bench.query(record.id)
            record.score = score_replayed(query, record.calls["vehicle"], record.call_count)
    rundir.replace_records(records)
    rows = [QueryRow.of(record) for record in records.values()]
    metric = compute_metric(rows, [(q.id, t) for q, t in plan.attempts], stored_identity(doc, plan),
                            rundir.memory_dir, prices)
    rundir.write_metric(metric)
    return metric, warnings
