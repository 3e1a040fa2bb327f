"""The health check of each run's built memory, for the notebooks: a degenerate memory named before its scores.

Each run's ``memory/group_N/build.json`` is read through the one reader of metric.json's memory figures
(``vmb.results.summary.memory_cost``), whose ``warnings`` are the health check's (``vmb.memory.health``): a
summary copied from the dialogue or unchanged for most days, a memory left empty.
"""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from vmb.analysis.runs import Run
from vmb.escape import markdown as md
from vmb.results.rundir import MEMORY
from vmb.results.summary import memory_cost

WARNING_COLUMNS = ("run", "group", "kind", "text")


def build_warnings(runs: Iterable[Run]) -> pd.DataFrame:
    """One row per warning of a run's memory build: its run, group, kind and sentence."""
    rows = [{"run": run.name, "group": w["group"], "kind": w["kind"], "text": w["text"]}
            for run in runs if (build := memory_cost(run.path / MEMORY)) is not None
            for w in build.get("warnings", [])]
    return pd.DataFrame(rows, columns=list(WARNING_COLUMNS))


def build_warning_line(runs: Iterable[Run]) -> str:
    """A Markdown sentence on the runs' built memories: each degenerate one by run and group, or that every
    built memory passed the check ('' when no run built memory)."""
    runs = list(runs)
    built = [run for run in runs if any((run.path / MEMORY).glob("group_*/build.json"))]
    if not built:
        return ""
    # An offline agent (oracle, noop, a shortcut baseline) builds with no model and so writes no memory by design:
    # its builds are measured, not checked (vmb.harness.plan.MemoryBuilder).
    offline = [run for run in built if run.agent not in ("model", "external")]
    warnings = build_warnings(built)
    many = len(offline) > 1
    unchecked = (f" {len(offline)} run{'s' if many else ''} of offline agents built {'their' if many else 'its'} memory "
                 "with no model, which writes none by design: not checked." if offline else "")
    if warnings.empty and len(offline) == len(built):
        return unchecked.strip()
    if warnings.empty:
        checked = len(built) - len(offline)
        return (f"Every memory a model built ({checked} run{'s' if checked > 1 else ''}) passed the build's health "
                "check: none is empty, copied from the dialogue or unchanged for most days." + unchecked)
    named = "; ".join(f"{md(row.run)}, group {row.group}: {md(row.text)}" for row in warnings.itertuples())
    return (f"**Degenerate memory** ({len(warnings)} warning(s) of the build's health check; these runs' scores "
            f"measure a memory that was not built as the setting intends): {named}.")
