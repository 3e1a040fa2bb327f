"""A misspelt choice is answered with the nearest one (vmb.bounds.did_you_mean), for argparse's choices (checked once,
in vmb.cli's parser) and for the registries' (memory settings, agents, local models, baselines) alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from vmb.bounds import did_you_mean
from vmb.cli import main


def test_the_nearest_choice_or_nothing() -> None:
    assert did_you_mean("summry", ["none", "summary", "kv", "gold"]) == " (did you mean summary?)"
    assert did_you_mean("zzzz", ["none", "summary", "kv", "gold"]) == ""


@pytest.mark.parametrize(("argv", "said"), [
    (["run", "--agent", "oracle", "--memory", "summry"], "unknown memory setting 'summry' (did you mean summary?)"),
    (["run", "--agent", "orcle", "--memory", "gold"], "unknown agent 'orcle' (did you mean oracle?)"),
    (["show", "--by", "modul", "."], "invalid choice: 'modul' (did you mean module?)"),
    (["shw"], "invalid choice: 'shw' (did you mean show?)"),
    (["run", "--model", "local:qwen2.5-coder-0.5", "--memory", "gold"], "(did you mean qwen2.5-coder-0.5b?)"),
])
def test_a_misspelt_choice_says_the_nearest(argv: list[str], said: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main([*argv, *(["--out", str(tmp_path / "run")] if argv[0] == "run" else [])])
    except SystemExit as stopped:  # argparse's usage error
        status = int(stopped.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err, err
    assert not (tmp_path / "run").exists()
