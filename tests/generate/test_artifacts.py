"""The stage framework: validated artifacts, options recorded, resume after a kill."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.generate.conftest import SMALL, files, generate
from vmb.cli import main
from vmb.errors import OptionError
from vmb.maker.generate.plan.options import GenerateOptions, parse_type_shares
from vmb.maker.generate.schemas import SCHEMA_VERSION, STAGES
from vmb.maker.generate.settings import settings
from vmb.maker.generate.store import ArtifactError, Store


def test_every_stage_writes_versioned_records_with_the_options(small_bench: Path) -> None:
    run = json.loads((small_bench / "stages" / "run.json").read_text())
    assert run["options"] == SMALL.to_json() and run["digest"] == SMALL.digest()
    for stage in STAGES:
        lines = (small_bench / "stages" / f"{stage}.jsonl").read_text().splitlines()
        assert len(lines) == SMALL.groups
        first = json.loads(lines[0])
        assert first["schema"] == f"{stage}/{SCHEMA_VERSION}" and first["options"] == SMALL.digest()
        assert (small_bench / "stages" / f"{stage}.done").exists()
    metadata = json.loads((small_bench / "metadata.json").read_text())
    assert metadata["options"] == SMALL.to_json()


def test_resume_after_a_kill_mid_stage_gives_the_same_bytes(small_bench: Path, tmp_path: Path) -> None:
    out = generate(tmp_path / "killed")
    stages = out / "stages"
    # What a kill during the dialogue stage leaves: one group written, the next one half written,
    # no done marker for dialogue or anything after it, no export yet.
    dialogue = (stages / "dialogue.jsonl").read_text().splitlines(keepends=True)
    (stages / "dialogue.jsonl").write_text(dialogue[0] + dialogue[1][: len(dialogue[1]) // 2])
    for stage in STAGES[STAGES.index("dialogue"):]:
        (stages / f"{stage}.done").unlink()
        if stage != "dialogue":
            (stages / f"{stage}.jsonl").unlink()
    for path in [out / "metadata.json", *(out / "history").iterdir(), *(out / "qa_data").iterdir()]:
        path.unlink()
    generate(out)
    assert files(out) == files(small_bench)
    assert (stages / "dialogue.jsonl").read_text().count("\n") == SMALL.groups


def test_finished_stages_are_not_redone(small_bench: Path, tmp_path: Path) -> None:
    out = generate(tmp_path / "twice")
    before = {p.name: p.stat().st_mtime_ns for p in (out / "stages").iterdir()}
    generate(out)
    after = {p.name: p.stat().st_mtime_ns for p in (out / "stages").iterdir() if p.name in before}
    assert {k: v for k, v in after.items() if k.endswith(".jsonl")} == {
        k: v for k, v in before.items() if k.endswith(".jsonl")}


def test_other_options_refuse_the_directory(small_bench: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = generate(tmp_path / "d")
    with pytest.raises(ArtifactError, match="differs in: seed"):
        Store(out, GenerateOptions(groups=3, seed=8, history_lines=300, background_chains=4)).open()
    code = main(["generate", "--out", str(out), "--groups", "3", "--seed", "9", "--history-lines", "300",
                 "--background-chains", "4"])
    assert code == 2 and "other options" in capsys.readouterr().err


def test_a_record_failing_its_schema_names_the_file_and_line(tmp_path: Path) -> None:
    out = generate(tmp_path / "bad")
    path = out / "stages" / "timeline.jsonl"
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    record["events"][0]["date"] = 20250301
    path.write_text("\n".join([lines[0], json.dumps(record), *lines[2:]]) + "\n")
    with pytest.raises(ArtifactError, match=r"timeline.jsonl: line 2: events\.0\.date"):
        list(Store(out, SMALL).records("timeline"))


def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="--conflict-density"):
        GenerateOptions(conflict_density=4)
    with pytest.raises(OptionError, match="unknown reasoning type"):
        GenerateOptions(type_shares={"telepathy": 1.0})
    assert parse_type_shares("state_shift=1")["state_shift"] == 1.0
    with pytest.raises(OptionError, match="TYPE=SHARE"):
        parse_type_shares("state_shift")


def test_knobs_change_what_is_generated(tmp_path: Path) -> None:
    options = GenerateOptions(groups=2, seed=3, people=4, history_lines=200, background_chains=2, vehicle_chains=5,
                              conflict_density=3, delay_days=5, type_shares={"preference_conflict": 1.0})
    out = generate(tmp_path / "knobs", options)
    metadata = json.loads((out / "metadata.json").read_text())
    for group in metadata["groups"]:
        assert len(group["people"]) == 4 and len(group["chains"]) == 7
        vehicle = [c for c in group["chains"] if c["kind"] == "vehicle"]
        assert all(c["reasoning_type"] == "preference_conflict" for c in vehicle)
        # three occupants voice their own value (two where the setting has only two values)
        holders = [len({e["person"] for e in c["events"] if e["role"].split("+")[0] in ("own", "own-base", "own-step")})
                   for c in vehicle]
        sizes = [len(settings()[c["target"]["setting"]].domain) or 3 for c in vehicle]  # free text: any number
        assert all(h == min(3, size) for h, size in zip(holders, sizes))
    assert all(len(p.read_text().splitlines()) == 200 for p in (out / "history").iterdir())


def test_a_real_kill_then_the_same_command_finishes_the_same_benchmark(tmp_path: Path) -> None:
    options = GenerateOptions(groups=6, seed=2, history_lines=1500, background_chains=6)
    argv = [sys.executable, "-m", "vmb", "generate", "--out", str(tmp_path / "killed"), "--groups", "6", "--seed", "2",
            "--history-lines", "1500", "--background-chains", "6"]
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    first = tmp_path / "killed" / "stages" / "personas.jsonl"
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        if first.exists() and first.read_bytes().count(b"\n") >= 1:
            process.kill()
            break
        time.sleep(0.002)
    process.wait(30)
    assert not (tmp_path / "killed" / "stages" / "export.done").exists(), "the run ended before it was killed"
    generate(tmp_path / "killed", options)
    assert files(tmp_path / "killed") == files(generate(tmp_path / "whole", options))
