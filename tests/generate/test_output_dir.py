"""vmb generate never mixes its benchmark with other files, and vmb run refuses a mixed one."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.generate.conftest import SMALL, generate
from vmb.cli import main
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.outdir import OutputDirError

SMALLER = GenerateOptions(groups=2, seed=7, history_lines=300, background_chains=4)


def test_generate_refuses_a_directory_holding_other_files(small_bench: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "o"
    shutil.copytree(small_bench / "history", out / "history")  # histories alone: no stages/ of vmb generate
    before = sorted(p.name for p in (out / "history").iterdir())
    with pytest.raises(OutputDirError, match="not empty .* not made by vmb generate"):
        generate(out, SMALLER)
    assert main(["generate", "--out", str(out), "--groups", "2"]) == 2
    assert "not made by vmb generate" in capsys.readouterr().err
    assert sorted(p.name for p in (out / "history").iterdir()) == before
    assert not (out / "stages").exists()


def test_regenerating_fewer_groups_removes_the_others_files(small_bench: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fewer"
    shutil.copytree(small_bench, out)
    shutil.rmtree(out / "stages")
    generate(out, SMALLER)
    assert sorted(p.name for p in (out / "history").iterdir()) == ["history_1.txt", "history_2.txt"]
    assert sorted(p.name for p in (out / "qa_data").iterdir()) == ["qa_1.json", "qa_2.json"]
    assert [g["group"] for g in json.loads((out / "metadata.json").read_text())["groups"]] == [1, 2]


def test_run_refuses_groups_the_metadata_does_not_list(small_bench: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "mixed"
    shutil.copytree(small_bench, data)
    metadata = json.loads((data / "metadata.json").read_text())
    metadata["groups"] = metadata["groups"][:2]
    (data / "metadata.json").write_text(json.dumps(metadata))
    code = main(["run", "--agent", "oracle", "--data", str(data), "--out", str(tmp_path / "r"),
                 "--cache-dir", str(tmp_path / "cache")])
    err = capsys.readouterr().err
    assert code == 2 and "group(s) 3, which it does not list" in err and "metadata.json" in err
    assert not (tmp_path / "r" / "results.jsonl").exists()
    assert SMALL.groups == 3


@pytest.mark.parametrize("damage", ["{not json", "no groups", "null chains", "string lines"])
def test_verify_and_stats_name_a_damaged_metadata_file(small_bench: Path, tmp_path: Path, damage: str,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "damaged"
    shutil.copytree(small_bench, data, ignore=shutil.ignore_patterns("stages"))
    path = data / "metadata.json"
    metadata = json.loads(path.read_text())
    if damage == "no groups":
        del metadata["groups"]
    elif damage == "null chains":
        metadata["groups"][1]["chains"] = None
    elif damage == "string lines":
        metadata["groups"][0]["chains"][0]["events"][0]["lines"] = "12"
    path.write_text("{not json" if damage == "{not json" else json.dumps(metadata))
    for command in (["verify", "--data", str(data)], ["stats", "--data", str(data), "--out", str(tmp_path / "s")]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"vmb {command[0]}: {path}") and "regenerate it" in err
