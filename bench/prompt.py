"""Benchmark suite ``prompt``: o200k tokens of what the agent sends per query, per memory setting.

Every query of the release runs through the agent loop (``converse``) against the scripted oracle
policy (``ReferenceScript``: memory look-ups when the setting has memory tools, discovery, the
reference calls, a short answer) in this process, with no HTTP in between; built memories (summary,
kv) are built by the same policy. Each request is counted as a chat template shows it to a model:
every message's text, every tool call's name and arguments, every tool schema as JSON
(``request_tokens``). Beside each figure, the reference release's, measured the same way (same
policy, same counting, its own prompts and schemas; ``REFERENCE``), and the target: at or below it.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bench.suite import BenchOptions, SuiteResult
from vmb.llm.model import Message, Reply
from vmb.tokens import request_tokens, schema_tokens
from vmb.tokens import text_tokens as _tokens

if TYPE_CHECKING:
    from vmb.doubles.scripted import ReferenceScript

SETTINGS = ("none", "gold", "summary", "kv", "history")
# The reference release (isyuhaochen/VehicleMemBench at 5ef3c48), its prompts and tool schemas sent
# through the same three-request oracle pattern and counted by ``request_tokens``: tokens per query,
# and its system prompt without memory, loaded vehicle schemas per query, listing replies per query.
# Summary and kv memories are the ones this policy builds, handed to the reference's prompts unchanged.
REFERENCE: dict[str, float] = {"none": 3260.1, "gold": 3634.3, "summary": 4957.6, "kv": 8075.1, "history": 281731.7}
# The external systems' setting, per request and without the retrieved memory (the system's own text,
# the same in both): system prompt plus the search_memory schema (reference: 311 + 104).
REFERENCE_SEARCH_FIXED = 415.0
REFERENCE_PARTS: dict[str, float] = {"system prompt": 342.0, "loaded vehicle schemas": 731.2, "listing replies": 102.5}


@dataclass
class Counted:
    """The scripted policy as a ``Model``, counting every request it answers."""

    script: ReferenceScript
    requests: list[int] = field(default_factory=list)
    tools: list[dict[str, Any]] = field(default_factory=list)  # of the last request

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        self.requests.append(request_tokens(messages, tools))
        self.tools = tools
        answer = self.script({"messages": messages, "tools": tools})
        assert answer.message is not None, "the reference policy answers every request with a message"
        return Reply(answer.message)


@dataclass
class MemorySettingFigures:
    setting: str
    queries: int = 0
    requests: int = 0
    tokens: int = 0  # over all requests of all queries
    schemas: int = 0  # the loaded vehicle tools' schemas, once per query
    listing: int = 0  # the discovery replies, once per query

    def per_query(self, value: int) -> float:
        return value / self.queries if self.queries else 0.0


def _listing_tokens(messages: list[Message], discovery: str) -> int:
    ids = {call.get("id") for m in messages for call in m.get("tool_calls") or []
           if (call.get("function") or {}).get("name") == discovery}
    return sum(_tokens(m["content"]) for m in messages if m.get("role") == "tool" and m.get("tool_call_id") in ids)


async def measure(setting_name: str, data: str | None, scratch: Path) -> MemorySettingFigures:
    """Every query of the release under one setting, against the counted policy."""
    from vmb.doubles.scripted import ReferenceScript
    from vmb.harness.agent import converse
    from vmb.harness.config import RunConfig
    from vmb.harness.plan import MemoryBuilder, prepare_run
    from vmb.harness.tools import DISCOVERY, ToolBox
    from vmb.sim import World

    plan = prepare_run(RunConfig(out=str(scratch / setting_name), agent="oracle", memory=setting_name, data=data))
    script = ReferenceScript(plan.bench)
    builder = MemoryBuilder(plan, Counted(script))
    figures = MemorySettingFigures(setting_name)
    for group in plan.bench.groups:
        directory = None
        if plan.memory_setting.builds:
            directory = scratch / setting_name / f"group_{group.number}"
            await builder.build_group(group, directory)
        memory = plan.memory_setting.load(group, directory)
        for query in group.queries:
            model = Counted(script)
            query_memory = memory.for_query(query)
            talk = await converse(query, model, query_memory, max_rounds=plan.config.max_rounds, text_calls=False)
            initial = len(ToolBox(World(), query_memory.tools).schemas())
            figures.queries += 1
            figures.requests += len(model.requests)
            figures.tokens += sum(model.requests)
            figures.schemas += sum(schema_tokens(tool) for tool in model.tools[initial:])
            figures.listing += _listing_tokens(talk.messages, DISCOVERY)
    return figures


def prompt_suite(options: BenchOptions) -> SuiteResult:
    import time

    from vmb.harness.agent import system_prompt
    from vmb.prompts import load_prompt

    details: list[str] = []
    parts: dict[str, float] = {}
    start = time.perf_counter()
    queries = 0
    with tempfile.TemporaryDirectory(prefix="vmb-prompt-") as tmp:
        for name in SETTINGS:
            figures = asyncio.run(measure(name, options.data, Path(tmp)))
            ours, theirs = figures.per_query(figures.tokens), REFERENCE[name]
            queries += figures.queries
            verdict = "OK" if ours <= theirs else "ABOVE TARGET"
            details.append(f"{name:>8}: {ours:,.0f} tokens per query ({figures.requests / figures.queries:.2f} requests), "
                           f"reference {theirs:,.0f}: {ours / theirs:.2f}x [target <= 1.00x: {verdict}]")
            if name == "gold":
                parts = {"system prompt": float(_tokens(system_prompt(load_prompt("memory").section("gold")
                                                                      .render(memory="")))),
                         "loaded vehicle schemas": figures.per_query(figures.schemas),
                         "listing replies": figures.per_query(figures.listing)}
    details += [f"  gold, {part}: {value:,.0f} tokens{' per request' if part == 'system prompt' else ' per query'} "
                f"(reference {REFERENCE_PARTS[part]:,.0f})"
                for part, value in parts.items()]
    from vmb.memory.base import tool_schema
    from vmb.memory.plugins import SEARCH_DESCRIPTION, SEARCH_PARAMETERS, SEARCH_TOOL

    search = tool_schema(SEARCH_TOOL, SEARCH_DESCRIPTION, SEARCH_PARAMETERS)
    fixed = _tokens(system_prompt(load_prompt("memory").section("plugin").render())) + schema_tokens(search)
    verdict = "OK" if fixed <= REFERENCE_SEARCH_FIXED else "ABOVE TARGET"
    details.append(f"external systems (search_memory), per request without the retrieved text: {fixed:,} tokens, "
                   f"reference {REFERENCE_SEARCH_FIXED:,.0f} [target <= reference: {verdict}]")
    details.append("counted as a chat template shows a request: message texts, tool calls, tool schemas as JSON; "
                   "scripted oracle policy in process, memories built by it")
    return SuiteResult(suite="prompt", tasks=queries, seconds=time.perf_counter() - start, rounds=1,
                       baseline="the reference release's prompts and schemas, same policy, same counting",
                       details=details)
