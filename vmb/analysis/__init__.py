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
    from vmb import stats
    from vmb.analysis import (
        builds,
        compare,
        explorer,
        figures,
        formatted,
        notebook,
        paper,
        retrieval,
        style,
        tables,
        viewer,
    )
    from vmb.data import REASONING_TYPES, load_benchmark
    from vmb.data.metadata import read_metadata
    from vmb.data.reasoning import CONDITIONAL
    from vmb.prices import price_table
    from vmb.results.record import attempt_key
    from vmb.uncertainty import METHOD as UNCERTAINTY_METHOD

# The submodules ``va.NAME`` imports on first use (``__getattr__``).
SUBMODULES = ("builds", "compare", "explorer", "figures", "formatted", "notebook", "outputs", "paper", "retrieval", "runs",
              "style", "tables", "viewer")
# What a notebook needs of the rest of the core, so that it reads everything through ``va`` (the public surface
# docs/architecture.md lists): name → ``module:attribute`` (a module alone for ``stats``), imported on first use.
FROM_THE_CORE = {
    "load_benchmark": "vmb.data:load_benchmark",  # a benchmark, as the notebooks on the dataset read it
    "read_metadata": "vmb.data.metadata:read_metadata",  # how a made benchmark was made
    "REASONING_TYPES": "vmb.data:REASONING_TYPES",
    "CONDITIONAL": "vmb.data.reasoning:CONDITIONAL",  # the reasoning type whose failures notebook 04 singles out
    "attempt_key": "vmb.results.record:attempt_key",  # one (query, trial) of a run, as the explorer keys it
    "price_table": "vmb.prices:price_table",
    "UNCERTAINTY_METHOD": "vmb.uncertainty:METHOD",  # how every interval is computed, said under the tables
    "stats": "vmb.stats",  # the paper's dataset tables (3-5)
}

__all__ = ["CATEGORIES", "CONDITIONAL", "FROM_THE_CORE", "REASONING_TYPES", "SUBMODULES", "UNCERTAINTY_METHOD", "Failure",
           "Outputs", "Run", "RunDataError", "RunSet", "attempt_key", "builds", "classify", "compare", "explorer",
           "figures", "find_runs", "formatted", "load_benchmark", "load_runs", "md", "notebook", "paper", "price_table", "read_metadata",
           "retrieval", "runs_benchmark", "stats", "style", "tables", "viewer"]


def __getattr__(name: str) -> Any:
    """``va.figures`` and the other submodules, and what :data:`FROM_THE_CORE` names, imported when first named
    (PEP 562)."""
    if name in SUBMODULES:
        return importlib.import_module(f"{__name__}.{name}")
    if name in FROM_THE_CORE:
        from vmb import extras

        return extras.load(FROM_THE_CORE[name], None, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(SUBMODULES) | set(FROM_THE_CORE))
