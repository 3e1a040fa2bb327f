"""An empty or blank option value (an unset variable: ``--groups "$GROUPS"``) is refused in one line, never
taken as the option's default: ``--groups ""`` once ran every group, on a paid endpoint all 500 queries."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest
from fixtures.extras import command_marks

from vmb.cli import build_parser, main


def value_options(parser: argparse.ArgumentParser, words: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """(command words..., option) for every option and argument that takes a value, subcommands included."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield from value_options(child, (*words, name))
        elif action.nargs != 0 and not isinstance(action, argparse._HelpAction) and words:
            yield (*words, action.option_strings[0]) if action.option_strings else words


OPTIONS = sorted(set(value_options(build_parser())))


def test_every_command_has_value_options() -> None:
    assert ("run", "--groups") in OPTIONS and ("run", "--limit") in OPTIONS and ("view",) in OPTIONS
    assert ("data", "fetch", "--dest") in OPTIONS and len(OPTIONS) > 80


@pytest.mark.parametrize("blank", ["", "  "])
def test_run_with_an_unset_groups_variable_runs_nothing(tiny_benchmark: Path, tmp_path: Path, blank: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    code = main(["run", "--agent", "oracle", "--data", str(tiny_benchmark), "--groups", blank, "--out", str(out),
                 "--cache-dir", str(tmp_path / "cache"), "--no-progress"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == "" and not out.exists()
    assert captured.err == f"vmb run: --groups: an empty value ({blank!r}; an unset variable?): give a value, " \
                           "or leave the option out for its default\n"


@pytest.mark.parametrize("words", [pytest.param(words, marks=command_marks(words[0])) for words in OPTIONS],
                         ids=" ".join)
def test_every_option_refuses_an_empty_value(words: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    *command, option = words if words[-1].startswith("-") else (*words, "")
    argv = [*command, option, ""] if option else [*command, ""]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "an empty value" in err and err.startswith(f"vmb {command[0]}: ")


@pytest.mark.make
def test_an_equals_sign_with_nothing_after_is_refused_too(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", "--against="]) == 2
    assert "--against: an empty value" in capsys.readouterr().err
