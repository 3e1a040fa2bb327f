"""vmb compare on two scripted runs: the table, the JSON, and the refusal of different data."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.harness.conftest import RunFn
from vmb.analysis.compare import CompareError, compare_runs, run_outcomes
from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, ScriptedServer, Stochastic
from vmb.uncertainty import mcnemar_exact


def test_compare_two_runs(bench: Any, run: RunFn, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    groups = [1, 2, 3, 4]
    for name, mode in (("strong", Stochastic(1, 0.1)), ("weak", Stochastic(2, 0.5))):
        with ScriptedServer(ReferenceScript(bench, stochastic=mode)) as server:
            run(server.url, name, groups=groups, trials=3)
    a, b = tmp_path / "strong", tmp_path / "weak"
    result = compare_runs(a, b)
    overall = result["overall"]
    rates_a = {o.query_id: o.pass_rate for o in run_outcomes(a)}
    rates_b = {o.query_id: o.pass_rate for o in run_outcomes(b)}
    only_a = sum(rates_a[q] > 0.5 >= rates_b[q] for q in rates_a)
    only_b = sum(rates_b[q] > 0.5 >= rates_a[q] for q in rates_a)
    n = sum(len(bench.group(g).queries) for g in groups)
    assert (overall["n"], overall["only_a"], overall["only_b"]) == (n, only_a, only_b)
    assert overall["p_value"] == mcnemar_exact(only_a, only_b)
    assert overall["difference"] == round(100 * sum(rates_a[q] - rates_b[q] for q in rates_a) / n, 2)
    assert overall["low"] <= overall["difference"] <= overall["high"]
    assert sum(r["n"] for r in result["by_reasoning_type"]) == n

    assert main(["compare", str(a), str(b)]) == 0
    text = capsys.readouterr().out
    assert "p (McNemar)" in text and "preference_conflict" in text and f"{overall['difference']:+.2f}" in text
    assert main(["compare", str(a), str(b), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["overall"] == json.loads(json.dumps(overall))

    config = json.loads((b / "config.json").read_text(encoding="utf-8"))
    config["determining"]["data_sha256"] = "0" * 64
    (b / "config.json").write_text(json.dumps(config), encoding="utf-8")
    with pytest.raises(CompareError, match="different benchmark data"):
        compare_runs(a, b)
    assert main(["compare", str(a), str(b)]) == 2
    assert "different benchmark data" in capsys.readouterr().err


def test_pairwise_lists_every_pair_over_the_same_data(bench: Any, run: RunFn, tmp_path: Path) -> None:
    from vmb.analysis.compare import pairwise

    with ScriptedServer(ReferenceScript(bench, stochastic=Stochastic(3, 0.3))) as server:
        for name in ("x", "y"):
            run(server.url, name, groups=[3])
    oracle = run(None, "z", groups=[3, 4], agent="oracle")
    table = pairwise([tmp_path / "x", tmp_path / "y", oracle.path])
    n = len(bench.group(3).queries)  # the queries x and y share with z
    assert [(r.a, r.b, r.n) for r in table.itertuples()] == [("x", "y", n), ("x", "z", n), ("y", "z", n)]
    xz = table.iloc[1]
    assert xz["esm_b"] == 100.0 and xz["only_a"] == 0 and xz["difference"] <= 0
