"""Forgeries no label can make valid (issue 46 item 2), each as the issue's researcher made it: a run's header
edited, rehashed and its metric.json made again (``rescore_run``), then packed as vmb packs.

An oracle run relabelled a model; a gold-memory run relabelled ``none`` that declares an older or an unknown
memory prompt; one submission's records under two names on the board; a manifest of a later format version.
An honest run an earlier vmb made (its earlier memory prompt, kept in ``vmb/prompts/earlier``) still validates.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.errors import Exit
from vmb.prompts import earlier_prompts, load_prompt
from vmb.publish.board import write_board
from vmb.publish.pack import pack_runs
from vmb.publish.validate import validate_bundle
from vmb.results.header import config_hash

Edit = Callable[[dict[str, Any]], None]


def relabelled(source: Path, target: Path, benchmark: Path, edit: Edit,
               record: Callable[[dict[str, Any]], None] | None = None) -> Path:
    """A copy of the run at ``source`` whose config.json's ``determining`` ``edit`` changed (and each record
    ``record`` changed), rehashed and rescored as a forger would."""
    from vmb.harness.rescore import rescore_run

    shutil.copytree(source, target)
    config = json.loads((target / "config.json").read_text(encoding="utf-8"))
    edit(config["determining"])
    config["hash"] = config_hash(config["determining"])
    (target / "config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    if record is not None:
        results = target / "results.jsonl"
        lines = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
        for line in lines:
            record(line)
        results.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    rescore_run(target, str(benchmark))
    return target


def as_gpt4o(determining: dict[str, Any]) -> None:
    determining.update(agent="model", model="gpt-4o", base_url="https://api.openai.com/v1")


def test_an_oracle_run_relabelled_a_model_is_invalid(bundle_runs: dict[str, Path], tmp_path: Path,
                                                      small_benchmark: Path) -> None:
    run = relabelled(bundle_runs["oracle"], tmp_path / "gpt-4o", small_benchmark, as_gpt4o)
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged").directory, str(small_benchmark))
    assert not verdict.valid
    assert verdict.problems == ["its config.json names the model 'gpt-4o', yet 40 scored record(s) hold a round no "
                                "model was asked for (first qa_1#0): an offline agent's records"]


def test_an_oracle_run_relabelled_a_model_with_its_rounds_marked_as_requests_is_invalid(
        bundle_runs: dict[str, Path], tmp_path: Path, small_benchmark: Path) -> None:
    def requested(record: dict[str, Any]) -> None:
        for round_ in record["rounds"]:
            round_["attempts"] = 1

    run = relabelled(bundle_runs["oracle"], tmp_path / "gpt-4o", small_benchmark, as_gpt4o, requested)
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged").directory, str(small_benchmark))
    assert "its config.json names the model 'gpt-4o', yet none of its 40 scored records holds a model token" \
        in verdict.problems


def test_a_model_run_and_the_offline_runs_stay_valid(bundle_runs: dict[str, Path], tmp_path: Path,
                                                     small_benchmark: Path) -> None:
    runs = [bundle_runs[kind] for kind in ("scripted", "oracle", "noop")]
    verdicts = validate_bundle(pack_runs(runs, tmp_path / "honest").directory, str(small_benchmark))
    assert [v.problems for v in verdicts] == [[], [], []]


def _memory_prompt(version: int, sha256: str) -> Edit:
    def edit(determining: dict[str, Any]) -> None:
        determining["memory"] = "none"
        determining["prompts"]["memory"] = {"version": version, "sha256": sha256}
    return edit


def test_a_gold_run_relabelled_none_under_an_older_prompt_version_is_still_caught(
        bundle_runs: dict[str, Path], tmp_path: Path, small_benchmark: Path) -> None:
    (older,) = earlier_prompts("memory")
    run = relabelled(bundle_runs["oracle"], tmp_path / "oracle", small_benchmark,
                     _memory_prompt(older.version, older.sha256))
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged").directory, str(small_benchmark))
    assert not verdict.valid and len(verdict.queries) == 40
    # version 1's 'none' section is not what the prompts hold (nor is its gold section: they hold version 2's)
    assert {reason for _, reason in verdict.queries} == {
        "its system prompt's memory part is not what the memory setting 'none' of its config.json writes"}


@pytest.mark.parametrize("version", [1, 2, 9])
def test_a_prompt_version_vmb_does_not_know_is_a_reason(bundle_runs: dict[str, Path], tmp_path: Path,
                                                        small_benchmark: Path, version: int) -> None:
    run = relabelled(bundle_runs["oracle"], tmp_path / "oracle", small_benchmark, _memory_prompt(version, "0" * 64))
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged").directory, str(small_benchmark))
    assert not verdict.valid
    assert (f"its config.json records the memory prompt version {version} (sha256 000000000000), which this vmb "
            "does not know: what its agent was given cannot be checked") in verdict.problems


def test_an_honest_run_of_an_earlier_memory_prompt_validates(bundle_runs: dict[str, Path], tmp_path: Path,
                                                             small_benchmark: Path) -> None:
    """A gold run as vmb wrote it under memory prompt version 1: its memory part is version 1's gold section."""
    (older,) = earlier_prompts("memory")
    now, then = (prompt.section("gold").body.strip().split("\n")[0] for prompt in (load_prompt("memory"), older))
    assert now != then

    def earlier(determining: dict[str, Any]) -> None:
        determining["prompts"]["memory"] = {"version": older.version, "sha256": older.sha256}

    def written_then(record: dict[str, Any]) -> None:
        system = record["messages"][0]
        system["content"] = system["content"].replace(now, then, 1)

    run = relabelled(bundle_runs["oracle"], tmp_path / "oracle", small_benchmark, earlier, written_then)
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "old").directory, str(small_benchmark))
    assert verdict.valid, verdict.lines()


