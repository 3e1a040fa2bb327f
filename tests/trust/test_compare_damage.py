"""vmb compare over damaged run directories names the file; different trial counts are said."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.harness.conftest import RunFn
from vmb.cli import main


@pytest.mark.parametrize("damage", ["no determining", "not json", "a list", "no data checksum"])
def test_a_damaged_config_is_named(run: RunFn, tmp_path: Path, damage: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    a = run(None, "a", agent="oracle", groups=[1]).path
    b = run(None, "b", agent="noop", groups=[1]).path
    config = b / "config.json"
    doc = json.loads(config.read_text())
    text = {"no determining": json.dumps({k: v for k, v in doc.items() if k != "determining"}),
            "not json": "{", "a list": "[1]",
            "no data checksum": json.dumps({**doc, "determining": {"agent": "noop"}})}[damage]
    config.write_text(text)
    assert main(["compare", str(a), str(b)]) == 2
    err = capsys.readouterr().err
    assert f"vmb compare: {config} is damaged" in err and "Traceback" not in err


def test_different_trial_counts_are_said(run: RunFn, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = run(None, "a", agent="oracle", groups=[1], trials=3).path
    b = run(None, "b", agent="noop", groups=[1]).path
    assert main(["compare", str(a), str(b)]) == 0
    assert "trials differ: A ran 3 per query, B 1" in capsys.readouterr().out
    assert main(["compare", str(a), str(b), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["trials"] == {"a": 3, "b": 1}
    assert main(["compare", str(a), str(a)]) == 0
    assert "trials differ" not in capsys.readouterr().out
