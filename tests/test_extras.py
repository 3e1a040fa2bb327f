"""A part whose extra is not installed: listed and marked in `vmb --help`, and one line naming the install command
when used (a command, a shortcut baseline agent), never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmb import extras
from vmb.cli import build_parser, main
from vmb.errors import Exit


@pytest.fixture
def without_make(monkeypatch: pytest.MonkeyPatch) -> None:
    real = extras.missing
    monkeypatch.setattr(extras, "missing", lambda extra: ("faker",) if extra in ("make", "publish") else real(extra))


def test_a_command_of_a_missing_extra_is_one_line(without_make: None, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    for words in (["generate", "--groups", "2", "--out", str(tmp_path / "g")], ["twin", "--help"], ["validate"]):
        assert main(words) == Exit.ERROR
        err = capsys.readouterr().err
        extra = "publish" if words[0] == "validate" else "make"
        assert err == (f"vmb {words[0]}: needs the {extra} extra ({extras.EXTRAS[extra].what}; missing faker): "
                       f"pip install 'vmb[{extra}]'\n")
    assert not (tmp_path / "g").exists()


def test_help_marks_what_is_not_installed(without_make: None) -> None:
    shown = " ".join(build_parser().format_help().split())
    assert "plus metadata [not installed: pip install 'vmb[make]']" in shown
    # generate, twin, audit; pack, validate, board; nothing else.
    assert shown.count("[not installed: pip install 'vmb[make]']") == 3
    assert shown.count("[not installed: pip install 'vmb[publish]']") == 3


def test_a_shortcut_baseline_without_the_maker_says_what_to_install(without_make: None, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--agent", "latest-gold", "--memory", "gold", "--out", str(tmp_path / "run")]) == Exit.ERROR
    err = capsys.readouterr().err
    assert err.startswith("vmb run: unknown agent 'latest-gold'; choose from model, oracle, noop, release-answers ")
    assert "(the shortcut baselines need the make extra: pip install 'vmb[make]')" in err
    assert not (tmp_path / "run").exists()


def test_a_load_of_a_missing_extra_names_the_part() -> None:
    with pytest.raises(extras.ExtraMissing, match=r"^--memory mem0 needs the systems extra"):
        real = extras.missing
        try:
            extras.missing = lambda extra: ("torch",)  # type: ignore[assignment]
            extras.load("vmb.systems.mem0:Mem0", "systems", "--memory mem0")
        finally:
            extras.missing = real  # type: ignore[assignment]
