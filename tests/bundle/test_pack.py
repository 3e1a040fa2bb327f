"""vmb pack: a self-contained bundle and its deterministic archive; keys refused; partial runs only when asked."""

from __future__ import annotations

import hashlib
import json
import shutil
import tarfile
from pathlib import Path

import pytest

from tests.harness.helpers import SECRET
from vmb.cli import main
from vmb.errors import Exit
from vmb.publish.manifest import MANIFEST, BundleError, read_manifest
from vmb.publish.pack import pack_runs
from vmb.results.header import RunHeader


def test_a_bundle_holds_every_run_with_its_identity(bundle_runs: dict[str, Path], tmp_path: Path,
                                                     small_benchmark: Path) -> None:
    packed = pack_runs(list(bundle_runs.values()), tmp_path / "b")
    manifest = read_manifest(tmp_path / "b")
    assert [r.name for r in manifest.runs] == list(bundle_runs)
    assert not manifest.partial and manifest.model is None  # five agents: no one model claimed
    (benchmark,) = manifest.benchmarks.values()
    assert benchmark.kind == "generated" and benchmark.queries == 40 and benchmark.generator is not None
    assert benchmark.generator["seed"] == 11
    assert (tmp_path / "b" / benchmark.generator["metadata"]).read_bytes() == (small_benchmark / "metadata.json").read_bytes()
    assert manifest.vmb["version"] and manifest.vmb["commit"] and manifest.vmb["requirements_sha256"]
    for entry, run in zip(manifest.runs, bundle_runs.values()):
        header = RunHeader.from_json(json.loads((run / "config.json").read_text()))
        assert (entry.hash, entry.agent, entry.memory, entry.prompts) == (
            header.hash, header.agent, header.memory, header.determining.prompts)
        assert entry.coverage == {"benchmark": 40, "scored": 40, "errors": 0, "pending": 0}
        packed_header = json.loads((tmp_path / "b" / entry.path / "config.json").read_text())
        original = json.loads((run / "config.json").read_text())
        assert packed_header["determining"] == original["determining"] and packed_header["hash"] == original["hash"]
        assert not {"data", "cache_dir", "prices"} & set(packed_header["operational"])  # the packer's paths
        assert (tmp_path / "b" / entry.path / "metric.json").read_bytes() == (run / "metric.json").read_bytes()
        records = (tmp_path / "b" / entry.path / "results.jsonl").read_text().splitlines()
        assert len(records) == 40 and all(json.loads(line)["messages"] for line in records)
    scripted = next(r for r in manifest.runs if r.name == "scripted")
    assert (scripted.model, scripted.server_family) == ("scripted-faults", "generic")
    # the key-value run's memory builds are packed (metric.json's build cost is figured from them)
    assert any(name.startswith("runs/textcalls/memory/group_") for name in manifest.files)
    for name, entry_file in manifest.files.items():
        data = (tmp_path / "b" / name).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry_file.sha256
    with tarfile.open(packed.archive) as tar:
        members = {m.name.removeprefix("b/") for m in tar.getmembers() if m.isfile()}
    assert members == {*manifest.files, MANIFEST}


def test_the_archive_is_the_same_bytes_for_the_same_runs(bundle_runs: dict[str, Path], tmp_path: Path) -> None:
    runs = [bundle_runs["oracle"], bundle_runs["scripted"]]
    first = pack_runs(runs, tmp_path / "one" / "bundle").archive
    second = pack_runs(runs, tmp_path / "two" / "bundle").archive
    assert first.read_bytes() == second.read_bytes()
    again = pack_runs(runs[:1], tmp_path / "one" / "bundle")  # its own directory: packed again, replaced
    assert [r.name for r in read_manifest(again.directory).runs] == ["oracle"]
    assert not (again.directory / "runs" / "scripted").exists()


def test_one_model_is_claimed_when_every_run_shares_its_configuration(bundle_runs: dict[str, Path],
                                                                      tmp_path: Path) -> None:
    pack_runs([bundle_runs["oracle"], bundle_runs["oracle"]], tmp_path / "b")
    manifest = read_manifest(tmp_path / "b")
    assert [r.name for r in manifest.runs] == ["oracle", "oracle-2"]
    assert manifest.model is not None and manifest.model["agent"] == "oracle"


