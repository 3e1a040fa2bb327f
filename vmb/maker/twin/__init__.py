"""A twin of a benchmark: the same dialogues and queries with other names, dates and answers.

```python
from vmb.maker.twin import make_twin
summary = make_twin(Path("../shared/vehiclemembench"), seed=1, out=Path("build/twin1"))
```

``vmb twin`` writes the source's layout (``history/``, ``qa_data/``) under ``--out``, with
``metadata.json`` (read by ``vmb.data.metadata.read_twin``: per group the names, the date offset and per query what
changed or why not) and the source's licence note. Made at run time from the source; deterministic
in the seed. ``docs/twin.md`` says how a twin tells memory from memorisation.
"""

from __future__ import annotations

from vmb.maker.twin.export import make_twin, release_calls

__all__ = ["make_twin", "release_calls"]
