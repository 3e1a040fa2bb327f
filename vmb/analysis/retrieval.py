"""Stages and retrieval quality per run, as the metric registry aggregates them (``vmb.results.metrics``).

Each scored query's stage and what its memory held, gave and retrieved of the evidence are stored in
its record (``vmb.results.stages``, computed once as it finished); ``metric.json`` and the runs table
carry their aggregates. ``stage_counts``: per run, how many scored queries ended at each stage.
``retrieval_quality``: per run, evidence recall of memory construction (the share of scored queries
whose evidence the store states), the share whose evidence the agent was given, for runs that
searched: recall@1, @3, @5 (of the searching queries whose evidence is in the store, the share whose
searches returned it within the first k items) and precision (the share of returned items that
state a fact), memory tokens per query whose evidence was seen, and ESM when the evidence was seen
and when it was not, each with the number of queries it is over.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from vmb.analysis.runs import FULL_RUN
from vmb.results import metrics
from vmb.results.stages import SOLVED, STAGES

IDENTITY = ["run", "model", "memory"]
# The stages where memory failed (every stage but solved): what a sentence on "most failures at" picks among.
FAILED_STAGES = tuple(stage for stage in STAGES if stage != SOLVED)
# The retrieval figures and the totals they are over (the registry's weight keys), in the registry's order.
RETRIEVAL_KEYS = list(dict.fromkeys(k for m in metrics.RETRIEVAL for k in (m.key, m.weight_key) if k is not None))


def stage_counts(runs: pd.DataFrame) -> pd.DataFrame:
    """One row per run (in ``runs``' order): its model, memory setting, scored queries (of a whole run's) and
    scored queries per stage."""
    counts = runs[IDENTITY + ["scored", FULL_RUN] + [m.key for m in metrics.STAGE_COUNTS]].copy()
    counts = counts.rename(columns={m.key: m.name for m in metrics.STAGE_COUNTS})
    for stage in STAGES:
        counts[stage] = counts[stage].fillna(0).astype(int)
    return counts.reset_index(drop=True)


def retrieval_quality(runs: pd.DataFrame) -> pd.DataFrame:
    """One row per run: the scored queries (of a whole run's) and the retrieval figures of the module docstring (None where undefined)."""
    quality = runs[IDENTITY + ["scored", FULL_RUN] + RETRIEVAL_KEYS].copy()
    return quality.astype(object).where(quality.notna(), None).reset_index(drop=True)


def _number(value: Any) -> str:
    return "-" if value is None or pd.isna(value) else f"{value:.1f}"


def stage_text(runs: pd.DataFrame) -> str:
    """``vmb show --by stage``: per run, the queries at each stage and the retrieval figures."""
    lines = []
    for row in runs.to_dict("records"):
        lines.append(f"{row['run']} ({row['model']}, {row['memory']}): {int(row['scored'])} scored")
        lines += [f"  {m.name:<36} {int(row[m.key] or 0):>5}" for m in metrics.STAGE_COUNTS]
        figures = [f"{m.name} {_number(row[m.key])}{'' if m.aggregation == 'per_weight' else '%'}"
                   + (f" (n {int(row[m.weight_key] or 0)})" if m.weight_key else "") for m in metrics.RETRIEVAL]
        lines.append("  " + "; ".join(figures))
    return "\n".join(lines)


# Stages coloured from where memory lost the answer (warm) to where it was used (cool), solved green; each
# plainly visible on white and apart from the others with any colour-vision deficiency (tests/test_figures.py).
STAGE_COLORS = dict(zip(STAGES, ("#B2182B", "#E0765A", "#F0B088", "#B89AC8", "#9A9A9A", "#4A8BC2", "#1B7837")))


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
