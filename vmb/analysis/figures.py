"""The report's figures, drawn the same way in every notebook.

Colour always means the memory setting (``vmb.analysis.style``), except in the failure figures,
where it means the error type and the setting colours the row labels. The paper's printed numbers
are drawn hatched and pale, ours solid, so the two never look alike. Each function takes the long
tables of ``vmb.analysis.tables`` and returns a matplotlib figure; ``Outputs.figure`` saves it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import matplotlib.pyplot as plt
import pandas as pd
from matplotlib.patches import Patch
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

from vmb.analysis import paper
from vmb.analysis.formatted import no_interval as why_no_interval
from vmb.analysis.formatted import partial
from vmb.analysis.paper import OURS, PAPER
from vmb.analysis.runs import FULL_RUN
from vmb.analysis.style import (
    CATEGORY_COLORS,
    figure_style,
    memory_color,
    memory_label,
    reasoning_label,
)
from vmb.data import REASONING_TYPES
from vmb.data.reasoning import CONDITIONAL, ReasoningType
from vmb.results.metrics import ESM, MEM_TOKEN
from vmb.results.taxonomy import CATEGORIES

OURS_COLOR = "#3B3B3B"  # neutral: blue, green and orange mean memory settings
PAPER_HATCH = "///"
GRID: dict[str, Any] = {"color": "#DDDDDD", "linewidth": 0.8}


def _paper_bar(color: str) -> dict[str, Any]:
    return {"color": color, "alpha": 0.35, "hatch": PAPER_HATCH, "edgecolor": color, "linewidth": 0.8}


def _ours_bar(color: str) -> dict[str, Any]:
    return {"color": color, "edgecolor": "white", "linewidth": 0.5}


def _missing(value: Any) -> bool:
    return value is None or bool(pd.isna(value))


def coverage(row: pd.Series) -> str:
    """``n=3/500`` for a run that scored part of its benchmark (``n`` or ``scored`` against ``full_run``);
    empty for a whole run or a row without the counts (the paper's)."""
    part = partial(row.get("n", row.get("scored")), row.get(FULL_RUN))
    return f"n={part}" if part else ""


def no_interval(row: pd.Series, metric: str = ESM.key) -> str:
    """Why our ``metric`` has no interval, where it has a value and none (``vmb.analysis.formatted.no_interval``).
    Empty otherwise, and for the paper's rows."""
    low, n = f"{metric}_low", row.get("n", row.get("scored"))
    if low not in row.index or _missing(row.get(metric)) or not _missing(row[low]) or _missing(n):
        return ""
    if row.get("source", OURS) == PAPER:
        return ""
    return why_no_interval(n)


def coverage_notes(row: pd.Series) -> str:
    """A row's coverage and missing interval, as one note (``n=3/500; no interval: ...``), or empty."""
    return "; ".join(note for note in (coverage(row), no_interval(row)) if note)


def run_labels(frame: pd.DataFrame) -> list[str]:
    """"model · memory" per row; the run's name is added where that pair repeats, and the run's coverage where
    it scored part of its benchmark, and why its ESM has no interval where it has none."""
    base = [f"{m} · {memory_label(s)}" for m, s in zip(frame["model"], frame["memory"])]
    if "run" in frame.columns:
        base = [f"{b} [{r}]" if base.count(b) > 1 else b for b, r in zip(base, frame["run"])]
    notes = [coverage_notes(row) for _, row in frame.iterrows()]
    return [f"{b}\n({note})" if note else b for b, note in zip(base, notes)]


def _color_ticklabels(ax: Any, memories: Sequence[str]) -> None:
    for label, memory in zip(ax.get_yticklabels(), memories):
        label.set_color(memory_color(memory))
        label.set_fontweight("bold")


ERROR_BAR: dict[str, Any] = {"ecolor": "#222222", "elinewidth": 1.0, "capsize": 2.5}


def interval_error(row: pd.Series, metric: str) -> list[list[float]] | None:
    """``[[below], [above]]`` for matplotlib's xerr/yerr from a row's ``METRIC_low``/``METRIC_high``, if any."""
    low, high = row.get(f"{metric}_low"), row.get(f"{metric}_high")
    if low is None or high is None or pd.isna(low) or pd.isna(high) or pd.isna(row.get(metric)):
        return None
    return [[max(0.0, row[metric] - low)], [max(0.0, high - row[metric])]]


def _log_axis(axis: Any, low: float, high: float) -> None:
    """A log axis over [low, high] with labelled major ticks only, one per power of ten, as plain numbers
    (labels at 2 and 5 between them collided on a wide range: ``5,00010,000``); unlabelled minor ticks."""
    axis.set_major_locator(LogLocator(base=10))
    axis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:,.0f}" if x >= 1 else f"{x:g}"))
    axis.set_minor_formatter(NullFormatter())
    start, end = low / 2, high * 2
    if math.floor(math.log10(end)) < math.ceil(math.log10(start)):  # no power of ten inside: widen down to one
        start = 10 ** math.floor(math.log10(start))
    axis.axes.set_xlim(start, end)


