"""The whole path with a real model: Qwen2.5-Coder-0.5B-Instruct served by llama.cpp on 127.0.0.1.

`make test` fetches the weights first (`vmb local fetch`, cached outside the repository), so this
test itself is offline. Without the weights it is skipped on a developer's machine and fails in CI
(CI=true). It is bounded by the token and round limits below (at most 2 rounds of 64 tokens per
query, 2 answers of 64 tokens for the stage), not by the wall clock: a busy machine makes it slower,
never failing. Cost: see docs/local.md.

What it checks is the plumbing, never the model's quality: a 0.5B model gets most queries wrong. So the queries
are the small generated benchmark's (``small_benchmark``), not the release's.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.llm.local import LOCAL_MODELS
from vmb.local import server as localserver
from vmb.local.weights import cached_weights

MODEL = LOCAL_MODELS["qwen2.5-coder-0.5b"]
# Enough for a tool call or the start of an answer; each token is a step of the model on one core.
MAX_TOKENS = 64


@pytest.fixture(scope="module", autouse=True)
def weights() -> Path:
    found = cached_weights(MODEL)
    try:
        import xllamacpp  # noqa: F401
    except ImportError:
        found = None
    if found is None:
        message = (f"no {MODEL.name} weights or llama.cpp server: `make test` fetches them "
                   f"(or: vmb local fetch {MODEL.name}; pip install -r requirements.txt)")
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return found


@pytest.fixture(scope="module", autouse=True)
def threads_beside_the_other_workers() -> Iterator[None]:
    """Under make test's workers the server gets its share of the cores (one of two), not one thread per core:
    llama.cpp's threads wait for each other at every step, so a thread on a core another worker keeps busy
    stalls its partner (what makes a loaded machine many times slower, see docs/local.md)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    cores = localserver.cores()
    with pytest.MonkeyPatch.context() as patch:
        if workers > 1:
            patch.setattr(localserver, "cores", lambda: max(1, cores // workers))
        yield


def test_run_two_gold_queries(small_benchmark: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    command = ["run", "--model", f"local:{MODEL.name}", "--memory", "gold", "--groups", "1", "--limit", "2",
               "--concurrency", "1", "--max-tokens", str(MAX_TOKENS), "--max-rounds", "2", "--timeout", "3600",
               "--data", str(small_benchmark), "--out", str(out), "--cache-dir", str(tmp_path / "cache"),
               "--no-progress"]
    code = main(command)
    captured = capsys.readouterr()
    assert code == 0, captured.err
    records = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert [r["id"] for r in records] == ["qa_1#0", "qa_1#1"]  # one after another, in order
    assert all(r["status"] == "ok" and r["usage"]["requests"] >= 1 for r in records)
    metric = json.loads((out / "metric.json").read_text())
    assert metric["errors"] == 0 and metric["scored"] == 2
    config = json.loads((out / "config.json").read_text())
    # The port changes with every start; the recorded endpoint is the pinned weights.
    assert config["determining"]["base_url"] == f"local:{MODEL.name}@{MODEL.sha256[:16]}"
    assert config["determining"]["server_family"] == "llamacpp"
    assert "answers at http://127.0.0.1:" in captured.err

    # Rerunning the same command resumes: nothing left to ask, the server is started and stopped again.
    assert main(command) == 0
    assert len((out / "results.jsonl").read_text().splitlines()) == 2


def test_generate_personas_stage(tmp_path: Path) -> None:
    from vmb.llm.local import endpoint_identity
    from vmb.local.server import serve
    from vmb.maker.generate.llm.backend import LLMBackend, llm_settings
    from vmb.maker.generate.plan.options import GenerateOptions
    from vmb.maker.generate.procedural.backend import ProceduralBackend
    from vmb.maker.generate.schemas import StageFailure

    name = f"local:{MODEL.name}"
    llm = llm_settings(endpoint_identity(name, None) or "", name, {}, {}, MAX_TOKENS, "json_object")
    options = GenerateOptions(backend="llm", groups=1, history_lines=120, background_chains=2, vehicle_chains=2,
                              llm=llm)
    stages = tmp_path / "stages"
    stages.mkdir()
    with serve(MODEL) as url:
        backend = LLMBackend(options, stages, ProceduralBackend(), concurrency=1, timeout=3600, base_url=url)
        try:
            group = backend.personas(options, 1)
        except StageFailure as failure:
            # 64 tokens are too few for the whole answer: the failure is named, never hidden.
            assert str(failure).startswith("personas of group 1: invalid answer twice, last: ")
        else:
            draft = backend._draft.personas(options, 1, 0)
            assert [p.name for p in group.people] == [p.name for p in draft.people]
        finally:
            backend.close()
    usage = json.loads((stages / "usage.json").read_text())["personas"]
    assert 1 <= usage["requests"] <= 2 and usage["completion_tokens"] > 0


def test_two_queries_through_an_mcp_client_loop(small_benchmark: Path, tmp_path: Path) -> None:
    """The model answers two queries served by `vmb serve`, through a plain MCP client loop around its server
    (``vmb.serve.agents``): the path of an agent outside vmb, with a real model."""
    import asyncio

    from mcp import Client

    from tests.harness.serving import records, serving
    from vmb.local.server import serve
    from vmb.serve.agents import chat_episodes, openai_chat

    run = tmp_path / "served"

    async def agent(url: str, model_url: str) -> int:
        async with Client(url) as client:
            return await chat_episodes(client, openai_chat(model_url, MODEL.name, max_tokens=MAX_TOKENS, timeout=3600))

    with serve(MODEL) as model_url, serving(small_benchmark, run, "--memory", "gold", "--groups", "1", "--limit", "2",
                                            "--max-rounds", "2", "--episode-seconds", "3600") as served:
        assert asyncio.run(agent(served.url, model_url)) == 2
    done = records(run)
    assert [r["id"] for r in done] == ["qa_1#0", "qa_1#1"] and all(r["status"] == "ok" for r in done)
    assert all(1 <= len(r["rounds"]) <= 2 for r in done)  # the model's turns, within the served bound
    metric = json.loads((run / "metric.json").read_text())
    assert metric["errors"] == 0 and metric["scored"] == 2 and metric["run"]["agent"] == "external"
