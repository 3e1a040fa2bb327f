"""A run on a twin is packed as a twin (issue 35): its own benchmark kind with its seed and its source's checksum,
validated without --data by making the twin again from the release vmb finds."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vmb.data.locate import ENV_VAR, data_checksum
from vmb.publish.pack import pack_runs
from vmb.publish.validate import validate_bundle

GROUPS = (1, 2)


@pytest.fixture(scope="module")
def twin_bundle(release_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the source: two groups of the release, copied at test time; a bundle of an oracle run on its twin)."""
    from vmb.harness import run_benchmark
    from vmb.maker.twin import make_twin

    root = tmp_path_factory.mktemp("twin-bundle")
    source = root / "source"
    for sub, name in (("history", "history_{}.txt"), ("qa_data", "qa_{}.json")):
        (source / sub).mkdir(parents=True)
        for group in GROUPS:
            shutil.copy(release_dir / sub / name.format(group), source / sub)
    make_twin(source, 3, root / "twin")
    run_benchmark(out=str(root / "oracle"), agent="oracle", memory="gold", data=str(root / "twin"),
                  cache_dir=str(root / ".cache"), progress=False)
    return source, pack_runs([root / "oracle"], root / "bundle", data=str(root / "twin")).archive


def test_a_twin_is_its_own_kind_in_the_manifest(twin_bundle: tuple[Path, Path]) -> None:
    source, archive = twin_bundle
    manifest = json.loads((archive.with_name("bundle") / "manifest.json").read_text(encoding="utf-8"))
    (benchmark,) = manifest["benchmarks"].values()
    assert benchmark["kind"] == "twin" and benchmark["generator"] is None
    assert benchmark["twin"] == {"seed": 3, "source_sha256": data_checksum(source)}
    card = (archive.with_name("bundle") / "runs/oracle/card.md").read_text(encoding="utf-8")
    assert "a twin made by vmb twin (seed 3) of the release" in card and "vmb twin --seed 3 --out bench" in card


def test_a_twin_validates_without_data_made_again_from_the_release(twin_bundle: tuple[Path, Path],
                                                                   monkeypatch: pytest.MonkeyPatch,
                                                                   small_benchmark: Path) -> None:
    source, archive = twin_bundle
    monkeypatch.setenv(ENV_VAR, str(source))  # the release vmb finds: the twin's source
    (verdict,) = validate_bundle(archive)
    assert verdict.line() == "runs/oracle: valid, complete (20 of 20 queries scored, 0 in error, 0 not run)"
    monkeypatch.setenv(ENV_VAR, str(small_benchmark))  # another release: named, with what to do
    (verdict,) = validate_bundle(archive)
    (problem,) = verdict.problems
    assert f"its benchmark is a twin of {data_checksum(source)[:12]}; the release vmb finds" in problem
    assert "pass --data DIR holding the twin" in problem


def test_a_twins_seed_edited_is_other_data(twin_bundle: tuple[Path, Path], tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    source, archive = twin_bundle
    bundle = tmp_path / "bundle"
    shutil.copytree(archive.with_name("bundle"), bundle)
    path = bundle / "manifest.json"
    manifest = json.loads(path.read_text(encoding="utf-8"))
    (benchmark,) = manifest["benchmarks"].values()
    benchmark["twin"]["seed"] = 4
    path.write_text(json.dumps(manifest), encoding="utf-8")
    monkeypatch.setenv(ENV_VAR, str(source))
    (verdict,) = validate_bundle(bundle)
    (problem,) = verdict.problems
    assert "ran over other data" in problem and "the twin made again from the release with its recorded seed" in problem
