"""The generator's version: recorded in metadata.json and stages/run.json, changed by a word bank's change,
refused on resume by another version (unless --force), and named by vmb validate of an older bundle."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.generate.conftest import generate
from vmb.cli import main
from vmb.data.metadata import read_metadata
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.version import SOURCES, generator_version, other_version, source_digest

TINY = GenerateOptions(groups=1, seed=3, history_lines=200, background_chains=2, vehicle_chains=4)
VMB = Path(__file__).resolve().parents[2] / "vmb"


def test_one_word_of_a_word_bank_changes_the_version(tmp_path: Path) -> None:
    scratch = tmp_path / "vmb"
    for folder in ("maker/generate", "sim", "data"):
        shutil.copytree(VMB / folder, scratch / folder, ignore=shutil.ignore_patterns("__pycache__"))
    assert source_digest(scratch) == generator_version()
    bank = scratch / "maker" / "generate" / "words" / "situations.py"
    text = bank.read_text(encoding="utf-8")
    word = next(w for w in ("rain", "tunnel", "night") if f" {w}" in text)
    bank.write_text(text.replace(f" {word}", f" {word}y", 1), encoding="utf-8")
    assert source_digest(scratch) != generator_version()
    (scratch / "data" / "loader_notes.txt").write_text("not a source the maker reads", encoding="utf-8")
    bank.write_text(text, encoding="utf-8")
    assert source_digest(scratch) == generator_version()  # only the listed sources count
    assert all(pattern.endswith((".py", ".md")) for pattern in SOURCES)


def test_metadata_and_run_file_record_the_version(small_bench: Path) -> None:
    made = read_metadata(small_bench)
    assert made is not None and made.made.generator_version == generator_version()
    assert json.loads((small_bench / "stages" / "run.json").read_text())["generator_version"] == generator_version()
    assert other_version(generator_version()) is None
    assert other_version(None) == f"made by an earlier vmb generate (no version recorded); this is version " \
                                  f"{generator_version()}"


def _older(out: Path) -> None:
    """Make ``out`` look as a generator before versions were recorded left it."""
    run_file = out / "stages" / "run.json"
    body = json.loads(run_file.read_text())
    del body["generator_version"]
    run_file.write_text(json.dumps(body, indent=1) + "\n")
    meta = json.loads((out / "metadata.json").read_text())
    del meta["generator_version"]
    (out / "metadata.json").write_text(json.dumps(meta, indent=1) + "\n")


def test_generate_refuses_another_version_s_directory_without_force(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = generate(tmp_path / "old", TINY)
    _older(out)
    args = ["generate", "--out", str(out), "--groups", "1", "--seed", "3", "--history-lines", "200",
            "--background-chains", "2", "--vehicle-chains", "4"]
    before = (out / "history" / "history_1.txt").read_bytes()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "made by an earlier vmb generate (no version recorded)" in err
    assert f"this is version {generator_version()}" in err and "--force" in err
    assert (out / "history" / "history_1.txt").read_bytes() == before
    shutil.rmtree(out / "stages")  # an exported benchmark without its stages: its metadata still says
    assert main(args) == 2 and "no version recorded" in capsys.readouterr().err
    assert main([*args, "--force"]) == 0
    assert read_metadata(out).made.generator_version == generator_version()  # type: ignore[union-attr]
    assert (out / "history" / "history_1.txt").read_bytes() == before


def test_validate_of_an_older_version_s_bundle_names_both_versions(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    bench = generate(tmp_path / "bench", TINY)
    # As an older maker would have made it: other words in its queries, no version recorded.
    qa = bench / "qa_data" / "qa_1.json"
    body = json.loads(qa.read_text())
    body["related_to_vehicle_preference"][0]["query"] += " Thanks."
    qa.write_text(json.dumps(body, indent=4) + "\n")
    _older(bench)
    assert main(["run", "--agent", "oracle", "--memory", "none", "--data", str(bench),
                 "--out", str(tmp_path / "oracle")]) == 0
    assert main(["pack", str(tmp_path / "oracle"), "--out", str(tmp_path / "bundle")]) == 0
    capsys.readouterr()
    assert main(["validate", str(tmp_path / "bundle")]) != 0
    out = capsys.readouterr()
    said = [line for line in (out.out + out.err).splitlines() if "version" in line]
    assert len(said) == 1, out
    assert "made by an earlier vmb generate (no version recorded)" in said[0]
    assert f"this is version {generator_version()}" in said[0] and "--data DIR" in said[0]
    assert "other data" not in out.out + out.err
    assert main(["validate", str(tmp_path / "bundle"), "--data", str(bench)]) == 0
    assert "valid, complete" in capsys.readouterr().out
