"""The paper's result tables computed from runs, each beside the paper's printed rows.

Every function returns a long DataFrame with a ``source`` column (``paper`` or ``this toolkit``),
``model`` (the backbone, or what an offline agent is), ``memory`` (the harness's setting name), the
metrics, and ``n`` (scored queries; empty for the paper, which scores all 500). ``wide`` turns one
into the paper's layout. Our rows are per run, so two runs of one model and setting stay apart.
"""

from __future__ import annotations

import pandas as pd

from vmb.analysis import paper
from vmb.analysis.runs import RunSet
from vmb.analysis.style import METRIC_LABELS, memory_rank
from vmb.analysis.taxonomy import CATEGORIES
from vmb.data import REASONING_TYPES
from vmb.harness.metrics import summarize

TABLE1_MEMORIES = ("summary", "kv", "gold")
METRICS = ("esm", "field_f1", "value_f1", "calls")


def _ours(runset: RunSet, memories: tuple[str, ...] | None = None) -> pd.DataFrame:
    runs = runset.runs if memories is None else runset.runs[runset.runs["memory"].isin(memories)]
    frame = runs.rename(columns={"scored": "n"}).copy()
    frame.insert(0, "source", paper.OURS)
    return frame


def _ordered(frame: pd.DataFrame) -> pd.DataFrame:
    """Paper rows first (in the paper's order), then ours (by run); each by memory setting."""
    key = frame.assign(
        _source=(frame["source"] != paper.PAPER).astype(int),
        _memory=frame["memory"].map(memory_rank),
    )
    return key.sort_values(["_source", "_memory"], kind="stable").drop(columns=["_source", "_memory"])


def table1(runset: RunSet) -> pd.DataFrame:
    """Table 1: ESM, F-F1, V-F1 and Calls per model under summary, kv and gold memory."""
    columns = ["source", "model", "memory", *METRICS, "n"]
    ours = _ours(runset, TABLE1_MEMORIES)
    frame = pd.concat([paper.table1().assign(n=None), ours], ignore_index=True)[columns]
    return _ordered(frame).reset_index(drop=True)


def esm_by_reasoning_type(runset: RunSet) -> pd.DataFrame:
    """Per run: ESM (%) over its scored queries of each reasoning type (columns), and overall."""
    per_type = pd.DataFrame(
        {run: {e["group"]: e["esm"] for e in summarize(rows, "reasoning_type")}
         for run, rows in runset.metric_rows.items()}
    ).T
    known = [t for t in REASONING_TYPES if t in per_type.columns]
    columns = known + sorted(set(per_type.columns) - set(known))
    runs = runset.runs.set_index("run")
    frame = per_type.reindex(index=runs.index, columns=columns)
    frame.columns.name = None
    frame["esm"] = runs["esm"]
    frame["mem_token"] = runs["mem_token"]
    frame["n"] = runs["scored"]
    frame.insert(0, "memory", runs["memory"])
    frame.insert(0, "model", runs["model"])
    frame.insert(0, "source", paper.OURS)
    return frame.reset_index()


def table6(runset: RunSet) -> pd.DataFrame:
    """Table 6: ESM by reasoning type without memory."""
    ours = esm_by_reasoning_type(runset)
    ours = ours[ours["memory"] == "none"]
    columns = ["source", "model", "memory", *REASONING_TYPES, "esm", "n"]
    frame = pd.concat([paper.table6().assign(n=None), ours], ignore_index=True)
    return _ordered(frame.reindex(columns=columns)).reset_index(drop=True)


def table2(runset: RunSet) -> pd.DataFrame:
    """Table 2: per memory setting or system, ESM by reasoning type, overall ESM and Mem Token."""
    columns = ["source", "model", "memory", *REASONING_TYPES, "esm", "mem_token", "n"]
    frame = pd.concat([paper.table2().assign(n=None), esm_by_reasoning_type(runset)], ignore_index=True)
    return _ordered(frame.reindex(columns=columns)).reset_index(drop=True)


def wide_table1(frame: pd.DataFrame) -> pd.DataFrame:
    """Table 1 in the paper's layout: one row per (source, model), one column per setting × metric."""
    present = [m for m in TABLE1_MEMORIES if m in set(frame["memory"])]
    wide = frame.pivot_table(index=["source", "model"], columns="memory", values=list(METRICS), aggfunc="first",
                             dropna=False, sort=False)
    wide = wide.reindex(columns=pd.MultiIndex.from_product([list(METRICS), present]))
    wide = wide.swaplevel(axis=1).reindex(columns=[(m, k) for m in present for k in METRICS])
    # The harness's short setting names keep the eleven-column header readable.
    wide.columns = [f"{m} {METRIC_LABELS.get(k, k)}" for m, k in wide.columns]
    order = frame.drop_duplicates(["source", "model"])[["source", "model"]]
    return wide.reindex(pd.MultiIndex.from_frame(order)).reset_index()


def error_counts(runset: RunSet, reasoning_type: str | None = None) -> pd.DataFrame:
    """Per run: failed queries by error category (counts), the total and the scored queries."""
    queries = runset.queries[runset.queries["status"] == "ok"]
    if reasoning_type is not None:
        queries = queries[queries["reasoning_type"] == reasoning_type]
    counts = pd.crosstab(queries["run"], queries["error_category"]).reindex(
        index=runset.runs["run"], columns=list(CATEGORIES), fill_value=0
    )
    counts.columns.name = None
    counts["failed"] = counts.sum(axis=1)
    counts["scored"] = queries.groupby("run").size().reindex(counts.index, fill_value=0)
    runs = runset.runs.set_index("run")
    counts.insert(0, "memory", runs["memory"])
    counts.insert(0, "model", runs["model"])
    return counts.reset_index()


def error_composition(runset: RunSet) -> pd.DataFrame:
    """Per run and reasoning type: each error category's share (%) of the failed queries."""
    failed = runset.failures
    counts = pd.crosstab([failed["run"], failed["reasoning_type"]], failed["error_category"])
    counts = counts.reindex(columns=list(CATEGORIES), fill_value=0)
    totals = counts.sum(axis=1)
    shares = counts.div(totals.where(totals > 0), axis=0) * 100
    shares.columns.name = None
    shares["failed"] = totals
    shares = shares.reset_index()
    runs = runset.runs.set_index("run")
    shares.insert(1, "memory", shares["run"].map(runs["memory"]))
    shares.insert(1, "model", shares["run"].map(runs["model"]))
    return shares
