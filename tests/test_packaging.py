"""pyproject.toml declares what vmb needs, requirements.txt locks it, vmb.extras names the same extras for the
code, and nothing is pinned that nothing imports."""

from __future__ import annotations

import ast
import re
from importlib import metadata
from pathlib import Path

from lockfile import LOCK, ROOT, dependency_digest, dependency_tables, locked, normalised
from packaging.requirements import Requirement

from vmb import extras

# Direct dependencies no import statement names, each with what uses it: programs the suite and the tools run
# by name, and packages loaded by name.
PROGRAMS = {
    "bpe-openai": "vmb.tokens loads its Rust core by name (bpe_openai._bindings), never its Python wrapper",
    "nbconvert": "vmb.report.notebooks loads its HTMLExporter through vmb.extras.load",
    "ipykernel": "the kernel papermill and JupyterLab start for a notebook",
    "pytest-xdist": "make test's two workers (pytest -n 2)",
    "ruff": "make lint",
    "mypy": "make lint",
    "jupyterlab": "make lab",
    "mem0ai": "imported as mem0",
}


def requirements() -> list[tuple[str, Requirement]]:
    """(table, requirement) of every dependency pyproject.toml declares, vmb's own extras left out."""
    return [(table, Requirement(text)) for table, texts in dependency_tables().items() for text in texts
            if Requirement(text).name != "vmb"]


def test_the_lock_is_of_this_pyproject() -> None:
    first = LOCK.read_text(encoding="utf-8").splitlines()[0]
    assert dependency_digest() in first, "pyproject.toml's dependencies changed since the lock: run make lock"


def test_every_declared_dependency_is_locked_at_a_version_it_allows() -> None:
    pins = locked()
    wrong = [f"{table or 'core'}: {req} is locked at {pins.get(normalised(req.name))}" for table, req in requirements()
             if pins.get(normalised(req.name)) is None
             or not req.specifier.contains(pins[normalised(req.name)].split("+")[0], prereleases=True)]
    assert not wrong, "\n".join(wrong)


def test_the_extras_are_vmb_extras() -> None:
    tables = dependency_tables()
    declared = set(tables) - {"", "all"}
    assert declared == set(extras.EXTRAS)
    assert Requirement(tables["all"][0]).extras == declared
    # Each extra's packages that show it is installed come with that extra.
    provided = metadata.packages_distributions()
    for name, extra in extras.EXTRAS.items():
        brought = {normalised(req.name) for req in map(Requirement, tables[name])}
        brought |= {normalised(r.name) for other in Requirement(tables[name][0]).extras for r in
                    map(Requirement, tables.get(other, []))} if tables[name][0].startswith("vmb[") else set()
        for package in extra.packages:  # where installed (a core-only venv has no extra's)
            found = {normalised(d) for d in provided.get(package, [])}
            assert not found or found & brought, f"{name}: {package}"


def _imported_names() -> set[str]:
    names: set[str] = set()
    for folder in ("vmb", "tests", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names.update(alias.name.split(".")[0] for alias in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    names.add(node.module.split(".")[0])
    for notebook in (ROOT / "notebooks").glob("*.ipynb"):
        names.update(re.findall(r"(?:^|\\n|\")\s*(?:from|import) (\w+)", notebook.read_text(encoding="utf-8")))
    return names


def test_nothing_is_declared_that_nothing_imports() -> None:
    imported = _imported_names()
    provided = metadata.packages_distributions()
    by_distribution: dict[str, set[str]] = {}
    for module, distributions in provided.items():
        for distribution in distributions:
            by_distribution.setdefault(normalised(distribution), set()).add(module)
    unused = [str(req) for _, req in requirements() if normalised(req.name) not in PROGRAMS
              and normalised(req.name) in by_distribution  # installed here (a core-only venv has no extra's)
              and not by_distribution[normalised(req.name)] & imported]
    assert not unused, f"declared, never imported: {unused}"


def test_the_wheel_declares_its_dependencies() -> None:
    required = metadata.requires("vmb") or []
    core = [text for text in required if "extra ==" not in text]
    assert len(core) >= 10, core
    assert {Requirement(text).name for text in core} >= {"openai", "pandas", "numpy", "matplotlib", "papermill"}


def test_the_readme_says_how_to_install_it_as_a_library() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for extra in extras.EXTRAS:
        assert f"vmb[{extra}]" in readme or f"[{extra}]" in readme, extra
    assert "pip install" in readme and Path(ROOT / "pyproject.toml").exists()