NOTE_SIZE = 8.5  # points
NOTE_CHAR_WIDTH = 0.55  # an average character of the note's font, in ems: its lines fill the figure's width


def _note(fig: Any, text: str) -> None:
    """A note under the figure, wrapped here rather than by matplotlib (``wrap=True``): matplotlib measures wrapped
    text as math whenever it holds two $, ignoring ``text.parse_math``, so a name like ``$\\x{$`` stopped the figure."""
    import textwrap

    width = max(40, int(fig.get_figwidth() * 72 / (NOTE_SIZE * NOTE_CHAR_WIDTH)))
    fig.text(0.01, -0.01, textwrap.fill(text, width), ha="left", va="top", fontsize=NOTE_SIZE, color="#444444")


# ---------------------------------------------------------------------------------------------
# 01: the dataset


@figure_style()
def dataset_distribution(table4: pd.DataFrame) -> Any:
    """Reasoning types (queries) and target modules (reference calls): ours beside the paper's."""
    fig, axes = plt.subplots(1, 2, figsize=(12, 5.2), gridspec_kw={"width_ratios": [1, 1.35]})
    panels = (
        ("reasoning_type", "Reasoning types", "queries"),
        ("target_module", "Target modules of the reference calls", "reference calls"),
    )
    for ax, (kind, title, unit) in zip(axes, panels):
        rows = table4[table4["kind"] == kind].iloc[::-1]
        names = [reasoning_label(n) if kind == "reasoning_type" else n for n in rows["name"]]
        y = range(len(rows))
        ax.barh([i + 0.2 for i in y], rows["ours"], height=0.4, label="this toolkit (from the release)",
                **_ours_bar(OURS_COLOR))
        ax.barh([i - 0.2 for i in y], rows["paper"].fillna(0), height=0.4, label="paper (printed)",
                **_paper_bar("#555555"))
        for i, (ours, printed) in enumerate(zip(rows["ours"], rows["paper"])):
            ax.text(ours + 1, i + 0.2, f"{int(ours)}", va="center", fontsize=8)
            if pd.notna(printed):
                ax.text(printed + 1, i - 0.2, f"{int(printed)}", va="center", fontsize=8, color="#555555")
        ax.set_yticks(list(y), names)
        ax.set_xlabel(f"number of {unit}")
        ax.set_title(title)
        ax.xaxis.grid(True, **GRID)
        ax.set_axisbelow(True)
        ax.set_xlim(0, max(rows["ours"].max(), rows["paper"].max(skipna=True) or 0) * 1.12)
    fig.suptitle("VehicleMemBench: what the 500 queries ask for", fontweight="bold")
    fig.tight_layout()
    axes[1].legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    _note(fig, "The paper prints module counts for its six largest modules only; the others show no paper bar.")
    return fig


# ---------------------------------------------------------------------------------------------
# 02: overall results


