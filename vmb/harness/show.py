"""Plain-text views of runs: one summary line, and a comparison table of several runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

COLUMNS = (("esm", "ESM"), ("field_f1", "F-F1"), ("value_f1", "V-F1"), ("calls", "Calls"), ("mem_token", "Mem Token"))


def _num(value: Any) -> str:
    return "-" if value is None else f"{float(value):.2f}"


def metric_line(metric: dict[str, Any]) -> str:
    overall = metric["overall"] or {}
    numbers = "  ".join(f"{label} {_num(overall.get(key))}" for key, label in COLUMNS)
    return f"{numbers}  | {metric['scored']}/{metric['selected']} scored, {metric['errors']} errors, " \
           f"{metric['pending']} pending"


def _table(header: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    lines = ["  ".join(h.ljust(w) if i < 2 else h.rjust(w) for i, (h, w) in enumerate(zip(header, widths)))]
    lines.append("  ".join("-" * w for w in widths))
    for row in rows:
        lines.append("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths))))
    return "\n".join(lines)


def load_metric(run: Path) -> dict[str, Any]:
    return json.loads((run / "metric.json").read_text(encoding="utf-8"))


def comparison(runs: list[Path], by: str | None = None, paper: bool = False) -> str:
    """One row per run: who, memory, coverage, the paper's metrics (and ESM per group with ``by``)."""
    metrics = [load_metric(run) for run in runs]
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
    from vmb.harness.metrics import paper_rows

    rows = []
    for memory in memories:
        for row in paper_rows(memory):
            rows.append([row.get("model", ""), memory, *(row.get(key) or "-" for key, _ in COLUMNS)])
    if not rows:
        return "the paper prints no rows for these memory settings"
    return "the paper, as printed:\n" + _table(["model", "memory", *(label for _, label in COLUMNS)], rows)
