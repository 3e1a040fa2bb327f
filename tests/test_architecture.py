"""The import graph of ``vmb`` has no cycle and no arrow from a lower layer to a higher one.

Layers (docs/architecture.md), lowest first; a module may import its own layer and those below.
Imports inside functions count as much as those at the top of a file.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from vmb.extras import EXTRAS

PACKAGE = Path(__file__).resolve().parents[1] / "vmb"

LAYERS: list[tuple[str, ...]] = [
    ("vmb.sim", "vmb.tokens", "vmb.paper", "vmb.prompts", "vmb.textable", "vmb.uncertainty", "vmb.prices",
     "vmb.usage", "vmb.tomlfile", "vmb.bounds", "vmb.errors", "vmb.outdir", "vmb.terminal",
     "vmb.boundedjson", "vmb.jsontypes", "vmb.usercache", "vmb.extras", "vmb.escape"),
    ("vmb.score", "vmb.data", "vmb.llm"),
    ("vmb.stats", "vmb.memory", "vmb.systems"),
    ("vmb.doubles", "vmb.local", "vmb.maker"),
    ("vmb.results",),
    ("vmb.harness",),
    ("vmb.analysis", "vmb.serve"),
    ("vmb.report", "vmb.maker.audit.figure", "vmb.maker.public"),
    ("vmb.publish",),
    ("vmb.commands", "vmb.cli", "vmb.__main__", "vmb", "vmb.maker.commands", "vmb.local.command",
     "vmb.publish.commands", "vmb.serve.command"),
]
# The one door to an extra's parts: it loads what its callers' tables name (their arrows); the module names in
# its own strings are the extras' folders, which it declares, not loads.
DOOR = "vmb.extras"
# The extras' folders (vmb.extras.EXTRAS): the core, everything else under vmb, never imports them. It
# reaches their parts only through vmb.extras.load, given a declared table's entry and the extra it needs.
EXTRA_FOLDERS = ("vmb.maker", "vmb.publish", "vmb.local", "vmb.systems", "vmb.serve")
# The packages only an extra brings (pyproject.toml's optional dependencies): the core imports none.
# Those vmb.extras declares for each extra, and what else the extras' code imports that the core must not, though
# some come with the core's own dependencies (pydantic with the model client, jsonschema with nbformat).
EXTRA_PACKAGES = tuple(sorted({package for extra in EXTRAS.values() for package in extra.packages}
                              | {"pydantic", "jsonschema", "qdrant_client", "lightmem", "mcp_types"}))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports() -> dict[str, set[str]]:
    """Module → the ``vmb`` modules it imports (``from vmb.x import y`` names module ``vmb.x``, or ``vmb.x.y``
    when that is a module), loads by ``importlib.import_module`` included."""
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    return {module_name(path): module_imports(path.read_text(encoding="utf-8"), module_name(path), modules)
            for path in PACKAGE.rglob("*.py")}


def module_imports(source: str, name: str, modules: set[str]) -> set[str]:
    """The ``vmb`` modules of ``modules`` that module ``name`` (its ``source``) imports."""
    tree = ast.parse(source)
    targets: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # ``from vmb.analysis import runs`` imports the submodule vmb.analysis.runs; a name, its module.
            targets.update(f"{node.module}.{alias.name}" if f"{node.module}.{alias.name}" in modules else node.module
                           for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            raise AssertionError(f"{name}: relative import; write the module's full name")
        elif isinstance(node, ast.Call) and _is_import_module(node.func) and node.args and name != DOOR:
            targets.update(_loaded(node.args[0], tree, name, modules))
    resolved = set()
    for target in targets:
        while target not in modules and "." in target:
            target = target.rsplit(".", 1)[0]
        if target in modules and target.startswith("vmb") and target != name:
            resolved.add(target)
    return resolved


def _is_import_module(func: ast.expr) -> bool:
    """``importlib.import_module``, ``import_module`` (from importlib) or ``__import__``."""
    return (isinstance(func, ast.Attribute) and func.attr == "import_module") or (
        isinstance(func, ast.Name) and func.id in ("import_module", "__import__"))


def _pattern(node: ast.expr, here: str) -> str | None:
    """A regular expression of the module names an expression in module ``here`` can spell: a string literal,
    ``__name__``, an f-string or a sum of them (what else is computed matching any dotted name); None for
    anything else (a variable)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return re.escape(node.value)
    if isinstance(node, ast.Name) and node.id == "__name__":
        return re.escape(here)
    if isinstance(node, ast.FormattedValue):
        return _pattern(node.value, here) if isinstance(node.value, ast.Name) and node.value.id == "__name__" \
            else r"[\w.]+"
    if isinstance(node, ast.JoinedStr):
        parts = [_pattern(value, here) for value in node.values]
        return None if None in parts else "".join(parts)  # type: ignore[arg-type]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _pattern(node.left, here), _pattern(node.right, here)
        return None if left is None or right is None else left + right
    return None