@figure_style()
def esm_gold_vs_summary(table1: pd.DataFrame) -> Any:
    """Figure 2 (left): ESM per backbone with gold memory and with recursive summarization."""
    memories = ("summary", "gold")
    rows = table1[table1["memory"].isin(memories)]
    sources = [(PAPER, "printed in the paper"), ("this toolkit", "computed by this toolkit")]
    groups = {s: rows[rows["source"] == s] for s, _ in sources}
    heights = [max(1, groups[s]["model"].nunique()) for s, _ in sources]
    fig, axes = plt.subplots(2, 1, figsize=(9, 1.2 + 0.75 * sum(heights)), sharex=True,
                             gridspec_kw={"height_ratios": heights})
    for ax, (source, title) in zip(axes, sources):
        frame = groups[source]
        models = list(dict.fromkeys(frame["model"]))[::-1]
        style = _paper_bar if source == PAPER else _ours_bar
        for offset, memory in zip((-0.2, 0.2), memories):
            cells = [frame[(frame["model"] == m) & (frame["memory"] == memory)] for m in models]
            for i, cell in enumerate(cells):
                if cell.empty or pd.isna(cell[ESM.key].iloc[0]):
                    continue
                row = cell.iloc[0]
                error = interval_error(row, ESM.key)
                ax.barh(i + offset, row[ESM.key], height=0.38, xerr=error, error_kw=ERROR_BAR,
                        **style(memory_color(memory)))
                right = row[ESM.key] + (error[1][0] if error else 0)
                notes = coverage_notes(row)
                ax.text(right + 1, i + offset, f"{row[ESM.key]:.1f}" + (f"  ({notes})" if notes else ""),
                        va="center", fontsize=8)
        if not models:
            ax.text(50, 0, "no runs under these settings", ha="center", va="center", color="#666666")
        ax.set_yticks(range(len(models)), models)
        ax.set_ylim(-0.7, max(len(models), 1) - 0.3)
        ax.set_title(title, loc="left", fontsize=10.5)
        ax.xaxis.grid(True, **GRID)
        ax.set_axisbelow(True)
    axes[-1].set_xlim(0, 108)
    axes[-1].set_xlabel("Exact State Match, ESM (% of scored queries)")
    handles = [Patch(facecolor=memory_color(m), label=memory_label(m)) for m in memories[::-1]]
    handles.append(Patch(facecolor="#555555", alpha=0.35, hatch=PAPER_HATCH, edgecolor="#555555",
                         label="paper (hatched)"))
    fig.legend(handles=handles, loc="upper center", ncol=3, bbox_to_anchor=(0.5, 1.0), frameon=False)
    fig.suptitle("ESM with gold memory vs. recursive summarization", fontweight="bold", y=1.05)
    fig.tight_layout()
    if f"{ESM.key}_low" in rows.columns and rows[f"{ESM.key}_low"].notna().any():
        _note(fig, "Error bars: 95% group-bootstrap interval of our ESM (the paper prints none).")
    return fig


OVERALL_SCOPE = "overall"
PAPER_MARK: dict[str, Any] = {"marker": "D", "s": 34, "facecolors": "none", "linewidths": 1.3, "zorder": 2}


def _printed_per_type() -> pd.DataFrame:
    """The paper's ESM per reasoning type: Table 2 (one backbone, each memory setting) and Table 6 (no memory)."""
    return pd.concat([paper.table2(), paper.table6()], ignore_index=True)


@figure_style()
def esm_per_reasoning_type(per_type: pd.DataFrame) -> Any:
    """ESM per reasoning type (a panel each, and overall) for each run (a row each), with its 95% interval;
    beside it, hollow, the paper's printed ESM under the same memory setting (Table 2: one backbone per
    setting; Table 6: five backbones without memory), the same backbone's where the paper prints it.
    ``per_type`` is ``tables.esm_by_reasoning_type``."""
    printed = _printed_per_type()
    scopes = [*REASONING_TYPES, ESM.key]
    rows = per_type.reset_index(drop=True)
    fig, axes = plt.subplots(1, len(scopes), figsize=(2.0 * len(scopes) + 4.5, 2.0 + 0.42 * max(1, len(rows))),
                             sharey=True, squeeze=False)
    for ax, scope in zip(axes[0], scopes):
        for i, row in rows.iterrows():
            color = memory_color(row["memory"])
            marks = printed[printed["memory"] == row["memory"]]
            same = marks[marks["model"] == row["model"]]
            for value in (marks if same.empty else same)[scope].dropna():
                ax.scatter(value, i, edgecolors=color, **PAPER_MARK)
            if pd.isna(row.get(scope)):  # a run with no query of this type (a pilot on a few groups) has no column
                continue
            error = interval_error(row, scope)
            if error is not None:
                ax.errorbar(row[scope], i, xerr=error, fmt="none", zorder=3, **ERROR_BAR)
            ax.scatter(row[scope], i, s=46, color=color, zorder=4)
        ax.set_title(OVERALL_SCOPE if scope == ESM.key else reasoning_label(scope).replace(" ", "\n", 1), fontsize=10)
        ax.set_xlim(-5, 105)
        ax.set_xticks([0, 50, 100])
        ax.xaxis.grid(True, **GRID)
        ax.set_axisbelow(True)
        ax.set_xlabel("ESM (%)")
    first = axes[0][0]
    first.set_yticks(range(len(rows)), run_labels(rows))
    first.set_ylim(max(1, len(rows)) - 0.5, -0.5)
    _color_ticklabels(first, rows["memory"].tolist())
    handles = [
        plt.Line2D([], [], linestyle="", marker="o", markersize=7, color=OURS_COLOR,
                   label="ours (bar: 95% group-bootstrap interval)"),
        plt.Line2D([], [], linestyle="", marker="D", markersize=6, markerfacecolor="none", markeredgecolor=OURS_COLOR,
                   label="paper, same memory setting (Table 2; Table 6 without memory)"),
    ]
    fig.suptitle("ESM by reasoning type: each run beside the paper's printed numbers", fontweight="bold")
    fig.tight_layout()
    fig.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=2, frameon=False)
    return fig


