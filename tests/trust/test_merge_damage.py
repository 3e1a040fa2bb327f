"""vmb merge loses nothing: a finished run's records stay, a slice is never its own output, damage is named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.harness.conftest import RunFn
from vmb.cli import main
from vmb.harness.merge import MergeError, merge_runs
from vmb.harness.shard import Shard
from vmb.results.rundir import RESULTS, RunDirError


def queries(bench: Any, groups: list[int]) -> int:
    return sum(len(bench.group(g).queries) for g in groups)


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (path / RESULTS).read_text(encoding="utf-8").splitlines() if line.strip()]


def test_merge_into_a_finished_run_keeps_its_records(run: RunFn, tmp_path: Path, bench: Any,
                                                     small_benchmark: Path) -> None:
    groups = [1, 2, 3, 4]
    whole = run(None, "m", agent="oracle", memory="gold", groups=groups)
    before = _lines(whole.path)
    assert len(before) == queries(bench, groups)
    half = run(None, "m/shards/1-of-2", agent="oracle", memory="gold", groups=groups, shard=Shard(1, 2))
    metric, warnings = merge_runs([half.path], whole.path, data=str(small_benchmark))
    after = _lines(whole.path)
    assert len(after) == len(before) and metric.pending == 0
    assert {r["id"] for r in after} == {r["id"] for r in before}
    assert not any("shards merged" in w for w in warnings)  # every query has a record: nothing is pending


def test_merge_refuses_a_finished_run_of_a_wider_selection(run: RunFn, tmp_path: Path, bench: Any,
                                                           small_benchmark: Path) -> None:
    whole = run(None, "w", agent="oracle", memory="gold", groups=[1, 2])
    half = run(None, "h", agent="oracle", memory="gold", groups=[1], shard=Shard(1, 2))
    with pytest.raises(MergeError, match="outside these slices' selection"):
        merge_runs([half.path], whole.path, data=str(small_benchmark))
    assert len(_lines(whole.path)) == queries(bench, [1, 2])


def test_merge_refuses_an_output_that_is_or_lies_inside_a_slice(run: RunFn, tmp_path: Path) -> None:
    one = run(None, "s/shards/1-of-2", agent="oracle", memory="kv", groups=[1, 2], shard=Shard(1, 2))
    two = run(None, "s/shards/2-of-2", agent="oracle", memory="kv", groups=[1, 2], shard=Shard(2, 2))
    memory_before = sorted(p.name for p in (one.path / "memory").iterdir())
    for out in (one.path, two.path / "merged"):
        with pytest.raises(MergeError, match="is the slice .* or lies inside it"):
            merge_runs([one.path, two.path], out)
    with pytest.raises(MergeError, match="lies inside it"):
        merge_runs([one.path], one.path)
    assert sorted(p.name for p in (one.path / "memory").iterdir()) == memory_before == ["group_1"]
    assert not (two.path / "merged").exists()


def test_merge_warns_of_torn_lines_and_mixed_shard_counts(run: RunFn, tmp_path: Path, bench: Any,
                                                          small_benchmark: Path) -> None:
    groups = [1, 2, 3, 4]
    a = run(None, "x/shards/1-of-2", agent="oracle", memory="gold", groups=groups, shard=Shard(1, 2))  # groups 1, 3
    b = run(None, "x/shards/2-of-3", agent="oracle", memory="gold", groups=groups, shard=Shard(2, 3))  # group 2
    torn = len(_lines(a.path)) + 1
    with (a.path / RESULTS).open("a", encoding="utf-8") as handle:
        handle.write('{"id": "qa_1#0", "sta\n')
    metric, warnings = merge_runs([a.path, b.path], tmp_path / "x", data=str(small_benchmark))
    assert any(f"{a.path / RESULTS} line {torn}" in w and "not complete JSON" in w for w in warnings)
    assert any("different shard counts" in w and "group(s) 4" in w for w in warnings)
    assert metric.pending == queries(bench, [4])


def test_merge_names_a_damaged_slice_config(run: RunFn, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = run(None, "d/shards/1-of-2", agent="oracle", memory="gold", groups=[1, 2], shard=Shard(1, 2))
    config = a.path / "config.json"
    doc = json.loads(config.read_text(encoding="utf-8"))
    for damage in ("{not json", "[]", json.dumps({k: v for k, v in doc.items() if k != "hash"}),
                   json.dumps({**doc, "determining": {"data_sha256": "x"}})):
        config.write_text(damage, encoding="utf-8")
        with pytest.raises(RunDirError, match=f"{config}"):
            merge_runs([a.path], tmp_path / "d")
        assert main(["merge", str(a.path), "--out", str(tmp_path / "d")]) == 2
        assert str(config) in capsys.readouterr().err
