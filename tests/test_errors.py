"""One error base: every error a user can fix is a VmbError, and the command line prints it as one line."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vmb import cli
from vmb.errors import Exit, OptionError, VmbError
from vmb.llm.model import FatalModelError

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
    assert cli.main(["show", "runs/x"]) == Exit.ERROR
    err = capsys.readouterr().err
    assert err == "vmb show: runs/x/config.json is damaged (no hash text)\n"


def test_the_status_table_of_the_architecture_doc_is_the_declared_one() -> None:
    doc = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = doc.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| status")]
    assert rows == [[str(status.value), f"`{status.name}`", status.meaning] for status in Exit]


@pytest.mark.parametrize(("raised", "status", "said"), [
    (OptionError("--rounds must be at least 1, got 0"), 2, "vmb stats: --rounds must be at least 1, got 0\n"),
    (FatalModelError("the endpoint refused the key"), 2, "vmb stats: stopped: the endpoint refused the key\n"),
    # Nothing of a benchmark resumes: the line says no more than what is true.
    (KeyboardInterrupt(), 130, "vmb stats: interrupted\n"),
    (cli.Terminated(), 143, "vmb stats: terminated\n"),
])
def test_the_command_line_picks_the_status_and_says_the_line(
        raised: BaseException, status: int, said: str, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import vmb.commands.stats as stats

    def fail(args: object) -> int:
        raise raised

    monkeypatch.setattr(stats, "run", fail)
    assert cli.main(["stats"]) == status
    assert capsys.readouterr().err == said


@pytest.mark.parametrize(("raised", "said"), [(KeyboardInterrupt(), "interrupted"), (cli.Terminated(), "terminated")])
def test_a_stopped_local_server_says_no_resume(raised: BaseException, said: str, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import vmb.local.command as local

    def stop(args: object) -> int:  # a stop while the server starts: nothing of it resumes
        raise raised

    monkeypatch.setattr(local, "run", stop)
    cli.main(["local", "serve", "qwen2.5-coder-0.5b"])
    assert capsys.readouterr().err == f"vmb local serve: {said}\n"


def test_a_stop_of_a_command_that_resumes_says_so(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import vmb.commands.memory as memory

    def stop(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(memory, "run", stop)
    assert cli.main(["memory", "ingest"]) == Exit.INTERRUPTED
    assert capsys.readouterr().err == "vmb memory ingest: interrupted; rerun the same command to build the rest\n"


@pytest.mark.parametrize("command", [["memory", "list"], ["local", "list"]])
def test_output_into_a_closed_pipe_ends_quietly(command: list[str], tmp_path: Path) -> None:
    reader, writer = os.pipe()
    os.close(reader)  # `| head` that has read its lines and gone
    try:
        done = subprocess.run([sys.executable, "-m", "vmb", *command], stdout=writer, stderr=subprocess.PIPE,
                              text=True, check=False,
                              env={**os.environ, "VMB_MODEL_DIR": str(tmp_path), "PYTHONPATH": str(PACKAGE.parent)})
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (Exit.BROKEN_PIPE, "")


def test_a_broken_pipe_that_is_not_stdouts_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    import vmb.commands.show as show

    def socket_write(args: object) -> int:
        raise BrokenPipeError(32, "Broken pipe")  # a model server that closed its socket

    monkeypatch.setattr(show, "run", socket_write)
    with pytest.raises(BrokenPipeError):
        cli.main(["show", "runs/x"])


def _own_error_prints(path: Path) -> list[str]:
    """What in a command module prints an error or picks a status itself, instead of raising for vmb.cli."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        where = f"{path.name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Attribute) and node.attr == "stderr":
            found.append(f"{where}: writes stderr (raise a VmbError, or vmb.terminal.note for a warning)")
        elif isinstance(node, ast.Attribute) and node.attr == "exit" or \
                isinstance(node, ast.Name) and node.id == "SystemExit":
            found.append(f"{where}: exits itself")
        elif isinstance(node, ast.Return) and isinstance(node.value, ast.Constant) and \
                isinstance(node.value.value, int):
            found.append(f"{where}: returns a bare status (return an Exit member)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print" and \
                node.args and _opening(node.args[0]).lower().startswith(("error", "vmb ")):
            found.append(f"{where}: prints an error on stdout")
    return found


def _opening(node: ast.expr) -> str:
    if isinstance(node, ast.JoinedStr) and node.values:
        node = node.values[0]
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else ""


def test_no_command_prints_an_error_itself() -> None:
    found = [line for path in sorted((PACKAGE / "commands").glob("*.py")) for line in _own_error_prints(path)]
    assert not found, "\n".join(found)


def test_the_check_finds_an_error_printed_by_a_command(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('import sys\n\ndef run(args):\n    print(f"error: {args}")\n    print("x", file=sys.stderr)\n'
                   '    sys.exit(3)\n    return 2\n', encoding="utf-8")
    assert sorted(line.split(": ", 1)[1] for line in _own_error_prints(bad)) == [
        "exits itself", "prints an error on stdout", "returns a bare status (return an Exit member)",
        "writes stderr (raise a VmbError, or vmb.terminal.note for a warning)"]


def test_a_file_no_reader_named_is_still_one_line(monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    import vmb.commands.show as show

    def unreadable(args: object) -> int:
        raise PermissionError(13, "Permission denied", "runs/x/results.jsonl")

    monkeypatch.setattr(show, "run", unreadable)
    assert cli.main(["show", "runs/x"]) == Exit.ERROR
    assert capsys.readouterr().err == "vmb show: cannot use runs/x/results.jsonl (Permission denied)\n"

    def no_path(args: object) -> int:
        raise OSError(5, "Input/output error")  # not a path the user can fix: the fault is shown whole

    monkeypatch.setattr(show, "run", no_path)
    with pytest.raises(OSError):
        cli.main(["show", "runs/x"])
