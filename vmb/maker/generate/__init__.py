"""``vmb generate``: build a benchmark in the release layout (issue 8).

Stages, in order, each one JSONL artifact under ``OUT/stages`` (schemas in
:mod:`vmb.maker.generate.schemas`, storage and resume in :mod:`vmb.maker.generate.store`):

personas → chains → timeline → dialogue → qa → vetting → export

Its layers, each a folder (``vmb/maker/generate/README.md`` names their files): the word banks
(``words``), the plan (``plan``: options, people, recipes, timeline), the procedural wording
(``procedural``) and the LLM backend (``llm``) side by side, the vetting and export (``export``),
and on top :mod:`vmb.maker.generate.pipeline`: ``run(options, out, backend)`` and the :class:`Backend`
protocol (personas, chains, dialogue, qa, requery).

```python
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.pipeline import run
from vmb.maker.generate.procedural.backend import ProceduralBackend
run(GenerateOptions(groups=5, seed=1), Path("gen/small"), ProceduralBackend(), log=print)
```
"""
