"""The reasoning-type table is the only module that names a reasoning type."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from vmb.data.reasoning import REASONING
from vmb.maker.generate.plan.recipes import BUILDERS

PACKAGE = Path(__file__).resolve().parents[1] / "vmb"
TABLE = PACKAGE / "data" / "reasoning.py"
NAME = re.compile(r"\b(" + "|".join(t.name for t in REASONING) + r")\b")
LABELS = {t.label for t in REASONING}


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the docstring constants: prose about a type is not a listing of it."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def named_types(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            if node.value in LABELS or NAME.search(node.value):
                found.append(node.value)
    return found


def test_no_module_but_the_table_names_a_reasoning_type() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if path == TABLE:
            continue
        offenders += [f"{where}: {text[:80]!r}" for text in named_types(path)]
    assert not offenders, "\n".join(offenders)


def test_the_check_finds_a_type_named_in_code(tmp_path: Path) -> None:
    module = tmp_path / "branch.py"
    module.write_text('"""About state_shift, in prose."""\n\ndef f(kind):\n    return kind == "state_shift"\n')
    assert named_types(module) == ["state_shift"]


def test_every_type_names_a_recipe_of_the_generator() -> None:
    assert {t.recipe for t in REASONING} == set(BUILDERS)
