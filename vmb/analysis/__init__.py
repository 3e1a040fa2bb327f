"""Analysis of runs: tidy DataFrames, the paper's tables beside ours, the failure taxonomy, figures.

```python
import vmb.analysis as va
runset = va.load_runs(["runs"])          # every run directory under runs/, on the benchmark it ran on
runset.queries                           # one row per (run, query): scores, calls, tokens, error type
runset.runs                              # one row per run: ESM, F-F1, V-F1, Calls, Mem Token, ...
va.tables.table1(runset)                 # Table 1, the paper's rows and ours
va.figures.esm_gold_vs_summary(va.tables.table1(runset))   # Figure 2 (left), a matplotlib figure
runset.record("gpt-gold", "qa_3#7")      # one query's record (QueryRecord): HTML in a notebook, a line in a terminal
```

Modules, each reachable as ``va.NAME`` (the ones beyond the loader are imported on first use, so
``import vmb.analysis`` does not load matplotlib or ipywidgets): ``runs`` (loading; the error types and
stages come from ``vmb.results.taxonomy`` and ``vmb.results.stages``), ``paper`` (the printed numbers),
``tables`` (the result tables), ``figures`` (matplotlib), ``style`` (names, order and colours of every
table and figure), ``outputs`` (writing tables and figures for the report), ``formatted`` (how every
notebook and index table reads), ``notebook`` (what each report notebook does first: its runs loaded, or one
line saying what to run), ``explorer`` (the failure browser), ``compare`` (two runs pair by pair),
``retrieval`` (memory search quality), ``viewer`` (``vmb view``). ``md`` writes a value from a run, a benchmark
or a model into a notebook's Markdown sentence as text (``vmb.escape.markdown``): a run named
``<img onerror=...>`` or ``a|b`` reads as its name, never as markup.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from vmb.analysis.outputs import Outputs
from vmb.analysis.runs import Run, RunDataError, RunSet, find_runs, load_runs, runs_benchmark
from vmb.escape import markdown as md  # a value in a notebook's Markdown sentence: display(Markdown(f"{md(run)} ..."))
from vmb.results.taxonomy import CATEGORIES, Failure, classify

if TYPE_CHECKING:
    from vmb.analysis import compare, explorer, figures, formatted, notebook, paper, retrieval, style, tables, viewer

# The submodules ``va.NAME`` imports on first use (``__getattr__``).
SUBMODULES = ("compare", "explorer", "figures", "formatted", "notebook", "outputs", "paper", "retrieval", "runs", "style",
              "tables", "viewer")

__all__ = ["CATEGORIES", "SUBMODULES", "Failure", "Outputs", "Run", "RunDataError", "RunSet", "classify",
           "compare", "explorer", "figures", "find_runs", "formatted", "load_runs", "md", "notebook", "paper", "retrieval",
           "runs_benchmark", "style", "tables", "viewer"]


def __getattr__(name: str) -> Any:
    """``va.figures`` and the other submodules, imported when first named (PEP 562)."""
    if name in SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(SUBMODULES))
