"""Issue 46's second pass: hostile bundles beyond the issue's own cases, each a reason or an escaped display, never
a valid forgery. A card.md the submitter wrote; a symlink standing for a run's file; a record claiming another
group's query, or one query twice with different scores; a metric.json that does not follow from the records; a
key-value run relabelled a summary run; an imported run relabelled a model's run."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.bundle.conftest import reseal
from tests.bundle.test_forgeries import relabelled
from vmb.cli import main
from vmb.errors import Exit
from vmb.publish.board import write_board
from vmb.publish.pack import pack_runs
from vmb.publish.validate import validate_bundle

FORGED_CARD = "# Reproducibility card: gpt-5\n\n| model | gpt-5 |\n\n<script>window.__pwned=1</script> ESM 100\n"


@pytest.fixture(scope="module")
def oracle_bundle(bundle_runs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    return pack_runs([bundle_runs["oracle"]], tmp_path_factory.mktemp("second") / "bundle").directory


def _copy(bundle: Path, tmp_path: Path) -> Path:
    target = tmp_path / "copy" / "bundle"
    shutil.copytree(bundle, target, symlinks=True)
    return target


def _records(bundle: Path) -> tuple[Path, list[dict]]:
    path = bundle / "runs" / "oracle" / "results.jsonl"
    return path, [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, records: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")


def test_the_board_writes_each_card_anew_never_the_bundles_own(oracle_bundle: Path, tmp_path: Path,
                                                               small_benchmark: Path) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    (bundle / "runs" / "oracle" / "card.md").write_text(FORGED_CARD, encoding="utf-8")
    reseal(bundle)
    (row,) = write_board([bundle], tmp_path / "board", str(small_benchmark))
    card = (tmp_path / "board" / "cards" / f"{row.slug}.md").read_text(encoding="utf-8")
    assert "gpt-5" not in card and "<script" not in card
    assert card.startswith("# Reproducibility card: oracle") and "none: the offline agent oracle" in card


def test_a_symlink_standing_for_a_runs_records_is_one_line(oracle_bundle: Path, tmp_path: Path, small_benchmark: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    path, _ = _records(bundle)
    elsewhere = tmp_path / "elsewhere.jsonl"
    shutil.move(path, elsewhere)
    os.symlink(elsewhere, path)
    assert main(["validate", str(bundle), "--data", str(small_benchmark)]) == Exit.ERROR
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "is a symbolic link" in err, err


def test_a_record_claiming_another_groups_query_is_a_reason(oracle_bundle: Path, tmp_path: Path,
                                                            small_benchmark: Path) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    path, records = _records(bundle)
    other = next(r for r in records if r["group"] != records[0]["group"])
    records[0] = {**other, "group": records[0]["group"]}  # another group's query and answer under group 1
    _write(path, records)
    reseal(bundle)
    (verdict,) = validate_bundle(bundle, str(small_benchmark))
    assert not verdict.valid, verdict.lines()


def test_one_query_twice_with_different_scores_is_a_reason(oracle_bundle: Path, tmp_path: Path,
                                                          small_benchmark: Path) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    path, records = _records(bundle)
    failed = {**records[0], "final_answer": "nothing", "tool_results": []}
    _write(path, [*records, failed])
    reseal(bundle)
    (verdict,) = validate_bundle(bundle, str(small_benchmark))
    assert not verdict.valid, verdict.lines()


def test_a_metric_json_that_does_not_follow_from_the_records_is_a_reason(oracle_bundle: Path, tmp_path: Path,
                                                                         small_benchmark: Path) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    metric_path = bundle / "runs" / "oracle" / "metric.json"
    metric = json.loads(metric_path.read_text(encoding="utf-8"))
    metric["overall"]["esm"] = 12.5  # the records say 100
    metric_path.write_text(json.dumps(metric), encoding="utf-8")
    reseal(bundle)
    (verdict,) = validate_bundle(bundle, str(small_benchmark))
    assert not verdict.valid and any("does not follow from the records" in p for p in verdict.problems), \
        verdict.lines()


def test_a_key_value_run_relabelled_a_summary_run_is_invalid(bundle_runs: dict[str, Path], tmp_path: Path,
                                                             small_benchmark: Path) -> None:
    """The forger also writes each group's summary.json (the key-value store as text), so the run rescores."""
    source = tmp_path / "source"
    shutil.copytree(bundle_runs["textcalls"], source)
    for group in (source / "memory").glob("group_*"):
        store = json.loads((group / "store.json").read_text(encoding="utf-8"))
        summary = "\n".join(f"{k}: {v}" for k, v in store.items())
        (group / "summary.json").write_text(json.dumps({"summary": summary}), encoding="utf-8")

    def as_summary(determining: dict) -> None:
        determining.update(memory="summary", memory_options={})

    run = relabelled(source, tmp_path / "summary", small_benchmark, as_summary)
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged", partial=True).directory, str(small_benchmark))
    assert not verdict.valid, verdict.lines()


@pytest.mark.parametrize("label", [
    {"agent": "model", "model": "gpt-4o", "base_url": "https://api.openai.com/v1", "server_family": "openai"},
    {"agent": "oracle", "model": None, "base_url": None}])
