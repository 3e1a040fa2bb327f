"""``vmb audit``: is a benchmark hard for the right reason?

```python
from vmb.maker.audit import audit, side_by_side
result = audit(load_benchmark(path))        # figures, baseline scores, answerability findings
print(side_by_side([result, release_result]))
```

Three parts, each a pure function of the release layout: the diversity and answer-space figures
(``vmb.maker.audit.diversity``), the shortcut baselines of ``vmb.maker.baselines`` scored with vmb's simulator
and scorer, overall and per reasoning type, and the answerability checks
(``vmb.maker.audit.answerability``).
"""

from vmb.maker.audit.report import Audit, audit, side_by_side

__all__ = ["Audit", "audit", "side_by_side"]
