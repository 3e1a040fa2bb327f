"""``vmb serve``: the benchmark as MCP episodes, driven by the SDK's own client from this process while the server
runs in its own. The runs it writes are compared with ``vmb run``'s, re-executed by ``vmb validate``, and
its bounds are tried by hostile agents."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest
from mcp import Client, StdioServerParameters

from vmb.cli import main
from vmb.data import load_benchmark
from vmb.harness.tools import ToolBox
from vmb.serve.agents import call, chat_episodes, end, openai_chat, oracle_episodes, start
from vmb.sim import World

from .serving import REPO, metric_without_identity, records, serve_command, serving


def reference(data: Path) -> dict[str, list[dict[str, Any]]]:
    return {q.id: q.calls for q in load_benchmark(data, parse_histories=False).queries}


async def _oracle(url: str, data: Path, *, labelled: bool = True) -> list[str]:
    async with Client(url) as client:
        return await oracle_episodes(client, reference(data), labelled=labelled)


@pytest.mark.publish  # the served run is packed and validated too
def test_the_oracle_over_mcp_is_vmb_runs_oracle(tiny_benchmark: Path, oracle_run: Path, tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "served"
    with serving(tiny_benchmark, run, "--memory", "gold", "--groups", "1", "--name", "mcp-oracle") as served:
        assert len(asyncio.run(_oracle(served.url, tiny_benchmark))) == 3
    assert metric_without_identity(run) == metric_without_identity(oracle_run)
    identity = json.loads((run / "metric.json").read_text())["run"]
    assert identity["agent"] == "external" and identity["model"] == "mcp-oracle"
    config = json.loads((run / "config.json").read_text())
    assert config["determining"]["agent"] == "external" and config["determining"]["max_rounds"] == 10
    # Every call the agent made and every result it got, as vmb's own loop records them.
    ours = {r["id"]: r for r in records(run)}
    theirs = {r["id"]: r for r in records(oracle_run)}
    for key in ("calls", "tool_results", "final_diff", "score", "rounds", "final_answer"):
        assert {i: r[key] for i, r in ours.items()} == {i: r[key] for i, r in theirs.items()}, key
    # The readers take it as any run; validate re-executes every recorded conversation.
    assert main(["show", str(run), str(oracle_run)]) == 0
    assert main(["compare", str(run), str(oracle_run)]) == 0
    assert main(["view", str(run), str(oracle_run), "--out", str(tmp_path / "view"), "--data", str(tiny_benchmark)]) == 0
    assert "qa_1#0" in (tmp_path / "view" / "data" / "index.js").read_text()
    assert main(["pack", str(run), "--out", str(tmp_path / "bundle"), "--partial"]) == 0
    capsys.readouterr()
    assert main(["validate", str(tmp_path / "bundle"), "--data", str(tiny_benchmark)]) == 0
    assert "valid" in capsys.readouterr().out
    # Its card says whose the run is and its bounds: the paper's rounds, the seconds an episode had.
    card = (tmp_path / "bundle" / "runs" / "served" / "card.md").read_text()
    assert "an agent outside vmb" in card and "| rounds per query | 10 | 10 |" in card
    assert "| seconds per episode | 600 |" in card and "\nvmb serve --name mcp-oracle --memory gold --groups 1 " in card


async def _hostile(url: str) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    async with Client(url) as client:
        nameless = await client.call_tool("list_module_tools", {"module_name": "seat"})
        seen["nameless"] = (nameless.is_error, nameless.content[0].text)  # type: ignore[union-attr]
        episode = await start(client)
        assert episode is not None
        seen["episode"] = episode
        seen["unknown"] = await call(client, episode, "carcontrol_seat_teleport", {"to": "moon"}, 0)
        seen["not_loaded"] = await call(client, episode, "carcontrol_seat_set_headrest_height",
                                        {"seat": "driver", "value": 44}, 0)
        await call(client, episode, "list_module_tools", {"module_name": "seat"}, 0)
        seen["wrong_args"] = await call(client, episode, "carcontrol_seat_set_headrest_height",
                                        {"seat": "roof", "height": "tall"}, 1)
        seen["bad_meta"] = await client.call_tool("list_module_tools", {"module_name": "seat"},
                                                  meta={"vmb/episode": "x" * 500})  # type: ignore[arg-type]
        # Ten turns are the paper's ten rounds: the eleventh ends the episode, scored.
        for turn in range(2, 10):
            await call(client, episode, "list_module_tools", {"module_name": "seat"}, turn)
        seen["eleventh"] = await call(client, episode, "list_module_tools", {"module_name": "seat"}, 10)
        seen["after"] = await call(client, episode, "list_module_tools", {"module_name": "seat"}, 11)
        seen["end_unknown"] = await end(client, {"episode": "nope"}, "hi")
        seen["end_wrong"] = await client.call_tool("end_episode", {"answer": 3})
        left_open = await start(client)  # never ended: out of time, an error
        seen["left_open"] = left_open
        await asyncio.sleep(2.5)
        assert left_open is not None
        seen["late"] = await call(client, left_open, "list_module_tools", {"module_name": "seat"}, 0)
    return seen


async def _toolbox(name: str, arguments: dict[str, Any], loaded: list[str]) -> str:
    box = ToolBox(World(), [])
    for module in loaded:
        await box.dispatch("load", "list_module_tools", json.dumps({"module_name": module}))
    return (await box.dispatch("x", name, json.dumps(arguments))).content


def test_a_hostile_agent_gets_the_loops_errors_and_bounds(tiny_benchmark: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "served"
    with serving(tiny_benchmark, run, "--memory", "gold", "--groups", "1", "--episode-seconds", "2") as served:
        seen = asyncio.run(_hostile(served.url))
        # A second server on the same run directory is refused in one line while the first holds it.
        capsys.readouterr()
        assert main(["serve", "--data", str(tiny_benchmark), "--out", str(run), "--memory", "gold", "--groups", "1",
                     "--port", "0"]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and "in use by" in err
    assert seen["nameless"][0] and "name the episode" in seen["nameless"][1]
    expected = asyncio.run(_toolbox("carcontrol_seat_teleport", {"to": "moon"}, []))
    assert seen["unknown"] == (expected, False)
    expected = asyncio.run(_toolbox("carcontrol_seat_set_headrest_height", {"seat": "driver", "value": 44}, []))
    assert seen["not_loaded"] == (expected, False) and "not loaded" in expected
    expected = asyncio.run(_toolbox("carcontrol_seat_set_headrest_height", {"seat": "roof", "height": "tall"},
                                    ["seat"]))
    assert seen["wrong_args"] == (expected, False) and "unknown parameter" in expected
    assert seen["bad_meta"].is_error
    assert seen["eleventh"][1] is False and "the episode is over" in seen["eleventh"][0]
    assert "no open episode" in seen["after"][0]
    assert "no open episode" in seen["late"][0]
    assert seen["end_unknown"] == {"error": True} and seen["end_wrong"].is_error
    by_id = {r["id"]: r for r in records(run)}
    first = by_id[seen["episode"]["query_id"]]
    assert first["status"] == "ok" and first["round_limit_hit"] and len(first["rounds"]) == 10
    assert first["final_answer"] is None and first["call_count"] == 12
    late = by_id[seen["left_open"]["query_id"]]
    assert late["status"] == "error" and late["error_kind"] == "abandoned" and "within 2 s" in late["error"]
    metric = json.loads((run / "metric.json").read_text())
    assert metric["errors"] == 1 and metric["scored"] == 1 and metric["pending"] == 1


def test_an_abandoned_episode_is_served_again_on_resume(tiny_benchmark: Path, tmp_path: Path) -> None:
    run = tmp_path / "served"
    command = ["--memory", "gold", "--groups", "1", "--transport", "stdio"]

    async def leave() -> str:
        parameters = StdioServerParameters(command=serve_command(tiny_benchmark, run, *command)[0],
                                           args=serve_command(tiny_benchmark, run, *command)[1:], cwd=str(REPO))
        # A handshake-era client on stdio: its one episode needs no name in _meta.
        async with Client(parameters, mode="legacy") as client:
            episode = await start(client, "qa_1#1")
            assert episode is not None
            loaded = await client.call_tool("list_module_tools", {"module_name": "seat"})
            assert not loaded.is_error
            return str(episode["query_id"])

    left = asyncio.run(leave())  # the client goes away mid-episode: the server stops, the episode is an error
    [record] = records(run)
    assert record["id"] == left and record["status"] == "error" and record["error_kind"] == "abandoned"
    assert record["tool_results"][0]["name"] == "list_module_tools"  # what it saw is kept, never scored
    assert json.loads((run / "metric.json").read_text())["errors"] == 1
    # Served again (by a server in this process: the SDK's client connects to it directly), the error is pending.
    assert sorted(asyncio.run(_in_process(tiny_benchmark, run))) == ["qa_1#0", "qa_1#1", "qa_1#2"]
    metric = json.loads((run / "metric.json").read_text())
    assert metric["errors"] == 0 and metric["scored"] == 3 and metric["overall"]["esm"] == 100.0


async def _in_process(data: Path, run: Path) -> list[str]:
    """The oracle's episodes against a server in this process, on the run ``run`` of gold memory, group 1."""
    from vmb.harness.config import EXTERNAL_AGENT, RunConfig
    from vmb.harness.plan import prepare_run
    from vmb.results.rundir import RunDir
    from vmb.serve.pool import EpisodePool
    from vmb.serve.server import build_server

    config = RunConfig(out=str(run), memory="gold", agent=EXTERNAL_AGENT, text_calls=False, groups=[1], data=str(data))
    rundir = RunDir(run)
    rundir.lock()
    pool = EpisodePool(prepare_run(config), rundir, seconds=600.0)
    try:
        await pool.prepare(force=False)
        async with Client(build_server(pool)) as client:
            return await oracle_episodes(client, reference(data))
    finally:
        pool.close()
        rundir.unlock()