def _copy(run: Path, tmp_path: Path) -> Path:
    target = tmp_path / run.name
    shutil.copytree(run, target)
    return target


def _edit_message(run: Path, text: str) -> None:
    path = run / "results.jsonl"
    lines = path.read_text().splitlines()
    record = json.loads(lines[2])
    record["messages"][-1]["content"] = f"Done. {text}"
    lines[2] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")


def test_a_key_anywhere_refuses_the_pack_naming_file_and_field(bundle_runs: dict[str, Path], tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(bundle_runs["scripted"], tmp_path)
    _edit_message(run, f"(my key is {SECRET})")
    assert main(["pack", str(run), "--out", str(tmp_path / "b")]) == Exit.ERROR
    (line,) = capsys.readouterr().err.splitlines()
    assert f"{run / 'results.jsonl'} line 3: messages[" in line and "OpenAI-style key" in line
    assert SECRET not in line and not (tmp_path / "b").exists() and not (tmp_path / "b.tar.gz").exists()


def test_the_value_of_a_secret_variable_refuses_the_pack(bundle_runs: dict[str, Path], tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    run = _copy(bundle_runs["oracle"], tmp_path)
    _edit_message(run, "plain words 7f3a9c2e41")
    monkeypatch.setenv("MY_SERVICE_TOKEN", "plain words 7f3a9c2e41")
    with pytest.raises(BundleError, match=r"results\.jsonl line 3: messages\[\d+\]\.content holds the value of "
                                          r"\$MY_SERVICE_TOKEN"):
        pack_runs([run], tmp_path / "b")
    monkeypatch.delenv("MY_SERVICE_TOKEN")
    pack_runs([run], tmp_path / "b")  # the same words are no secret once no variable holds them


def test_a_run_that_does_not_cover_its_benchmark_needs_partial(partial_runs: dict[str, Path], tmp_path: Path) -> None:
    with pytest.raises(BundleError, match=r"limited: 5 of 40 queries of its benchmark scored, 0 in error, 35 not run; "
                                          r".*--partial"):
        pack_runs([partial_runs["limited"]], tmp_path / "b")
    with pytest.raises(BundleError, match=r"failed: 39 of 40 queries of its benchmark scored, 1 in error, 0 not run"):
        pack_runs([partial_runs["failed"]], tmp_path / "b")
    assert not (tmp_path / "b").exists()
    packed = pack_runs(list(partial_runs.values()), tmp_path / "b", partial=True)
    assert packed.manifest.partial
    assert [r.coverage for r in packed.manifest.runs] == [
        {"benchmark": 40, "scored": 5, "errors": 0, "pending": 35},
        {"benchmark": 40, "scored": 39, "errors": 1, "pending": 0}]


def test_damaged_runs_and_used_directories_are_refused_in_one_line(bundle_runs: dict[str, Path], tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    run = _copy(bundle_runs["noop"], tmp_path)
    with (run / "results.jsonl").open("a") as handle:
        handle.write('{"id": "qa_1#0", "sta')
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "notes.txt").write_text("mine")
    cases = [([str(run)], "b1", "results.jsonl line 41: not complete JSON"),
             ([str(tmp_path / "nowhere")], "b2", "is not a run directory"),
             ([str(bundle_runs["noop"])], "taken", "is not empty (notes.txt) and was not made by vmb pack")]
    for runs, out, expected in cases:
        assert main(["pack", *runs, "--out", str(tmp_path / out)]) == Exit.ERROR
        (line,) = capsys.readouterr().err.splitlines()
        assert expected in line
    assert (taken / "notes.txt").read_text() == "mine" and sorted(p.name for p in taken.iterdir()) == ["notes.txt"]
    (tmp_path / "b3.tar.gz").write_text("someone's archive")
    with pytest.raises(BundleError, match="b3.tar.gz exists and is not this bundle's archive"):
        pack_runs([bundle_runs["noop"]], tmp_path / "b3")
    assert not (tmp_path / "b3").exists()


def test_a_link_inside_the_run_is_not_followed(bundle_runs: dict[str, Path], tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    outside = tmp_path / "outside.json"
    outside.write_text('{"private": "not the run\'s"}', encoding="utf-8")
    run = _copy(bundle_runs["textcalls"], tmp_path)  # a key-value run: it has memory builds
    build = run / "memory" / "group_1" / "build.json"
    build.unlink()
    build.symlink_to(outside)
    assert main(["pack", str(run), "--out", str(tmp_path / "b")]) == Exit.ERROR
    (line,) = capsys.readouterr().err.splitlines()
    assert "memory/group_1/build.json is a symbolic link; vmb pack packs only the run's own files" in line
    assert not (tmp_path / "b").exists() and not (tmp_path / "b.tar.gz").exists()
    build.unlink()
    shutil.copytree(bundle_runs["textcalls"] / "memory" / "group_1", tmp_path / "elsewhere")
    shutil.rmtree(run / "memory" / "group_1")
    (run / "memory" / "group_1").symlink_to(tmp_path / "elsewhere")  # a linked folder the same
    assert main(["pack", str(run), "--out", str(tmp_path / "b")]) == Exit.ERROR
    assert "memory/group_1 is a symbolic link" in capsys.readouterr().err


def test_packing_again_keeps_a_users_file_and_out_dot_is_one_line(
        bundle_runs: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "b"
    pack_runs([bundle_runs["oracle"], bundle_runs["noop"]], out)
    (out / "my-notes.txt").write_text("mine", encoding="utf-8")
    pack_runs([bundle_runs["oracle"]], out)
    assert (out / "my-notes.txt").read_text(encoding="utf-8") == "mine"
    assert not (out / "runs" / "noop").exists()  # the bundle written there before is replaced, not mixed
    assert main(["validate", str(out.with_name("b.tar.gz"))]) == Exit.OK
    capsys.readouterr()
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert main(["pack", str(bundle_runs["noop"]), "--out", "."]) == Exit.OK
    assert (tmp_path / "here.tar.gz").is_file() and (here / "manifest.json").is_file()
    assert main(["pack", str(bundle_runs["noop"]), "--out", "/"]) == Exit.ERROR
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith("vmb pack: ")


def test_no_machine_path_of_the_packer_is_packed(bundle_runs: dict[str, Path], tmp_path: Path,
                                                 small_benchmark: Path) -> None:
    packed = pack_runs(list(bundle_runs.values()), tmp_path / "b")
    roots = {str(small_benchmark), str(bundle_runs["oracle"].parent), str(tmp_path)}
    with tarfile.open(packed.archive) as tar:
        for member in tar.getmembers():
            if member.isfile():
                text = tar.extractfile(member).read().decode("utf-8")  # type: ignore[union-attr]
                assert not [root for root in roots if root in text], member.name
    from vmb.publish.validate import validate_bundle

    assert all(v.valid and v.complete for v in validate_bundle(packed.archive))


def test_what_pack_names_a_run_validate_takes(partial_runs: dict[str, Path], tmp_path: Path, small_benchmark: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """issue 46 item 5: a run folder named over 100 characters (or opening with _) was packed under that name,
    which vmb validate then refused as no plain name. Pack cuts and tells apart what validate takes."""
    long = "r" * 150
    runs = [tmp_path / f"{long}-one", tmp_path / f"{long}-two", tmp_path / "_under score"]
    for run in runs:
        shutil.copytree(partial_runs["limited"], run)
    packed = pack_runs(runs, tmp_path / "bundle", partial=True)
    names = [r.name for r in packed.manifest.runs]
    assert names == ["r" * 100, "r" * 98 + "-2", "under-score"], names
    capsys.readouterr()
    assert main(["validate", str(tmp_path / "bundle"), "--data", str(small_benchmark)]) == Exit.OK, \
        capsys.readouterr()
