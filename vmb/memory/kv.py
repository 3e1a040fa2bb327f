"""``kv``: a key-value store the model writes while reading the history, as in the paper.

Building, per day in date order: a tool loop (``memory_add(key, value)``, ``memory_remove(key)``,
``memory_search(key)``; at most 20 rounds, option ``kv_rounds``) whose prompt shows the current
keys and the day's lines. Evaluation: the agent gets ``memory_list()`` and ``memory_search(key)``
(exact key, else keys and values containing the text, ignoring case) beside the vehicle tools.
``days.jsonl`` keeps each day's tool log and the store after it; ``store.json`` the final store. The
build's health (``vmb.memory.base.BuildHealth``) counts replies cut off, refused calls, a key added or
removed ``LOOP_CALLS`` times or more on one day (a loop), and a store left empty.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vmb.llm.args import check_args
from vmb.llm.textcalls import extract_calls
from vmb.memory.base import (
    BuildContext,
    DayRequest,
    GroupMemory,
    MemoryResult,
    MemorySetting,
    MemoryTool,
    QueryInfo,
    QueryMemory,
)
from vmb.memory.options import AT_LEAST
from vmb.memory.simple import memory_section
from vmb.memory.summary import day_lines
from vmb.prompts import load_prompt
from vmb.usage import ZERO

if TYPE_CHECKING:
    from vmb.data import Group

_KEY = {"key": {"type": "string", "description": "The entry's key."}}
# The tools' names: the build adds and removes entries; the agent lists keys and searches.
ADD, REMOVE, LIST, SEARCH = "memory_add", "memory_remove", "memory_list", "memory_search"
DAY_PROMPT = "kv_day"  # one day of the build: the keys so far and the day's lines


def _params(props: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": props, "required": list(props), "additionalProperties": False}


BUILD_TOOLS: dict[str, tuple[str, dict[str, Any]]] = {
    ADD: ("Add an entry, or replace the entry with the same key.",
                   _params({**_KEY, "value": {"type": "string", "description": "What to remember."}})),
    REMOVE: ("Delete the entry with this key.", _params(_KEY)),
    SEARCH: ("Entries whose key is this key, else whose key or value contains it (ignoring case).",
                      _params({"key": {"type": "string", "description": "A key or part of one."}})),
}
LIST_DESCRIPTION = "List the keys of every entry in the memory."


def _schema(name: str) -> dict[str, Any]:
    description, parameters = BUILD_TOOLS[name]
    return {"type": "function", "function": {"name": name, "description": description, "parameters": parameters}}


def search(store: dict[str, str], key: str) -> dict[str, str]:
    if key in store:
        return {key: store[key]}
    needle = key.lower()
    return {k: v for k, v in store.items() if needle in k.lower() or needle in v.lower()}


def render_entries(entries: dict[str, str]) -> str:
    return "\n".join(f"{k}: {v}" for k, v in entries.items())


def apply_build_call(store: dict[str, str], name: str, arguments: str) -> tuple[bool, str]:
    """Run one build-time tool call on ``store``; ``(ok, result text for the model)``."""
    if name not in BUILD_TOOLS:
        return False, f"error: there is no tool named {name!r}"
    try:
        args = json.loads(arguments) if arguments.strip() else {}
    except ValueError as error:
        return False, f"error: the arguments are not valid JSON ({error})"
    if not isinstance(args, dict):
        return False, "error: the arguments must be a JSON object"
    problem = check_args(BUILD_TOOLS[name][1], args)
    if problem is not None:
        return False, f"error: {problem}"
    key = args["key"]
    if name == ADD:
        store[key] = args["value"]
        return True, f"stored {key!r}"
    if name == REMOVE:
        if store.pop(key, None) is None:
            return False, f"error: no entry with key {key!r}"
        return True, f"removed {key!r}"
    found = search(store, key)
    return True, render_entries(found) if found else f"no entry matches {key!r}"


def _written_key(event: dict[str, Any]) -> str | None:
    """The key an add or remove call of the build log named (a loop keeps naming one), else None."""
    if event["name"] not in (ADD, REMOVE):
        return None
    try:
        args = json.loads(event["arguments"])
    except ValueError:
        return None
    key = args.get("key") if isinstance(args, dict) else None
    return f"key {key!r}" if isinstance(key, str) else None


@dataclass(frozen=True)
class _Store:
    store: dict[str, str]

    async def _list(self, args: dict[str, Any]) -> MemoryResult:
        text = "\n".join(self.store) if self.store else "the memory is empty"
        return MemoryResult(text, memory_text="\n".join(self.store))

    async def _search(self, args: dict[str, Any]) -> MemoryResult:
        found = search(self.store, args["key"])
        text = render_entries(found)
        return MemoryResult(text or f"no entry matches {args['key']!r}", memory_text=text)

    def for_query(self, query: QueryInfo) -> QueryMemory:
        # The agent's schemas are compact (paid on every request); the build's keep their descriptions.
        tools = [
            MemoryTool(LIST, LIST_DESCRIPTION, {"type": "object", "properties": {}}, self._list),
            MemoryTool(SEARCH, BUILD_TOOLS[SEARCH][0],
                       {"type": "object", "properties": {"key": {"type": "string"}}, "required": ["key"]},
                       self._search),
        ]
        return QueryMemory(prompt=memory_section("kv"), tools=tools)


# The reference's rounds per day of the key-value build: its script runs the key-value store with
# ``--reflect_num 20`` (every other setting with 10), and ``build_memory_key_value`` defaults to 20
# (isyuhaochen/VehicleMemBench, scripts/model_test.sh and evaluation/model_evaluation.py).
REFERENCE_KV_ROUNDS = 20


@dataclass(frozen=True)
class KeyValueOptions:
    # tool-call rounds per day while building the store
    kv_rounds: int = field(default=REFERENCE_KV_ROUNDS, metadata={AT_LEAST: 1})


class KeyValueMemory(MemorySetting[KeyValueOptions]):
    name = "kv"
    label = "key-value store"
    paper_name = "key_value_store"
    color = "#009E73"
    builds = True
    prompts = ("kv_build", DAY_PROMPT)
    day = DayRequest(DAY_PROMPT, ADD)

    @property
    def rounds(self) -> int:
        return self.options.kv_rounds

    def build_params(self) -> dict[str, Any]:
        return {"setting": self.name, "kv_rounds": self.rounds}

    def day_requests(self) -> int:
        return self.rounds

    async def build(self, group: Group, ctx: BuildContext) -> None:
        system = load_prompt("kv_build").render()
        day_prompt = load_prompt(DAY_PROMPT)
        tools = [_schema(name) for name in BUILD_TOOLS]
        store: dict[str, str] = {}
        with (ctx.directory / "days.jsonl").open("w", encoding="utf-8") as log:
            for day in group.days:
                keys = "\n".join(store) or "(none)"
                user = day_prompt.render(keys=keys, date=day.date.isoformat(), lines=day_lines(day))
                messages: list[dict[str, Any]] = [{"role": "system", "content": system},
                                                  {"role": "user", "content": user}]
                events: list[dict[str, Any]] = []
                usage = ZERO
                for round_no in range(self.rounds):
                    reply = await ctx.ask(messages, tools)
                    usage += reply.usage
                    calls, outgoing = extract_calls(reply.message, text_calls=ctx.text_calls,
                                                    id_prefix=f"kv_{round_no}_")
                    messages.append(outgoing)
                    if not calls:
                        break
                    for call in calls:
                        if call.error is not None:
                            ok, text = False, f"error: {call.error}"
                        else:
                            ok, text = apply_build_call(store, call.name, call.arguments)
                        events.append({"round": round_no, "name": call.name, "arguments": call.arguments,
                                       "ok": ok, "result": text})
                        messages.append({"role": "tool", "tool_call_id": call.id, "content": text})
                record = {"date": day.date.isoformat(), "calls": events, "store": dict(store),
                          "usage": {"prompt_tokens": usage.prompt_tokens, "completion_tokens": usage.completion_tokens}}
                log.write(json.dumps(record, ensure_ascii=False) + "\n")
                log.flush()
                ctx.day_done(day.date.isoformat(), writes=[key for event in events if (key := _written_key(event))],
                             refused=sum(not event["ok"] and event["name"] != SEARCH for event in events))
        ctx.health.empty = not store
        (ctx.directory / "store.json").write_text(json.dumps(store, ensure_ascii=False, indent=1), encoding="utf-8")

    def load(self, group: Group, directory: Path | None) -> GroupMemory:
        assert directory is not None, "the kv setting is loaded from its build directory"
        return _Store(json.loads((directory / "store.json").read_text(encoding="utf-8")))
