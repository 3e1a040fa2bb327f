"""The VehicleMemBench release as typed data: groups, dialogue histories, queries, reference calls.

```python
from vmb.data import resolve_data_dir, load_benchmark, parse_call, DataError
bench = load_benchmark(resolve_data_dir())
bench.group(3).days[0].lines[0].speaker; bench.query("qa_3#7").calls
```
"""

from vmb.data.calls import parse_call
from vmb.data.errors import DataError
from vmb.data.loader import (
    REASONING_TYPES,
    Benchmark,
    Day,
    Group,
    HistoryLine,
    Query,
    RepeatedQuery,
    load_benchmark,
    repeated_queries,
)
from vmb.data.locate import resolve_data_dir

__all__ = [
    "REASONING_TYPES",
    "Benchmark",
    "DataError",
    "Day",
    "Group",
    "HistoryLine",
    "Query",
    "RepeatedQuery",
    "load_benchmark",
    "parse_call",
    "repeated_queries",
    "resolve_data_dir",
]
