"""Every code block of the README and docs/*.md runs (the convention: docs/development.md, "Code blocks in
the docs").

A block names its language. A ``python`` block is executed, a page's blocks in one module as the cells
of a notebook, with the names it leaves to the reader (``ref_calls``, ``pred_calls``) given real values by
``GIVEN_NAMES``; a ``sh``/``bash`` block is run line by line in a scratch folder of its page (the page's
blocks in order, sharing it), each ``vmb ...`` line through ``vmb.cli.main`` in this process, as the other
command-line tests run it, with ``$VMB_DATA`` the release the suite reads; ``toml``/``yaml`` blocks are
parsed (one naming its file, ``# grid.toml``, written there and read by vmb's reader); ``text`` is no code. The runs a block names but no block makes (``runs/qwen-gold``: a reader's runs)
are given (``GIVEN_RUNS``: whole offline runs of the small benchmark under those names), as is
``prices.toml``. A block marked ``# needs: WHAT`` (a model endpoint, an API key, a download, a cluster) or
``# long: WHY`` (minutes of work) is not run: it is still parsed.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import glob
import importlib
import io
import re
import shlex
import shutil
import subprocess
import sys
import tomllib
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SHELL, PYTHON, DATA, TEXT = ("sh", "bash"), ("python",), ("toml", "yaml"), ("text",)
MARK = re.compile(r"^\s*#\s*(needs|long):\s*(\S.*)$", re.MULTILINE)
# A plain-car call list to compare, as ``vmb.score.score_calls`` takes it: the reference sets the driver's
# headrest and heats the seat, the prediction only sets the headrest, to another height.
GIVEN_NAMES: dict[str, Any] = {
    "ref_calls": [{"name": "carcontrol_seat_set_headrest_height", "args": {"seat": "driver", "value": 44}},
                  {"name": "carcontrol_seat_set_heating", "args": {"seat": "driver", "level": 2}}],
    "pred_calls": [{"name": "carcontrol_seat_set_headrest_height", "args": {"seat": "driver", "value": 40}}],
}
# The runs the pages name as the reader's own, made here offline, whole, on the suite's small benchmark (4 groups
# of 10 queries, tests/conftest.py): name → (agent, memory setting).
GIVEN_RUNS: dict[str, tuple[str, str]] = {
    "qwen-gold": ("oracle", "gold"),
    "qwen-kv": ("noop", "gold"),
    "qwen-summary": ("oracle", "none"),
    "noop-gold": ("noop", "gold"),
}
# The files vmb reads that a data block may name in its first line, and the function that reads each.
READERS = {"prices.toml": "vmb.prices:load_prices", "grid.toml": "vmb.harness.grid:load_grid"}
GIVEN_FILES = {"prices.toml": 'currency = "USD"\n[models."gpt-4.1-mini"]\ninput = 0.40\noutput = 1.60\n'}


@dataclass(frozen=True)
class Block:
    page: Path
    line: int  # of the opening fence
    language: str
    text: str

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def mark(self) -> tuple[str, str] | None:
        """("needs" or "long", why) when the block says in its first line (after a ``#!`` line) it is not run here."""
        lines = self.text.splitlines() or [""]
        head = lines[1] if lines[0].startswith("#!") and len(lines) > 1 else lines[0]
        found = MARK.fullmatch(head)
        return (found.group(1), found.group(2)) if found else None


def blocks(page: Path) -> list[Block]:
    """The fenced code blocks of a Markdown page, in order."""
    found: list[Block] = []
    opened, language, lines = 0, "", list[str]()
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        if not opened and line.startswith("```"):
            opened, language = number, line[3:].strip()
            lines = []
        elif opened and line.startswith("```"):
            found.append(Block(page, opened, language, "\n".join(lines) + "\n"))
            opened = 0
        elif opened:
            lines.append(line)
    assert not opened, f"{page.name}:{opened}: a code block is never closed"
    return found


ALL = [block for page in PAGES for block in blocks(page)]
RUN = [block for block in ALL if block.language not in TEXT]


def test_every_block_says_what_it_is() -> None:
    unknown = [f"{b.name}: ```{b.language}: name the language (sh, python, toml, yaml, or text for a listing)"
               for b in ALL if b.language not in SHELL + PYTHON + DATA + TEXT]
    hidden = [f"{b.name}: the mark '{found.group(0).strip()}' goes in the block's first line, where a reader sees it"
              for b in ALL if b.mark is None and (found := MARK.search(b.text))]
    assert not unknown + hidden, "\n".join(unknown + hidden)


@pytest.fixture(scope="module")
def given(tmp_path_factory: pytest.TempPathFactory, small_benchmark: Path) -> Path:
    """A folder with what the pages leave to the reader: runs under the names they use, a price table."""
    from vmb.harness import run_benchmark

    folder, cache = tmp_path_factory.mktemp("given"), tmp_path_factory.mktemp("given-cache")
    for name, (agent, memory) in GIVEN_RUNS.items():
        run_benchmark(out=str(folder / "runs" / name), agent=agent, memory=memory, data=str(small_benchmark),
                      cache_dir=str(cache), progress=False)
    for name, text in GIVEN_FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


@dataclass
class Session:
    """What a page's blocks share, in order: a scratch folder (a copy of the given one) and, as the cells of a
    notebook do, one module for its Python blocks (a later block reads what an earlier one made)."""

    folder: Path
    module: types.ModuleType


@pytest.fixture(scope="module")
def sessions() -> dict[Path, Session]:
    """page → its session, made on the first block run."""
    return {}


@pytest.mark.parametrize("block", RUN, ids=[b.name for b in RUN])
def test_the_block_runs(block: Block, given: Path, sessions: dict[Path, Session], release_dir: Path,
                        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch,
                        capsys: pytest.CaptureFixture[str]) -> None:
    if block.mark is not None:
        parse(block)
        return
    if block.page not in sessions:
        folder = tmp_path_factory.mktemp(block.page.stem)
        shutil.copytree(given, folder, dirs_exist_ok=True)
        module = types.ModuleType(f"doc_{block.page.stem}")  # a module, as a reader's file is (dataclasses look it up)
        module.__dict__.update(GIVEN_NAMES)
        sessions[block.page] = Session(folder, module)
    session = sessions[block.page]
    monkeypatch.chdir(session.folder)
    for name in ("OPENAI_API_KEY", "VMB_API_KEY"):
        monkeypatch.delenv(name, raising=False)  # a block that would reach a model fails here, unmarked
    monkeypatch.setenv("VMB_DATA", str(release_dir))
    monkeypatch.setenv("VMB_CACHE_DIR", str(session.folder / ".cache"))
    if block.language in PYTHON:
        run_python(block, session.module, monkeypatch)
    elif block.language in DATA:
        read_data(block)
    else:
        run_shell(block, monkeypatch, capsys)


def parse(block: Block) -> None:
    """A block that is not run is still read as its language reads it."""
    if block.language in PYTHON:
        compile(block.text, block.name, "exec")
    elif block.language in SHELL:
        done = subprocess.run(["bash", "-n"], input=block.text, capture_output=True, text=True, check=False)
        assert done.returncode == 0, f"{block.name}: {done.stderr}"
    elif block.language == "toml":
        tomllib.loads(block.text)
    elif block.language == "yaml":
        yaml.safe_load(block.text)


def read_data(block: Block) -> None:
    """A data block is parsed; one whose first line names its file (``# grid.toml``) is written into the page's
    folder under that name, for the blocks after it, and a file vmb reads is read by vmb's reader."""
    parse(block)
    named = re.fullmatch(r"#\s*([\w.-]+)", block.text.splitlines()[0].strip())
    if named is None:
        return
    path = Path(named.group(1))
    path.write_text(block.text, encoding="utf-8")
    if path.name in READERS:
        module, function = READERS[path.name].split(":")
        getattr(importlib.import_module(module), function)(path)


def free_names(source: str) -> set[str]:
    """The names a Python block reads but neither binds nor imports, nor are builtins."""
    tree = ast.parse(source)
    bound = set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            bound.add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)} - bound


