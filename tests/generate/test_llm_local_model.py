"""`vmb generate --backend llm` with a real model (Qwen2.5-Coder-0.5B served by llama.cpp on 127.0.0.1)
on the smallest benchmark: one group of two people, one vehicle chain, no background chain.

Opt-in (``VMB_REAL_GENERATE=1``): five requests of up to 300 tokens, several minutes on an idle 2-core
machine and an hour or more on a loaded one, too long for `make test`. Bounded by tokens, not time.
What it checks is the path with a real model, not the model: every answer it gave was parsed under
its schema (no refusal for shape), every refusal is recorded with its reason, a group either enters
the benchmark (which then verifies clean) or is recorded as failed, and nothing else happens.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.llm.local import LOCAL_MODELS
from vmb.local.weights import cached_weights

MODEL = LOCAL_MODELS["qwen2.5-coder-0.5b"]
TINY = ["--groups", "1", "--seed", "2", "--people", "2", "--vehicle-chains", "1", "--background-chains", "0",
        "--history-lines", "8", "--max-tokens", "300", "--timeout", "7200", "--concurrency", "1"]

pytestmark = pytest.mark.skipif(os.environ.get("VMB_REAL_GENERATE") != "1" or cached_weights(MODEL) is None,
                                reason="opt-in: VMB_REAL_GENERATE=1 and the weights (vmb local fetch "
                                       f"{MODEL.name})")


def test_a_real_model_writes_the_smallest_benchmark(tmp_path: Path) -> None:
    out = tmp_path / "gen"
    code = main(["generate", "--backend", "llm", "--model", f"local:{MODEL.name}", *TINY, "--out", str(out)])
    assert code in (0, 1)
    stages = out / "stages"
    usage = json.loads((stages / "usage.json").read_text())
    assert usage["personas"]["requests"] >= 1 and sum(u["completion_tokens"] for u in usage.values()) > 0
    rejected = [json.loads(line) for line in (stages / "rejected.jsonl").read_text().splitlines()] \
        if (stages / "rejected.jsonl").exists() else []
    assert len(rejected) == sum(u["invalid"] for u in usage.values())
    # Under its schema no answer is off its shape: what is refused is what a line says.
    assert not [r for r in rejected if r["problem"].startswith("not a JSON object") or "Field required" in r["problem"]]
    if code == 0:
        assert main(["verify", "--data", str(out)]) == 0
        assert (out / "history" / "history_1.txt").exists()
    else:
        failures = [json.loads(line) for line in (stages / "failures.jsonl").read_text().splitlines()]
        assert [f["group"] for f in failures] == [1] and failures[0]["reason"]
