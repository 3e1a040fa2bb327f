"""Every figure of the report, drawn here from small offline runs, is one a reviewer accepts (issue 39 item 6):
no two tick labels overlap, no legend lies over a data artist (bars, points, error bars, cells, value labels),
every category colour shows on white, and no error-type colour resembles a memory setting's.

The runs are made here by the harness with offline agents (``vmb run --agent oracle|noop|latest-...|query-only``)
on a benchmark made by ``vmb generate`` with the release's size of history (2 groups of 2,700 lines, so the full
history is as many tokens as the release's and the memory-token axis spans as many decades), one of them a pilot
of 3 queries; the figures are measured after ``fig.canvas.draw()`` with matplotlib's own extents of every text and
artist.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import matplotlib
import pandas as pd
import pytest
from fixtures.benchmarks import FixtureBenchmark, make
from fixtures.colours import difference, least_difference
from matplotlib.collections import Collection, PathCollection
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.transforms import Bbox

from vmb import stats
from vmb.analysis import load_runs, tables
from vmb.data import load_benchmark
from vmb.data.reasoning import CONDITIONAL

matplotlib.use("Agg")
# The shortcut baselines' runs and a release-sized history are the maker's.
pytestmark = pytest.mark.make

# (agent, memory) of the offline runs, and a pilot: the oracle under gold memory on 3 queries.
RUNS = [("oracle", "gold"), ("oracle", "summary"), ("oracle", "kv"), ("noop", "none"), ("noop", "gold"),
        ("latest-gold", "gold"), ("latest-history", "history"), ("query-only", "none")]
PILOT = 3
RELEASE_SIZED_HISTORY = FixtureBenchmark("release-sized-history", groups=2, seed=11, history_lines=2700,
                                         background_chains=2)


@pytest.fixture(scope="module")
def benchmark_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make(RELEASE_SIZED_HISTORY, tmp_path_factory.mktemp("release-sized-history") / "benchmark")


@pytest.fixture(scope="module")
def bench(benchmark_dir: Path) -> Any:
    return load_benchmark(benchmark_dir)


@pytest.fixture(scope="module")
def runset(tmp_path_factory: pytest.TempPathFactory, benchmark_dir: Path, bench: Any) -> Any:
    from vmb.harness import run_benchmark

    root = tmp_path_factory.mktemp("figure-runs")
    for agent, memory in RUNS:
        run_benchmark(out=str(root / f"{agent}-{memory}"), agent=agent, memory=memory, data=str(benchmark_dir),
                      progress=False)
    run_benchmark(out=str(root / "oracle-pilot"), agent="oracle", memory="gold", data=str(benchmark_dir),
                  limit=PILOT, progress=False)
    return load_runs([root], bench=bench)


def _priced(runs: pd.DataFrame) -> pd.DataFrame:
    """Offline agents have no price: the cost figure is drawn with a made-up cost per query on a copy."""
    priced = runs.copy()
    priced["cost_per_query"] = [0.0004 * 3 ** i for i in range(len(priced))]
    priced["currency"] = "USD"
    return priced


def _audits(bench: Any) -> list[Any]:
    from vmb.maker.audit import audit

    return [audit(bench, name="release", tokens=False), audit(bench, name="generated", tokens=False)]


def report_figures(runset: Any, bench: Any) -> dict[str, Callable[[], Figure]]:
    """Every figure the report's notebooks draw, by its file name, each as its notebook draws it."""
    from vmb.analysis import figures, retrieval
    from vmb.maker.audit import figure as audit_figure

    def distribution() -> Figure:
        t4 = stats.table4(bench)
        return figures.dataset_distribution(pd.DataFrame(t4.rows, columns=t4.columns))

    return {
        "fig_dataset_distribution": distribution,
        "fig2_left_esm_gold_vs_summary": lambda: figures.esm_gold_vs_summary(tables.table1(runset)),
        "fig_esm_by_reasoning_type": lambda: figures.esm_per_reasoning_type(tables.esm_by_reasoning_type(runset)),
        "fig2_right_esm_vs_mem_token": lambda: figures.memory_score_vs_tokens(tables.table2(runset)),
        "fig_stages_by_memory": lambda: retrieval.stage_figure(retrieval.stage_counts(runset.runs)),
        "fig3_failures_by_type": lambda: figures.error_counts_figure(
            tables.error_counts(runset), tables.error_counts(runset, CONDITIONAL.name), CONDITIONAL),
        "fig4_error_composition": lambda: figures.error_composition_figure(tables.error_composition(runset),
                                                                           runset.runs),
        "fig_esm_vs_cost_per_query": lambda: figures.esm_vs_cost(_priced(runset.runs)),
        "fig_audit_baselines": lambda: audit_figure.audit_baselines(_audits(bench)),
        "fig_audit_baselines (release alone)": lambda: audit_figure.audit_baselines(_audits(bench)[:1]),
    }


