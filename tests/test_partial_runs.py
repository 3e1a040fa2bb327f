"""A run that covers part of its benchmark (a pilot on one group, a few queries) reads and draws like a whole one:
a reasoning type it never met is a gap in its row, never an error."""

from __future__ import annotations

from pathlib import Path

import matplotlib

import vmb.analysis as va

matplotlib.use("Agg")


def test_a_run_without_every_reasoning_type_draws_its_figure(oracle_run: Path) -> None:
    runset = va.load_runs([oracle_run])
    per_type = va.tables.esm_by_reasoning_type(runset)
    met = {q.reasoning_type for q in runset.queries.itertuples()}
    assert set(va.REASONING_TYPES) - met, "the fixture's pilot should miss a reasoning type"
    figure = va.figures.esm_per_reasoning_type(per_type)
    drawn = [len(ax.collections) for ax in figure.axes]
    assert len(drawn) == len(va.REASONING_TYPES) + 1 and drawn[-1] >= 1  # overall drawn; the missed types empty
