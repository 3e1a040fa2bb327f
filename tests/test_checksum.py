"""The benchmark's data checksum (``vmb.data.locate``, issue 46 item 4): framed, versioned, and old runs still found.

Before version 2 the checksum ran every file's name and bytes together, so two benchmarks with other histories
could share it (a file's tail reading as the next file's name): everything keyed by it (a run's data, a bundle's
benchmark, the audit cache) could take one for the other. Runs an earlier vmb made record that legacy form:
they are still matched to their benchmark and still resume.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.data.locate import data_checksum, data_identity, find_data_dir
from vmb.results.header import config_hash


def two_benchmarks(root: Path) -> tuple[Path, Path]:
    """Two benchmarks whose files differ but whose legacy checksums are the same."""
    one, other = root / "one", root / "other"
    for bench in (one, other):
        (bench / "history").mkdir(parents=True)
        (bench / "qa_data").mkdir()
    (one / "history" / "history_1.txt").write_bytes(b"[2025-03-01 08:00] A: hi\nhistory/history_2.txt\0tail\n")
    (other / "history" / "history_1.txt").write_bytes(b"[2025-03-01 08:00] A: hi\n")
    (other / "history" / "history_2.txt").write_bytes(b"tail\n")
    return one, other


def test_two_benchmarks_never_share_a_checksum(tmp_path: Path) -> None:
    one, other = two_benchmarks(tmp_path)
    assert data_identity(one).legacy == data_identity(other).legacy  # the old form could not tell them apart
    assert data_checksum(one) != data_checksum(other)
    assert find_data_dir(data_checksum(one), [str(other), str(one)])[0] == one


def test_the_audit_cache_tells_them_apart(tmp_path: Path) -> None:
    from types import SimpleNamespace
    from typing import Any

    from vmb.maker.audit import store

    one, other = two_benchmarks(tmp_path)
    root = tmp_path / "cache"
    benches: list[Any] = [SimpleNamespace(root=one), SimpleNamespace(root=other)]  # the key reads the root alone
    paths = [store.entry_path(root, bench, ["noop"], False) for bench in benches]
    assert paths[0] != paths[1]


@pytest.fixture(scope="module")
def legacy_run(tmp_path_factory: pytest.TempPathFactory, tiny_benchmark: Path) -> Path:
    """An oracle run over two queries, its header then rewritten as vmb wrote it before the checksum's version 2."""
    out = tmp_path_factory.mktemp("legacy") / "oracle"
    assert main(["run", "--agent", "oracle", "--memory", "none", "--data", str(tiny_benchmark), "--limit", "2",
                 "--out", str(out), "--no-progress"]) == 0
    config = json.loads((out / "config.json").read_text(encoding="utf-8"))
    config["determining"]["data_sha256"] = data_identity(tiny_benchmark).legacy
    config["hash"] = config_hash(config["determining"])  # as that vmb hashed it
    (out / "config.json").write_text(json.dumps(config), encoding="utf-8")
    from vmb.harness.rescore import rescore_run

    rescore_run(out, str(tiny_benchmark))  # its metric.json names that hash too
    return out


def test_an_old_run_is_still_read_against_its_benchmark(legacy_run: Path, tiny_benchmark: Path,
                                                        tmp_path: Path) -> None:
    from vmb.analysis import load_runs
    from vmb.data import load_benchmark

    run = tmp_path / "runs" / "oracle"
    shutil.copytree(legacy_run, run)
    assert len(load_runs([run]).queries) == 2  # found by the legacy checksum its header records
    assert len(load_runs([run], bench=load_benchmark(tiny_benchmark)).queries) == 2
    # beside a run made today on the same benchmark: one benchmark, not two
    today = tmp_path / "runs" / "today"
    assert main(["run", "--agent", "noop", "--memory", "none", "--data", str(tiny_benchmark), "--limit", "2",
                 "--out", str(today), "--no-progress"]) == 0
    assert len(load_runs([run, today]).queries) == 4
    assert len(load_runs([run, today], bench=load_benchmark(tiny_benchmark)).queries) == 4


def test_an_old_run_still_resumes(legacy_run: Path, tiny_benchmark: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "oracle"
    shutil.copytree(legacy_run, run)
    capsys.readouterr()
    assert main(["run", "--agent", "oracle", "--memory", "none", "--data", str(tiny_benchmark), "--limit", "2",
                 "--out", str(run), "--no-progress"]) == 0
    assert "different configuration" not in capsys.readouterr().err
    config = json.loads((run / "config.json").read_text(encoding="utf-8"))
    assert config["determining"]["data_sha256"] == data_checksum(tiny_benchmark)  # rewritten in today's form


def test_an_old_run_packs_and_validates(legacy_run: Path, tiny_benchmark: Path, tmp_path: Path) -> None:
    from vmb.publish.pack import pack_runs
    from vmb.publish.validate import validate_bundle

    bundle = pack_runs([legacy_run], tmp_path / "bundle", partial=True, data=str(tiny_benchmark)).directory
    manifest = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    assert list(manifest["benchmarks"]) == [data_identity(tiny_benchmark).legacy]  # named as the run recorded it
    (verdict,) = validate_bundle(bundle, str(tiny_benchmark))
    assert verdict.valid, verdict.lines()
