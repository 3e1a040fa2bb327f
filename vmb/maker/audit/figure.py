"""Notebook 08's figure: every shortcut baseline of ``vmb audit`` overall on each benchmark, and per reasoning
type; beside the release, each cell coloured by a generated benchmark's gap and boxed beyond the targets.

Colour follows the report's rule: a bar's colour is the memory setting its baseline reads
(``vmb.maker.baselines``: gold, history or none); the first benchmark is drawn solid, a second pale.
The legends stand outside the panels.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import matplotlib.pyplot as plt
from matplotlib.patches import Patch, Rectangle

from vmb.analysis.style import figure_style, memory_color, memory_label
from vmb.data import REASONING_TYPES
from vmb.maker.audit.report import ALL, TOLERANCE, Audit, baseline_gaps
from vmb.maker.baselines import BASELINES

# The second benchmark's bars: the same colour, pale, so each pair reads as one baseline on two benchmarks.
SECOND_ALPHA = 0.4
DARK_CELL = 55  # on the ESM map, a cell at or below this value is dark: its number is printed white


def _memory(baseline: str) -> str:
    return BASELINES[baseline].memory if baseline in BASELINES else "none"


@figure_style()
def audit_baselines(audits: Sequence[Audit]) -> Any:
    """Left: every baseline overall on each benchmark. Right: every baseline per reasoning type; beside the
    release (``audits[0]``), the cell is coloured by the generated benchmark's (``audits[1]``) gap and boxed
    beyond the targets."""
    names, scopes = list(audits[0].baselines), [ALL, *REASONING_TYPES]
    fig, (left, right) = plt.subplots(1, 2, figsize=(14, 2.2 + 0.34 * len(names)),
                                      gridspec_kw={"width_ratios": [2, 3]})
    height = 0.8 / len(audits)
    colors = [memory_color(_memory(n)) for n in names]
    for k, result in enumerate(audits):
        left.barh([i + k * height for i in range(len(names))], [result.baselines[n][ALL] for n in names], height,
                  color=colors, edgecolor=colors, linewidth=0.6, alpha=SECOND_ALPHA if k else 1.0)
    left.set_yticks([i + height * (len(audits) - 1) / 2 for i in range(len(names))], names)
    left.set_ylim(len(names) - 0.1, -0.5)
    left.set_xlabel("ESM (%), all queries")
    left.set_title("every shortcut baseline, all queries")
    left.xaxis.grid(True, color="#DDDDDD", linewidth=0.8)
    left.set_axisbelow(True)
    memories = list(dict.fromkeys(_memory(n) for n in names))
    handles = [Patch(facecolor=memory_color(m), label=f"reads {memory_label(m)}") for m in memories]
    handles += [Patch(facecolor="#555555", label=audits[0].name)]
    if len(audits) > 1:
        handles.append(Patch(facecolor="#555555", label=audits[1].name, alpha=SECOND_ALPHA))
    if len(audits) > 1:
        ours, release = audits[1], audits[0]
        gaps = {(g.baseline, g.scope): g for g in baseline_gaps(ours, release)}
        grid = [[gaps[n, s].points for s in scopes] for n in names]
        limit = max(TOLERANCE.values()) * 2
        image = right.imshow(grid, cmap="RdBu_r", vmin=-limit, vmax=limit, aspect="auto")
        for i, n in enumerate(names):
            for j, s in enumerate(scopes):
                gap = gaps[n, s]
                right.text(j, i, f"{gap.ours:.0f} / {gap.against:.0f}", ha="center", va="center", fontsize=7,
                           fontweight="bold" if gap.outside else "normal",
                           color="white" if abs(gap.points) > limit * 0.6 else "black")
                if gap.outside:
                    right.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, linewidth=1.6,
                                              edgecolor="black"))
        fig.colorbar(image, ax=right, label=f"{ours.name} − {release.name} (ESM points)")
        right.set_title(f"ESM {ours.name} / {release.name}: boxed beyond ±{TOLERANCE[ALL]:.0f} overall, "
                        f"±{TOLERANCE[REASONING_TYPES[0]]:.0f} per type")
    else:
        grid = [[audits[0].baselines[n][s] for s in scopes] for n in names]
        image = right.imshow(grid, cmap="viridis", vmin=0, vmax=100, aspect="auto")
        for i, row in enumerate(grid):
            for j, value in enumerate(row):
                right.text(j, i, f"{value:.0f}", ha="center", va="center", fontsize=7,
                           color="white" if value <= DARK_CELL else "black")
        fig.colorbar(image, ax=right, label=f"ESM (%), {audits[0].name}")
        right.set_title("every shortcut baseline per reasoning type")
    right.set_xticks(range(len(scopes)), [s.replace("_", "\n") for s in scopes], fontsize=8)
    right.set_yticks(range(len(names)), names, fontsize=8)
    fig.tight_layout()
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=len(handles), frameon=False)
    return fig
