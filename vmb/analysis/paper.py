"""The paper's printed numbers (``vmb.paper``) as DataFrames named like our runs.

The paper names memory settings differently (``recursive_summarization``, ``key_value_store``,
``gold_memory``); here every table uses the harness's names (``summary``, ``kv``, ``gold``) so a
paper row and a run of ours for the same setting line up. Every row has ``source = "paper"``.
"""

from __future__ import annotations

import pandas as pd

from vmb.data import REASONING_TYPES
from vmb.memory import from_paper_name
from vmb.results.metrics import ESM, MEM_TOKEN, TABLE1, paper_table

PAPER = "paper"
OURS = "this toolkit"


def _frame(rows: list[dict[str, str]], numeric: list[str]) -> pd.DataFrame:
    frame = pd.DataFrame(rows)
    for column in numeric:
        frame[column] = pd.to_numeric(frame[column])
    frame.insert(0, "source", PAPER)
    return frame


def table1() -> pd.DataFrame:
    """Table 1: model × memory setting → ESM, F-F1, V-F1 (percent) and Calls."""
    frame = _frame(paper_table("table1_overall"), [m.key for m in TABLE1])
    frame["memory"] = frame["memory"].map(from_paper_name)
    return frame


def table2() -> pd.DataFrame:
    """Table 2: memory system → ESM by reasoning type, overall ESM and Mem Token (one backbone)."""
    frame = _frame(paper_table("table2_memory_systems"), [*REASONING_TYPES, ESM.key, MEM_TOKEN.key])
    frame = frame.rename(columns={"memory_system": "memory"})
    frame["memory"] = frame["memory"].map(from_paper_name)
    return frame


def table6() -> pd.DataFrame:
    """Table 6: no memory → ESM by reasoning type and overall."""
    frame = _frame(paper_table("table6_no_memory"), [*REASONING_TYPES, ESM.key])
    frame.insert(2, "memory", "none")
    return frame