def _loaded(argument: ast.expr, tree: ast.Module, here: str, modules: set[str]) -> set[str]:
    """The modules an ``import_module(argument)`` may load. A literal or f-string names them (an f-string
    every module it matches); a variable is read as any module its file names in a string literal, as
    ``vmb.commands.run`` or ``vmb.memory.simple:NoMemory`` in a declared table (``COMMANDS``, ``SHIPPED``)."""
    pattern = _pattern(argument, here)
    if pattern is None:
        spelled = {node.value.split(":")[0] for node in ast.walk(tree)
                   if isinstance(node, ast.Constant) and isinstance(node.value, str)}
        return spelled & modules
    return {module for module in modules if re.fullmatch(pattern, module)}


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


def test_a_load_by_importlib_is_an_arrow() -> None:
    # The loop issue 38 found: vmb.cli loaded the commands from its table, and a command imported vmb.cli.note.
    modules = {"vmb.cli", "vmb.commands.run", "vmb.commands.show", "vmb.terminal"}
    table = ('import importlib\nCOMMANDS = {"run": ("vmb.commands.run", "run a model")}\n'
             "def build():\n    for name, (module, _) in COMMANDS.items():\n"
             "        importlib.import_module(module)\n")
    assert module_imports(table, "vmb.cli", modules) == {"vmb.commands.run"}
    assert module_imports("import importlib\nimportlib.import_module('vmb.terminal')\n", "vmb.cli", modules) == {
        "vmb.terminal"}
    assert module_imports("from importlib import import_module\n"
                          "def load(name):\n    return import_module(f'vmb.commands.{name}')\n",
                          "vmb.cli", modules) == {"vmb.commands.run", "vmb.commands.show"}
    assert module_imports("import importlib\ndef load(name):\n    return importlib.import_module(f'{__name__}.{name}')\n",
                          "vmb.commands", modules) == {"vmb.commands.run", "vmb.commands.show"}
    assert module_imports("def run(args):\n    from vmb.cli import note\n", "vmb.commands.run", modules) == {"vmb.cli"}


COMMAND_LAYER = len(LAYERS) - 1
TERMINAL = "vmb.terminal"  # the one writer: the commands print through it (note, say)


