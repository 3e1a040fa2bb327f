"""The audit cache believes only what fits (issue 46 item 4): ``vmb.maker.audit.store`` on a small generated benchmark.

A stored audit with text where a number goes is computed again (it was a traceback in `vmb audit`); an audit
computed while the benchmark's files changed is not stored under the key taken before; a failed write leaves
nothing behind.
"""

from __future__ import annotations

import errno
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.data import load_benchmark
from vmb.maker.audit import audit, store
from vmb.usercache import CACHE_ENV

BASELINES = ["query-only", "latest-gold"]


@pytest.fixture
def bench_dir(tiny_benchmark: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    copy = tmp_path / "tiny"
    shutil.copytree(tiny_benchmark, copy)
    return copy


def entries(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "cache" / store.FOLDER
    return sorted(folder.iterdir()) if folder.is_dir() else []


def _figure_as_text(stored: dict[str, Any]) -> dict[str, Any]:
    return {**stored, "figures": {**stored["figures"], "groups": "two"}}


def _score_as_text(stored: dict[str, Any]) -> dict[str, Any]:
    first = next(iter(stored["baselines"]))
    return {**stored, "baselines": {**stored["baselines"], first: {"all": "high"}}}


def _count_pair_as_text(stored: dict[str, Any]) -> dict[str, Any]:
    counts = json.loads(json.dumps(stored["group_counts"]))
    baseline = next(iter(counts))
    group = next(iter(counts[baseline]))
    scope = next(iter(counts[baseline][group]))
    counts[baseline][group][scope] = ["1", "2"]
    return {**stored, "group_counts": counts}


@pytest.mark.parametrize("damage", [_figure_as_text, _score_as_text, _count_pair_as_text])
def test_a_stored_audit_of_the_wrong_type_is_computed_again(bench_dir: Path, tmp_path: Path, damage: Any,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    args = ["audit", "--data", str(bench_dir), "--against", str(bench_dir), "--no-tokens",
            "--baselines", ",".join(BASELINES)]
    assert main(args) == 0
    cold = capsys.readouterr().out
    [entry] = entries(tmp_path)
    entry.write_text(json.dumps(damage(json.loads(entry.read_text(encoding="utf-8")))), encoding="utf-8")
    assert main(args) == 0  # no traceback: the entry is no audit, so the audit is computed again
    captured = capsys.readouterr()
    assert captured.out == cold and "Traceback" not in captured.err
    assert json.loads(entry.read_text(encoding="utf-8"))["figures"]["groups"] == 2  # and rewritten


def test_an_audit_computed_while_the_files_change_is_not_stored(bench_dir: Path, tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import vmb.maker.audit.report as report

    computed = report._computed
    history = bench_dir / "history" / "history_1.txt"

    def racing(*args: Any, **kwargs: Any) -> Any:
        result = computed(*args, **kwargs)
        history.write_text(history.read_text(encoding="utf-8") + history.read_text(encoding="utf-8").splitlines()[-1]
                           + "\n", encoding="utf-8")  # a writer edits the benchmark while it is audited
        return result

    monkeypatch.setattr(report, "_computed", racing)
    audit(load_benchmark(bench_dir), baselines=BASELINES, tokens=False)
    assert entries(tmp_path) == []
    monkeypatch.setattr(report, "_computed", computed)
    audit(load_benchmark(bench_dir), baselines=BASELINES, tokens=False)
    assert len(entries(tmp_path)) == 1  # the benchmark as it is now


def test_a_failed_write_leaves_nothing_behind(bench_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    replace = os.replace

    def full(source: Any, target: Any) -> None:
        if ".writing-" in str(source):
            raise OSError(errno.ENOSPC, "No space left on device", str(target))
        replace(source, target)

    monkeypatch.setattr(os, "replace", full)
    audit(load_benchmark(bench_dir), baselines=BASELINES, tokens=False)
    assert entries(tmp_path) == []
