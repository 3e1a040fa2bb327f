"""A default spelled out is the run that leaves it out: one hash, one run directory, and runs that earlier
versions hashed another way (memory options as given, then only those differing from their defaults) still resume."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.harness.config import RunConfig
from vmb.harness.plan import prepare_run
from vmb.harness.rescore import rescore_run
from vmb.memory import get_memory_setting
from vmb.memory.options import every_option
from vmb.results.header import config_hash

SUMMARY_CAP = 8192  # the summary setting's default cap


def cli_run(data: Path, out: Path, *options: str) -> int:
    return main(["run", "--agent", "oracle", "--memory", "summary", "--data", str(data), "--out", str(out),
                 "--groups", "1", "--no-progress", "--cache-dir", str(out.parent / "cache"), *options])


def test_the_default_spelled_out_and_left_out_is_one_run(tiny_benchmark: Path, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert cli_run(tiny_benchmark, out, "--memory-option", f"summary_cap={SUMMARY_CAP}") == 0
    first = json.loads((out / "config.json").read_text())
    assert first["determining"]["memory_options"]["summary_cap"] == SUMMARY_CAP  # every option, typed
    results = (out / "results.jsonl").read_bytes()
    capsys.readouterr()
    assert cli_run(tiny_benchmark, out) == 0  # resumes: nothing left to run, nothing set aside
    assert json.loads((out / "config.json").read_text())["hash"] == first["hash"]
    assert (out / "results.jsonl").read_bytes() == results and not (out / "superseded").exists()


@pytest.mark.parametrize("field", ["temperature", "timeout", "backoff"])
def test_a_whole_number_for_a_float_setting_is_the_float(field: str) -> None:
    """A grid spec's ``temperature = 0`` (TOML's integer) is the run ``--temperature 0`` makes."""
    written, typed = RunConfig(out="x", agent="oracle", **{field: 2}), RunConfig(out="x", agent="oracle", **{field: 2.0})
    assert type(getattr(written, field)) is float
    gold = every_option(get_memory_setting("gold").options)
    assert written.determining({}, "d", gold).hash == typed.determining({}, "d", gold).hash


def earlier_header(out: Path, memory_options: dict[str, Any]) -> dict[str, Any]:
    """Rewrite the run's config.json as an earlier version wrote it: other memory options, hashed as they stand."""
    config = json.loads((out / "config.json").read_text())
    config["determining"]["memory_options"] = memory_options
    config["hash"] = config_hash(config["determining"])
    (out / "config.json").write_text(json.dumps(config))
    metric = json.loads((out / "metric.json").read_text())
    metric["run"]["hash"] = config["hash"]
    (out / "metric.json").write_text(json.dumps(metric))
    return config


@pytest.mark.parametrize("stored", [{"summary_cap": SUMMARY_CAP}, {}], ids=["as-given", "only-non-defaults"])
def test_a_run_an_earlier_version_hashed_otherwise_resumes_and_rescores_as_it_was(
        stored: dict[str, Any], tiny_benchmark: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    assert cli_run(tiny_benchmark, out) == 0
    old = earlier_header(out, stored)
    results = (out / "results.jsonl").read_bytes()
    metric, warnings = rescore_run(out, str(tiny_benchmark))  # an earlier run re-scores to its metric.json
    assert warnings == [] and metric.to_json() == json.loads((out / "metric.json").read_text())
    assert metric.run["hash"] == old["hash"]
    assert cli_run(tiny_benchmark, out) == 0  # found: resumed, nothing run again or set aside
    now = json.loads((out / "config.json").read_text())
    plan = prepare_run(RunConfig(out=str(out), agent="oracle", memory="summary", groups=[1], data=str(tiny_benchmark)))
    assert now["hash"] == plan.hash and now["created"] == old["created"]
    assert (out / "results.jsonl").read_bytes() == results and not (out / "superseded").exists()


def test_a_run_an_earlier_version_made_with_other_options_is_still_refused(
        tiny_benchmark: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert cli_run(tiny_benchmark, out) == 0
    earlier_header(out, {"summary_cap": 2000})
    capsys.readouterr()
    assert cli_run(tiny_benchmark, out) != 0
    err = capsys.readouterr().err
    assert "different configuration" in err and "2000" in err and str(SUMMARY_CAP) in err


def test_slices_one_made_by_an_earlier_version_merge_as_one_run(tiny_benchmark: Path, tmp_path: Path) -> None:
    whole = tmp_path / "run"
    slices = [whole / "shards" / f"{i}-of-2" for i in (1, 2)]
    for i in (1, 2):
        assert main(["run", "--agent", "oracle", "--memory", "summary", "--data", str(tiny_benchmark),
                     "--out", str(whole), "--shard", f"{i}/2", "--no-progress",
                     "--cache-dir", str(tmp_path / "cache")]) == 0
    earlier_header(slices[0], {})  # only the options differing from their defaults, as an earlier version hashed
    assert main(["merge", *map(str, slices), "--out", str(whole), "--data", str(tiny_benchmark)]) == 0
    merged = [json.loads(line)["id"] for line in (whole / "results.jsonl").read_text().splitlines()]
    assert len(merged) == 6  # both groups' three queries
