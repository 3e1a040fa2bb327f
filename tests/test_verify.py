"""`vmb verify`: the release replays to exactly the known errata; anything new fails."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.commands.verify import ERRATA_PATH, find_errata, load_errata


def test_release_replays_to_the_known_errata(release_dir: Path) -> None:
    found = find_errata(str(release_dir))
    assert {f.key() for f in found} == {f.key() for f in load_errata(ERRATA_PATH)}
    assert sum(f.kind == "refused_call" for f in found) == 4
    assert sum(f.kind == "no_change" for f in found) == 5


def test_verify_passes_on_the_release(release_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--data", str(release_dir)]) == 0
    assert "all 9 findings are known errata" in capsys.readouterr().out


def test_a_new_refused_answer_fails_verify(
    release_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "release"
    shutil.copytree(release_dir, data)
    qa_file = data / "qa_data" / "qa_2.json"
    qa = json.loads(qa_file.read_text())
    qa["related_to_vehicle_preference"][0]["new_answer"].append("carcontrol_HUD_set_brightness_level(level=11)")
    qa_file.write_text(json.dumps(qa))
    assert main(["verify", "--data", str(data)]) == 1
    out = capsys.readouterr().out
    assert "NEW (not in the errata file): 1" in out
    assert "qa_2#0" in out and "level=11" in out
