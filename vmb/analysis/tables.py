"""The paper's result tables computed from runs, each beside the paper's printed rows.

Every function returns a long DataFrame with a ``source`` column (``paper`` or ``this toolkit``),
``model`` (the backbone, or what an offline agent is), ``memory`` (the harness's setting name), the
metrics, and ``n`` (scored queries; empty for the paper, which scores all 500). ``wide`` turns one
into the paper's layout. Our rows are per run, so two runs of one model and setting stay apart.
Our ESM, F-F1 and V-F1 (overall and per reasoning type) come with their 95% interval as ``X_low``
and ``X_high`` columns (empty for the paper, which prints none); ``Outputs`` prints them ``X ± h``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd

from vmb.analysis import paper
from vmb.analysis.runs import FULL_RUN, RunSet
from vmb.analysis.style import memory_rank
from vmb.data import REASONING_TYPES
from vmb.results.metrics import ESM, FIELD_F1, MEM_TOKEN, TABLE1, VALUE_F1, WITH_INTERVAL, label
from vmb.results.summary import summarize
from vmb.results.taxonomy import CATEGORIES

TABLE1_MEMORIES = ("summary", "kv", "gold")
METRICS = tuple(m.key for m in TABLE1)


def bounds(metrics: Iterable[str]) -> list[str]:
    """``X_low``, ``X_high`` for each metric X: the columns holding its 95% interval."""
    return [f"{metric}_{end}" for metric in metrics for end in ("low", "high")]


INTERVALS = bounds(m.key for m in WITH_INTERVAL)


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
    columns = ["source", "model", "memory", *METRICS, "n", FULL_RUN, *INTERVALS]
    ours = _ours(runset, TABLE1_MEMORIES)
    # Two runs of one model under one setting (a whole run and its pilot) are two rows, each named by its run: the
    # paper's layout has a row per model, where one would otherwise hide the other.
    pairs = list(zip(ours["model"], ours["memory"]))
    ours["model"] = [f"{model} [{run}]" if pairs.count((model, memory)) > 1 else model
                     for model, memory, run in zip(ours["model"], ours["memory"], ours["run"])]
    frame = pd.concat([paper.table1().assign(n=None), ours], ignore_index=True)[columns]
    return _ordered(frame).reset_index(drop=True)


def _esm_with_interval(entry: dict[str, Any]) -> dict[str, Any]:
    interval = (entry.get("intervals") or {}).get(ESM.key) or {}
    kind = entry["group"]
    return {kind: entry[ESM.key], f"{kind}_low": interval.get("low"), f"{kind}_high": interval.get("high")}


def esm_by_reasoning_type(runset: RunSet) -> pd.DataFrame:
    """Per run: ESM (%) over its scored queries of each reasoning type (columns, each with its 95%
    interval as ``TYPE_low``/``TYPE_high``), and overall."""
    per_type = pd.DataFrame(
        {run: {k: v for e in summarize(rows, "reasoning_type") for k, v in _esm_with_interval(e).items()}
         for run, rows in runset.metric_rows.items()}
    ).T
    kinds = [c for c in per_type.columns if not str(c).endswith(("_low", "_high"))]
    known = [t for t in REASONING_TYPES if t in kinds]
    ordered = known + sorted(set(kinds) - set(known))
    columns = [c for kind in ordered for c in (kind, f"{kind}_low", f"{kind}_high")]
    runs = runset.runs.set_index("run")
    frame = per_type.reindex(index=runs.index, columns=columns)
    frame.columns.name = None
    for column in (ESM.key, *bounds([ESM.key]), MEM_TOKEN.key):
        frame[column] = runs[column]
    frame["n"] = runs["scored"]
    frame[FULL_RUN] = runs[FULL_RUN]
    frame.insert(0, "memory", runs["memory"])
    frame.insert(0, "model", runs["model"])
    frame.insert(0, "source", paper.OURS)
    return frame.reset_index()


def table6(runset: RunSet) -> pd.DataFrame:
    """Table 6: ESM by reasoning type without memory."""
    ours = esm_by_reasoning_type(runset)
    ours = ours[ours["memory"] == "none"]
    columns = ["source", "model", "memory", *REASONING_TYPES, ESM.key, "n", FULL_RUN,
               *bounds([*REASONING_TYPES, ESM.key])]
    frame = pd.concat([paper.table6().assign(n=None), ours], ignore_index=True)
    return _ordered(frame.reindex(columns=columns)).reset_index(drop=True)


def table2(runset: RunSet) -> pd.DataFrame:
    """Table 2: per memory setting or system, ESM by reasoning type, overall ESM and Mem Token."""
    columns = ["source", "model", "memory", *REASONING_TYPES, ESM.key, MEM_TOKEN.key, "n", FULL_RUN,
               *bounds([*REASONING_TYPES, ESM.key])]
    frame = pd.concat([paper.table2().assign(n=None), esm_by_reasoning_type(runset)], ignore_index=True)
    return _ordered(frame.reindex(columns=columns)).reset_index(drop=True)


def wide_table1(frame: pd.DataFrame) -> pd.DataFrame:
    """Table 1 in the paper's layout: one row per (source, model), one column per setting × metric, and per setting
    the count scored beside a whole run's (``summary n``, ``summary full_run``: a pilot's numbers read 3/500)."""
    present = [m for m in TABLE1_MEMORIES if m in set(frame["memory"])]
    coverage = [c for c in ("n", FULL_RUN) if c in frame.columns]
    values = [*coverage, *METRICS, *(c for c in INTERVALS if c in frame.columns)]
    wide = frame.pivot_table(index=["source", "model"], columns="memory", values=values, aggfunc="first",
                             dropna=False, sort=False)
    wide = wide.reindex(columns=pd.MultiIndex.from_product([values, present]))
    wide = wide.swaplevel(axis=1).reindex(columns=[(m, k) for m in present for k in values])
    # The harness's short setting names keep the eleven-column header readable; an interval's
    # bounds keep their suffix, so Outputs prints them beside their metric.
    wide.columns = [f"{m} {label(k)}" if k in METRICS else f"{m} {k}" if k in coverage else
                    f"{m} {label(k.rsplit('_', 1)[0])}_{k.rsplit('_', 1)[1]}" for m, k in wide.columns]
    order = frame.drop_duplicates(["source", "model"])[["source", "model"]]
    return wide.reindex(pd.MultiIndex.from_frame(order)).reset_index()


def wide_table1_shown(wide: pd.DataFrame) -> list[str]:
    """The columns of ``wide_table1`` a page shows (eight: a page's width): the backbone, then per setting its
    coverage and ESM; F-F1, V-F1 and Calls stay in the CSV and in the long form."""
    scored = f" {label(ESM.key)}"
    return ["source", "model", *(c for c in wide.columns if c.endswith((scored, " n")))]


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
    counts[FULL_RUN] = runs[FULL_RUN]
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


def trust_table(runset: RunSet) -> pd.DataFrame:
    """Per run: its scored queries (of a whole run's), ESM, F-F1, V-F1 with their 95% intervals, the trials with pass^k and pass@k
    (``pass^1``, ``pass^2``, ...; ``pass@1``, ...), and the cost per query and per solved query."""
    runs = runset.runs
    most = int(runs["trials"].max()) if len(runs) else 0
    frame = runs[["run", "model", "memory", "scored", FULL_RUN, *(m.key for m in (ESM, FIELD_F1, VALUE_F1)), *INTERVALS,
                  "trials"]].copy()
    for k in range(1, most + 1):
        frame[f"pass^{k}"] = [v[k - 1] if len(v) >= k else None for v in runs["pass_hat_k"]]
    for k in range(2, most + 1):
        frame[f"pass@{k}"] = [v[k - 1] if len(v) >= k else None for v in runs["pass_at_k"]]
    for column in ("cost_per_query", "cost_per_solved_query", "currency"):
        frame[column] = runs[column]
    return frame.reset_index(drop=True)
