"""The VehicleMemBench release as typed data: groups, dialogue histories, queries, reference calls.

```python
from vmb.data import resolve_data_dir, load_benchmark, parse_call, DataError
bench = load_benchmark(resolve_data_dir())
bench.group(3).days[0].lines[0].speaker; bench.query("qa_3#7").calls
```

The names below are imported from their modules on first use, so that importing one light part
(``vmb.data.locate`` while ``vmb --help`` builds its parser) does not import the loader and parser.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vmb.data.calls import parse_call
    from vmb.data.errors import DataError
    from vmb.data.loader import (
        Benchmark,
        Day,
        Group,
        History,
        HistoryLine,
        Query,
        RepeatedQuery,
        load_benchmark,
        repeated_queries,
    )
    from vmb.data.locate import resolve_data_dir
    from vmb.data.reasoning import REASONING_TYPES

# name → the module defining it
_HOMES: dict[str, str] = {
    "parse_call": "vmb.data.calls",
    "DataError": "vmb.data.errors",
    **{name: "vmb.data.loader" for name in (
        "Benchmark", "Day", "Group", "History", "HistoryLine", "Query", "RepeatedQuery",
        "load_benchmark", "repeated_queries")},
    "resolve_data_dir": "vmb.data.locate",
    "REASONING_TYPES": "vmb.data.reasoning",
}

__all__ = [
    "REASONING_TYPES",
    "Benchmark",
    "DataError",
    "Day",
    "Group",
    "History",
    "HistoryLine",
    "Query",
    "RepeatedQuery",
    "load_benchmark",
    "parse_call",
    "repeated_queries",
    "resolve_data_dir",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'vmb.data' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
