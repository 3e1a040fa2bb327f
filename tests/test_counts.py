"""Counts of the car written in prose (README, docs, docstrings, the notebooks' captions) are the computed ones."""

from __future__ import annotations

import re
from pathlib import Path

from vmb.sim.registry import API_BY_NAME, MODULES

ROOT = Path(__file__).resolve().parents[1]
COUNTED = re.compile(r"\b(\d+) (?:declared |vehicle )?(modules|module names|APIs)\b")


def test_every_written_count_of_modules_and_apis_is_the_computed_one() -> None:
    actual = {"modules": len(MODULES), "module names": len(MODULES), "APIs": len(API_BY_NAME)}
    files = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "vmb").rglob("*.py")),
             *sorted((ROOT / "notebooks").glob("*.ipynb"))]
    wrong = [f"{path.relative_to(ROOT)}: {match.group(0)} (there are {actual[match.group(2)]})"
             for path in files for match in COUNTED.finditer(path.read_text(encoding="utf-8"))
             if int(match.group(1)) != actual[match.group(2)]]
    assert not wrong, "\n".join(wrong)
