"""A bundle as a forger makes it (issue 35): its fields never become paths, its sizes and options never run
unbounded, its header must say what its conversations show, and what it holds prints escaped."""

from __future__ import annotations

import gzip
import io
import json
import shutil
import tarfile
import tempfile
from pathlib import Path

import pytest

from tests.bundle.conftest import reseal
from vmb.cli import main
from vmb.errors import Exit
from vmb.outdir import MARKER
from vmb.publish.files import write_archive
from vmb.publish.pack import pack_runs
from vmb.publish.replay import first_difference
from vmb.publish.validate import validate_bundle
from vmb.results.header import config_hash


@pytest.fixture(scope="module")
def oracle_bundle(bundle_runs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    return pack_runs([bundle_runs["oracle"]], tmp_path_factory.mktemp("hostile") / "bundle").directory


def _copy(bundle: Path, tmp_path: Path, name: str = "b") -> Path:
    target = tmp_path / name / "bundle"
    shutil.copytree(bundle, target)
    return target


def _edit_manifest(bundle: Path, edit: object) -> None:
    path = bundle / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    edit(manifest)  # type: ignore[operator]
    path.write_text(json.dumps(manifest), encoding="utf-8")


def _files(bundle: Path) -> dict[str, bytes]:
    """The bundle's files as its archive holds them (not the output directory's marker)."""
    return {p.relative_to(bundle).as_posix(): p.read_bytes() for p in bundle.rglob("*")
            if p.is_file() and p.name != MARKER}


def _one_line(args: list[str], capsys: pytest.CaptureFixture[str], status: int = Exit.ERROR) -> str:
    assert main(args) == status
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    (line,) = captured.err.splitlines()
    return line


def test_a_benchmark_checksum_that_climbs_is_refused_and_nothing_is_written_outside(
        oracle_bundle: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    bundle = _copy(oracle_bundle, tmp_path)

    def climb(manifest: dict) -> None:
        (sha, benchmark), = manifest["benchmarks"].items()
        benchmark["sha256"] = "../escaped"
        manifest["benchmarks"] = {"../escaped": benchmark}
        for run in manifest["runs"]:
            run["benchmark"] = "../escaped"

    _edit_manifest(bundle, climb)
    line = _one_line(["validate", str(bundle)], capsys)
    assert "'../escaped', not a SHA-256 checksum" in line
    assert list(temp.iterdir()) == [] and not (tmp_path / "escaped").exists()


def test_a_rebuild_writes_only_inside_validates_scratch_and_removes_it(
        oracle_bundle: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    (verdict,) = validate_bundle(oracle_bundle)  # no --data: the generated benchmark is rebuilt from its seed
    assert verdict.valid and verdict.complete
    assert list(temp.iterdir()) == []


@pytest.mark.parametrize("options, expected", [
    ({"groups": 100000, "history_lines": 100000}, "make 100000 groups of 1000000 queries; the manifest says 4"),
    ({"history_lines": 100000}, "ask for 400,000 history lines"),
    ({"groups": "many"}, "recorded generator options do not read"),
    ({"backend": "llm"}, "recorded generator options do not read"),
])
def test_recorded_generator_options_outside_the_limits_are_refused_before_a_line_is_made(
        oracle_bundle: Path, tmp_path: Path, options: dict, expected: str) -> None:
    bundle = _copy(oracle_bundle, tmp_path)

    def edit(manifest: dict) -> None:
        (benchmark,) = manifest["benchmarks"].values()
        benchmark["generator"]["options"].update(options)

    _edit_manifest(bundle, edit)
    (verdict,) = validate_bundle(bundle)
    assert not verdict.valid and any(expected in problem for problem in verdict.problems), verdict.problems


def _zeros_before_manifest(path: Path, claimed: int, written: int) -> Path:
    """An archive whose first member claims ``claimed`` bytes of zeros (``written`` of them present)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        top = tarfile.TarInfo("b")
        top.type = tarfile.DIRTYPE
        tar.addfile(top)
        info = tarfile.TarInfo("b/aaaa.bin")
        info.size = claimed
        buffer.write(info.tobuf(format=tarfile.PAX_FORMAT))
        buffer.write(b"\0" * written)
    path.write_bytes(gzip.compress(buffer.getvalue(), compresslevel=1))
    return path


def test_an_archive_is_unpacked_within_its_manifests_budget(oracle_bundle: Path, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    # 1 GiB of zeros before the manifest: refused at its header, before a byte of it is written
    bomb = _zeros_before_manifest(tmp_path / "bomb.tar.gz", 1 << 30, 4 << 20)
    line = _one_line(["validate", str(bomb)], capsys)
    assert "bomb.tar.gz: more than 1 MiB or 16 files before its manifest.json" in line
    # after the manifest, a member it does not list, or of another size than it lists, is refused
    files = _files(oracle_bundle)
    write_archive(tmp_path / "extra.tar.gz", {**files, "runs/oracle/zeros.bin": b"\0" * 1000}, "b")
    assert "member 'b/runs/oracle/zeros.bin': not listed in manifest.json" in _one_line(
        ["validate", str(tmp_path / "extra.tar.gz")], capsys)
    grown = dict(files)
    grown["runs/oracle/metric.json"] += b" " * 100
    write_archive(tmp_path / "grown.tar.gz", grown, "b")
    assert "bytes where manifest.json lists" in _one_line(["validate", str(tmp_path / "grown.tar.gz")], capsys)
    # a manifest claiming more than a bundle may hold is refused before anything after it is written
    manifest = json.loads(files["manifest.json"])
    manifest["files"]["runs/oracle/results.jsonl"]["bytes"] = 3 << 30
    write_archive(tmp_path / "claims.tar.gz", {**files, "manifest.json": json.dumps(manifest).encode()}, "b")
    assert "lists 3.0 GiB, more than the 1 GiB a bundle may hold" in _one_line(
        ["validate", str(tmp_path / "claims.tar.gz")], capsys)


def test_an_error_inside_an_archive_names_the_archive_not_the_scratch(oracle_bundle: Path, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    files = _files(oracle_bundle)
    manifest = json.loads(files["manifest.json"])
    files["runs/oracle/results.jsonl"] = files["runs/oracle/results.jsonl"][:1000]
    manifest["files"]["runs/oracle/results.jsonl"]["bytes"] = 1000  # the size agrees; the SHA-256 does not
    files["manifest.json"] = json.dumps(manifest).encode()
    write_archive(tmp_path / "cut.tar.gz", files, "b")
    line = _one_line(["validate", str(tmp_path / "cut.tar.gz")], capsys)
    assert f"{tmp_path / 'cut.tar.gz'}: runs/oracle/results.jsonl: its contents differ" in line
    assert "vmb-bundle-" not in line


def test_metric_json_nested_100000_deep_is_a_reason_not_a_traceback(
        oracle_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    (bundle / "runs/oracle/metric.json").write_text("[" * 100000 + "]" * 100000, encoding="utf-8")
    reseal(bundle)
    assert main(["validate", str(bundle)]) == Exit.FAILURES
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "metric.json cannot be read (the JSON nests deeper than 64" in captured.out


def test_an_empty_bundle_is_refused_in_one_line(oracle_bundle: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    _edit_manifest(bundle, lambda manifest: manifest.update(runs=[]))
    assert "the bundle holds no run (runs is empty)" in _one_line(["validate", str(bundle)], capsys)


def test_a_gold_run_relabelled_none_is_caught_by_its_system_prompts(
        bundle_runs: dict[str, Path], tmp_path: Path, small_benchmark: Path) -> None:
    from vmb.harness.rescore import rescore_run

    run = tmp_path / "oracle"
    shutil.copytree(bundle_runs["oracle"], run)
    config = json.loads((run / "config.json").read_text(encoding="utf-8"))
    config["determining"]["memory"] = "none"
    config["hash"] = config_hash(config["determining"])
    (run / "config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    rescore_run(run, str(small_benchmark))  # metric.json recomputed as vmb does
    bundle = pack_runs([run], tmp_path / "forged").directory
    (verdict,) = validate_bundle(bundle)
    assert not verdict.valid and len(verdict.queries) == 40
    assert all("is not what the memory setting 'none' of its config.json writes (it holds the 'gold' setting's)"
               in reason for _, reason in verdict.queries)


def test_a_memory_tool_the_setting_does_not_offer_is_caught(bundle_runs: dict[str, Path], tmp_path: Path,
                                                            small_benchmark: Path) -> None:
    from vmb.harness.rescore import rescore_run

    run = tmp_path / "textcalls"
    shutil.copytree(bundle_runs["textcalls"], run)  # a key-value run: it calls memory_list and memory_search
    config = json.loads((run / "config.json").read_text(encoding="utf-8"))
    config["determining"].update(memory="none", memory_options={})
    config["hash"] = config_hash(config["determining"])
    (run / "config.json").write_text(json.dumps(config, indent=1), encoding="utf-8")
    rescore_run(run, str(small_benchmark))
    (verdict,) = validate_bundle(pack_runs([run], tmp_path / "forged").directory)
    assert not verdict.valid
    assert any("which the memory setting 'none' of its config.json does not offer" in reason
               for _, reason in verdict.queries)


def test_control_characters_in_record_ids_and_call_arguments_print_escaped(
        oracle_bundle: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    results = bundle / "runs/oracle/results.jsonl"
    lines = results.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["id"] = "qa_1#0\x1b[2J\x07\u202e"
    second = json.loads(lines[1])
    for kind in second["calls"].values():
        for call in kind:
            if call.get("args"):
                call["args"] = {"x": "\x1b]0;pwned\x07\u202eevil"}
    lines[:2] = [json.dumps(first), json.dumps(second)]
    results.write_text("\n".join(lines) + "\n", encoding="utf-8")
    reseal(bundle)
    assert main(["validate", str(bundle)]) == Exit.FAILURES
    out = capsys.readouterr().out
    assert not any(char in out for char in "\x1b\x07\u202e")
    assert "qa_1#0\\x1b[2J\\x07\\u202e" in out and "pwned" in out


def test_two_long_values_alike_in_what_is_shown_show_where_they_part() -> None:
    same = "a" * 300
    reason = first_difference(same + "X", same + "Y", "final_answer")
    assert "differs from character 301" in reason
    recorded, _, replayed = reason.partition(", re-executed ")
    assert recorded.endswith('aX"') and replayed.endswith('aY"')


@pytest.mark.parametrize("name, expected", [
    ("config.json", "config.json is damaged (not JSON: "),
    ("results.jsonl", "results.jsonl line 1: not complete JSON"),
])
def test_every_json_file_of_a_bundle_is_read_within_bounds(oracle_bundle: Path, tmp_path: Path, name: str,
                                                          expected: str, capsys: pytest.CaptureFixture[str]) -> None:
    bundle = _copy(oracle_bundle, tmp_path)
    path = bundle / "runs/oracle" / name
    deep = "[" * 100000 + "]" * 100000
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text(deep + "\n" + "\n".join(lines[1:]) + "\n" if name == "results.jsonl" else deep, encoding="utf-8")
    reseal(bundle)
    assert main(["validate", str(bundle)]) == Exit.FAILURES
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and expected in captured.out, captured.out
