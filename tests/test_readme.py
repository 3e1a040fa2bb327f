"""The README is an index a newcomer reads in minutes: every command in it, every link resolving, its Layout
the layers the architecture test holds, and short."""

from __future__ import annotations

import re
from pathlib import Path

from tests.test_architecture import LAYERS
from vmb.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAX_LINES = 250


def _section(text: str, heading: str) -> str:
    return text.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def _anchors(page: Path) -> set[str]:
    """GitHub's anchors of a Markdown page's headings (lowercase, punctuation dropped, spaces as dashes)."""
    heads = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", head.strip().lower()).replace(" ", "-") for head in heads}


def _links(page: Path) -> list[tuple[str, str]]:
    """(target, anchor) of every relative link of a page; code blocks left out."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    found = re.findall(r"\]\(([^)\s]+)\)", text)
    return [tuple(link.partition("#")[::2]) for link in found if not re.match(r"[a-z]+:", link)]  # type: ignore[misc]


def test_the_readme_is_short() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= MAX_LINES


def test_every_command_of_vmb_help_is_in_the_table() -> None:
    table = _section(README.read_text(encoding="utf-8"), "The two commands")
    listed = re.findall(r"^\| `vmb ([a-z]+)", table, re.MULTILINE)
    assert sorted(listed) == sorted(COMMANDS)


def test_every_link_of_the_readme_and_docs_resolves() -> None:
    broken = []
    for page in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        for target, anchor in _links(page):
            path = (page.parent / target).resolve() if target else page
            if not path.exists():
                broken.append(f"{page.name}: {target}")
            elif anchor and path.suffix == ".md" and anchor not in _anchors(path):
                broken.append(f"{page.name}: {target}#{anchor}")
    assert not broken, "\n".join(broken)


def test_the_layout_is_the_architecture_tests_layers() -> None:
    layout = _section(README.read_text(encoding="utf-8"), "Layout")
    rows = {int(number): set(re.findall(r"`(\w+)`", modules))
            for number, modules in re.findall(r"^\| (\d) \| ([^|]+) \|", layout, re.MULTILINE)}
    # A folder's own layer for its commands or one module (``vmb.maker.commands``) is docs/architecture.md's.
    declared = {number: {name.removeprefix("vmb.") for name in names if name.count(".") <= 1} - {"vmb", "__main__"}
                for number, names in enumerate(LAYERS)}
    assert rows == declared


def test_every_top_level_module_is_in_the_layout() -> None:
    layout = _section(README.read_text(encoding="utf-8"), "Layout")
    named = set(re.findall(r"`(\w+)`", layout))
    package = {p.stem for p in (ROOT / "vmb").iterdir()
               if (p.suffix == ".py" or (p / "__init__.py").exists()) and not p.name.startswith("__")}
    assert package - named == set()
