"""`vmb estimate`: the bill before the run, checked against what a scripted run then records."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, ScriptedServer
from vmb.harness.config import RunConfig
from vmb.harness.estimate import Pacing, Span, estimate_plan, query_traffic
from vmb.harness.plan import prepare_run
from vmb.results.rundir import read_results

from .conftest import RunFn

BUILT_IN = ("none", "gold", "summary", "kv", "history")


def _estimate(memory: str, data: Path, tmp_path: Path, url: str, **settings: Any) -> Any:
    config = RunConfig(out=str(tmp_path / f"estimate-{memory}"), memory=memory, model="scripted", base_url=url,
                       data=str(data), cache_dir=str(tmp_path / "estimate-cache"), **settings)
    return estimate_plan(prepare_run(config), Pacing(2.0, "2 requests/s"))


def _within(estimated: float, recorded: float) -> bool:
    return abs(estimated - recorded) <= 0.10 * recorded


@pytest.mark.parametrize("memory", BUILT_IN)
def test_the_estimate_is_within_ten_percent_of_what_a_scripted_run_records(
        memory: str, bench: Any, small_benchmark: Path, tmp_path: Path, run: RunFn) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        figures = _estimate(memory, small_benchmark, tmp_path, server.url)
        result = run(server.url, memory, memory=memory)
    records, _ = read_results(result.path / "results.jsonl")
    recorded = {"requests": sum(r.requests for r in records.values()),
                "prompt_tokens": sum(r.prompt_tokens for r in records.values()),
                "completion_tokens": sum(r.completion_tokens for r in records.values())}
    build = result.metric.memory_build
    if figures.built:
        recorded["requests"] += build["model_calls"]
        recorded["prompt_tokens"] += build["prompt_tokens"]
        recorded["completion_tokens"] += build["completion_tokens"]
    total = figures.total
    for name, value in recorded.items():
        span: Span = getattr(total, name)
        assert value > 0 and _within(span.expected, value), (memory, name, span, value)
        assert span.low <= span.expected and (span.high is None or span.expected <= span.high)
    assert figures.queries == len(records)
    assert figures.built == (figures.groups if memory in ("summary", "kv") else 0)


def test_a_memory_already_built_is_read_from_the_store_not_built_again(
        bench: Any, small_benchmark: Path, tmp_path: Path, run: RunFn) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        run(server.url, "summary", memory="summary", cache_dir=str(tmp_path / "estimate-cache"))
        figures = _estimate("summary", small_benchmark, tmp_path, server.url)
    assert figures.built == 0 and figures.stored == figures.groups > 0
    assert figures.build.requests.expected == 0 and figures.query.prompt_tokens.expected > 0


def test_a_query_beyond_its_pattern_may_take_every_round_and_every_token() -> None:
    one = query_traffic([100, 150, 200], [10, 5, 3], max_rounds=10, max_tokens=50, memory_room=7)
    assert one.requests == Span(1, 3, 10)
    # Seven more requests, each the last plus the pattern's growth per round (50), and memory room in all ten.
    assert one.prompt_tokens == Span(100, 450, 450 + sum(200 + 50 * k for k in range(1, 8)) + 70)
    assert one.completion_tokens == Span(3, 18, 500)
    assert query_traffic([100], [4], max_rounds=1, max_tokens=9).prompt_tokens == Span(100, 100, 100)


def test_a_summary_may_grow_to_its_cap_in_every_prompt(bench: Any, small_benchmark: Path, tmp_path: Path) -> None:
    small = _estimate("summary", small_benchmark, tmp_path, "http://127.0.0.1:9/v1",
                      memory_options={"summary_cap": 8192})
    large = _estimate("summary", small_benchmark, tmp_path, "http://127.0.0.1:9/v1",
                      memory_options={"summary_cap": 40_000})
    assert small.query.prompt_tokens.expected == large.query.prompt_tokens.expected  # the policy's notes fit either cap
    assert large.query.prompt_tokens.high > small.query.prompt_tokens.high
    assert large.build.prompt_tokens.high > small.build.prompt_tokens.high


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["estimate", "--base-url", "http://127.0.0.1:9/v1", "--model", "m", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_prices_and_times_several_settings(small_benchmark: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    prices = tmp_path / "prices.toml"
    prices.write_text('[models.m]\ninput = 1.0\noutput = 4.0\n', encoding="utf-8")
    status, out, _ = _cli(capsys, "--memory", "none,summary", "--memory-option", "summary_cap=2000",
                          "--data", str(small_benchmark), "--out", str(tmp_path / "run"),
                          "--prices", str(prices), "--rate", "4", "--json")
    assert status == 0
    rows = {row["setting"]: row for row in json.loads(out)}
    assert set(rows) == {"none", "summary"}
    for row in rows.values():
        total = row["total"]
        expected_cost = (total["prompt_tokens"]["expected"] * 1.0 + total["completion_tokens"]["expected"] * 4.0) / 1e6
        assert row["cost"]["expected"] == pytest.approx(expected_cost) and row["currency"] == "USD"
        assert row["seconds"]["expected"] == pytest.approx(total["requests"]["expected"] / 4)
    assert rows["summary"]["build"]["requests"]["expected"] > 0 == rows["none"]["build"]["requests"]["expected"]
    status, out, _ = _cli(capsys, "--memory", "gold", "--data", str(small_benchmark), "--out", str(tmp_path / "r"))
    assert status == 0 and out.startswith("gold: ") and "not known: time: no request rate" in out
    assert "not known: money: no price for model 'm'" in out


@pytest.mark.parametrize(("args", "message"), [
    (["--memory", "gold,,kv"], "--memory: a setting name is empty"),
    (["--memory", "gold", "--rate", "0"], "--rate"),
    (["--memory", "gold", "--latency", "-1"], "--latency"),
    (["--memory", "nosuch"], "nosuch"),
])
def test_bad_options_get_one_line(args: list[str], message: str, small_benchmark: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _cli(capsys, *args, "--data", str(small_benchmark))
    assert status != 0 and out == "" and message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_what_sends_no_request_or_cannot_be_counted_says_so(small_benchmark: Path, tmp_path: Path) -> None:
    config = RunConfig(out=str(tmp_path / "o"), agent="oracle", memory="gold", data=str(small_benchmark))
    figures = estimate_plan(prepare_run(config), Pacing())
    assert figures.total.requests.high == 0 and "sends no model request" in figures.unknowns[0]


def test_an_external_memory_system_is_not_estimated_and_says_why(small_benchmark: Path, tmp_path: Path) -> None:
    config = RunConfig(out=str(tmp_path / "m"), memory="mem0", model="m", base_url="http://127.0.0.1:9/v1",
                       data=str(small_benchmark))
    figures = estimate_plan(prepare_run(config), Pacing())
    assert figures.total.requests.expected == 0 and "external memory system" in figures.unknowns[0]
