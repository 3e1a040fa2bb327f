"""The metric registry is the only module that names a metric's key."""

from __future__ import annotations

import ast
from pathlib import Path

from vmb.results.metrics import METRICS

PACKAGE = Path(__file__).resolve().parents[2] / "vmb"
REGISTRY = PACKAGE / "results" / "metrics.py"
# "calls" is also the ordinary word for a list of calls (a query record's by kind, the release's and
# the conformance records' answers, a build log's, a generated answer's): it is not checked.
SHARED_WORDS = {"calls"}
# Where a key's string is a format below the registry's layer: the scorer's stored task score lists
# its per-task rates (layer 1); the dataset statistics read the paper's printed Mem Token column (layer 2).
OTHER_MEANINGS = {
    "field_f1": {"score/__init__.py"},
    "value_f1": {"score/__init__.py"},
    "tool_f1": {"score/__init__.py"},
    "mem_token": {"stats.py"},
}


def named_keys(path: Path) -> set[str]:
    keys = {m.key for m in METRICS} - SHARED_WORDS
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in keys:
            found.add(node.value)
    return found


def test_no_module_but_the_registry_names_a_metric_key() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path == REGISTRY:
            continue
        where = path.relative_to(PACKAGE).as_posix()
        named = {k for k in named_keys(path) if where not in OTHER_MEANINGS.get(k, set())}
        offenders += [f"{where} names {key!r}" for key in sorted(named)]
    assert not offenders, "\n".join(offenders)


def test_the_registry_names_every_key_once() -> None:
    keys = [m.key for m in METRICS]
    assert len(keys) == len(set(keys))
    assert named_keys(REGISTRY) == set(keys) - SHARED_WORDS
