"""Two shards merged equal the unsharded run, byte for byte; bad merges are refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.harness.conftest import RunFn
from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, ScriptedServer, Stochastic
from vmb.harness.merge import MergeError, merge_runs
from vmb.harness.shard import Shard
from vmb.results.rundir import RunDir, RunDirError

GROUPS = [1, 2, 3]


def test_two_shards_merged_equal_the_unsharded_run(bench: Any, run: RunFn, tmp_path: Path,
                                                   small_benchmark: Path) -> None:
    data = str(small_benchmark)
    settings: dict[str, Any] = {"groups": GROUPS, "trials": 2, "memory": "summary"}
    with ScriptedServer(ReferenceScript(bench, stochastic=Stochastic(2, 0.3))) as server:
        whole = run(server.url, "whole", **settings)
        slices = [run(server.url, f"sliced/shards/{i}-of-2", shard=Shard(i, 2), **settings) for i in (1, 2)]
    trials = settings["trials"]
    in_group = {g: len(bench.group(g).queries) * trials for g in GROUPS}
    assert [s.metric.selected for s in slices] == [in_group[1] + in_group[3], in_group[2]]  # groups 1 and 3, then 2
    assert sorted(p.name for p in (tmp_path / "sliced/shards/1-of-2/memory").iterdir()) == ["group_1", "group_3"]
    metric, warnings = merge_runs([s.path for s in slices], tmp_path / "merged", data=data)
    assert warnings == []
    assert metric == whole.metric
    assert (tmp_path / "merged/metric.json").read_bytes() == (tmp_path / "whole/metric.json").read_bytes()
    assert metric.memory_build is not None and metric.memory_build["groups"] == 3 and metric.overall.trials == 2

    with pytest.raises(MergeError, match="given twice"):
        merge_runs([slices[0].path, slices[0].path], tmp_path / "twice", data=data)
    one, warnings = merge_runs([slices[1].path], tmp_path / "half", data=data)
    assert warnings == ["1 of 2 shards merged; the others' queries are pending"]
    assert one.pending == in_group[1] + in_group[3]


def test_overlapping_or_differently_selected_slices_are_refused(bench: Any, run: RunFn, tmp_path: Path,
                                                                small_benchmark: Path) -> None:
    data = str(small_benchmark)
    with ScriptedServer(ReferenceScript(bench)) as server:
        a = run(server.url, "a", groups=[4], shard=Shard(1, 2))
        b = run(server.url, "b", groups=[4])
        c = run(server.url, "c", groups=[4], trials=2, shard=Shard(2, 2))
        d = run(server.url, "d", groups=[4], memory="none", shard=Shard(2, 2))
    with pytest.raises(MergeError, match="different configurations"):
        merge_runs([a.path, d.path], tmp_path / "m0", data=data)
    with pytest.raises(MergeError, match="qa_4#0 is in both"):
        merge_runs([a.path, b.path], tmp_path / "m1", data=data)
    with pytest.raises(MergeError, match="select different queries or trials"):
        merge_runs([a.path, c.path], tmp_path / "m2", data=data)
    busy = RunDir(tmp_path / "m3")
    busy.lock()  # another process writing the merged directory
    try:
        with pytest.raises(RunDirError, match="in use"):
            merge_runs([a.path], tmp_path / "m3", data=data)
    finally:
        busy.unlock()


def test_cli_shard_writes_a_slice_and_merge_joins_it(bench: Any, tmp_path: Path, small_benchmark: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    common = ["--agent", "oracle", "--memory", "gold", "--groups", "2-4", "--data", str(small_benchmark),
              "--out", str(out), "--cache-dir", str(tmp_path / "cache")]
    for index in (1, 2):
        assert main(["run", *common, "--shard", f"{index}/2"]) == 0
    assert main(["run", *common]) == 0
    whole = (out / "metric.json").read_bytes()
    assert main(["merge", str(out / "shards/1-of-2"), str(out / "shards/2-of-2"), "--out", str(tmp_path / "m"),
                 "--data", str(small_benchmark)]) == 0
    assert (tmp_path / "m/metric.json").read_bytes() == whole
    assert main(["run", *common, "--shard", "3/2"]) == 2
    assert "I must be between 1 and N" in capsys.readouterr().err
