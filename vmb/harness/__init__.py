"""The agent harness: run a model (or an offline agent) on the benchmark under a memory setting.

```python
from vmb.harness import run_benchmark
result = run_benchmark(out="runs/qwen-gold", model="qwen3-8b", base_url="http://127.0.0.1:8000/v1",
                       memory="gold", groups=[1, 2], concurrency=16)
result.metric.overall.value("esm")      # a RunSummary (vmb.results.runsummary), as metric.json holds it
```

Takes the same settings as ``vmb run`` (``RunConfig``'s fields); the API key comes from
``VMB_API_KEY`` or ``OPENAI_API_KEY``. Works inside Jupyter too (where an event loop is running).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from vmb.harness.runner import RunResult


def run_benchmark(*, force: bool = False, progress: bool | None = None, say: Callable[[str], None] | None = None,
                  **settings: Any) -> RunResult:
    """Run or resume a benchmark run; ``settings`` are ``RunConfig`` fields (``out`` is required). What the run
    tells as it goes (a damaged record run again, a progress line where no bar shows) goes to ``say``
    (``print``, say; without it nothing is told)."""
    import asyncio
    import threading

    from vmb.harness.config import RunConfig
    from vmb.harness.runner import execute

    config = RunConfig(**settings)
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(execute(config, force=force, show_progress=progress, say=say))
    # A notebook already runs an event loop in this thread: run ours in a thread of its own.
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["result"] = asyncio.run(execute(config, force=force, show_progress=progress, say=say))
        except BaseException as error:  # re-raised in the caller's thread below
            box["error"] = error

    worker = threading.Thread(target=target)
    worker.start()
    worker.join()
    if "error" in box:
        raise box["error"]
    return box["result"]


__all__ = ["run_benchmark"]
