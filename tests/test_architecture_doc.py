"""The "to add X, touch these files" table of docs/architecture.md names files and registries that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
ROWS = ("a metric", "a memory system", "a vehicle module", "a report figure", "a baseline agent", "a reasoning type")


def table_rows() -> dict[str, str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## To add X, touch these files", 1)[1].split("\n## ", 1)[0]
    return {cells[1].strip(): line for line in section.splitlines()
            if line.startswith("| a ") and len(cells := line.split("|")) > 3}


def test_every_row_is_there() -> None:
    found = table_rows()
    assert [row for row in ROWS if not any(k.startswith(row) for k in found)] == []


def test_every_named_file_and_registry_exists() -> None:
    missing = []
    for row, line in table_rows().items():
        named = re.findall(r"`((?:vmb|notebooks)/[^`]*?)`", line)
        paths = [p for p in named if "NAME" not in p]
        missing += [f"{row}: {p}" for p in paths if not (ROOT / p).exists()]
        # A new file's place (``NAME.py``): one that is already there shows what it declares.
        examples = [min((f for f in ROOT.glob(p.replace("NAME", "*")) if not f.name.startswith("_")), default=None)
                    for p in named if "NAME" in p]
        files = [ROOT / p for p in paths if p.endswith(".py")] + [f for f in examples if f is not None]
        source = "".join(f.read_text(encoding="utf-8") for f in files if f.exists())
        for name in re.findall(r"`([A-Z][A-Z_]{2,})`", line):
            if not re.search(rf"^{name}\b.*=", source, re.MULTILINE):
                missing.append(f"{row}: {name} is not defined in {', '.join(paths)}")
    assert not missing, "\n".join(missing)


def test_every_name_of_the_public_surface_exists() -> None:
    import importlib

    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The public surface", 1)[1].split("\n## ", 1)[0]
    missing = []
    from vmb import extras

    for dotted in sorted(set(re.findall(r"`(vmb(?:\.\w+)+)", section))):
        extra = extras.folder_extra(dotted)
        if extra is not None and extras.missing(extra):
            continue  # an extra's part, not installed here (a core-only venv)
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):  # the longest importable module, then attributes on it
            try:
                found: object = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for name in parts[cut:]:
                found = getattr(found, name, None)
            if found is None:
                missing.append(dotted)
            break
    assert not missing, missing