FIGURES = list(report_figures(None, None))


@pytest.fixture(scope="module")
def drawn(runset: Any, bench: Any) -> Iterator[dict[str, Figure]]:
    import matplotlib.pyplot as plt

    made = {name: draw() for name, draw in report_figures(runset, bench).items()}
    for fig in made.values():
        fig.canvas.draw()
    yield made
    for fig in made.values():
        plt.close(fig)


def _area(a: Bbox, b: Bbox) -> float:
    width = min(a.x1, b.x1) - max(a.x0, b.x0)
    height = min(a.y1, b.y1) - max(a.y0, b.y0)
    return max(0.0, width) * max(0.0, height)


def _shown_ticklabels(fig: Figure, which: str) -> list[Any]:
    """The tick labels matplotlib draws on every axes' ``which`` axis: visible, with text, inside the view."""
    labels = []
    for ax in fig.axes:
        axis = ax.xaxis if which == "x" else ax.yaxis
        low, high = sorted(axis.get_view_interval())
        slack = (high - low) * 1e-9
        for tick in [*axis.get_major_ticks(), *axis.get_minor_ticks()]:
            if not low - slack <= tick.get_loc() <= high + slack:
                continue
            labels += [t for t in (tick.label1, tick.label2) if t.get_visible() and t.get_text().strip()]
    return labels


def overlapping_ticklabels(fig: Figure) -> list[str]:
    """Pairs of tick labels (x with x, y with y, over every axes of the figure) whose extents overlap."""
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    found = []
    for which in ("x", "y"):
        boxes = [(t.get_text(), t.get_window_extent(renderer)) for t in _shown_ticklabels(fig, which)]
        found += [f"{which}: {a!r} and {b!r}" for (a, box_a), (b, box_b) in combinations(boxes, 2)
                  if _area(box_a, box_b) > 1.0]
    return found


def _data_boxes(ax: Any, renderer: Any) -> Iterator[tuple[str, Bbox]]:
    """The display extent of each data artist of ``ax``: each bar, point, error bar, image and value label."""
    clip = ax.get_window_extent(renderer)
    for patch in ax.patches:
        box = patch.get_window_extent(renderer)
        if patch.get_visible() and box.width > 0 and box.height > 0:
            yield f"bar {patch.get_label() or ''}".strip(), Bbox.intersection(box, clip) or Bbox.null()
    for collection in ax.collections:
        if not collection.get_visible():
            continue
        yield from _collection_boxes(collection, renderer)
    for line in ax.lines:
        points = line.get_transform().transform(line.get_xydata())
        yield from ((f"line point {line.get_label()}", Bbox.from_bounds(x - 3, y - 3, 6, 6)) for x, y in points)
    for image in ax.images:
        yield "image", image.get_window_extent(renderer)
    for text in ax.texts:
        if text.get_visible() and text.get_text().strip():
            yield f"text {text.get_text()!r}", text.get_window_extent(renderer)


def _collection_boxes(collection: Collection, renderer: Any) -> Iterator[tuple[str, Bbox]]:
    if isinstance(collection, PathCollection):
        # Markers (scatter): a box of the marker's size (points squared) around each point, in pixels.
        sizes = collection.get_sizes()
        size = (float(sizes.max()) if len(sizes) else 36.0) ** 0.5 * collection.figure.dpi / 72
        for x, y in collection.get_offset_transform().transform(collection.get_offsets()):
            yield "point", Bbox.from_bounds(x - size / 2, y - size / 2, size, size)
        return
    for path in collection.get_paths():  # error bars: each segment
        if len(path.vertices):
            yield "error bar", path.transformed(collection.get_transform()).get_extents()


def legends_over_data(fig: Figure) -> list[str]:
    """Each legend whose extent overlaps a data artist of any axes of the figure."""
    renderer = fig.canvas.get_renderer()  # type: ignore[attr-defined]
    legends = [*fig.legends, *(a for ax in fig.axes for a in (ax.get_legend(), *ax.artists) if isinstance(a, Legend))]
    found = []
    for legend in dict.fromkeys(legends):
        box = legend.get_window_extent(renderer)
        title = legend.get_title().get_text() or ", ".join(t.get_text() for t in legend.get_texts()[:2])
        for ax in fig.axes:
            hits = [what for what, data in _data_boxes(ax, renderer) if _area(box, data) > 1.0]
            if hits:
                found.append(f"legend {title!r} over {len(hits)} data artists of {ax.get_title()!r}: {hits[0]}")
    return found


