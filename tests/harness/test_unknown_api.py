"""vmb run refuses queries whose reference answer calls an API the simulator lacks (noop would "solve" them)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vmb.cli import main


def test_a_reference_call_to_an_unknown_api_is_refused(small_benchmark: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    (data / "history").mkdir(parents=True)
    (data / "qa_data").mkdir()
    shutil.copy(small_benchmark / "history/history_1.txt", data / "history")
    qa = json.loads((small_benchmark / "qa_data/qa_1.json").read_text(encoding="utf-8"))
    qa["related_to_vehicle_preference"][3]["new_answer"] = ["carcontrol_teleport_set_destination(place=\"moon\")"]
    (data / "qa_data/qa_1.json").write_text(json.dumps(qa), encoding="utf-8")
    for agent in ("noop", "oracle"):
        code = main(["run", "--agent", agent, "--data", str(data), "--out", str(tmp_path / agent),
                     "--cache-dir", str(tmp_path / "cache")])
        err = capsys.readouterr().err
        assert code == 2
        assert f"{data / 'qa_data/qa_1.json'}, qa_1#3: the reference answer calls 'carcontrol_teleport_set_destination'" in err
        assert not (tmp_path / agent / "results.jsonl").exists()
    fixed = tmp_path / "fixed"  # another directory: a process loads each benchmark directory once
    shutil.copytree(data, fixed)
    shutil.copy(small_benchmark / "qa_data/qa_1.json", fixed / "qa_data")
    assert main(["run", "--agent", "oracle", "--data", str(fixed), "--out", str(tmp_path / "ok"),
                 "--cache-dir", str(tmp_path / "cache")]) == 0