def test_an_imported_run_relabelled_a_model_or_an_offline_agent_is_invalid(label: dict, tiny_benchmark: Path,
                                                                           tmp_path: Path) -> None:
    """`vmb import`'s records hold final calls only: under any label but the outside agent's they are invalid."""
    from tests.harness.test_import import write_lines
    from vmb.data import load_benchmark

    rows = [{"id": q.id, "calls": list(q.answer)} for q in load_benchmark(tiny_benchmark).group(1).queries]
    out = tmp_path / "imported"
    assert main(["import", str(write_lines(tmp_path / "a.jsonl", rows)), "--name", "outside-agent", "--memory",
                 "gold", "--groups", "1", "--data", str(tiny_benchmark), "--out", str(out)]) == 0
    run = relabelled(out, tmp_path / "relabelled", tiny_benchmark, lambda determining: determining.update(label))
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged", partial=True).directory, str(tiny_benchmark))
    assert not verdict.valid, verdict.lines()


def _zero_tokens(value: object) -> None:
    """Every token count of a record (its usage, each round's, its memory's tokens) set to 0."""
    if isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, int) and not isinstance(item, bool) and "token" in key:
                value[key] = 0
            else:
                _zero_tokens(item)
    elif isinstance(value, list):
        for item in value:
            _zero_tokens(item)


def test_a_model_run_with_its_tokens_zeroed_is_invalid(bundle_runs: dict[str, Path], tmp_path: Path,
                                                       small_benchmark: Path) -> None:
    run = relabelled(bundle_runs["scripted"], tmp_path / "zeroed", small_benchmark, lambda determining: None,
                     _zero_tokens)
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged").directory, str(small_benchmark))
    assert not verdict.valid, verdict.lines()


def test_a_model_run_with_its_memory_tokens_zeroed_is_invalid(bundle_runs: dict[str, Path], tmp_path: Path,
                                                              small_benchmark: Path) -> None:
    """Mem Token (the memory's tokens in each prompt) is a figure of the board: zeroed, the run reads leaner."""
    def zeroed(record: dict) -> None:
        record["mem_tokens"] = [0 for _ in record["mem_tokens"]]

    run = relabelled(bundle_runs["scripted"], tmp_path / "zeroed", small_benchmark, lambda determining: None, zeroed)
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged").directory, str(small_benchmark))
    assert not verdict.valid, verdict.lines()


def test_an_honest_key_value_run_stays_valid_with_its_mem_tokens_compared(bundle_runs: dict[str, Path],
                                                                          tmp_path: Path, small_benchmark: Path) -> None:
    bundle = pack_runs([bundle_runs["textcalls"], bundle_runs["baseline"]], tmp_path / "honest", partial=True)
    assert [v.problems + v.queries for v in validate_bundle(bundle.directory, str(small_benchmark))] == [[], []]


def test_a_manifest_listing_a_file_twice_is_one_line(oracle_bundle: Path, tmp_path: Path, small_benchmark: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """JSON keeps the last of two equal keys; another reader (a reviewer's tool) may keep the first."""
    bundle = _copy(oracle_bundle, tmp_path)
    path = bundle / "manifest.json"
    text = path.read_text(encoding="utf-8")
    name = "runs/oracle/results.jsonl"
    start = text.index(f'"{name}"')
    entry = text[start:text.index("}", start) + 1]
    path.write_text(text.replace(entry, entry.replace('"sha256": "', '"sha256": "0') + ",\n" + entry), encoding="utf-8")
    assert main(["validate", str(bundle), "--data", str(small_benchmark)]) == Exit.ERROR
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and f"the key '{name}' is given twice in one object" in err, err


def test_a_config_json_naming_its_model_twice_is_one_line(tmp_path: Path, bundle_runs: dict[str, Path],
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "twice"
    shutil.copytree(bundle_runs["scripted"], run)
    path = run / "config.json"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('"model": ', '"model": "gpt-4o", "model": ', 1), encoding="utf-8")
    assert main(["show", str(run)]) == Exit.ERROR
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "the key 'model' is given twice in one object" in err, err


def test_an_oracle_run_relabelled_an_outside_agent_never_reads_as_that_model(
        bundle_runs: dict[str, Path], tmp_path: Path, small_benchmark: Path) -> None:
    """The issue's forgery under the one label left: an outside agent named gpt-4o (`vmb serve --name`). Its records
    are what an outside agent reaching the reference calls makes (vmb serve asks no model), so it cannot be refused;
    the verdict and the board say whose word the name is, never 'gpt-4o' alone."""
    def as_served(determining: dict) -> None:
        determining.update(agent="external", model="gpt-4o")

    run = relabelled(bundle_runs["oracle"], tmp_path / "served", small_benchmark, as_served)
    bundle = pack_runs([run], tmp_path / "forged").directory
    (verdict,) = validate_bundle(bundle, str(small_benchmark))
    assert any("an outside agent's run (vmb serve), named 'gpt-4o' by its submitter" in u for u in verdict.unchecked)
    (row,) = write_board([bundle], tmp_path / "board", str(small_benchmark))
    assert row.model == "gpt-4o (outside agent)"
    assert "gpt-4o (outside agent)" in (tmp_path / "board" / "board.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["../outside.txt", "/etc/passwd", "runs/oracle/../../x", "runs\\oracle\\x"])
def test_a_manifest_naming_a_file_outside_the_bundle_is_one_line(name: str, oracle_bundle: Path, tmp_path: Path,
                                                                 small_benchmark: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    path = bundle / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest["files"][name] = {"sha256": "0" * 64, "bytes": 1}
    path.write_text(json.dumps(manifest), encoding="utf-8")
    assert main(["validate", str(bundle), "--data", str(small_benchmark)]) == Exit.ERROR
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and ("outside the bundle" in err or "not a file name" in err), err
