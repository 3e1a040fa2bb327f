"""Stages and retrieval quality per run, from the per-query columns ``vmb.results.stages`` fills.

``stage_counts``: per run, how many scored queries ended at each stage. ``retrieval_quality``: per
run, evidence recall of memory construction (the share of scored queries whose evidence the store
states), the share whose evidence the agent was given, for runs that searched: recall@1, @3, @5 (of
the searching queries whose evidence is in the store, the share whose searches returned it within the
first k items) and precision (the share of returned items that state a fact), memory tokens per
query whose evidence was seen, and ESM when the evidence was seen and when it was not.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from vmb.results import metrics
from vmb.results.stages import STAGES

RETRIEVAL_COLUMNS = ["run", "model", "memory", "scored", "evidence_recall", "evidence_seen", "searching",
                     "recall_at_1", "recall_at_3", "recall_at_5", "precision", "tokens_per_hit", "esm_seen",
                     "n_seen", "esm_not_seen", "n_not_seen"]


def _scored(queries: pd.DataFrame) -> pd.DataFrame:
    return queries[queries["stage"].notna()]


def stage_counts(queries: pd.DataFrame, runs: pd.DataFrame) -> pd.DataFrame:
    """One row per run (in ``runs``' order): its model, memory setting and scored queries per stage."""
    scored = _scored(queries)
    rows = []
    for run in runs.itertuples():
        mine = scored[scored["run"] == run.run]["stage"].value_counts()
        rows.append({"run": run.run, "model": run.model, "memory": run.memory,
                     **{stage: int(mine.get(stage, 0)) for stage in STAGES}})
    return pd.DataFrame(rows, columns=["run", "model", "memory", *STAGES])


def _percent(part: pd.Series) -> float | None:
    return None if part.empty else 100 * float(part.astype(float).mean())


def retrieval_quality(queries: pd.DataFrame, runs: pd.DataFrame) -> pd.DataFrame:
    """One row per run: the retrieval figures of the module docstring (percent; None where undefined)."""
    scored = _scored(queries)
    solved = metrics.ESM.column
    rows: list[dict[str, Any]] = []
    for run in runs.itertuples():
        mine = scored[scored["run"] == run.run]
        searching = mine[(mine["searches"].fillna(0) > 0) & mine["evidence_in_memory"].fillna(False).astype(bool)]
        items = mine["items_retrieved"].fillna(0).sum()
        seen = mine[mine["evidence_seen"].fillna(False).astype(bool)]
        unseen = mine[~mine["evidence_seen"].fillna(False).astype(bool)]
        rows.append({
            "run": run.run, "model": run.model, "memory": run.memory, "scored": len(mine),
            "evidence_recall": _percent(mine["evidence_in_memory"].fillna(False)),
            "evidence_seen": _percent(mine["evidence_seen"].fillna(False)),
            "searching": len(searching),
            **{f"recall_at_{k}": _percent(searching[f"hit_at_{k}"].fillna(False)) for k in (1, 3, 5)},
            "precision": 100 * float(mine["items_relevant"].fillna(0).sum()) / items if items else None,
            "tokens_per_hit": float(mine[metrics.MEM_TOKEN.column].sum()) / len(seen) if len(seen) else None,
            "esm_seen": _percent(seen[solved]), "n_seen": len(seen),
            "esm_not_seen": _percent(unseen[solved]), "n_not_seen": len(unseen),
        })
    return pd.DataFrame(rows, columns=RETRIEVAL_COLUMNS)


def stage_text(queries: pd.DataFrame, runs: pd.DataFrame) -> str:
    """``vmb show --by stage``: per run, the queries at each stage and the retrieval figures."""
    counts = stage_counts(queries, runs)
    quality = retrieval_quality(queries, runs).set_index("run")
    number = lambda v: "-" if v is None or pd.isna(v) else f"{v:.1f}"  # noqa: E731 (a local formatter)
    lines = []
    for row in counts.to_dict("records"):
        q = quality.loc[row["run"]]
        lines.append(f"{row['run']} ({row['model']}, {row['memory']}): {int(q['scored'])} scored")
        lines += [f"  {stage:<36} {row[stage]:>5}" for stage in STAGES]
        lines.append(f"  evidence in memory {number(q['evidence_recall'])}%, seen {number(q['evidence_seen'])}%; "
                     f"searching queries {int(q['searching'])}: recall@1/3/5 {number(q['recall_at_1'])} / "
                     f"{number(q['recall_at_3'])} / {number(q['recall_at_5'])}%, precision {number(q['precision'])}%; "
                     f"memory tokens per hit {number(q['tokens_per_hit'])}; ESM seen {number(q['esm_seen'])} "
                     f"(n {int(q['n_seen'])}), not seen {number(q['esm_not_seen'])} (n {int(q['n_not_seen'])})")
    return "\n".join(lines)


# Stages coloured from where memory lost the answer (warm) to where it was used (cool), solved green.
STAGE_COLORS = dict(zip(STAGES, ("#B2182B", "#EF8A62", "#FDDBC7", "#F7F7F7", "#D1E5F0", "#67A9CF", "#1B7837")))


def stage_figure(counts: pd.DataFrame) -> Any:
    """One bar per run (model · memory setting), stacked by the share of its scored queries at each stage."""
    import matplotlib.pyplot as plt

    from vmb.analysis.figures import run_labels
    from vmb.analysis.style import figure_style, memory_color

    with figure_style():
        fig, ax = plt.subplots(figsize=(10, 1.4 + 0.42 * max(1, len(counts))))
        if counts.empty:
            ax.text(0.5, 0.5, "no scored queries", ha="center", va="center", transform=ax.transAxes)
            return fig
        totals = counts[list(STAGES)].sum(axis=1).replace(0, 1)
        left = pd.Series(0.0, index=counts.index)
        for stage in STAGES:
            share = 100 * counts[stage] / totals
            ax.barh(range(len(counts)), share, left=left, color=STAGE_COLORS[stage], edgecolor="#888888",
                    linewidth=0.4, label=stage)
            left += share
        ax.set_yticks(range(len(counts)), run_labels(counts))
        for label, memory in zip(ax.get_yticklabels(), counts["memory"]):
            label.set_color(memory_color(memory))
            label.set_fontweight("bold")
        ax.invert_yaxis()
        ax.set_xlim(0, 100)
        ax.set_xlabel("scored queries (%)")
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.18 - 0.5 / max(1, len(counts))), ncol=3, frameon=False,
                  fontsize=8.5)
        ax.set_title("Where memory failed: each run's queries by stage (no judge; docs/attribution.md)",
                     fontweight="bold")
        fig.tight_layout()
    return fig
