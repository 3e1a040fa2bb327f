"""Analysis of runs: tidy DataFrames, the paper's tables beside ours, the failure taxonomy, figures.

```python
from vmb.analysis import load_runs, tables
runset = load_runs(["runs"])            # every run directory under runs/, on the benchmark it ran on
runset.queries                           # one row per (run, query): scores, calls, tokens, error type
runset.runs                              # one row per run: ESM, F-F1, V-F1, Calls, Mem Token, ...
tables.table1(runset)                    # Table 1, the paper's rows and ours
runset.record("gpt-gold", "qa_3#7")      # the full JSON record of one query
```

Modules: ``runs`` (loading; the error types and stages come from ``vmb.results.taxonomy`` and
``vmb.results.stages``), ``paper`` (the printed
numbers), ``tables`` (the result tables), ``figures`` (matplotlib, imported on its own),
``outputs`` (writing tables and figures for the report), ``explorer`` (the failure browser).
"""

from vmb.analysis.outputs import Outputs
from vmb.analysis.runs import Run, RunDataError, RunSet, find_runs, load_runs, runs_benchmark
from vmb.results.taxonomy import CATEGORIES, Failure, classify

__all__ = ["CATEGORIES", "Failure", "Outputs", "Run", "RunDataError", "RunSet", "classify", "find_runs", "load_runs",
           "runs_benchmark"]
