"""vmb validate: bundles of real runs validate; damaged, truncated, newer and escaping bundles get one line."""

from __future__ import annotations

import gzip
import io
import json
import sys
import tarfile
from pathlib import Path

import pytest

from tests.bundle.conftest import KINDS
from vmb.cli import main
from vmb.errors import Exit
from vmb.publish.pack import pack_runs
from vmb.publish.validate import validate_bundle


@pytest.fixture(scope="module")
def bundle(bundle_runs: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    return pack_runs(list(bundle_runs.values()), tmp_path_factory.mktemp("validate") / "bundle").directory


def test_every_kind_of_run_validates_from_the_directory_and_the_archive(
        bundle: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in (bundle, bundle.with_name("bundle.tar.gz")):
        assert main(["validate", str(path)]) == 0
        out = capsys.readouterr().out.splitlines()
        assert out == [f"runs/{kind}: valid, complete (40 of 40 queries scored, 0 in error, 0 not run)"
                       for kind in KINDS]


def test_a_partial_bundle_says_how_partial(partial_runs: dict[str, Path], tmp_path: Path) -> None:
    packed = pack_runs(list(partial_runs.values()), tmp_path / "b", partial=True)
    lines = [v.line() for v in validate_bundle(packed.archive)]
    assert lines == ["runs/limited: valid, partial (5 of 40 queries scored, 0 in error, 35 not run)",
                     "runs/failed: valid, partial (39 of 40 queries scored, 1 in error, 0 not run)"]


def test_validate_never_imports_a_module_a_bundle_names(bundle_runs: dict[str, Path], tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.bundle.conftest import reseal
    from vmb.results.header import config_hash

    marker = tmp_path / "imported"
    (tmp_path / "evil_plugin.py").write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    root = pack_runs([bundle_runs["oracle"]], tmp_path / "b").directory
    config = root / "runs" / "oracle" / "config.json"
    header = json.loads(config.read_text())
    header["operational"]["plugins"] = ["evil_plugin"]
    header["determining"]["memory"] = "evil_plugin"
    header["hash"] = config_hash(header["determining"])
    config.write_text(json.dumps(header))
    reseal(root)
    (verdict,) = validate_bundle(root)
    assert not marker.exists() and "evil_plugin" not in sys.modules
    assert not verdict.valid and any("memory is \"evil_plugin\"" in p for p in verdict.problems)


def _tar(path: Path, members: list[tuple[tarfile.TarInfo, bytes | None]]) -> Path:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            tar.addfile(info, None if data is None else io.BytesIO(data))
    path.write_bytes(gzip.compress(buffer.getvalue()))
    return path


def _member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type, info.linkname = kind, link
    return info


def _bad_bundles(bundle: Path, tmp_path: Path) -> list[tuple[Path, str]]:
    """(a bundle that must not read, what its one line says)."""
    import shutil

    archive = bundle.with_name("bundle.tar.gz").read_bytes()
    cases: list[tuple[Path, str]] = []

    def copy(name: str) -> Path:
        target = tmp_path / name / "bundle"
        shutil.copytree(bundle, target)
        return target

    damaged = copy("damaged")
    (damaged / "manifest.json").write_text('{"format": "vmb-bundle", "vers')
    cases.append((damaged, "manifest.json is damaged (not JSON"))
    newer = copy("newer")
    manifest = json.loads((newer / "manifest.json").read_text())
    (newer / "manifest.json").write_text(json.dumps({**manifest, "version": 99}))
    cases.append((newer, "made by a newer vmb (bundle format version 99; this vmb reads versions 1 to 2)"))
    truncated = copy("truncated")
    results = truncated / "runs" / "noop" / "results.jsonl"
    results.write_bytes(results.read_bytes()[:1000])
    cases.append((truncated, "runs/noop/results.jsonl: truncated (1000 of"))
    escaping = copy("escaping")
    manifest = json.loads((escaping / "manifest.json").read_text())
    manifest["files"]["../outside.txt"] = {"sha256": "0" * 64, "bytes": 1}
    (escaping / "manifest.json").write_text(json.dumps(manifest))
    cases.append((escaping, "'../outside.txt' points outside the bundle"))
    linked = copy("linked")
    (linked / "runs" / "noop" / "metric.json").unlink()
    (linked / "runs" / "noop" / "metric.json").symlink_to("/etc/passwd")
    cases.append((linked, "runs/noop/metric.json is a symbolic link"))
    extra = copy("extra")
    (extra / "runs" / "run.py").write_text("print('hello')\n")
    cases.append((extra, "runs/run.py: not listed in manifest.json"))
    cut = tmp_path / "cut.tar.gz"
    cut.write_bytes(archive[: len(archive) // 2])
    cases.append((cut, "cut.tar.gz: damaged or truncated archive"))
    noise = tmp_path / "noise.tar.gz"
    noise.write_bytes(b"not an archive at all" * 10)
    cases.append((noise, "noise.tar.gz: damaged or truncated archive"))
    cases.append((_tar(tmp_path / "dotdot.tar.gz", [(_member("b/../../evil.txt"), b"x")]), "points outside the bundle"))
    cases.append((_tar(tmp_path / "absolute.tar.gz", [(_member("/tmp/evil.txt"), b"x")]), "points outside the bundle"))
    cases.append((_tar(tmp_path / "symlink.tar.gz", [(_member("b/manifest.json", tarfile.SYMTYPE, "/etc/passwd"), None)]),
                  "member 'b/manifest.json' is a link"))
    cases.append((_tar(tmp_path / "hardlink.tar.gz", [(_member("b/x", tarfile.LNKTYPE, "/etc/passwd"), None)]),
                  "member 'b/x' is a link"))
    cases.append((_tar(tmp_path / "device.tar.gz", [(_member("b/dev", tarfile.CHRTYPE), None)]),
                  "is not a file or a directory"))
    cases.append((_tar(tmp_path / "two.tar.gz", [(_member("a/x"), b"x"), (_member("b/y"), b"y")]),
                  "is outside the archive's one directory 'a'"))
    cases.append((tmp_path / "missing", "no such bundle"))
    return cases


def test_a_bundle_that_cannot_be_read_gets_one_line(bundle: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    for path, expected in _bad_bundles(bundle, tmp_path):
        assert main(["validate", str(path)]) == Exit.ERROR, path
        captured = capsys.readouterr()
        assert len(captured.err.splitlines()) == 1, captured.err
        (line,) = captured.err.splitlines()
        assert line.startswith("vmb validate: ") and expected in line, (path, line)
        assert "Traceback" not in captured.err and not captured.out
    assert not (tmp_path.parent / "evil.txt").exists() and not Path("/tmp/evil.txt").exists()


def test_an_oracle_run_of_the_release_validates_against_the_release(release_dir: Path, tmp_path: Path) -> None:
    from vmb.harness import run_benchmark

    run_benchmark(out=str(tmp_path / "oracle"), agent="oracle", memory="gold", data=str(release_dir),
                  cache_dir=str(tmp_path / ".cache"), progress=False)
    packed = pack_runs([tmp_path / "oracle"], tmp_path / "release")
    (benchmark,) = packed.manifest.benchmarks.values()
    assert (benchmark.kind, benchmark.groups, benchmark.queries, benchmark.generator) == ("release", 50, 500, None)
    assert "Scored 500 / 500 (the benchmark's queries x trials)" in (packed.directory / "runs/oracle/card.md").read_text()
    (verdict,) = validate_bundle(packed.archive, str(release_dir))
    assert verdict.line() == "runs/oracle: valid, complete (500 of 500 queries scored, 0 in error, 0 not run)"