def _program(tree: ast.Module) -> set[ast.AST]:
    """The functions a module runs as a program (``python -m MODULE``: called from its ``__main__`` block,
    directly or through one another): their output is the program's, as a command's is."""
    functions = {node.name: node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    guards = [node for node in tree.body if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)]
    called = {node.func.id for guard in guards for node in ast.walk(guard)
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    found: set[str] = set()
    while called - found:
        name = (called - found).pop()
        found.add(name)
        if name in functions:
            called |= {node.func.id for node in ast.walk(functions[name])
                       if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    return {functions[name] for name in found if name in functions} | set(guards)


def printing(source: str) -> list[tuple[int, str]]:
    """(line, what) of each place a module writes the terminal itself: ``print``, ``sys.stdout``/``sys.stderr``,
    the writer's ``note``/``say`` (outside the functions it runs as a program)."""
    tree = ast.parse(source)
    inside = {id(node) for program in _program(tree) for node in ast.walk(program)}
    found = []
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        if isinstance(node, ast.Name) and node.id == "print":
            found.append((node.lineno, "print"))
        elif isinstance(node, ast.Attribute) and node.attr in ("stdout", "stderr") and \
                isinstance(node.value, ast.Name) and node.value.id == "sys":
            found.append((node.lineno, f"sys.{node.attr}"))
        elif isinstance(node, ast.ImportFrom) and node.module in ("sys", TERMINAL):
            found += [(node.lineno, f"{node.module}.{alias.name}") for alias in node.names
                      if alias.name in ("stdout", "stderr", "note", "say")]
    return found


def test_no_module_below_the_commands_prints() -> None:
    # What a module below the commands has to tell as it goes, it hands to a callback its caller gives
    # (warn, say); the command passes vmb.terminal.note. A tqdm bar, which a command switches on, is not
    # counted here.
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
             for path in sorted(PACKAGE.rglob("*.py"))
             if layer(module_name(path)) < COMMAND_LAYER and module_name(path) != TERMINAL
             for line, what in printing(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_a_print_below_the_commands_is_seen() -> None:
    assert printing("import sys\ndef warn(x):\n    print(x, file=sys.stderr)\n") == [(3, "print"), (3, "sys.stderr")]
    assert printing("def f(log=print):\n    pass\n") == [(1, "print")]
    assert printing("from vmb.terminal import note\n") == [(1, "vmb.terminal.note")]
    assert printing("import sys\ndef main():\n    print(1)\nif __name__ == '__main__':\n    sys.exit(main())\n") == []


def test_values_in_text_are_read_by_vmb_data_spoken_not_the_generator() -> None:
    # The baselines and the audit hear values as the generator says them, through vmb.data.spoken;
    # of the generator they read only its setting catalog (the audit's catalog phrases).
    readers = ("vmb.doubles", "vmb.maker.audit")
    found = [f"{a} imports {b}" for a, targets in imports().items() if a.startswith(readers)
             for b in sorted(targets) if b.startswith("vmb.maker.generate") and b != "vmb.maker.generate.settings"]
    assert not found, "\n".join(found)


def test_a_made_benchmark_s_metadata_is_read_through_vmb_data_only() -> None:
    # metadata.json is read by vmb.data.metadata (typed) and written by the generator's export; the
    # layers that run and score a benchmark read it without importing the generator.
    found = [f"{a} imports {b}" for a, targets in imports().items()
             if a.startswith(("vmb.results", "vmb.harness", "vmb.analysis", "vmb.report", "vmb.stats"))
             for b in sorted(targets) if b.startswith("vmb.maker.generate")]
    assert not found, "\n".join(found)
    readers = [p.relative_to(PACKAGE.parent).as_posix() for p in PACKAGE.rglob("*.py")
               if "read_metadata" in p.read_text(encoding="utf-8") and "def read_metadata" in p.read_text(encoding="utf-8")]
    assert readers == ["vmb/data/metadata.py"], readers


# The generator's own layers (vmb/maker/generate/README.md), lowest first: a module imports its own
# layer and those below. The procedural wording and the LLM backend share a layer and neither
# imports the other: both make sentences from the same plan.
GENERATE_LAYERS: list[tuple[str, ...]] = [
    ("vmb.maker.generate.schemas", "vmb.maker.generate.settings", "vmb.maker.generate.version"),
    ("vmb.maker.generate.words",),
    ("vmb.maker.generate.plan",),
    ("vmb.maker.generate.procedural", "vmb.maker.generate.llm"),
    ("vmb.maker.generate.export",),
    ("vmb.maker.generate.pipeline", "vmb.maker.generate.store", "vmb.maker.generate.review", "vmb.maker.generate.estimate", "vmb.maker.generate"),
]
SIDE_BY_SIDE = ("vmb.maker.generate.procedural", "vmb.maker.generate.llm")


def generate_layer(module: str) -> tuple[int, str]:
    """The generator layer of a module and the name it is listed under (the longest listed prefix)."""
    found = [(number, prefix) for number, names in enumerate(GENERATE_LAYERS) for prefix in names
             if module == prefix or module.startswith(prefix + ".")]
    assert found, f"{module} is in no layer of GENERATE_LAYERS: add it there and to vmb/maker/generate/README.md"
    return max(found, key=lambda item: len(item[1]))


def test_the_generator_s_layers_point_one_way() -> None:
    wrong = []
    for a, targets in imports().items():
        if not a.startswith("vmb.maker.generate"):
            continue
        (here, home) = generate_layer(a)
        for b in sorted(t for t in targets if t.startswith("vmb.maker.generate")):
            there, other = generate_layer(b)
            if there > here or (home in SIDE_BY_SIDE and other in SIDE_BY_SIDE and home != other):
                wrong.append(f"{a} ({home}) imports {b} ({other})")
    assert not wrong, "\n".join(wrong)


def in_extra(module: str) -> bool:
    return any(module == folder or module.startswith(folder + ".") for folder in EXTRA_FOLDERS)


def extra_imports(source: str, name: str, modules: set[str]) -> list[str]:
    """Where module ``name`` (its ``source``) imports an extra's folder or package itself: an ``import``
    statement (in a function or under ``TYPE_CHECKING`` too) or a load of a spelled name. A load through
    the declared door (``extras.load`` of a table's entry) is not one: it checks the extra first."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            targets = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and _is_import_module(node.func) and node.args:
            pattern = _pattern(node.args[0], name)
            targets = [m for m in modules if pattern is not None and re.fullmatch(pattern, m)]
        else:
            continue
        found += [f"{name}:{node.lineno} imports {target}" for target in targets
                  if in_extra(target) or target.split(".")[0] in EXTRA_PACKAGES]
    return found


def test_the_core_imports_no_extra() -> None:
    modules = {module_name(p) for p in PACKAGE.rglob("*.py")}
    found = [line for path in sorted(PACKAGE.rglob("*.py")) if not in_extra(module_name(path))
             for line in extra_imports(path.read_text(encoding="utf-8"), module_name(path), modules)]
    assert not found, "\n".join(sorted(set(found)))


def test_an_import_of_an_extra_is_seen() -> None:
    modules = {"vmb.maker.twin", "vmb.extras", "vmb.harness.config"}
    source = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from vmb.maker.twin import Twin\n"
              "def f():\n    import torch.nn\n    return importlib.import_module('vmb.maker.twin')\n"
              "def g(target):\n    return extras.load(target, 'make', 'x')\n")
    assert extra_imports(source, "vmb.harness.config", modules) == [
        "vmb.harness.config:3 imports vmb.maker.twin", "vmb.harness.config:3 imports vmb.maker.twin.Twin",
        "vmb.harness.config:5 imports torch.nn", "vmb.harness.config:6 imports vmb.maker.twin"]


def test_every_table_entry_in_an_extra_names_its_extra() -> None:
    from vmb import extras
    from vmb.cli import COMMANDS
    from vmb.doubles.offline import AGENT_FAMILIES

    assert {extra.name for extra in extras.EXTRAS.values() if extra.folders} >= {"make", "publish", "local", "systems",
                                                                                 "serve"}
    assert sorted(folder for extra in extras.EXTRAS.values() for folder in extra.folders) == sorted(EXTRA_FOLDERS)
    wrong = [f"vmb {name}: {module} is the {extras.folder_extra(module)} extra's, declared {extra}"
             for name, (module, _, extra) in COMMANDS.items() if extras.folder_extra(module) != extra]
    wrong += [f"{family}: {target} is the {extras.folder_extra(target)} extra's, declared {extra}"
              for family, (target, extra) in AGENT_FAMILIES.items()
              if extras.folder_extra(target.split(":")[0]) != extra]
    assert not wrong, "\n".join(wrong)

