"""Plain-text views of runs: one summary line, and a comparison table of several runs.

The comparison reads each run's ``results.jsonl`` through the run-directory reader and computes its
numbers with ``vmb.harness.metrics``, as ``metric.json`` and the report (``vmb.analysis``) do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from vmb.harness.metrics import GROUPINGS, QueryRow, coverage, paper_rows, summarize
from vmb.harness.rundir import RunDir
from vmb.textable import plain

COLUMNS = (("esm", "ESM"), ("field_f1", "F-F1"), ("value_f1", "V-F1"), ("calls", "Calls"), ("mem_token", "Mem Token"))


def _num(value: Any) -> str:
    return "-" if value is None else f"{float(value):.2f}"


def metric_line(metric: dict[str, Any]) -> str:
    overall = metric["overall"] or {}
    numbers = "  ".join(f"{label} {_num(overall.get(key))}" for key, label in COLUMNS)
    return f"{numbers}  | {metric['scored']}/{metric['selected']} scored, {metric['errors']} errors, " \
           f"{metric['pending']} pending"


def _table(header: list[str], rows: list[list[str]]) -> str:
    """The run and who ran it read left-aligned; every later column right-aligned."""
    return plain(header, rows, [i >= 2 for i in range(len(header))])


def run_summary(run: Path) -> dict[str, Any]:
    """A run's numbers from its records: who and what, coverage, overall and per group."""
    rundir = RunDir(run)
    determining = rundir.config().get("determining", {})
    selected = (rundir.config().get("selection") or {}).get("queries")
    rows = [QueryRow.of(record) for record in rundir.records().values()]
    overall = summarize(rows)
    return {
        "run": {"agent": determining.get("agent"), "model": determining.get("model"),
                "memory": determining.get("memory")},
        **coverage(rows, len(rows) if selected is None else selected),
        "overall": overall[0] if overall else None,
        **{f"by_{grouping}": summarize(rows, grouping) for grouping in GROUPINGS},
    }


def comparison(runs: list[Path], by: str | None = None, paper: bool = False) -> str:
    """One row per run: who, memory, coverage, the paper's metrics (and ESM per group with ``by``)."""
    metrics = [run_summary(run) for run in runs]
    groups: list[str] = []
    if by is not None:
        for metric in metrics:
            for entry in metric[f"by_{by}"]:
                if entry["group"] not in groups:
                    groups.append(entry["group"])
    header = ["run", "agent/model", "memory", "scored", "errors", *(label for _, label in COLUMNS),
              *(f"ESM {g}" for g in groups)]
    rows = []
    for run, metric in zip(runs, metrics):
        who = metric["run"]["model"] or metric["run"]["agent"]
        overall = metric["overall"] or {}
        per_group = {e["group"]: e for e in metric[f"by_{by}"]} if by is not None else {}
        rows.append([str(run), who, metric["run"]["memory"], f"{metric['scored']}/{metric['selected']}",
                     str(metric["errors"]), *(_num(overall.get(key)) for key, _ in COLUMNS),
                     *(_num(per_group.get(g, {}).get("esm")) for g in groups)])
    text = _table(header, rows)
    if paper:
        text += "\n\n" + paper_table(sorted({m["run"]["memory"] for m in metrics}))
    return text


def paper_table(memories: list[str]) -> str:
    rows = []
    for memory in memories:
        for row in paper_rows(memory):
            rows.append([row.get("model", ""), memory, *(row.get(key) or "-" for key, _ in COLUMNS)])
    if not rows:
        return "the paper prints no rows for these memory settings"
    return "the paper, as printed:\n" + _table(["model", "memory", *(label for _, label in COLUMNS)], rows)
