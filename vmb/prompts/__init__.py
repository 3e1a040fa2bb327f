"""The prompts the harness sends, one versioned file each (``NAME.md`` beside this module).

A file starts with a small header (``name``, ``version``) between ``---`` lines; the rest is a
``string.Template`` body (``$placeholder``). A run records each prompt's version and the SHA-256 of
the file, so a changed prompt is visible in ``config.json`` even if someone forgets to bump the
version. ``memory.md`` holds one ``## setting`` section per memory setting. The versions earlier vmbs wrote are kept in
``earlier/`` (``recorded_prompt``), so that validation reads an older run against the prompt it was given.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Template

PROMPT_DIR = Path(__file__).resolve().parent
EARLIER_DIR = PROMPT_DIR / "earlier"
_PLACEHOLDER = re.compile(r"\$(?:(\w+)|\{(\w+)\})")


@dataclass(frozen=True)
class Prompt:
    name: str
    version: int
    body: str
    sha256: str

    def render(self, **values: str) -> str:
        """Fill every ``$placeholder``; a missing value raises (a harness bug, not model output)."""
        return Template(self.body).substitute(values).strip()

    def fields(self, text: str) -> dict[str, str] | None:
        """The values ``render`` filled in to give ``text``, or None when ``text`` is not this prompt's.

        Each placeholder matches as little as it can, so a value holding the literal text that follows
        its placeholder is cut there (the prompts' values are dates, lines and memories, which do not).
        """
        body = self.body.strip()
        pattern, seen, last = [], set(), 0
        for match in _PLACEHOLDER.finditer(body):
            name = match.group(1) or match.group(2)
            pattern.append(re.escape(body[last:match.start()]))
            pattern.append(f"(?P={name})" if name in seen else f"(?P<{name}>.*?)")
            seen.add(name)
            last = match.end()
        pattern.append(re.escape(body[last:]))
        found = re.fullmatch("".join(pattern), text.strip(), flags=re.DOTALL)
        return None if found is None else found.groupdict()

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
    return _parsed(name, (PROMPT_DIR / f"{name}.md").read_text(encoding="utf-8"))


@cache
def earlier_prompts(name: str) -> tuple[Prompt, ...]:
    """The versions of prompt ``name`` earlier vmbs wrote, kept byte for byte in ``earlier/NAME.vN.md`` so that a
    run they made can still be read against the prompt it was given (``recorded_prompt``)."""
    return tuple(_parsed(name, path.read_text(encoding="utf-8"))
                 for path in sorted(EARLIER_DIR.glob(f"{name}.v*.md")))


def recorded_prompt(name: str, recorded: object) -> Prompt | None:
    """The prompt ``name`` a run's header records (``{"version": n, "sha256": hex}``): this vmb's or an earlier
    one's, matched by version and SHA-256; None when this vmb does not know it (a later vmb's, or edited)."""
    if not isinstance(recorded, dict):
        return None
    return next((prompt for prompt in (load_prompt(name), *earlier_prompts(name))
                 if recorded.get("version") == prompt.version and recorded.get("sha256") == prompt.sha256), None)


def _parsed(name: str, raw: str) -> Prompt:
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
