"""Re-score a finished run offline, from its stored calls (after a scorer change, say), and attribute its stages."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from pathlib import Path

from vmb.data.locate import run_data_dir
from vmb.errors import OptionError
from vmb.harness.agent import score_replayed
from vmb.harness.attribution import attribution_of, run_stores
from vmb.harness.config import RunConfig
from vmb.harness.plan import RunPlan, prepare_run
from vmb.harness.shard import parse_shard
from vmb.memory import find
from vmb.prices import PriceTable
from vmb.results.header import RunHeader
from vmb.results.rundir import CONFIG, RESULTS, RunDir, RunDirError, read_results
from vmb.results.runsummary import RunSummary
from vmb.results.summary import QueryRow, compute_metric


def stored_config(header: RunHeader, out: Path, data: str | None, *, source: Path | None = None,
                  plugins: Sequence[str] = ()) -> RunConfig:
    """The config a run directory's ``config.json`` records (what selects and identifies its queries),
    reading the benchmark whose checksum the header records (``--data`` if it holds that benchmark).

    ``plugins`` are the modules the user named on the command line (``--plugin``): never those the header
    lists, since a run directory is data and anyone may have written it. ``source`` is the run directory
    the header was read from (default ``out``), named when it is damaged.
    """
    root = run_data_dir(header.data_sha256, [header.data_dir], data, source or out)
    try:
        return _stored_config(header, out, str(root), list(plugins))
    except (TypeError, ValueError) as error:
        raise RunDirError(f"{(source or out) / CONFIG} is damaged ({error})") from None


def _stored_config(header: RunHeader, out: Path, data: str, plugins: list[str]) -> RunConfig:
    d, selection = header.determining, header.selection
    return RunConfig(
        out=str(out), memory=d.memory, agent=d.agent, model=d.model, base_url=d.base_url, thinking=d.thinking,
        max_rounds=d.max_rounds, text_calls=d.text_calls, memory_options=d.memory_options,
        memory_days=d.memory_days, groups=selection.groups, limit=selection.limit, data=data,
        plugins=plugins, trials=selection.trials, shard=parse_shard(selection.shard) if selection.shard else None,
    )


def stored_plan(header: RunHeader, out: Path, data: str | None, *, source: Path | None = None,
                plugins: Sequence[str] = ()) -> RunPlan:
    """The plan of the run a header records (``stored_config``, prepared); a memory setting only a plugin
    defines, with no ``--plugin`` given, is one line naming the module the run recorded."""
    config = stored_config(header, out, data, source=source, plugins=plugins)
    try:
        return prepare_run(config)
    except OptionError:
        if not plugins and header.plugins and find(header.memory) is None:
            named = " ".join(f"--plugin {module!r}" for module in header.plugins)
            raise OptionError(f"{(source or out) / CONFIG}: its memory setting {header.memory!r} comes from a "
                              f"plugin; pass {named} to load it (vmb never imports a module a run's files name)") from None
        raise


def rescore_run(path: Path, data: str | None = None, prices: PriceTable | None = None,
                plugins: Sequence[str] = ()) -> tuple[RunSummary, list[str]]:
    """Score and attribute every ``ok`` record again, rewrite ``results.jsonl`` and ``metric.json``.

    Returns the metric and warnings (e.g. the benchmark files differ from the run's).
    """
    rundir = RunDir(path)
    rundir.lock()  # rewriting results.jsonl under a run still appending to it would lose its records
    try:
        return _rescore(rundir, data, prices, plugins)
    finally:
        rundir.unlock()


def _rescore(rundir: RunDir, data: str | None, prices: PriceTable | None,
             plugins: Sequence[str]) -> tuple[RunSummary, list[str]]:
    header = rundir.header()
    plan = stored_plan(header, rundir.path, data, plugins=plugins)
    warnings = []
    records, problems = read_results(rundir.path / RESULTS)
    # A line that is not a record is set aside beside the run, never dropped by the rewrite.
    if problems:
        shutil.copy2(rundir.path / RESULTS, rundir.path / f"{RESULTS}.damaged")
        warnings += [f"{problem} (the file as it was is kept as {RESULTS}.damaged)" for problem in problems]
    stores = run_stores(plan.bench, header.memory, rundir.memory_dir, header.determining.memory_days)
    for record in records.values():
        if record.ok:
            try:
                query = plan.bench.query(record.id)
            except KeyError as error:
                warnings.append(f"{error.args[0]}: the record of {record.key} is kept as it was scored")
                continue
            record.score = score_replayed(query, record.vehicle_calls, record.call_count)
            record.attribution = attribution_of(record, plan.bench, stores, rundir.path)
    rundir.replace_records(records)
    rows = [QueryRow.of(record) for record in records.values()]
    metric = compute_metric(rows, [(q.id, t) for q, t in plan.attempts], header.identity(),
                            rundir.memory_dir, prices)
    rundir.write_metric(metric)
    return metric, warnings