@pytest.mark.parametrize("name", FIGURES)
def test_no_tick_labels_overlap(drawn: dict[str, Figure], name: str) -> None:
    assert overlapping_ticklabels(drawn[name]) == []


@pytest.mark.parametrize("name", FIGURES)
def test_no_legend_lies_over_the_data(drawn: dict[str, Figure], name: str) -> None:
    assert legends_over_data(drawn[name]) == []


# Colours (fixtures/colours.py): CIE76 differences, in normal vision and with each colour-vision deficiency.
ON_WHITE = 30.0  # a bar's colour at least this far from white (the near-white stage colour was 2.8)
APART = 12.0  # two colours a reader must tell apart at least this far, whatever their colour vision
STAGES_APART = 10.0


def _memory_colors() -> dict[str, str]:
    from vmb.memory import SHIPPED, SPARE_COLORS, memory_info

    return {**{name: memory_info(name).color for name in SHIPPED}, **{f"spare {c}": c for c in SPARE_COLORS}}


def test_every_category_colour_shows_on_white() -> None:
    from vmb.analysis.retrieval import STAGE_COLORS
    from vmb.analysis.style import CATEGORY_COLORS

    faint = {name: round(difference(color, "#FFFFFF"), 1) for name, color in {**CATEGORY_COLORS, **STAGE_COLORS}.items()
             if difference(color, "#FFFFFF") < ON_WHITE}
    assert faint == {}


def test_no_memory_colour_resembles_an_error_type() -> None:
    from vmb.analysis.style import CATEGORY_COLORS

    alike = {(error, memory): round(least_difference(a, b), 1) for error, a in CATEGORY_COLORS.items()
             for memory, b in _memory_colors().items() if least_difference(a, b) < APART}
    assert alike == {}


def test_the_error_types_and_the_stages_are_told_apart_by_every_reader() -> None:
    from vmb.analysis.retrieval import STAGE_COLORS
    from vmb.analysis.style import CATEGORY_COLORS

    for palette, apart in ((CATEGORY_COLORS, APART), (STAGE_COLORS, STAGES_APART)):
        alike = {(a, b): round(least_difference(palette[a], palette[b]), 1) for a, b in combinations(palette, 2)
                 if least_difference(palette[a], palette[b]) < apart}
        assert alike == {}


def _texts(fig: Figure) -> list[str]:
    """Every text of a figure: tick labels, titles, value labels and notes."""
    return [t.get_text() for t in fig.findobj(matplotlib.text.Text) if t.get_visible() and t.get_text().strip()]


@pytest.mark.parametrize("name", ["fig_esm_by_reasoning_type", "fig_stages_by_memory", "fig3_failures_by_type",
                                  "fig4_error_composition", "fig2_right_esm_vs_mem_token"])
def test_a_pilot_run_carries_its_coverage_and_why_it_has_no_interval(drawn: dict[str, Figure], runset: Any,
                                                                     name: str) -> None:
    """Issue 39 item 7: the 3-query run says it covers 3 of the benchmark's queries wherever it is drawn, and
    its ESM says why it has no interval (its queries are of one group)."""
    whole = len(runset.queries[runset.queries["run"] == "oracle-gold"])
    coverage = f"n={PILOT}/{whole}"
    texts = [t for t in _texts(drawn[name]) if coverage in t]
    assert texts, name
    if name not in ("fig3_failures_by_type", "fig_stages_by_memory"):
        assert all(f"no interval: {PILOT} queries" in t for t in texts), texts
    # A whole run carries no coverage note.
    assert not [t for t in _texts(drawn[name]) if f"/{whole})" in t and coverage not in t]


def test_coverage_and_a_missing_interval_read_as_the_issue_asks() -> None:
    from vmb.analysis.figures import coverage_notes, run_labels

    pilot = pd.Series({"source": "this toolkit", "model": "qwen", "memory": "gold", "n": 3, "full_run": 500,
                       "esm": 0.0, "esm_low": None, "esm_high": None})
    assert coverage_notes(pilot) == "n=3/500; no interval: 3 queries of fewer than 2 groups"
    whole = pilot.copy()
    whole[["n", "esm_low", "esm_high"]] = [500, 60.1, 70.2]
    assert coverage_notes(whole) == ""
    printed = pilot.copy()
    printed[["source", "n", "full_run"]] = ["paper", None, None]
    assert coverage_notes(printed) == ""  # the paper prints no interval and scores all 500
    assert run_labels(pd.DataFrame([pilot, whole])) == [
        "qwen · gold memory\n(n=3/500; no interval: 3 queries of fewer than 2 groups)", "qwen · gold memory"]
