"""The exit status of a bundle that cannot be read is one figure: what `vmb validate` returns (the existing
cases of tests/bundle/test_validate.py), its --help, docs/bundles.md and the exit table (``vmb.errors.Exit``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vmb.cli import build_parser, main
from vmb.errors import Exit

ROOT = Path(__file__).resolve().parents[2]


def test_an_unreadable_bundle_exits_with_the_one_documented_status(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "manifest.json").write_text('{"format": "vmb-bundle", "vers')
    assert main(["validate", str(tmp_path / "b")]) == Exit.ERROR
    assert capsys.readouterr().err.startswith("vmb validate: ")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["validate", "--help"])
    helped = re.search(r"(\d+) when the bundle cannot be read", " ".join(capsys.readouterr().out.split()))
    documented = re.search(r"one line naming the file and what is wrong \(exit status (\d+): the bundle\s+cannot be read\)",
                           (ROOT / "docs" / "bundles.md").read_text(encoding="utf-8"))
    assert helped is not None and documented is not None
    assert int(helped.group(1)) == int(documented.group(1)) == Exit.ERROR
    assert "a bundle that cannot be read, `vmb validate`" in Exit.ERROR.meaning  # the exit table's row (test_errors)
