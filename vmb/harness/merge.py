"""Join the slices of a sharded run (``vmb run --shard I/N``) into one run directory.

Slices must share one configuration (the same hash, and the same selection apart from the shard)
and may not hold the same (query, trial). The merged directory gets the records of every slice in
selection order, their memories and system prompts, a ``config.json`` without the shard, and the
``metric.json`` an unsharded run writes: byte for byte the same, since it holds no timings.

Nothing already in the merged directory is lost: its finished records are kept (a slice's record
of the same query is used only where the directory has none, or an error), its memories and
system prompts stay, and a directory holding records outside the slices' selection is refused. The
merged directory may not be one of the slices or lie inside one.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from vmb.errors import VmbError
from vmb.harness.plan import same_run
from vmb.harness.rescore import stored_plan
from vmb.prices import PriceTable
from vmb.results.header import RunHeader
from vmb.results.record import QueryRecord, attempt_key
from vmb.results.rundir import CONFIG, MEMORY, RESULTS, SYSTEM_PROMPTS, RunDir, read_header, read_results, write_json
from vmb.results.runsummary import RunSummary
from vmb.results.summary import QueryRow, compute_metric


class MergeError(VmbError, ValueError):
    """The slices cannot be merged; the message says which and why."""


def _check_configs(slices: list[Path]) -> list[RunHeader]:
    configs = [read_header(path) for path in slices]
    first = configs[0]
    for path, config in zip(slices[1:], configs[1:]):
        if config.hash != first.hash and not same_run(config.determining, first.determining):
            raise MergeError(f"{path} and {slices[0]} are runs of different configurations "
                             f"(hash {config.hash[:12]} vs {first.hash[:12]}); only slices of one run merge")
        if config.selection.unsharded() != first.selection.unsharded():
            raise MergeError(f"{path} and {slices[0]} select different queries or trials: "
                             f"{config.selection.unsharded()} vs {first.selection.unsharded()}")
    shards = [c.selection.shard for c in configs]
    repeated = sorted({s for s in shards if s is not None and shards.count(s) > 1})
    if repeated:
        raise MergeError(f"shard {repeated[0]} is given twice")
    return configs


def _check_out(slices: list[Path], out: Path) -> None:
    """Refuse an output that is a slice or lies inside one: writing it would overwrite what is being read."""
    target = out.resolve()
    for path in slices:
        if target == path.resolve() or target.is_relative_to(path.resolve()):
            raise MergeError(f"--out {out} is the slice {path} or lies inside it; merge into the run directory "
                             "the slices belong to, or a new one")


def _gather(slices: list[Path], warnings: list[str]) -> dict[str, QueryRecord]:
    merged: dict[str, QueryRecord] = {}
    origin: dict[str, Path] = {}
    for path in slices:
        records, problems = read_results(path / RESULTS)
        warnings.extend(f"{problem} (that query stays pending)" for problem in problems)
        for key, record in records.items():
            if key in merged:
                raise MergeError(f"{key} is in both {origin[key]} and {path}: slices may not overlap")
            merged[key] = record
            origin[key] = path
    return merged


def _copy_new_entries(source: Path, target: Path) -> None:
    """Copy each entry of ``source`` that ``target`` does not hold yet (what is there stays)."""
    if not source.is_dir():
        return
    target.mkdir(parents=True, exist_ok=True)
    for entry in sorted(source.iterdir()):
        destination = target / entry.name
        if destination.exists():
            continue
        if entry.is_dir():
            shutil.copytree(entry, destination)
        else:
            shutil.copy2(entry, destination)


def _kept(out: Path, records: dict[str, QueryRecord], selected: set[str],
          warnings: list[str]) -> dict[str, QueryRecord]:
    """The slices' records joined with those ``out`` holds already, which win unless they are errors."""
    existing, problems = read_results(out / RESULTS)
    warnings.extend(f"{problem} (that query stays pending)" for problem in problems)
    outside = sorted(set(existing) - selected)
    if outside:
        raise MergeError(f"{out} holds {len(outside)} record(s) outside these slices' selection ({outside[0]}, ...); "
                         "merge into a new directory")
    replaced = [key for key, record in existing.items() if key in records and record.ok
                and record.to_json() != records[key].to_json()]
    if replaced:
        warnings.append(f"{out} already holds {len(replaced)} finished record(s) that a slice also has "
                        f"({replaced[0]}, ...); the ones in {out} are kept")
    joined = dict(records)
    joined.update({key: record for key, record in existing.items() if record.ok or key not in records})
    return joined


def _coverage(configs: list[RunHeader], selected: list[tuple[str, int]], records: dict[str, QueryRecord],
              groups: dict[str, int]) -> list[str]:
    """A warning for every shard count or group the merged records leave out."""
    missing = sorted({groups[q] for q, t in selected if attempt_key(q, t) not in records})
    if not missing:
        return []
    shards = {s for c in configs if (s := c.selection.shard)}
    counts = sorted({int(s.split("/")[1]) for s in shards})
    if len(counts) == 1 and len(shards) < counts[0]:
        return [f"{len(shards)} of {counts[0]} shards merged; the others' queries are pending"]
    if len(counts) > 1:
        shown = ", ".join(map(str, missing[:10])) + (", ..." if len(missing) > 10 else "")
        return [f"slices of different shard counts ({', '.join(sorted(shards))}) leave group(s) {shown} "
                "without records; their queries are pending"]
    return []


def merge_runs(slices: list[Path], out: Path, *, data: str | None = None, prices: PriceTable | None = None,
               plugins: Sequence[str] = ()) -> tuple[RunSummary, list[str]]:
    """Merge ``slices`` into ``out``; return the merged metric and warnings (missing slices, say).

    ``plugins`` are the modules the user named (``--plugin``), never those the slices' headers list.
    """
    if not slices:
        raise MergeError("no slices to merge")
    _check_out(slices, out)
    configs = _check_configs(slices)
    first = configs[0]
    if (out / CONFIG).exists() and not same_run(read_header(out).determining, first.determining):
        raise MergeError(f"{out} holds a run of another configuration; merge into a new directory")
    warnings: list[str] = []
    records = _gather(slices, warnings)
    whole = first.unsharded()
    plan = stored_plan(whole, out, data, source=slices[0], plugins=plugins)
    selected = [(q.id, t) for q, t in plan.attempts]
    keys = {attempt_key(q, t) for q, t in selected}
    stray = sorted(set(records) - keys)
    if stray:
        raise MergeError(f"{stray[0]} (and {len(stray) - 1} more) are outside the run's selection")

    rundir = RunDir(out)
    rundir.lock()  # the merged directory is a run: one writer at a time
    try:
        records = _kept(out, records, keys, warnings)
        warnings.extend(_coverage(configs, selected, records, {q.id: q.group for q in plan.selected}))
        for path in slices:
            _copy_new_entries(path / MEMORY, out / MEMORY)
            _copy_new_entries(path / SYSTEM_PROMPTS, out / SYSTEM_PROMPTS)
        rundir.replace_records({key: records[key] for q, t in selected if (key := attempt_key(q, t)) in records})
        now = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        header = replace(whole, selection=replace(whole.selection, queries=len(plan.selected)),
                         created=min(c.created or now for c in configs), updated=now,
                         merged_from=[str(p) for p in slices])
        write_json(out / CONFIG, header.to_json())
        rows = [QueryRow.of(record) for record in records.values()]
        metric = compute_metric(rows, selected, whole.identity(), rundir.memory_dir, prices)
        rundir.write_metric(metric)
    finally:
        rundir.unlock()
    return metric, warnings
