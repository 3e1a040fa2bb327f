"""The VehicleMemBench paper's printed figures (arXiv 2603.23840), shipped as CSV files.

Copied from the project's fixtures so that reports and tests show the paper's numbers beside ours
without needing ``../shared``: ``table1_overall``, ``table2_memory_systems``, ``table3_statistics``,
``table4_distribution``, ``table6_no_memory`` (percentages as printed).
"""

from __future__ import annotations

import csv
from pathlib import Path

PAPER_DIR = Path(__file__).resolve().parent


def read_table(name: str) -> list[dict[str, str]]:
    """Rows of ``vmb/paper/<name>.csv`` as dicts of strings (e.g. ``read_table("table3_statistics")``)."""
    with (PAPER_DIR / f"{name}.csv").open(newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle))
