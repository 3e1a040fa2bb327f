"""With fewer than 2 groups there is no interval: every view prints ``n/a``, never ``± 0.00`` or a
zero-width ``[x, x]`` (and no difference is called significant without one)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from tests.harness.conftest import RunFn
from vmb.analysis.compare import compare_outcomes, compare_runs, comparison_text
from vmb.analysis.outputs import to_markdown
from vmb.analysis.paper import OURS, PAPER
from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, ScriptedServer, Stochastic
from vmb.harness.show import comparison


def one_group_runs(bench: Any, run: RunFn, tmp_path: Path) -> tuple[Path, Path]:
    for name, mode in (("strong", Stochastic(1, 0.0)), ("weak", Stochastic(2, 0.6))):
        with ScriptedServer(ReferenceScript(bench, stochastic=mode)) as server:
            run(server.url, name, groups=[1])
    return tmp_path / "strong", tmp_path / "weak"


def test_show_and_compare_print_n_a_for_one_group(bench: Any, run: RunFn, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    a, b = one_group_runs(bench, run, tmp_path)
    shown = comparison([a, b])
    assert "± n/a" in shown and "± 0.00" not in shown

    result = compare_runs(a, b)
    overall = result["overall"]
    assert overall["difference"] > 0 and (overall["low"], overall["high"]) == (None, None)
    assert not overall["significant"]  # no interval: nothing to exclude 0 with
    assert main(["compare", str(a), str(b)]) == 0
    text = capsys.readouterr().out
    row = next(line for line in text.splitlines() if line.startswith("overall"))
    assert " n/a " in row and "[" not in row


def test_two_groups_still_get_an_interval() -> None:
    def outcomes(rates: list[float]) -> list[Any]:
        from vmb.analysis.compare import Outcome

        return [Outcome(f"qa_{i % 2 + 1}#{i}", i % 2 + 1, "state_shift", r) for i, r in enumerate(rates)]

    result = compare_outcomes(outcomes([1, 1, 1, 0]), outcomes([0, 0, 1, 0]))
    overall = result["overall"]
    assert overall["low"] is not None and overall["low"] <= overall["difference"] <= overall["high"]
    assert "[" in comparison_text({**result, "a": "A", "b": "B", "trials": {}})


def test_report_tables_print_n_a_for_our_rows_only() -> None:
    frame = pd.DataFrame({"source": [PAPER, OURS, OURS], "model": ["gpt", "run-1", "run-2"],
                          "esm": [60.0, 50.0, 40.0], "esm_low": [None, None, 30.0], "esm_high": [None, None, 50.0]})
    text = to_markdown(frame, "ESM")
    rows = {line.split("|")[2].strip(): line for line in text.splitlines() if line.startswith("|")}
    assert "± n/a" in rows["run-1"] and "50.00" in rows["run-1"]
    assert "40.00 ± 10.00" in rows["run-2"]
    assert "±" not in rows["gpt"] and "60.00" in rows["gpt"]  # the paper prints no interval
