"""The VehicleMemBench paper's printed figures (arXiv 2603.23840), shipped as CSV files.

Copied from the project's fixtures so that reports and tests show the paper's numbers beside ours
without needing ``../shared``: ``table1_overall``, ``table2_memory_systems``, ``table3_statistics``,
``table4_distribution``, ``table6_no_memory`` (percentages as printed), and the run settings of its
Table 10, ``table10_settings`` (``paper_settings``: the defaults of ``vmb run``, which a reproducibility
card compares every run with).
"""

from __future__ import annotations

import csv
from pathlib import Path

PAPER_DIR = Path(__file__).resolve().parent


def read_table(name: str) -> list[dict[str, str]]:
    """Rows of ``vmb/paper/<name>.csv`` as dicts of strings (e.g. ``read_table("table3_statistics")``)."""
    with (PAPER_DIR / f"{name}.csv").open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


def paper_settings() -> dict[str, str]:
    """The paper's run settings (Table 10): ``RunConfig`` field name -> its value as printed."""
    return {row["setting"]: row["value"] for row in read_table("table10_settings")}
