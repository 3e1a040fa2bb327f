"""Join the slices of a sharded run (``vmb run --shard I/N``) into one run directory.

Slices must share one configuration (the same hash, and the same selection apart from the shard)
and may not hold the same (query, trial). The merged directory gets the records of every slice in
selection order, their memories and system prompts, a ``config.json`` without the shard, and the
``metric.json`` an unsharded run writes: byte for byte the same, since it holds no timings.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

from vmb.harness.metrics import QueryRow, compute_metric
from vmb.harness.plan import prepare_run
from vmb.harness.record import QueryRecord, attempt_key
from vmb.harness.rescore import stored_config, stored_identity
from vmb.harness.rundir import CONFIG, MEMORY, SYSTEM_PROMPTS, RunDir, write_json
from vmb.prices import PriceTable


class MergeError(ValueError):
    """The slices cannot be merged; the message says which and why."""


def _unsharded(selection: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in selection.items() if k not in ("shard", "queries")}


def _check_configs(slices: list[Path]) -> list[dict[str, Any]]:
    configs = []
    for path in slices:
        if not (path / CONFIG).is_file():
            raise MergeError(f"{path} is not a run directory (no {CONFIG})")
        configs.append(json.loads((path / CONFIG).read_text(encoding="utf-8")))
    first = configs[0]
    for path, config in zip(slices[1:], configs[1:]):
        if config["hash"] != first["hash"]:
            raise MergeError(f"{path} and {slices[0]} are runs of different configurations "
                             f"(hash {config['hash'][:12]} vs {first['hash'][:12]}); only slices of one run merge")
        if _unsharded(config["selection"]) != _unsharded(first["selection"]):
            raise MergeError(f"{path} and {slices[0]} select different queries or trials: "
                             f"{_unsharded(config['selection'])} vs {_unsharded(first['selection'])}")
    shards = [c["selection"].get("shard") for c in configs]
    repeated = sorted({s for s in shards if s is not None and shards.count(s) > 1})
    if repeated:
        raise MergeError(f"shard {repeated[0]} is given twice")
    return configs


def _gather(slices: list[Path]) -> dict[str, QueryRecord]:
    merged: dict[str, QueryRecord] = {}
    origin: dict[str, Path] = {}
    for path in slices:
        for key, record in RunDir(path).records().items():
            if key in merged:
                raise MergeError(f"{key} is in both {origin[key]} and {path}: slices may not overlap")
            merged[key] = record
            origin[key] = path
    return merged


def _copy_tree_entries(source: Path, target: Path) -> None:
    """Copy each entry of ``source`` into ``target`` (replacing an entry of the same name)."""
    if not source.is_dir():
        return
    target.mkdir(parents=True, exist_ok=True)
    for entry in sorted(source.iterdir()):
        destination = target / entry.name
        if entry.is_dir():
            shutil.rmtree(destination, ignore_errors=True)
            shutil.copytree(entry, destination)
        else:
            shutil.copy2(entry, destination)


def merge_runs(slices: list[Path], out: Path, *, data: str | None = None,
               prices: PriceTable | None = None) -> tuple[dict[str, Any], list[str]]:
    """Merge ``slices`` into ``out``; return the merged metric and warnings (missing slices, say)."""
    if not slices:
        raise MergeError("no slices to merge")
    configs = _check_configs(slices)
    first = configs[0]
    if (out / CONFIG).is_file():
        existing = json.loads((out / CONFIG).read_text(encoding="utf-8"))
        if existing.get("hash") != first["hash"]:
            raise MergeError(f"{out} holds a run of another configuration; merge into a new directory")
    records = _gather(slices)
    whole = {**first, "selection": {**first["selection"], "shard": None}}
    plan = prepare_run(stored_config(whole, out, data))
    warnings = []
    if plan.determining["data_sha256"] != first["determining"]["data_sha256"]:
        warnings.append(f"the benchmark in {plan.data_root} differs from the one these slices used")
    selected = [(q.id, t) for q, t in plan.attempts]
    stray = sorted(set(records) - {attempt_key(q, t) for q, t in selected})
    if stray:
        raise MergeError(f"{stray[0]} (and {len(stray) - 1} more) are outside the run's selection")
    shards = {s for c in configs if (s := c["selection"].get("shard"))}
    counts = {int(s.split("/")[1]) for s in shards}
    if len(counts) == 1 and len(shards) < next(iter(counts)):
        warnings.append(f"{len(shards)} of {next(iter(counts))} shards merged; the others' queries are pending")

    rundir = RunDir(out)
    rundir.lock()  # the merged directory is a run: one writer at a time
    try:
        for path in slices:
            _copy_tree_entries(path / MEMORY, out / MEMORY)
            _copy_tree_entries(path / SYSTEM_PROMPTS, out / SYSTEM_PROMPTS)
        rundir.replace_records({key: records[key] for q, t in selected if (key := attempt_key(q, t)) in records})
        now = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        doc = {**whole, "selection": {**whole["selection"], "queries": len(plan.selected)},
               "created": min(c.get("created", now) for c in configs), "updated": now,
               "merged_from": [str(p) for p in slices]}
        write_json(out / CONFIG, doc)
        rows = [QueryRow.of(record) for record in records.values()]
        metric = compute_metric(rows, selected, stored_identity(whole, plan), rundir.memory_dir, prices)
        rundir.write_metric(metric)
    finally:
        rundir.unlock()
    return metric, warnings
