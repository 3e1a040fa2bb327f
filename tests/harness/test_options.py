"""Selections and options that cannot run as meant are refused up front, with one line naming the option."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, ScriptedServer
from vmb.errors import OptionError
from vmb.harness.config import RunConfig
from vmb.harness.plan import MemoryBuilder, first_days, prepare_run
from vmb.harness.rescore import rescore_run, stored_config
from vmb.memory import get_memory_setting
from vmb.memory.options import every_option
from vmb.results.rundir import read_header

from .conftest import RunFn

REFUSED = [
    (["--groups", "0-99"], "--groups"),
    (["--groups", "{past_the_last}"], "--groups"),
    (["--groups", "abc"], "--groups"),
    (["--groups", "5-2"], "--groups"),
    (["--limit", "-5"], "--limit"),
    (["--limit", "0"], "--limit"),
    (["--timeout", "0"], "--timeout"),
    (["--timeout", "inf"], "--timeout"),
    (["--max-tokens", "-5"], "--max-tokens"),
    (["--temperature", "nan"], "--temperature"),
    (["--retries", "-1"], "--retries"),
    (["--memory-days", "0"], "--memory-days"),
]


@pytest.mark.parametrize(("options", "named"), REFUSED)
def test_a_bad_option_is_one_line_naming_it_before_any_request(options: list[str], named: str, tmp_path: Path,
                                                               small_benchmark: Path, bench: Any,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    options = [option.format(past_the_last=len(bench.groups) + 1) for option in options]
    with ScriptedServer(ReferenceScript(bench)) as server:
        code = main(["run", "--base-url", server.url, "--model", "m", "--data", str(small_benchmark),
                     "--out", str(tmp_path / "run"), *options])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and named in err, err
    assert server.received == [] and not (tmp_path / "run").exists()


@pytest.mark.parametrize(("url", "named"), [
    ("not-a-url", "not an http(s) URL"), ("ftp://host/v1", "not an http(s) URL"),
    ("http://127.0.0.1:99999/v1", "port"), ("http://user:sk-secret-123@127.0.0.1:8080/v1", "credentials"),
    ("http://127.0.0.1:8080/v1?api_key=sk-secret-123", "key"),
])
def test_a_bad_base_url_is_refused_once_and_a_key_in_it_is_never_written(url: str, named: str, tmp_path: Path,
                                                                         small_benchmark: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["run", "--base-url", url, "--model", "m", "--data", str(small_benchmark), "--out", str(tmp_path / "run")])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1 and "--base-url" in err and named in err
    assert "sk-secret-123" not in err and not (tmp_path / "run").exists()


def test_the_python_api_refuses_the_same_options(run: RunFn, bench: Any) -> None:
    with pytest.raises(OptionError, match="--groups"):
        run(None, agent="oracle", groups=[len(bench.groups) + 1])
    with pytest.raises(OptionError, match="--limit"):
        run(None, agent="oracle", limit=-5)
    with pytest.raises(OptionError, match="--server"):
        RunConfig(out="x", agent="oracle", server="nope").validate()


def test_memory_from_the_first_days_is_recorded_and_builds_from_those_days_only(bench: Any, run: RunFn, small_benchmark: Path,
                                                                               tmp_path: Path) -> None:
    group = bench.group(1)
    short = first_days(group, 2)
    assert short.days == group.days[:2] and len(short.lines) == sum(len(d.lines) for d in group.days[:2])
    assert short.history_text.splitlines() == [line.raw for line in short.lines]
    with ScriptedServer(ReferenceScript(bench)) as server:
        run(server.url, "days", memory="summary", groups=[1], limit=1, memory_days=2)
    config = json.loads((tmp_path / "days" / "config.json").read_text())
    assert config["determining"]["memory_days"] == 2
    days = (tmp_path / "days" / "memory" / "group_1" / "days.jsonl").read_text().splitlines()
    assert len(days) == 2
    plain = RunConfig(out="x", agent="oracle").determining({}, "sha", every_option(get_memory_setting("gold").options))
    assert "memory_days" not in plain.to_json()  # runs without the option keep their hash
    # Re-scoring reads the option back: the stores it attributes stages against are the same first days.
    assert stored_config(read_header(tmp_path / "days"), tmp_path / "days", None).memory_days == 2
    before = json.loads((tmp_path / "days" / "metric.json").read_text())
    metric, warnings = rescore_run(tmp_path / "days", str(small_benchmark))
    assert warnings == [] and metric.to_json() == before


@pytest.mark.parametrize(("setting", "spelled", "plain"), [
    ("summary", {"summary_cap": 8192}, {}),  # a default spelled out
    ("memorybank", {"strength": 2}, {"strength": 2.0}),  # a whole number for a float
])
def test_one_value_spelled_two_ways_is_one_run_and_one_build(setting: str, spelled: dict[str, Any],
                                                             plain: dict[str, Any], tmp_path: Path,
                                                             small_benchmark: Path) -> None:
    def plan(options: dict[str, Any]) -> Any:
        return prepare_run(RunConfig(out=str(tmp_path / "run"), agent="oracle", memory=setting,
                                     memory_options=options, groups=[1], data=str(small_benchmark)))

    one, other = plan(spelled), plan(plain)
    assert one.hash == other.hash
    group = one.bench.group(1)
    assert MemoryBuilder(one, None).build_key(group) == MemoryBuilder(other, None).build_key(group)
