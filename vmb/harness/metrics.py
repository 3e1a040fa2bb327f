"""``metric.json``: the paper's numbers for a run, from its records alone.

ESM, F-F1 and V-F1 are means over the scored queries (``ok`` records), in percent with two decimals
as the paper prints them; ``errors`` counts the queries whose requests failed, which are neither
scored nor counted as model failures, and ``pending`` the selected queries with no record yet.
Calls is the mean number of tool invocations per query (discovery and memory included). Mem Token
is the mean o200k_base token count of memory content per retrieval. Nothing time-dependent goes in,
so a resumed run's file equals an uninterrupted one's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vmb.harness.record import QueryRecord
from vmb.score import aggregate, target_modules

PAPER_MEMORY_NAMES = {
    "summary": "recursive_summarization",
    "kv": "key_value_store",
    "gold": "gold_memory",
}


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def _mem_token(records: list[QueryRecord]) -> float | None:
    counts = [n for r in records for n in r.mem_tokens]
    return round(sum(counts) / len(counts), 2) if counts else None


def _entry(row: dict[str, Any], records: list[QueryRecord]) -> dict[str, Any]:
    return {
        "group": row["group"],
        "n": row["n"],
        "esm": _round(row["esm"]),
        "field_f1": _round(row["field_f1"]),
        "value_f1": _round(row["value_f1"]),
        "tool_f1": _round(row["tool_f1"]),
        "calls": _round(row["calls"]),
        "mem_token": _mem_token(records),
        "retrievals": sum(len(r.mem_tokens) for r in records),
    }


def _keys(record: QueryRecord, by: str) -> list[str]:
    if by == "reasoning_type":
        return [record.reasoning_type]
    assert record.score is not None
    return target_modules(record.score.ref_calls) or ["none"]


def paper_rows(memory: str) -> list[dict[str, str]]:
    """The paper's printed rows for this memory setting (any backbone), for comparison."""
    from vmb.paper import read_table

    if memory == "none":
        return read_table("table6_no_memory")
    name = PAPER_MEMORY_NAMES.get(memory, memory)
    rows = [r for r in read_table("table1_overall") if r["memory"] == name]
    rows += [{"model": r["model"], "memory": name, "esm": r["esm"], "mem_token": r["mem_token"]}
             for r in read_table("table2_memory_systems") if r["memory_system"] == name]
    return rows


def memory_cost(memory_dir: Path) -> dict[str, Any] | None:
    """Memory construction cost per group and in total (wall seconds stay in each build.json)."""
    builds = sorted(memory_dir.glob("group_*/build.json"), key=lambda p: int(p.parent.name.split("_")[1]))
    if not builds:
        return None
    keys = ("model_calls", "prompt_tokens", "completion_tokens", "embedding_calls")
    per_group = []
    for path in builds:
        cost = json.loads(path.read_text(encoding="utf-8"))["cost"]
        per_group.append({"group": int(path.parent.name.split("_")[1]), **{k: int(cost.get(k, 0)) for k in keys}})
    total = {k: sum(g[k] for g in per_group) for k in keys}
    return {"groups": len(per_group), **total, "per_group": per_group}


def compute_metric(records: dict[str, QueryRecord], selected: list[str], run: dict[str, Any],
                   memory_dir: Path) -> dict[str, Any]:
    chosen = [records[i] for i in selected if i in records]
    ok = [r for r in chosen if r.ok]
    errors = [r for r in chosen if not r.ok]
    scores = [r.score for r in ok if r.score is not None]
    overall = aggregate(scores) if ok else None
    groups: dict[str, dict[str, Any]] = {}
    for by in ("reasoning_type", "module"):
        members: dict[str, list[QueryRecord]] = {}
        for record in ok:
            for key in _keys(record, by):
                members.setdefault(key, []).append(record)
        rows = aggregate(scores, by=by) if ok else []
        groups[by] = [_entry(row, members[row["group"]]) for row in rows]
    return {
        "run": run,
        "selected": len(selected),
        "scored": len(ok),
        "errors": len(errors),
        # Prompts beyond the model's context: a rerun fails the same way, so they are counted apart.
        "context_overflows": sum(r.error_kind == "context_overflow" for r in errors),
        "pending": len(selected) - len(chosen),
        "overall": None if overall is None else _entry(overall, ok),
        "by_reasoning_type": groups["reasoning_type"],
        "by_module": groups["module"],
        "text_calls": sum(r.text_calls for r in ok),
        "round_limit_hit": sum(r.round_limit_hit for r in ok),
        "tokens": {"prompt": sum(r.prompt_tokens for r in chosen),
                   "completion": sum(r.completion_tokens for r in chosen)},
        "memory_build": memory_cost(memory_dir),
        "error_queries": [{"id": r.id, "error": r.error, "kind": r.error_kind or "request_failed"} for r in errors],
        "paper": paper_rows(run["memory"]),
    }
