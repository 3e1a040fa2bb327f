"""The public release, pinned: each of its 100 files' SHA-256 and size, shipped with vmb (``release.json``).

``vmb data fetch`` keeps only a download whose every file is the pinned one (and reads no more of a file than
its pinned size), and a benchmark named by ``--data`` or ``$VMB_DATA`` that is not the release is said so
(``vmb.data.locate.note_if_not_release``), so that no figure is computed on other data without a word. The
pins were computed from the unchanged public release; ``sha256sum`` of a copy's files gives the same digests.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TypedDict

from vmb.jsontypes import check

PINS = Path(__file__).with_name("release.json")


class _Pin(TypedDict):
    sha256: str
    bytes: int


class _PinFile(TypedDict):
    format: int
    files: dict[str, _Pin]


@dataclass(frozen=True)
class Pin:
    """One file of the release: its SHA-256 in hex and its size in bytes."""

    sha256: str
    size: int


@functools.cache
def pinned() -> dict[str, Pin]:
    """Each release file's path relative to the release's root → its pin (read once from ``release.json``)."""
    data = json.loads(PINS.read_text(encoding="utf-8"))
    check(data, _PinFile, PINS.name)
    return {name: Pin(pin["sha256"], pin["bytes"]) for name, pin in data["files"].items()}


def differences(digests: Mapping[str, str]) -> list[str]:
    """How a benchmark's files (path → SHA-256, as ``vmb.data.locate.data_identity`` reads them) differ from the
    release's, one phrase each, changed files first; empty for the release itself."""
    pins = pinned()
    changed = [name for name, pin in pins.items() if name in digests and digests[name] != pin.sha256]
    missing = [name for name in pins if name not in digests]
    extra = sorted(name for name in digests if name not in pins)
    return ([f"{name} differs" for name in changed] + [f"{name} is missing" for name in missing]
            + [f"{name} is not a release file" for name in extra])
