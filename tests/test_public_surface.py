"""The notebooks read vmb through one public surface each: the report's notebooks ``vmb.analysis`` alone (as ``va``),
those about made benchmarks (06, 08) that and the maker's public module (``vmb.maker.public`` as ``mk``); every name they
reach through either is declared there."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import vmb.analysis as va

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
MAKER_NOTEBOOKS = ("06_generated", "08_audit")


def code(notebook: Path) -> str:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_imports_vmb_only_through_its_public_modules(notebook: Path) -> None:
    imports = set(re.findall(r"^\s*((?:from|import) vmb\S*.*)$", code(notebook), re.MULTILINE))
    allowed = {"import vmb.analysis as va"} | ({"import vmb.maker.public as mk"} if notebook.stem in MAKER_NOTEBOOKS else set())
    assert imports <= allowed and "import vmb.analysis as va" in imports, imports


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_name_a_notebook_reaches_is_declared(notebook: Path) -> None:
    source = code(notebook)
    surface = set(dir(va))
    missing = sorted({name for name in re.findall(r"\bva\.(\w+)", source) if name not in surface})
    assert not missing, missing
    for module, name in re.findall(r"\bva\.(\w+)\.(\w+)", source):
        if module in va.SUBMODULES or module == "stats":
            assert hasattr(getattr(va, module), name), f"va.{module}.{name}"


@pytest.mark.make
@pytest.mark.parametrize("notebook", [n for n in NOTEBOOKS if n.stem in MAKER_NOTEBOOKS], ids=lambda path: path.stem)
def test_every_name_a_notebook_reaches_of_the_maker_is_declared(notebook: Path) -> None:
    import vmb.maker.public as mk

    assert not sorted(set(re.findall(r"\bmk\.(\w+)", code(notebook))) - set(mk.PUBLIC))