def test_the_same_records_under_two_names_are_ranked_once(bundle_runs: dict[str, Path], tmp_path: Path,
                                                          small_benchmark: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    model = bundle_runs["scripted"]
    twin = relabelled(model, tmp_path / "other-name", small_benchmark,
                      lambda determining: determining.update(model="gpt-4o"))
    assert (twin / "results.jsonl").read_bytes() == (model / "results.jsonl").read_bytes()
    bundles = [pack_runs([model], tmp_path / "first").directory, pack_runs([twin], tmp_path / "second").directory,
               pack_runs([bundle_runs["noop"]], tmp_path / "noop").directory]
    rows = write_board(bundles, tmp_path / "board", str(small_benchmark))
    shown = [(row.bundle, row.rank, row.section) for row in rows]
    assert shown == [("first", "1", "complete"), ("noop", "2", "complete"), ("second", "", "duplicate")], shown
    assert rows[2].verdict == "DUPLICATE (the same records as first scripted, ranked there)"
    assert "DUPLICATE (the same records as first scripted" in (tmp_path / "board" / "board.md").read_text(encoding="utf-8")
    assert main(["board", *map(str, bundles), "--out", str(tmp_path / "board"), "--data", str(small_benchmark)]) \
        == Exit.FAILURES
    assert "0 invalid, 1 duplicate" in capsys.readouterr().out


def test_a_manifest_of_a_later_format_version_is_one_line(bundle_runs: dict[str, Path], tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    from vmb.publish.manifest import BUNDLE_VERSION

    bundle = pack_runs([bundle_runs["noop"]], tmp_path / "later").directory
    path = bundle / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["version"] = BUNDLE_VERSION + 1
    path.write_text(json.dumps(manifest), encoding="utf-8")
    assert main(["validate", str(bundle)]) == Exit.ERROR
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err == (f"vmb validate: {path}: made by a newer vmb (bundle format version {BUNDLE_VERSION + 1}; "
                            f"this vmb reads versions 1 to {BUNDLE_VERSION}): upgrade vmb to read it\n")
