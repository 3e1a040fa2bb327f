"""Plain-text views of runs: one summary line, and a comparison table of several runs.

The comparison reads each run's ``results.jsonl`` through the run-directory reader and computes its
numbers with ``vmb.results.summary``, as ``metric.json`` and the report (``vmb.analysis``) do.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from vmb.harness.counted import counted_run
from vmb.prices import PriceTable
from vmb.results.metrics import COUNTS, ESM, SHOWN, WITH_INTERVAL
from vmb.results.rundir import MEMORY
from vmb.results.runsummary import RunSummary, SummaryEntry
from vmb.results.summary import QueryRow, compute_metric, paper_rows
from vmb.textable import plain

# The metrics a run's line and the comparison show: the registry's (key, name) of each shown one.
COLUMNS = tuple((m.key, m.name) for m in SHOWN)
INTERVAL_KEYS = frozenset(m.key for m in WITH_INTERVAL)


def counts_text(entry: SummaryEntry | None) -> str:
    """``degenerate output and protocol mistakes: 3 truncated rounds, 61 repeated calls, ...`` (nonzero
    counts of the registry's ``sum`` metrics), or '' when there are none."""
    counted = [f"{entry.value(m.key):,} {m.name}" for m in COUNTS if entry is not None and entry.value(m.key)]
    return "degenerate output and protocol mistakes: " + ", ".join(counted) if counted else ""


def _num(value: Any) -> str:
    return "-" if value is None else f"{float(value):.2f}"


def with_interval(entry: SummaryEntry | None, key: str) -> str:
    """``64.80 ± 4.10``: the value and its interval's half-width; ``± n/a`` where an interval belongs but
    there is none (fewer than 2 groups); ``-`` for no entry (nothing scored)."""
    value = None if entry is None else entry.value(key)
    interval = None if entry is None else entry.interval(key)
    if value is None or interval is None:
        return _num(value) + (" ± n/a" if value is not None and key in INTERVAL_KEYS else "")
    return f"{float(value):.2f} ± {(interval['high'] - interval['low']) / 2:.2f}"


def trials_text(entry: SummaryEntry | None) -> str:
    """``pass^k 60.0 / 52.0 / 48.0  pass@k ...`` for an entry with more than one trial, else ''."""
    if entry is None or entry.trials < 2:
        return ""
    hat = " / ".join(f"{v:.1f}" for v in entry.pass_hat_k)
    at = " / ".join(f"{v:.1f}" for v in entry.pass_at_k)
    by_trial = " / ".join(f"{v:.1f}" for v in entry.esm_by_trial)
    return f"{entry.trials} trials: ESM by trial {by_trial}; pass^k (k=1..) {hat}; pass@k {at}"


def cost_text(metric: RunSummary) -> str:
    cost = metric.cost
    if cost["price"] is None:
        return cost.get("note", "no price")
    solved = cost.get("per_solved_query")
    return (f"cost {cost.get('total', 0):.4f} {cost.get('currency')} (queries {cost.get('queries', 0):.4f}, memory "
            f"{cost.get('memory_build', 0):.4f}); {cost.get('per_query') or 0:.6f} per query, "
            f"{'-' if solved is None else f'{solved:.6f}'} per solved query")


def build_text(metric: RunSummary) -> str:
    """``memory build: 1 group, 41 model calls, 52,310 + 3,020 tokens; 2 replies cut off; a loop ...``,
    or '' for a run that built no memory."""
    build = metric.memory_build
    if not build:
        return ""
    parts = [f"{build['groups']} group(s), {build['model_calls']:,} model calls, "
             f"{build['prompt_tokens']:,} + {build['completion_tokens']:,} tokens"]
    if build["embedding_calls"]:
        parts[0] += f", {build['embedding_calls']:,} embedding calls"
    if build["truncated"]:
        parts.append(f"{build['truncated']:,} replies cut off at the output limit")
    if build["refused"]:
        parts.append(f"{build['refused']:,} calls refused")
    loops = build["loops"]
    if loops:
        worst = max(loops, key=lambda loop: loop["calls"])
        parts.append(f"{len(loops)} loop(s), worst {worst['calls']} calls on {worst['target']} "
                     f"(group {worst.get('group')}, {worst['date']})")
    empty = build["empty_stores"]
    if empty:
        parts.append("memory empty at the end: group(s) " + ", ".join(map(str, empty)))
    return "\n".join(["memory build: " + "; ".join(parts), *warning_lines(metric)])


def warning_lines(metric: RunSummary) -> list[str]:
    """``WARNING: the memory built for group 1 is degenerate: ...``, one line per warning of the health check
    of what was built (``vmb.memory.health``): a memory not worth reading, said before anyone reads its scores."""
    build = metric.memory_build
    return [f"WARNING: the memory built for group {w['group']} is degenerate: {w['text']}"
            for w in ([] if build is None else build.get("warnings", []))]


def metric_line(metric: RunSummary) -> str:
    overall = metric.overall
    numbers = "  ".join(f"{label} {with_interval(overall, key)}" for key, label in COLUMNS)
    lines = [f"{numbers}  | {metric.scored}/{metric.selected} scored, {metric.errors} errors, "
             f"{metric.pending} pending", counts_text(overall), build_text(metric), trials_text(overall),
             cost_text(metric)]
    return "\n".join(line for line in lines if line)


def _table(header: list[str], rows: list[list[str]]) -> str:
    """The run and who ran it read left-aligned; every later column right-aligned."""
    return plain(header, rows, [i >= 2 for i in range(len(header))])


def run_summary(run: Path, prices: PriceTable | None = None, data: str | None = None,
                warn: Callable[[str], None] | None = None) -> RunSummary:
    """A run's metric from its records, as ``metric.json`` has it (cost under ``prices``): over exactly the
    (query, trial) pairs its header selects (``vmb.harness.counted``); ``warn`` hears what was left out."""
    counted = counted_run(run, data=data)
    for note in counted.notes:
        (warn or _ignore)(note)
    rows = [QueryRow.of(record) for record in counted.records.values()]
    return compute_metric(rows, counted.selected, counted.header.identity(), run / MEMORY, prices)


def _ignore(note: str) -> None:
    del note


def comparison(runs: list[Path], by: str | None = None, paper: bool = False,
               prices: PriceTable | None = None, data: str | None = None,
               warn: Callable[[str], None] | None = None) -> str:
    """One row per run: who, memory, coverage, the paper's metrics with intervals (and ESM per group
    with ``by``), then each run's trials and its cost under ``prices``; ``warn`` hears each record left out."""
    summaries = [run_summary(run, prices, data, warn) for run in runs]
    groups: list[str] = []
    if by is not None:
        for summary in summaries:
            for entry in summary.by(by):
                if entry.group not in groups:
                    groups.append(entry.group)
    header = ["run", "agent/model", "memory", "scored", "errors", *(label for _, label in COLUMNS),
              *(f"{ESM.name} {g}" for g in groups)]
    rows = []
    for run, summary in zip(runs, summaries):
        who = summary.run["model"] or summary.run["agent"]
        per_group = {e.group: e for e in summary.by(by)} if by is not None else {}
        rows.append([str(run), who, summary.run["memory"], f"{summary.scored}/{summary.selected}",
                     str(summary.errors), *(with_interval(summary.overall, key) for key, _ in COLUMNS),
                     *(with_interval(per_group.get(g), ESM.key) for g in groups)])
    text = _table(header, rows)
    notes = [f"{run}: {line}" for run, summary in zip(runs, summaries)
             for text in (counts_text(summary.overall), build_text(summary), trials_text(summary.overall),
                          cost_text(summary)) for line in text.split("\n") if line]
    methods = sorted({s.interval_method for s in summaries})
    text += "".join(f"\n{note}" for note in notes)
    text += "".join(f"\n± : half-width of the 95% interval, {method}" for method in methods)
    if paper:
        text += "\n\n" + paper_table(sorted({s.run["memory"] for s in summaries}))
    return text


def paper_table(memories: list[str]) -> str:
    rows = []
    for memory in memories:
        for row in paper_rows(memory):
            rows.append([row.get("model", ""), memory, *(row.get(key) or "-" for key, _ in COLUMNS)])
    if not rows:
        return "the paper prints no rows for these memory settings"
    return "the paper, as printed:\n" + _table(["model", "memory", *(label for _, label in COLUMNS)], rows)
