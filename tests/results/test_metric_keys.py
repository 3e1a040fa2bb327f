"""A metric key is spelled in the registry and in the formula that computes it, nowhere else.

The registry (``vmb.results.metrics``) declares every metric; a per-task number comes from a formula
that names it as it declares it: ``vmb.score.formulas.Metrics`` (ESM's ``exact_match``, the F1s) and
``vmb.results.behaviour.Behaviour`` (the counts). Every other module, and every data file of the
package (the paper's tables head their columns with the printed names), reads a metric through the
registry. The check covers identifiers (names, attributes, keywords, definitions) as well as strings.
"""

from __future__ import annotations

import ast
import csv
from dataclasses import fields, replace
from pathlib import Path

from vmb.results.behaviour import Behaviour
from vmb.results.metrics import METRICS
from vmb.results.summary import QueryRow
from vmb.score import score_calls
from vmb.score.formulas import Metrics
from vmb.usage import ZERO

PACKAGE = Path(__file__).resolve().parents[2] / "vmb"
REGISTRY = PACKAGE / "results" / "metrics.py"
# "calls" is also the ordinary word for a list of calls (a query record's by kind, the release's and
# the conformance records' answers, a build log's, a generated answer's) and "precision" a formula's
# local (a field or value precision): they are not checked.
SHARED_WORDS = {"calls", "precision"}
# The formulas: the module that computes a per-task number declares it, as a field of its result.
FORMULAS = {"score/formulas.py": {f.name for f in fields(Metrics)},
            "results/behaviour.py": {f.name for f in fields(Behaviour)}}
KEYS = {m.key for m in METRICS} - SHARED_WORDS
SEAT = {"name": "carcontrol_seat_set_headrest_height", "args": {"seat": "driver", "value": 44}}
OTHER = {"name": "carcontrol_navigation_set_voice_mode", "args": {"mode": "simple"}}


def spelled(path: Path) -> set[str]:
    """The metric keys a module spells: as a string, a name, an attribute, a keyword or a definition."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        words: list[object] = []
        if isinstance(node, ast.Constant):
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.keyword):
            words = [node.arg]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        found.update(w for w in words if isinstance(w, str) and w in KEYS)
    return found


def test_no_module_but_the_registry_and_its_formula_spells_a_metric_key() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == REGISTRY:
            continue
        where = path.relative_to(PACKAGE).as_posix()
        offenders += [f"{where} spells {key!r}" for key in sorted(spelled(path) - FORMULAS.get(where, set()))]
    assert not offenders, "\n".join(offenders)


def test_no_data_file_of_the_package_heads_a_column_with_a_key() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.csv")):
        with path.open(newline="", encoding="utf-8") as handle:
            header = next(csv.reader(handle), [])
        offenders += [f"{path.relative_to(PACKAGE)} heads a column {key!r}" for key in sorted(KEYS & set(header))]
    assert not offenders, "\n".join(offenders)


def test_a_metric_of_the_scorer_reads_the_formulas_number_off_the_row() -> None:
    """The per-task columns of ESM and the F1s are the formula's numbers, read off the row's ``score``."""
    score = score_calls([SEAT], [SEAT, OTHER]).metrics  # the reference call and one it does not make
    row = QueryRow(id="qa_1#0", group=1, reasoning_type="state_shift", status="ok", error=None, error_kind=None,
                   call_count=2, text_calls=0, round_limit_hit=False, trial=1, mem_tokens=(), modules=("seat",),
                   score=score, usage=ZERO)
    numbers = {f.name for f in fields(Metrics)}
    scored = [m for m in METRICS if m.column in numbers]
    assert len(scored) == 4 and all(m.task(row) == getattr(score, m.column) for m in scored)
    assert [m.task(replace(row, status="error", score=None)) for m in scored] == [None] * 4


def test_the_registry_names_every_key_once() -> None:
    keys = [m.key for m in METRICS]
    assert len(keys) == len(set(keys))
    assert spelled(REGISTRY) == KEYS