# ---------------------------------------------------------------------------------------------
# 03: memory systems

_MARKERS = ("o", "s", "^", "D", "v", "P", "X", "h")


@figure_style()
def memory_score_vs_tokens(table2: pd.DataFrame) -> Any:
    """Figure 2 (right): ESM against Mem Token per retrieval (log scale), one point per system and backbone."""
    frame = table2.copy()
    frame["backbone"] = [f"{m} (paper)" if s == PAPER else m for m, s in zip(frame["model"], frame["source"])]
    plotted = frame[frame[MEM_TOKEN.key].notna() & (frame[MEM_TOKEN.key] > 0) & frame[ESM.key].notna()]
    left_out = frame[~frame.index.isin(plotted.index)]
    backbones = list(dict.fromkeys(frame["backbone"]))
    markers = {b: _MARKERS[i % len(_MARKERS)] for i, b in enumerate(backbones)}
    fig, ax = plt.subplots(figsize=(9, 5.6))
    marked: list[str] = []  # each point's coverage note, numbered beside the point and said in full below the figure
    for _, row in plotted.iterrows():
        paper_row = row["source"] == PAPER
        color = memory_color(row["memory"])
        error = interval_error(row, ESM.key)
        if error is not None:
            ax.errorbar(row[MEM_TOKEN.key], row[ESM.key], yerr=error, fmt="none", zorder=2, **ERROR_BAR)
        ax.scatter(row[MEM_TOKEN.key], row[ESM.key], s=90, marker=markers[row["backbone"]], linewidths=1.8,
                   facecolors="none" if paper_row else color, edgecolors=color, zorder=3)
        note = coverage_notes(row)
        if note:
            # A number beside the point, never the note itself: a note below a point near an axis ran across
            # the tick labels (n=3/500 over the 100 of the token axis).
            marked.append(f"({len(marked) + 1}) {row['backbone']} · {memory_label(row['memory'])}: {note}")
            ax.annotate(f"({len(marked)})", (row[MEM_TOKEN.key], row[ESM.key]), textcoords="offset points",
                        xytext=(8, 6), ha="left", va="bottom", fontsize=8, color="#222222")
    ax.set_xscale("log")
    ax.set_ylim(-3, 105)
    if not plotted.empty:
        _log_axis(ax.xaxis, plotted[MEM_TOKEN.key].min(), plotted[MEM_TOKEN.key].max())
    ax.set_xlabel("Mem Token: o200k_base tokens of memory given to the agent per retrieval (log scale)")
    ax.set_ylabel("ESM (% of scored queries)")
    ax.set_title("Memory score vs. memory tokens per retrieval")
    ax.grid(True, which="major", **GRID)
    ax.set_axisbelow(True)
    memories = list(dict.fromkeys(plotted["memory"]))
    colour_legend = ax.legend(handles=[Patch(facecolor=memory_color(m), label=memory_label(m)) for m in memories],
                              title="memory (colour)", loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    ax.add_artist(colour_legend)
    shape_handles = [
        plt.Line2D([], [], linestyle="", marker=markers[b], markersize=8, markerfacecolor="none" if "(paper)" in b
                   else "#555555", markeredgecolor="#555555", label=b)
        for b in dict.fromkeys(plotted["backbone"])
    ]
    ax.legend(handles=shape_handles, title="backbone (shape; hollow = paper)", loc="lower left",
              bbox_to_anchor=(1.01, 0.0), frameon=False)
    notes = [f"{'; '.join(marked)}."] if marked else []
    if f"{ESM.key}_low" in plotted.columns and plotted[f"{ESM.key}_low"].notna().any():
        notes.append("Error bars: 95% group-bootstrap interval of our ESM (the paper prints none).")
    if not left_out.empty:
        names = "; ".join(f"{b} · {memory_label(m)}" for b, m in zip(left_out["backbone"], left_out["memory"]))
        notes.append(f"Not plotted (no memory tokens, so no place on a log axis): {names}.")
    if notes:
        _note(fig, " ".join(notes))
    fig.tight_layout()
    return fig


@figure_style()
def esm_vs_cost(runs: pd.DataFrame) -> Any:
    """ESM against money per query (log scale), one point per run with a price, with ESM's interval.

    ``runs`` is ``RunSet.runs``: ``cost_per_query`` and ``currency`` are empty for a run whose model has
    no price (or with no price table); those runs are named under the figure, never placed.
    """
    priced = runs[runs["cost_per_query"].notna() & (runs["cost_per_query"] > 0) & runs[ESM.key].notna()]
    unpriced = runs[~runs.index.isin(priced.index)]
    fig, ax = plt.subplots(figsize=(9, 5.2))
    middle = math.sqrt(priced["cost_per_query"].min() * priced["cost_per_query"].max()) if len(priced) else 0
    for _, row in priced.iterrows():
        color = memory_color(row["memory"])
        error = interval_error(row, ESM.key)
        if error is not None:
            ax.errorbar(row["cost_per_query"], row[ESM.key], yerr=error, fmt="none", zorder=2, **ERROR_BAR)
        ax.scatter(row["cost_per_query"], row[ESM.key], s=80, color=color, zorder=3)
        # Labels point inwards (right of a point in the left half, left in the right half): none leaves the axes.
        right = row["cost_per_query"] > middle
        ax.annotate(row["model"], (row["cost_per_query"], row[ESM.key]), textcoords="offset points",
                    xytext=(-6 if right else 6, 4), ha="right" if right else "left", fontsize=8)
    currencies = sorted(set(priced["currency"].dropna()))
    if priced.empty:
        ax.text(0.5, 0.5, "no run has a price: give a price table (--prices FILE or $VMB_PRICES)",
                transform=ax.transAxes, ha="center", va="center", color="#666666")
        ax.set_xticks([])
    else:
        ax.set_xscale("log")
        _log_axis(ax.xaxis, priced["cost_per_query"].min(), priced["cost_per_query"].max())
    ax.set_ylim(-3, 105)
    ax.set_xlabel(f"cost per query ({', '.join(currencies) or 'no price'}; log scale): model requests of the queries")
    ax.set_ylabel("ESM (% of scored queries)")
    ax.set_title("Memory score vs. money per query")
    ax.grid(True, which="major", **GRID)
    ax.set_axisbelow(True)
    memories = list(dict.fromkeys(priced["memory"]))
    if memories:
        ax.legend(handles=[Patch(facecolor=memory_color(m), label=memory_label(m)) for m in memories],
                  title="memory", loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    notes = ["Error bars: 95% group-bootstrap interval of ESM."] if not priced.empty else []
    if not unpriced.empty:
        notes.append("No price (not plotted): " + "; ".join(run_labels(unpriced)) + ".")
    if notes:
        _note(fig, " ".join(notes))
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------------------------------------
# 04: failures


# A bar shorter than this share of its axis is marked at its end (a pilot's few failures beside whole runs').
SMALL_BAR = 0.02


def _stacked(ax: Any, frame: pd.DataFrame, columns: Sequence[str], *, percent: bool, scored: Sequence[int]) -> None:
    """Stacked bars per row; an empty row says why: no failures, or nothing scored (all errors or pending)."""
    left = pd.Series(0.0, index=frame.index)
    for category in columns:
        values = frame[category].astype(float).fillna(0)
        ax.barh(range(len(frame)), values, left=left, height=0.7, color=CATEGORY_COLORS[category],
                edgecolor="white", linewidth=0.5)
        left += values
    for i, (total, n) in enumerate(zip(left, scored)):
        if total == 0:
            # x in axes coordinates: the same small gap from the axis whatever the scale.
            ax.text(0.01, i, "no failures" if n else "not scored", va="center", fontsize=8, color="#666666",
                    transform=ax.get_yaxis_transform())
    ax.set_ylim(len(frame) - 0.5, -0.5)
    ax.xaxis.grid(True, **GRID)
    ax.set_axisbelow(True)
    if percent:
        ax.set_xlim(0, 100)


def _category_legend(fig: Any) -> None:
    # Every category, present or not, so each failure figure shows the whole taxonomy the same way.
    handles = [Patch(facecolor=CATEGORY_COLORS[c], label=c) for c in CATEGORIES]
    fig.legend(handles=handles, loc="upper center", ncol=4, bbox_to_anchor=(0.5, 0.0),
               frameon=False, title="error type")


@figure_style()
def error_counts_figure(counts: pd.DataFrame, constrained: pd.DataFrame,
                        reasoning_type: ReasoningType = CONDITIONAL) -> Any:
    """Figure 3: failures per run by error type (counts), and their composition (%) for one reasoning
    type (the one whose answers hang on an implied situation). ``counts``/``constrained`` come from
    ``tables.error_counts`` (``constrained`` for that type's queries)."""
    labels = run_labels(counts)
    fig, axes = plt.subplots(1, 2, figsize=(13, 1.6 + 0.42 * len(counts)), sharey=True,
                             gridspec_kw={"width_ratios": [1.2, 1]})
    _stacked(axes[0], counts, CATEGORIES, percent=False, scored=counts["scored"].tolist())
    widest = max(1, counts["failed"].max())
    for i, (failed, scored) in enumerate(zip(counts["failed"], counts["scored"])):
        if failed:
            # The share beside the count: a pilot's 3 of 3 failed is 3 pixels on a 0-500 axis, and 100% of it.
            axes[0].text(failed, i, f"  {int(failed)}/{int(scored)} ({100 * failed / scored:.0f}%)", va="center",
                         fontsize=8)
            if failed < SMALL_BAR * widest:  # too short to see: its own marker at its end
                axes[0].plot([failed], [i], marker="<", markersize=6, color="#222222", linestyle="", zorder=4)
    axes[0].set_xlim(0, widest * 1.25)
    axes[0].set_xlabel("failed queries (count)\nlabel: failed / scored (share); a triangle marks a bar too short "
                       "to see")
    axes[0].set_title("Failures by error type")
    shares = constrained[list(CATEGORIES)].div(constrained["failed"].where(constrained["failed"] > 0), axis=0) * 100
    _stacked(axes[1], shares.fillna(0), CATEGORIES, percent=True, scored=constrained["scored"].tolist())
    for i, failed in enumerate(constrained["failed"]):
        if failed:
            axes[1].text(0.01, i, f"{int(failed)} failed", va="center", fontsize=8,
                         transform=axes[1].get_yaxis_transform(),
                         bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none", "alpha": 0.85})
    axes[1].set_xlabel(f"share of failed {reasoning_type.hyphenated} queries (%)")
    axes[1].set_title(f"Under {reasoning_type.label}")
    axes[0].set_yticks(range(len(counts)), labels)
    _color_ticklabels(axes[0], counts["memory"].tolist())
    fig.tight_layout()
    _category_legend(fig)
    return fig


@figure_style()
def error_composition_figure(composition: pd.DataFrame, runs: pd.DataFrame) -> Any:
    """Figure 4: error composition (%) by reasoning type (panels) and run (rows)."""
    types = [t for t in REASONING_TYPES if t in set(composition["reasoning_type"])] or list(REASONING_TYPES)
    fig, axes = plt.subplots(1, len(types), figsize=(2.5 * len(types) + 3, 1.8 + 0.42 * len(runs)), sharey=True,
                             squeeze=False)
    axes = axes[0]
    for ax, reasoning_type in zip(axes, types):
        part = composition[composition["reasoning_type"] == reasoning_type].set_index("run")
        frame = part.reindex(runs["run"])[list(CATEGORIES)].reset_index(drop=True)
        _stacked(ax, frame.fillna(0), CATEGORIES, percent=True, scored=runs["scored"].tolist())
        ax.set_title(reasoning_label(reasoning_type), fontsize=10.5)
        ax.set_xlabel("share of failures (%)")
        ax.set_xticks([0, 50, 100])
    axes[0].set_yticks(range(len(runs)), run_labels(runs))
    _color_ticklabels(axes[0], runs["memory"].tolist())
    fig.suptitle("Error composition by reasoning type", fontweight="bold")
    fig.tight_layout(w_pad=2.5)
    _category_legend(fig)
    return fig