def test_two_agents_at_once_write_one_run(tiny_benchmark: Path, tmp_path: Path) -> None:
    run = tmp_path / "served"

    async def both(url: str) -> list[list[str]]:
        # One agent labels its calls' turns, the other does not: each of its calls is then a turn of its own.
        return list(await asyncio.gather(_oracle(url, tiny_benchmark), _oracle(url, tiny_benchmark, labelled=False)))

    with serving(tiny_benchmark, run, "--memory", "gold") as served:
        labelled, unlabelled = asyncio.run(both(served.url))
    assert len(labelled) + len(unlabelled) == 6
    by_id = {r["id"]: r for r in records(run)}
    assert len(records(run)) == 6 and sorted(by_id) == sorted(labelled + unlabelled)  # each query once
    for query_id in unlabelled:
        record = by_id[query_id]
        assert len(record["rounds"]) == record["call_count"] + 1  # one turn per call, then the answer's
        assert [r["round"] for r in record["tool_results"]] == list(range(record["call_count"]))
    for query_id in labelled:
        assert len(by_id[query_id]["rounds"]) == 3  # the modules, the calls, the answer
    metric = json.loads((run / "metric.json").read_text())
    assert metric["scored"] == 6 and metric["overall"]["esm"] == 100.0


def test_off_loopback_needs_a_token(tiny_benchmark: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k != "VMB_SERVE_TOKEN"}
    monkeypatch.delenv("VMB_SERVE_TOKEN", raising=False)
    assert main(["serve", "--data", str(tiny_benchmark), "--out", str(tmp_path / "a"), "--host", "0.0.0.0"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "VMB_SERVE_TOKEN" in err
    monkeypatch.setenv("VMB_SERVE_TOKEN", "short")
    assert main(["serve", "--data", str(tiny_benchmark), "--out", str(tmp_path / "a"), "--host", "0.0.0.0"]) == 2
    assert "at least 16" in capsys.readouterr().err
    import httpx2

    token = "a-secret-of-some-length-42"
    with serving(tiny_benchmark, tmp_path / "b", "--host", "0.0.0.0", env={**env, "VMB_SERVE_TOKEN": token}) as served:
        url = served.url.replace("0.0.0.0", "127.0.0.1")
        body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
        headers = {"accept": "application/json, text/event-stream", "content-type": "application/json"}
        assert httpx2.post(url, json=body, headers=headers).status_code == 401
        wrong = httpx2.post(url, json=body, headers={**headers, "authorization": "Bearer nope"})
        assert wrong.status_code == 401
        right = httpx2.post(url, json=body, headers={**headers, "authorization": f"Bearer {token}"})
        assert right.status_code != 401


def test_a_scripted_model_drives_an_mcp_agent_loop(tiny_benchmark: Path, oracle_run: Path, tmp_path: Path) -> None:
    from vmb.doubles.scripted import ReferenceScript, ScriptedServer

    run = tmp_path / "served"

    async def agent(url: str, model_url: str) -> int:
        async with Client(url) as client:
            return await chat_episodes(client, openai_chat(model_url, "scripted"))

    bench = load_benchmark(tiny_benchmark, parse_histories=False)
    with ScriptedServer(ReferenceScript(bench)) as model, \
            serving(tiny_benchmark, run, "--memory", "gold", "--groups", "1") as served:
        assert asyncio.run(agent(served.url, model.url)) == 3
        offered = [r.body["tools"] for r in model.received]
    # The model saw what vmb's loop shows: discovery and memory first, a module's tools once loaded.
    assert [t["function"]["name"] for t in offered[0]] == ["list_module_tools"]
    assert len(offered[1]) > 1
    assert metric_without_identity(run) == metric_without_identity(oracle_run)


def test_run_refuses_the_external_agent(tiny_benchmark: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    assert main(["run", "--agent", "external", "--data", str(tiny_benchmark), "--out", str(tmp_path / "r")]) == 2
    assert "vmb serve" in capsys.readouterr().err


def test_serve_needs_a_model_for_a_memory_built_by_one(tiny_benchmark: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--memory", "summary", "--data", str(tiny_benchmark), "--out", str(tmp_path / "r")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--model and --base-url" in err


async def _served_in_process(argv: list[str], agent: Any) -> Any:
    """``vmb serve ARGV``'s pool (its options parsed and its memory built or found as the command does), served to
    ``agent(client)`` through the SDK's in-process client."""
    import argparse

    from vmb.harness.plan import built_by, prepare_run
    from vmb.results.rundir import RunDir
    from vmb.serve import command
    from vmb.serve.pool import EpisodePool
    from vmb.serve.server import build_server

    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    config, builder = command.config_from_args(parser.parse_args(argv))
    plan, builds = built_by(prepare_run(config), builder)
    rundir = RunDir(Path(config.out))
    rundir.lock()
    pool = EpisodePool(plan, rundir, seconds=600.0, builds=builds)
    try:
        await pool.prepare(force=False)
        async with Client(build_server(pool)) as client:
            return await agent(client)
    finally:
        pool.close()
        rundir.unlock()


def _oracle_with_memory_of(served: Path, data: Path, out: Path, memory: str) -> None:
    """``vmb run --agent oracle`` on group 1 with the memory the served run was given (placed in the store where
    the oracle's run looks for its build of group 1)."""
    import shutil

    from vmb.harness.config import RunConfig
    from vmb.harness.plan import MemoryBuilder, prepare_run

    options = ["--agent", "oracle", "--memory", memory, "--data", str(data), "--out", str(out), "--groups", "1",
               "--memory-days", "2", "--cache-dir", str(out.parent / "oracle-cache")]
    plan = prepare_run(RunConfig(out=str(out), agent="oracle", memory=memory, memory_days=2, groups=[1], data=str(data),
                                 cache_dir=str(out.parent / "oracle-cache")))
    group = plan.memory_group(plan.bench.group(1))
    shutil.copytree(served / "memory" / "group_1", MemoryBuilder(plan, None).store_dir(group))
    assert main(["run", *options, "--no-progress"]) == 0


@pytest.mark.publish  # the served run is packed and validated too
@pytest.mark.parametrize("memory", ["summary", "kv"])
def test_a_memory_built_by_a_model_is_served(memory: str, tiny_benchmark: Path, tmp_path: Path) -> None:
    from vmb.doubles.scripted import ReferenceScript, ScriptedServer
    from vmb.memory import get_memory_setting

    bench = load_benchmark(tiny_benchmark, parse_histories=False)
    model_options = ["--memory", memory, "--groups", "1", "--memory-days", "2", "--data", str(tiny_benchmark),
                     "--cache-dir", str(tmp_path / "cache"), "--backoff", "0.01"]
    served_run = tmp_path / "served"
    with ScriptedServer(ReferenceScript(bench)) as model:
        model_options += ["--model", "scripted", "--base-url", model.url]
        # vmb run builds the group's memory with the scripted model (two days: two build requests or more) ...
        assert main(["run", *model_options, "--out", str(tmp_path / "model-run"), "--no-progress"]) == 0
        built = len(model.received)
        assert built > 3

        async def agent(client: Client) -> dict[str, Any]:
            seen: dict[str, Any] = {"tools": (await client.list_tools()).tools}
            episode = await start(client, "qa_1#0")
            assert episode is not None
            seen["episode"] = episode
            if memory == "kv":  # the key-value store's tools, called over MCP in an episode, then left unscored
                seen["list"] = await call(client, episode, "memory_list", {}, 0)
                seen["search"] = await call(client, episode, "memory_search", {"key": "seat"}, 0)
                seen["wrong"] = await call(client, episode, "memory_search", {"keys": 3}, 1)
            await end(client, episode, "Done.")
            return seen

        # ... and vmb serve, given the same model, finds it (not a request more), records who built it, and serves it:
        # to an agent trying its tools, and to the oracle.
        seen = asyncio.run(_served_in_process([*model_options, "--out", str(tmp_path / "tried"), "--name", "mcp"],
                                              agent))
        asyncio.run(_served_in_process([*model_options, "--out", str(served_run), "--name", "mcp"],
                                       lambda client: oracle_episodes(client, reference(tiny_benchmark))))
        assert len(model.received) == built
    determining = json.loads((served_run / "config.json").read_text())["determining"]
    assert determining["agent"] == "external" and determining["memory_built_by"]["model"] == "scripted"
    group = bench.group(1)
    kept = get_memory_setting(memory, {}).load(group, tmp_path / "tried" / "memory" / "group_1")
    given = kept.for_query(bench.query("qa_1#0"))
    assert seen["episode"]["system"] == _system_prompt(given.prompt)
    names = [t.name for t in seen["tools"]]
    assert names[:3] == ["start_episode", "end_episode", "list_module_tools"]
    assert names[3:3 + len(given.tools)] == [t.name for t in given.tools]
    for tool, mine in zip(seen["tools"][3:], given.tools, strict=False):
        assert tool.input_schema == mine.parameters and tool.description == mine.description
    if memory == "summary":
        assert given.injected and given.injected in seen["episode"]["system"]
    else:  # the results vmb's loop gives for the same calls over the same store
        for key, name, arguments in (("list", "memory_list", {}), ("search", "memory_search", {"key": "seat"}),
                                     ("wrong", "memory_search", {"keys": 3})):
            box = ToolBox(World(), given.tools)
            outcome = asyncio.run(box.dispatch("x", name, json.dumps(arguments)))
            assert seen[key] == (outcome.content, outcome.ok), key
        assert seen["list"][1] and not seen["wrong"][1]
    # The oracle's episodes over MCP are vmb run's oracle with the same memory.
    _oracle_with_memory_of(served_run, tiny_benchmark, tmp_path / "oracle", memory)
    assert metric_without_identity(served_run) == metric_without_identity(tmp_path / "oracle")
    # validate re-executes the served run's conversations with the memory it was given.
    assert main(["pack", str(served_run), "--out", str(tmp_path / "bundle"), "--partial"]) == 0
    assert main(["validate", str(tmp_path / "bundle"), "--data", str(tiny_benchmark)]) == 0


def _system_prompt(memory_prompt: str) -> str:
    from vmb.harness.episode import system_prompt

    return system_prompt(memory_prompt)


def test_a_memory_systems_search_is_served(tiny_benchmark: Path, tmp_path: Path) -> None:
    """A memory system over HTTP (the reference server of docs/memory-http.md), built without a model as vmb run
    --agent noop builds it: its search_memory over MCP answers as in vmb's loop."""
    from memory.helpers import reference_server  # tests/memory (tests/ is on the path, as for fixtures)

    from vmb.memory import get_memory_setting

    server, url = reference_server(tmp_path)
    run = tmp_path / "served"
    search = {"query": "seat heating", "top_k": 2}

    async def agent(client: Client) -> dict[str, Any]:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        episode = await start(client, "qa_1#0")
        assert episode is not None
        found = await call(client, episode, "search_memory", search, 0)
        wrong = await call(client, episode, "search_memory", {"top_k": "many"}, 1)
        await end(client, episode, "Done.")
        return {"tool": tools["search_memory"], "found": found, "wrong": wrong}

    try:
        seen = asyncio.run(_served_in_process(["--memory", url, "--groups", "1", "--data", str(tiny_benchmark),
                                               "--cache-dir", str(tmp_path / "cache"), "--out", str(run)], agent))
        bench = load_benchmark(tiny_benchmark, parse_histories=False)
        setting = get_memory_setting("http", {"url": url})
        given = setting.load(bench.group(1), run / "memory" / "group_1").for_query(bench.query("qa_1#0"))
        [tool] = given.tools
        assert seen["tool"].input_schema == tool.parameters and seen["tool"].description == tool.description
        for key, arguments in (("found", search), ("wrong", {"top_k": "many"})):
            outcome = asyncio.run(ToolBox(World(), given.tools).dispatch("x", "search_memory", json.dumps(arguments)))
            assert seen[key] == (outcome.content, outcome.ok), key
        assert seen["found"][1] and seen["found"][0] and not seen["wrong"][1]
    finally:
        server.terminate()
        server.wait(10)
    determining = json.loads((run / "config.json").read_text())["determining"]
    assert determining["memory"] == "http" and determining["memory_built_by"]["agent"] == "noop"
