"""No key leaves in a bundle: every string of every file packed is checked, not assumed clean.

Two tests, each on every JSON string (keys included) of the JSON files, every line of the JSON-lines
files and every line of the text files: the shapes of the common API keys and tokens (``KEY_SHAPES``),
and the values of this process's environment variables whose names say they hold one
(``SECRET_NAMES``: ``OPENAI_API_KEY``, ``HF_TOKEN``, ``AWS_SECRET_ACCESS_KEY``, ...; values of at least
``MIN_SECRET`` characters, so a flag such as ``1`` is not one). The first finding names the file and
the field, never the value.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from typing import Any

from vmb.publish.manifest import BundleError

KEY_SHAPES: dict[str, re.Pattern[str]] = {
    "an OpenAI-style key (sk-...)": re.compile(r"(?<![A-Za-z0-9])sk-(?:[A-Za-z0-9_\-]{2,}-)?[A-Za-z0-9_\-]{16,}"),
    "a GitHub token": re.compile(r"(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})"),
    "a Hugging Face token (hf_...)": re.compile(r"(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}"),
    "an AWS access key id": re.compile(r"(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])"),
    "a Google API key": re.compile(r"(?<![A-Za-z0-9])AIza[A-Za-z0-9_\-]{35}"),
    "a Slack token": re.compile(r"(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9\-]{10,}"),
    "a bearer token": re.compile(r"\b[Bb]earer\s+[A-Za-z0-9_\-.=]{20,}"),
    "a private key": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
}
SECRET_NAMES = re.compile(r"KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH", re.IGNORECASE)
MIN_SECRET = 8


def environment_secrets(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Variable name -> value of every environment variable whose name says it holds a secret."""
    env = os.environ if environ is None else environ
    return {name: value for name, value in env.items() if SECRET_NAMES.search(name) and len(value) >= MIN_SECRET}


def _strings(value: Any, path: str) -> Iterator[tuple[str, str]]:
    """(field path, string) of every string in a parsed JSON value, keys included."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            yield where, str(key)
            yield from _strings(item, where)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _strings(item, f"{path}[{index}]")


def _fields(name: str, data: bytes) -> Iterator[tuple[str, str]]:
    """(where, text) of every string of one file, each named as a reader finds it."""
    text = data.decode("utf-8", errors="replace")
    if name.endswith(".json"):
        try:
            yield from ((field or "the whole file", s) for field, s in _strings(json.loads(text), ""))
            return
        except (ValueError, RecursionError):
            pass
    for number, line in enumerate(text.splitlines(), 1):
        if name.endswith(".jsonl"):
            try:
                yield from ((f"line {number}: {field or 'the line'}", s) for field, s in _strings(json.loads(line), ""))
                continue
            except (ValueError, RecursionError):
                pass
        yield f"line {number}", line


def find_secret(name: str, data: bytes, secrets: Mapping[str, str]) -> str | None:
    """Where in the file ``name`` a key shape or a secret's value first shows, and which; None if nowhere."""
    for where, text in _fields(name, data):
        for variable, value in secrets.items():
            if value in text:
                return f"{where} holds the value of ${variable}"
        for kind, shape in KEY_SHAPES.items():
            if shape.search(text):
                return f"{where} holds what looks like {kind}"
    return None


def refuse_secrets(files: Mapping[str, bytes], label: Mapping[str, str] | None = None) -> None:
    """A ``BundleError`` naming the first file and field holding a key; ``label`` names each file for the user."""
    secrets = environment_secrets()
    for name, data in files.items():
        found = find_secret(name, data, secrets)
        if found is not None:
            shown = (label or {}).get(name, name)
            raise BundleError(f"{shown} {found}; nothing was packed (remove it from the run, or unset the variable "
                              "if it holds no secret)")