def run_python(block: Block, module: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    import vmb.memory

    left = sorted(free_names(block.text) - set(module.__dict__))
    assert not left, (f"{block.name}: the block reads {', '.join(left)}, which neither it nor an earlier block of "
                      "its page defines: give it in GIVEN_NAMES, or mark the block")
    registered = dict(vmb.memory.REGISTERED)  # a plugin the block registers is its page's alone
    try:
        monkeypatch.setitem(sys.modules, module.__name__, module)
        exec(compile(block.text, block.name, "exec"), module.__dict__)  # noqa: S102
    finally:
        vmb.memory.REGISTERED.clear()
        vmb.memory.REGISTERED.update(registered)
        if "matplotlib.pyplot" in sys.modules:  # the figures a block drew, shown inline in a notebook
            sys.modules["matplotlib.pyplot"].close("all")


def commands(text: str) -> list[list[str]]:
    """A shell block's commands as words: lines joined at a trailing backslash, comments dropped."""
    return [words for line in text.replace("\\\n", " ").splitlines() if (words := shlex.split(line, comments=True))]


def run_shell(block: Block, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from vmb import extras
    from vmb.cli import COMMANDS, main

    # A block using a command whose extra is not installed here (a core-only venv) is the extra's to run.
    needed = {COMMANDS[words[1]][2] for words in commands(block.text)
              if words[0] == "vmb" and len(words) > 1 and words[1] in COMMANDS} - {None}
    absent = sorted(extra for extra in needed if extra is not None and extras.missing(extra))
    if absent:
        pytest.skip(f"{block.name}: needs the {', '.join(absent)} extra")
    for words in commands(block.text):
        said = f"{block.name}: {shlex.join(words)}"
        if words[0] == "export":
            for assignment in words[1:]:
                monkeypatch.setenv(*assignment.split("=", 1))
            continue
        assert words[0] == "vmb", f"{said}: only vmb commands run here: mark the block (# needs: ...)"
        out = None
        if ">" in words:
            words, out = words[:words.index(">")], words[words.index(">") + 1]
        argv = [match for word in words[1:] for match in (sorted(glob.glob(word)) if "*" in word else [word])]
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            status = main(argv)
        if out is not None:
            Path(out).write_text(printed.getvalue(), encoding="utf-8")
        assert status == 0, f"{said}: exit status {status}\n{printed.getvalue()[-2000:]}{capsys.readouterr().err}"
