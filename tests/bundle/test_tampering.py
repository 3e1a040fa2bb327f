"""Every way of editing a bundle after the run is caught, each with its reason (the manifest's checksums are
rewritten after each edit, as a forger would, so that only the deeper checks can catch it)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.bundle.conftest import reseal
from vmb.publish.pack import pack_runs
from vmb.publish.validate import Verdict, validate_bundle
from vmb.results.header import config_hash

Record = dict[str, Any]


@pytest.fixture(scope="module")
def packed(bundle_runs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    runs = [bundle_runs[kind] for kind in ("oracle", "scripted", "textcalls")]
    return pack_runs(runs, tmp_path_factory.mktemp("tamper") / "bundle").directory


@pytest.fixture
def bundle(packed: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(packed, tmp_path / "bundle"))


def _verdicts(bundle: Path, data: str | None = None) -> dict[str, Verdict]:
    return {v.run.removeprefix("runs/"): v for v in validate_bundle(bundle, data)}


def _lines(bundle: Path, run: str) -> tuple[Path, list[str]]:
    path = bundle / "runs" / run / "results.jsonl"
    return path, path.read_text().splitlines()


def _edit_record(bundle: Path, run: str, key: str, edit: Callable[[Record], None]) -> None:
    path, lines = _lines(bundle, run)
    for n, line in enumerate(lines):
        record = json.loads(line)
        if record["id"] == key:
            edit(record)
            lines[n] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    reseal(bundle)


def _only(verdicts: dict[str, Verdict], run: str) -> Verdict:
    """The verdict of the edited run; the others still validate."""
    assert all(v.valid for name, v in verdicts.items() if name != run), [v.lines() for v in verdicts.values()]
    assert not verdicts[run].valid
    return verdicts[run]


def _a_setter(record: Record) -> int:
    """The index in calls.vehicle of a call with a whole-number argument."""
    return next(n for n, c in enumerate(record["calls"]["vehicle"])
                if any(isinstance(v, int) and not isinstance(v, bool) for v in c["args"].values()))


def _first_with_setter(bundle: Path, run: str) -> str:
    _, lines = _lines(bundle, run)
    for line in lines:
        record = json.loads(line)
        try:
            _a_setter(record)
            return str(record["id"])
        except StopIteration:
            continue
    raise AssertionError("no record with a numeric vehicle call")


def test_an_edited_metric_json(bundle: Path) -> None:
    path = bundle / "runs" / "scripted" / "metric.json"
    metric = json.loads(path.read_text())
    recorded = metric["overall"]["esm"]
    metric["overall"]["esm"] = 71.5
    path.write_text(json.dumps(metric, indent=1))
    reseal(bundle)
    verdict = _only(_verdicts(bundle), "scripted")
    assert verdict.problems == [f"metric.json does not follow from the records: metric.overall.esm: recorded 71.5, "
                                f"recomputed {recorded}"]


def test_an_edited_record_score(bundle: Path) -> None:
    def fail(record: Record) -> None:  # a solved query made to look unsolved: one leaf not correct after all
        record["score"]["correct"] = record["score"]["correct"][:-1]

    _edit_record(bundle, "oracle", "qa_2#4", fail)
    verdict = _only(_verdicts(bundle), "oracle")
    assert [k for k, _ in verdict.queries] == ["qa_2#4"]
    assert verdict.queries[0][1].startswith("score.correct: recorded [")
    assert verdict.problems and verdict.problems[0].startswith("metric.json does not follow from the records")


def test_a_removed_query(bundle: Path) -> None:
    path, lines = _lines(bundle, "scripted")
    path.write_text("\n".join(line for line in lines if json.loads(line)["id"] != "qa_3#2") + "\n")
    reseal(bundle)
    verdict = _only(_verdicts(bundle), "scripted")
    assert verdict.queries == [("qa_3#2", "no record of it")]
    assert verdict.coverage == {"benchmark": 40, "scored": 39, "errors": 0, "pending": 1}
    assert "the bundle says its runs are complete; this one misses queries or holds errors" in verdict.problems
    assert any(p.startswith("the manifest claims") for p in verdict.problems)


def test_a_duplicated_query(bundle: Path) -> None:
    path, lines = _lines(bundle, "oracle")
    path.write_text("\n".join([*lines, lines[4]]) + "\n")
    reseal(bundle)
    verdict = _only(_verdicts(bundle), "oracle")
    key = json.loads(lines[4])["id"]
    assert verdict.queries == [(key, "recorded twice (results.jsonl lines 5 and 41)")]


def test_calls_edited_without_the_messages(bundle: Path) -> None:
    key = _first_with_setter(bundle, "scripted")

    def edit(record: Record) -> None:
        call = record["calls"]["vehicle"][_a_setter(record)]
        name = next(k for k, v in call["args"].items() if isinstance(v, int) and not isinstance(v, bool))
        call["args"][name] += 1

    _edit_record(bundle, "scripted", key, edit)
    verdict = _only(_verdicts(bundle), "scripted")
    (reason,) = [r for k, r in verdict.queries if k == key]
    assert reason.startswith("calls.vehicle[") and "re-executed" in reason


def test_a_call_in_the_record_that_no_message_made(bundle: Path) -> None:
    extra = {"name": "carcontrol_HUD_switch", "args": {"switch": True}}

    def edit(record: Record) -> None:
        record["calls"]["vehicle"].append(extra)
        record["call_count"] += 1

    _edit_record(bundle, "oracle", "qa_1#1", edit)
    (reason,) = [r for _, r in _only(_verdicts(bundle), "oracle").queries]
    assert reason.startswith("calls.vehicle: recorded [") and "carcontrol_HUD_switch" in reason


def test_a_call_of_the_messages_missing_from_the_record(bundle: Path) -> None:
    def edit(record: Record) -> None:
        dropped = record["calls"]["vehicle"].pop()
        record["tool_results"] = [r for r in record["tool_results"] if r["name"] != dropped["name"]]
        record["call_count"] -= 1

    _edit_record(bundle, "oracle", "qa_1#1", edit)
    (reason,) = [r for _, r in _only(_verdicts(bundle), "oracle").queries]
    assert reason.startswith("calls.vehicle: recorded [")


@pytest.mark.parametrize("run", ["scripted", "textcalls"])
def test_messages_edited_without_the_calls(bundle: Path, run: str) -> None:
    key = _first_with_setter(bundle, run)

    def edit(record: Record) -> None:
        for message in record["messages"]:
            for call in message.get("tool_calls") or []:
                args = json.loads(call["function"]["arguments"])
                numbers = [k for k, v in args.items() if isinstance(v, int) and not isinstance(v, bool)]
                if numbers:
                    args[numbers[0]] += 1
                    call["function"]["arguments"] = json.dumps(args)
                    return

    _edit_record(bundle, run, key, edit)
    (reason,) = [r for k, r in _only(_verdicts(bundle), run).queries if k == key]
    assert reason.startswith("messages[") and "re-executed" in reason


def test_a_run_over_other_data(bundle: Path, release_dir: Path) -> None:
    verdicts = _verdicts(bundle, str(release_dir))
    for verdict in verdicts.values():
        (problem,) = verdict.problems
        assert problem.startswith("ran over other data: the bundle's benchmark is ") and str(release_dir) in problem


def test_a_benchmark_identity_edited_to_another_seed(bundle: Path) -> None:
    path = bundle / "manifest.json"
    manifest = json.loads(path.read_text())
    (identity,) = manifest["benchmarks"].values()
    identity["generator"]["options"]["seed"] = 11
    identity["generator"]["seed"] = 12
    path.write_text(json.dumps(manifest))
    for verdict in _verdicts(bundle).values():  # the seed and its options disagree: not rebuilt
        assert verdict.problems == ["its benchmark's recorded seed 12 is not its options' 11"]
    identity["generator"]["options"]["seed"] = 12
    path.write_text(json.dumps(manifest))
    for verdict in _verdicts(bundle).values():
        assert verdict.problems == ["its benchmark's metadata.json is not what vmb generate writes for seed 12 and "
                                    "the recorded options"]


def test_a_header_edited_after_the_run(bundle: Path) -> None:
    path = bundle / "runs" / "scripted" / "config.json"
    header = json.loads(path.read_text())
    header["determining"]["request_params"]["temperature"] = 0.7
    path.write_text(json.dumps(header, indent=1))
    reseal(bundle)
    (problem,) = _only(_verdicts(bundle), "scripted").problems
    assert problem.startswith("config.json was edited after the run: its settings hash to ")


def test_a_run_of_another_model_in_a_bundle_that_claims_one(bundle_runs: dict[str, Path], tmp_path: Path) -> None:
    root = pack_runs([bundle_runs["scripted"], bundle_runs["scripted"]], tmp_path / "b").directory
    path = root / "runs" / "scripted-2" / "config.json"
    header = json.loads(path.read_text())
    header["determining"]["model"] = "another-model"
    header["hash"] = config_hash(header["determining"])
    path.write_text(json.dumps(header, indent=1))
    manifest = json.loads((root / "manifest.json").read_text())
    manifest["runs"][1].update(model="another-model", hash=header["hash"])
    (root / "manifest.json").write_text(json.dumps(manifest))
    reseal(root)
    verdicts = _verdicts(root)
    problems = verdicts["scripted-2"].problems
    assert verdicts["scripted"].valid
    assert problems[0] == 'its model is "another-model", not the "scripted-faults" of the one model the bundle claims'
