"""Agents written against ``vmb serve``'s MCP tools alone: what an outside agent does, for the tests, the bench
and docs/serve.md.

``oracle_episodes`` plays the reference answers (the ceiling, as ``vmb run --agent oracle``: its modules loaded
in one turn, its calls in the next, then an answer). ``chat_episodes`` is a plain tool-calling loop around any
OpenAI-compatible endpoint: the model is offered the discovery tool, the memory's tools and the tools of the
modules it loaded (each tool's ``_meta`` names its module), each of its calls (native, or written as text,
read by ``vmb.llm.textcalls``) goes to the server as a call of that round's turn, and its reply without a call
ends the episode. Of the run, neither reads anything but the tool list and the episodes (the oracle also reads
the benchmark's reference calls).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

from mcp import Client
from mcp_types import CallToolResult

from vmb.llm.textcalls import extract_calls
from vmb.serve.server import END, EPISODE_META, MODULE_META, START, TURN_META
from vmb.sim.registry import DISCOVERY, module_of

Complete = Callable[[list[dict[str, Any]], list[dict[str, Any]]], Awaitable[dict[str, Any]]]


def text_of(result: CallToolResult) -> str:
    """The text blocks of a tool's result, joined."""
    return "".join(getattr(block, "text", "") for block in result.content)


async def start(client: Client, query_id: str | None = None) -> dict[str, Any] | None:
    """A new episode (its id, system prompt, query), or None when the run has nothing left to serve."""
    result = await client.call_tool(START, {} if query_id is None else {"query_id": query_id})
    text = text_of(result)
    if result.is_error:
        if "nothing left to run" in text:
            return None
        raise RuntimeError(text)
    episode: dict[str, Any] = json.loads(text)
    return episode


async def call(client: Client, episode: Mapping[str, Any], name: str, arguments: dict[str, Any] | None,
               turn: int | None) -> tuple[str, bool]:
    """One tool call in ``episode`` (``turn``: its turn's label, None for a turn of its own)."""
    meta: dict[str, Any] = {EPISODE_META: episode["episode"]}
    if turn is not None:
        meta[TURN_META] = turn
    result = await client.call_tool(name, arguments, meta=meta)  # type: ignore[arg-type]
    return text_of(result), not result.is_error


async def end(client: Client, episode: Mapping[str, Any], answer: str) -> dict[str, Any]:
    result = await client.call_tool(END, {"episode": episode["episode"], "answer": answer})
    ended: dict[str, Any] = json.loads(text_of(result)) if not result.is_error else {"error": True}
    return ended


async def oracle_episodes(client: Client, reference: Mapping[str, Sequence[Mapping[str, Any]]],
                          *, labelled: bool = True) -> list[str]:
    """Every episode the server has left, each answered with its query's reference calls; the queries it ran.
    ``labelled``: the calls name their turns (as vmb's oracle makes them); else each call is a turn."""
    ran: list[str] = []
    while (episode := await start(client)) is not None:
        calls = reference[episode["query_id"]]
        modules = list(dict.fromkeys(m for c in calls if (m := module_of(str(c["name"]))) is not None))
        for module in modules:
            await call(client, episode, DISCOVERY, {"module_name": module}, 0 if labelled else None)
        for made in calls:
            await call(client, episode, str(made["name"]), dict(made["args"]), 1 if labelled else None)
        await end(client, episode, "Done.")
        ran.append(str(episode["query_id"]))
    return ran


def function_tools(tools: Sequence[Any]) -> list[tuple[str | None, dict[str, Any]]]:
    """The server's tools as a chat request's function tools, each with its module (None: always offered);
    the episode's own two are the loop's, not the model's."""
    out = []
    for tool in tools:
        if tool.name in (START, END):
            continue
        schema = {"type": "function", "function": {"name": tool.name, "description": tool.description or "",
                                                   "parameters": tool.input_schema}}
        out.append(((tool.meta or {}).get(MODULE_META), schema))
    return out


async def chat_episode(client: Client, episode: Mapping[str, Any], tools: list[tuple[str | None, dict[str, Any]]],
                       complete: Complete) -> dict[str, Any]:
    """One episode with a chat model: rounds of request and calls until a reply without a call."""
    messages: list[dict[str, Any]] = [{"role": "system", "content": episode["system"]},
                                      {"role": "user", "content": episode["query"]}]
    loaded: set[str] = set()
    answer = ""
    for turn in range(int(episode["max_rounds"])):
        offered = [schema for module, schema in tools if module is None or module in loaded]
        # Calls in the tool-calls field, or written as text as small local models write them.
        calls, message = extract_calls(await complete(messages, offered), text_calls=True, id_prefix=f"text_{turn}_")
        messages.append(message)
        if not calls:
            answer = message.get("content") or ""
            break
        for made in calls:
            try:
                arguments = json.loads(made.arguments or "{}")
            except ValueError:
                arguments = {}
            arguments = arguments if isinstance(arguments, dict) else {}
            text, ok = await call(client, episode, made.name, arguments, turn)
            if ok and made.name == DISCOVERY:
                loaded.add(str(arguments.get("module_name")))
            messages.append({"role": "tool", "tool_call_id": made.id, "content": text})
    return await end(client, episode, answer)


def openai_chat(base_url: str, model: str, *, max_tokens: int = 512, timeout: float = 600.0) -> Complete:
    """``complete`` for an OpenAI-compatible endpoint (no key: a local server)."""
    import httpx2

    async def complete(messages: list[dict[str, Any]], tools: list[dict[str, Any]]) -> dict[str, Any]:
        async with httpx2.AsyncClient(timeout=timeout) as http:
            response = await http.post(f"{base_url.rstrip('/')}/chat/completions", json={
                "model": model, "messages": messages, "tools": tools, "temperature": 0, "max_tokens": max_tokens})
            response.raise_for_status()
            message: dict[str, Any] = response.json()["choices"][0]["message"]
            return message

    return complete


async def chat_episodes(client: Client, complete: Complete, *, limit: int | None = None) -> int:
    """Episodes one after another until the server has none left (or ``limit`` of them); how many ran."""
    tools = function_tools((await client.list_tools()).tools)
    count = 0
    while (limit is None or count < limit) and (episode := await start(client)) is not None:
        await chat_episode(client, episode, tools, complete)
        count += 1
    return count
