"""Shortcut baselines: no model, no answer, only text matching over what a memory would hold.

```python
from vmb.maker.baselines import BASELINES, Tasks, score_baseline
tasks = Tasks()
calls = BASELINES["latest-gold"].predict(tasks.of(query, group))
scores = score_baseline(bench, "latest-gold")   # one vmb.score.TaskScore per query
```

They run as offline agents too (``vmb run --agent latest-gold``), and ``vmb audit`` scores them all.
"""

from __future__ import annotations

from vmb.maker.baselines.evidence import Task, Tasks
from vmb.maker.baselines.policies import BASELINES, Baseline
from vmb.maker.baselines.scoring import score_baseline

__all__ = ["BASELINES", "Baseline", "Task", "Tasks", "score_baseline"]
