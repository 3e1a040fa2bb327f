"""The prompts the harness sends, one versioned file each (``NAME.md`` beside this module).

A file starts with a small header (``name``, ``version``) between ``---`` lines; the rest is a
``string.Template`` body (``$placeholder``). A run records each prompt's version and the SHA-256 of
the file, so a changed prompt is visible in ``config.json`` even if someone forgets to bump the
version. ``memory.md`` holds one ``## setting`` section per memory setting.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Template

PROMPT_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Prompt:
    name: str
    version: int
    body: str
    sha256: str

    def render(self, **values: str) -> str:
        """Fill every ``$placeholder``; a missing value raises (a harness bug, not model output)."""
        return Template(self.body).substitute(values).strip()

    def section(self, heading: str) -> Prompt:
        """The ``## heading`` section of a multi-section file, as a prompt of its own."""
        parts = self.body.split("\n## ")
        for part in parts[1:]:
            title, _, text = part.partition("\n")
            if title.strip() == heading:
                return Prompt(f"{self.name}#{heading}", self.version, text, self.sha256)
        raise KeyError(f"prompt {self.name!r} has no section {heading!r}")


@cache
def load_prompt(name: str) -> Prompt:
    raw = (PROMPT_DIR / f"{name}.md").read_text(encoding="utf-8")
    _, header, body = raw.split("---\n", 2)
    fields = dict(line.split(":", 1) for line in header.strip().splitlines())
    if fields.get("name", "").strip() != name:
        raise ValueError(f"prompt file {name}.md declares name {fields.get('name')!r}")
    return Prompt(
        name=name,
        version=int(fields["version"]),
        body="\n" + body,
        sha256=hashlib.sha256(raw.encode("utf-8")).hexdigest(),
    )


def prompt_versions(names: list[str]) -> dict[str, dict[str, object]]:
    """``{name: {"version": n, "sha256": hex}}`` for the run's config."""
    return {n: {"version": load_prompt(n).version, "sha256": load_prompt(n).sha256} for n in sorted(names)}
