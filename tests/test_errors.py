"""One error base: every error a user can fix is a VmbError, and the command line prints it as one line."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from vmb import cli
from vmb.errors import VmbError

PACKAGE = Path(__file__).resolve().parents[1] / "vmb"
# Errors that are not the user's to fix: a model endpoint that cannot be used or answer (counted as a
# failed request, never scored) and the systems built on it.
NOT_THE_USERS = {"VmbError", "FatalModelError", "MemoryServiceError", "TransportError"}


def test_every_error_class_derives_from_vmb_error() -> None:
    strays = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.name.endswith("Error"):
                bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                if node.name not in NOT_THE_USERS and not bases & {"VmbError", *_subclasses()}:
                    strays.append(f"{path.relative_to(PACKAGE)}: {node.name}")
    assert not strays, "\n".join(strays)


def _subclasses() -> set[str]:
    import importlib
    import pkgutil

    import vmb

    for module in pkgutil.walk_packages(vmb.__path__, "vmb."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found, todo = set(), [VmbError]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.add(sub.__name__)
            todo.append(sub)
    return found


def test_the_command_line_prints_a_vmb_error_as_one_line(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    import vmb.commands.show as show

    def fail(args: object) -> int:
        raise VmbError("runs/x/config.json is damaged (no hash text)")

    monkeypatch.setattr(show, "run", fail)
    assert cli.main(["show", "runs/x"]) == 1
    err = capsys.readouterr().err
    assert err == "vmb show: runs/x/config.json is damaged (no hash text)\n"
