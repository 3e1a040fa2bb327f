"""``vmb generate``: build a benchmark in the release layout (issue 8).

Stages, in order, each one JSONL artifact under ``OUT/stages`` (schemas in
:mod:`vmb.generate.schemas`, storage and resume in :mod:`vmb.generate.store`):

personas → chains → timeline → dialogue → qa → vetting → export

- :mod:`vmb.generate.options`: the knobs (:class:`GenerateOptions`), recorded in every artifact.
- :mod:`vmb.generate.settings`: the vehicle settings preferences are drawn from, read off ``vmb.sim``.
- :mod:`vmb.generate.pipeline`: ``run(options, out, backend)`` and the :class:`Backend` protocol
  (personas, chains, dialogue, qa, requery); the timeline, the vetting and export are shared.
- :mod:`vmb.generate.procedural`: the seeded backend without a model.
- :mod:`vmb.generate.timeline`, :mod:`vmb.generate.vetting`, :mod:`vmb.generate.export`.

```python
from vmb.generate.options import GenerateOptions
from vmb.generate.pipeline import run
from vmb.generate.procedural.backend import ProceduralBackend
run(GenerateOptions(groups=5, seed=1), Path("gen/small"), ProceduralBackend())
```
"""
