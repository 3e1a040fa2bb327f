"""The import graph of ``vmb`` has no cycle and no arrow from a lower layer to a higher one.

Layers (docs/architecture.md), lowest first; a module may import its own layer and those below.
Imports inside functions count as much as those at the top of a file.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "vmb"

LAYERS: list[tuple[str, ...]] = [
    ("vmb.sim", "vmb.tokens", "vmb.paper", "vmb.prompts", "vmb.textable", "vmb.uncertainty", "vmb.prices",
     "vmb.usage", "vmb.tomlfile", "vmb.bounds", "vmb.errors", "vmb.outdir", "vmb.terminal",
     "vmb.boundedjson"),
    ("vmb.score", "vmb.data", "vmb.llm"),
    ("vmb.stats", "vmb.memory"),
    ("vmb.generate", "vmb.twin", "vmb.doubles", "vmb.audit"),
    ("vmb.results",),
    ("vmb.harness",),
    ("vmb.analysis", "vmb.bench", "vmb.bundle"),
    ("vmb.report",),
    ("vmb.commands", "vmb.cli", "vmb.__main__", "vmb"),
]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Module → the ``vmb`` modules it imports (``from vmb.x import y`` names module ``vmb.x``)."""
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                targets.add(node.module)
            elif isinstance(node, ast.ImportFrom):
                raise AssertionError(f"{name}: relative import; write the module's full name")
        resolved = set()
        for target in targets:
            while target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]
            if target in modules and target.startswith("vmb") and target != name:
                resolved.add(target)
        graph[name] = resolved
    return graph


def layer(module: str) -> int:
    """The layer of a module: that of the longest listed prefix."""
    best, found = -1, None
    for number, names in enumerate(LAYERS):
        for prefix in names:
            if (module == prefix or module.startswith(prefix + ".")) and len(prefix) > best:
                best, found = len(prefix), number
    assert found is not None, f"{module} is in no layer: add it to LAYERS and docs/architecture.md"
    return found


def test_every_module_has_a_layer_and_no_arrow_points_up() -> None:
    upward = [f"{a} (layer {layer(a)}) imports {b} (layer {layer(b)})"
              for a, targets in imports().items() for b in sorted(targets) if layer(b) > layer(a)]
    assert not upward, "\n".join(upward)


def test_the_import_graph_has_no_cycle() -> None:
    graph = imports()
    done: set[str] = set()
    path: list[str] = []

    def visit(module: str) -> None:
        if module in path:
            cycle = path[path.index(module):] + [module]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if module in done:
            return
        path.append(module)
        for target in sorted(graph.get(module, ())):
            visit(target)
        path.pop()
        done.add(module)

    for module in sorted(graph):
        visit(module)


def test_values_in_text_are_read_by_vmb_data_spoken_not_the_generator() -> None:
    # The baselines and the audit hear values as the generator says them, through vmb.data.spoken;
    # of the generator they read only its setting catalog (the audit's catalog phrases).
    readers = ("vmb.doubles", "vmb.audit")
    found = [f"{a} imports {b}" for a, targets in imports().items() if a.startswith(readers)
             for b in sorted(targets) if b.startswith("vmb.generate") and b != "vmb.generate.settings"]
    assert not found, "\n".join(found)


def test_a_made_benchmark_s_metadata_is_read_through_vmb_data_only() -> None:
    # metadata.json is read by vmb.data.metadata (typed) and written by the generator's export; the
    # layers that run and score a benchmark read it without importing the generator.
    found = [f"{a} imports {b}" for a, targets in imports().items()
             if a.startswith(("vmb.results", "vmb.harness", "vmb.analysis", "vmb.report", "vmb.stats"))
             for b in sorted(targets) if b.startswith("vmb.generate")]
    assert not found, "\n".join(found)
    readers = [p.relative_to(PACKAGE.parent).as_posix() for p in PACKAGE.rglob("*.py")
               if "read_metadata" in p.read_text(encoding="utf-8") and "def read_metadata" in p.read_text(encoding="utf-8")]
    assert readers == ["vmb/data/metadata.py"], readers


# The generator's own layers (vmb/generate/README.md), lowest first: a module imports its own
# layer and those below. The procedural wording and the LLM backend share a layer and neither
# imports the other: both make sentences from the same plan.
GENERATE_LAYERS: list[tuple[str, ...]] = [
    ("vmb.generate.schemas", "vmb.generate.settings", "vmb.generate.version"),
    ("vmb.generate.words",),
    ("vmb.generate.plan",),
    ("vmb.generate.procedural", "vmb.generate.llm"),
    ("vmb.generate.export",),
    ("vmb.generate.pipeline", "vmb.generate.store", "vmb.generate.review", "vmb.generate.estimate", "vmb.generate"),
]
SIDE_BY_SIDE = ("vmb.generate.procedural", "vmb.generate.llm")


def generate_layer(module: str) -> tuple[int, str]:
    """The generator layer of a module and the name it is listed under (the longest listed prefix)."""
    found = [(number, prefix) for number, names in enumerate(GENERATE_LAYERS) for prefix in names
             if module == prefix or module.startswith(prefix + ".")]
    assert found, f"{module} is in no layer of GENERATE_LAYERS: add it there and to vmb/generate/README.md"
    return max(found, key=lambda item: len(item[1]))


def test_the_generator_s_layers_point_one_way() -> None:
    wrong = []
    for a, targets in imports().items():
        if not a.startswith("vmb.generate"):
            continue
        (here, home) = generate_layer(a)
        for b in sorted(t for t in targets if t.startswith("vmb.generate")):
            there, other = generate_layer(b)
            if there > here or (home in SIDE_BY_SIDE and other in SIDE_BY_SIDE and home != other):
                wrong.append(f"{a} ({home}) imports {b} ({other})")
    assert not wrong, "\n".join(wrong)
