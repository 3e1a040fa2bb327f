"""One line, no traceback, for what a user can get wrong about where things go (issue 32, items 13 and 14):
`vmb generate --out` a file or a path that cannot be made, a full disk while generating, VMB_MODEL_DIR a file
or not creatable, `python -m bench` given empty conformance or reference directories or no rounds, and any command
whose output is piped into `head`."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.__main__ import main as bench_main
from vmb.cli import main
from vmb.errors import Exit
from vmb.maker.generate.store import Store

ROOT = Path(__file__).resolve().parents[1]
GENERATE = ["generate", "--groups", "1", "--history-lines", "100", "--background-chains", "1"]


def _one_line(capsys: pytest.CaptureFixture[str], command: str) -> str:
    err = capsys.readouterr().err
    assert err.startswith(f"vmb {command}: ") and err.count("\n") == 1 and "Traceback" not in err, err
    return err


def test_generate_into_a_file_or_a_path_that_cannot_be_made(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("mine", encoding="utf-8")
    for out in (a_file, a_file / "below", Path("/proc/no-such/place")):
        assert main([*GENERATE, "--out", str(out)]) == Exit.ERROR
        err = _one_line(capsys, "generate")
        # One line naming the path it cannot use (the output-directory rule, vmb/outdir.py, says it first).
        assert err.startswith("vmb generate: ") and (str(a_file) in err or "/proc/no-such" in err)
    assert a_file.read_text(encoding="utf-8") == "mine"


def test_a_full_disk_while_generating_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def full(self: Store, stage: str, record: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Store, "append", full)
    out = tmp_path / "g"
    assert main([*GENERATE, "--out", str(out)]) == Exit.ERROR
    err = _one_line(capsys, "generate")
    assert f"cannot write {out} (No space left on device); free some space and rerun the same command" in err


@pytest.mark.parametrize("command", [["local", "fetch", "qwen2.5-coder-0.5b"],
                                     ["run", "--model", "local:qwen2.5-coder-0.5b", "--memory", "gold"]])
def test_a_model_directory_that_cannot_be_made_is_one_line(command: list[str], tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "models"
    a_file.write_text("not a directory", encoding="utf-8")
    said = {a_file: "a file is in its place", a_file / "below": "Not a directory"}
    for chosen, why in said.items():
        monkeypatch.setenv("VMB_MODEL_DIR", str(chosen))
        assert main([*command, "--out", str(tmp_path / "run")] if command[0] == "run" else command) == Exit.ERROR
        err = _one_line(capsys, " ".join(command[:2]) if command[0] == "local" else "run")
        assert f"cannot make the model cache {chosen} ({why}): set VMB_MODEL_DIR" in err


@pytest.mark.parametrize(("option", "said"), [
    ("--conformance", "--conformance {empty}: cannot read scoring_cases.jsonl (No such file or directory)"),
    ("--reference", "--reference {empty} holds no environment/vehicleworld.py: not a checkout of the reference"),
])
def test_bench_score_names_an_empty_directory(option: str, said: str, tmp_path: Path, conformance_dir: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.delenv("VMB_REFERENCE", raising=False)
    given = [option, str(empty)] + (["--conformance", str(conformance_dir)] if option == "--reference" else [])
    assert bench_main(["score", "--rounds", "1", *given]) == Exit.ERROR
    assert said.format(empty=empty) in _bench_line(capsys)


def test_bench_refuses_no_rounds(capsys: pytest.CaptureFixture[str]) -> None:
    for rounds in ("0", "-2"):
        assert bench_main(["score", "--rounds", rounds]) == Exit.ERROR
        assert _bench_line(capsys) == f"bench: --rounds must be a whole number at least 1, got {rounds}\n"


def _bench_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.startswith("bench: ") and err.count("\n") == 1, err
    return err


def _into_a_closed_pipe(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    reader, writer = os.pipe()
    os.close(reader)  # `| head` that has read its lines and gone
    try:
        return subprocess.run([sys.executable, "-m", "vmb", *command], stdout=writer, stderr=subprocess.PIPE,
                              text=True, cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    finally:
        os.close(writer)


def test_a_reader_that_goes_away_ends_the_output_quietly(tiny_benchmark: Path, tmp_path: Path) -> None:
    run = tmp_path / "oracle"
    assert main(["run", "--agent", "oracle", "--memory", "gold", "--data", str(tiny_benchmark), "--out", str(run),
                 "--no-progress"]) == Exit.OK
    for command in (["show", str(run), "--by", "stage"], ["stats", "--data", str(tiny_benchmark)]):
        done = _into_a_closed_pipe(command, tmp_path)
        assert (done.returncode, done.stderr) == (Exit.BROKEN_PIPE, ""), command
