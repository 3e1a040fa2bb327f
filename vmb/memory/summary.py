"""``summary``: recursive summarization, as in the paper.

One model call per history day, in date order, showing the current summary and the day's lines; the
model may call ``memory_update(new_memory)`` with the complete new summary, and no call keeps the
old one. The summary is capped at 8,192 characters (option ``summary_cap``). The final summary goes
into every query's system prompt. ``days.jsonl`` keeps each day's call and resulting snapshot; the
build's health (``vmb.memory.base.BuildHealth``) counts replies cut off, refused updates, days with
``LOOP_CALLS`` or more updates in one reply (a loop), a summary left empty, the days it stayed unchanged
and the share of it copied from the dialogue word for word (``vmb.memory.health``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vmb.llm.textcalls import extract_calls
from vmb.memory.base import BuildContext, DayRequest, GroupMemory, MemorySetting, QueryInfo, QueryMemory
from vmb.memory.health import copied_share
from vmb.memory.options import AT_LEAST
from vmb.memory.simple import memory_section
from vmb.prompts import load_prompt

if TYPE_CHECKING:
    from vmb.data import Day, Group

UPDATE = "memory_update"
DAY_PROMPT = "summary_day"  # one day of the build: the memory so far and the day's lines
EMPTY = "(nothing recorded yet)"
SUMMARY_TARGET = "the summary"  # what every update call writes, as the build's health names it


def update_schema(cap: int) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": UPDATE,
            "description": f"Replace the whole memory with new_memory (at most {cap} characters).",
            "parameters": {
                "type": "object",
                "properties": {"new_memory": {"type": "string", "description": "The complete new memory."}},
                "required": ["new_memory"],
                "additionalProperties": False,
            },
        },
    }


def day_lines(day: Day) -> str:
    return "\n".join(line.raw for line in day.lines)


@dataclass(frozen=True)
class _Summary:
    text: str

    def for_query(self, query: QueryInfo) -> QueryMemory:
        return QueryMemory(prompt=memory_section("summary", self.text or EMPTY), injected=self.text)


@dataclass(frozen=True)
class SummaryOptions:
    summary_cap: int = field(default=8192, metadata={AT_LEAST: 1})  # the summary's size limit, in tokens


class SummaryMemory(MemorySetting[SummaryOptions]):
    name = "summary"
    label = "recursive summarization"
    paper_name = "recursive_summarization"
    color = "#0072B2"
    builds = True
    prompts = ("summary_build", DAY_PROMPT)
    day = DayRequest(DAY_PROMPT, UPDATE, current="memory", empty=EMPTY)

    @property
    def cap(self) -> int:
        return self.options.summary_cap

    def build_params(self) -> dict[str, Any]:
        return {"setting": self.name, "summary_cap": self.cap}

    def memory_cap(self) -> int | None:
        return self.cap

    async def build(self, group: Group, ctx: BuildContext) -> None:
        system = load_prompt("summary_build").render(cap=str(self.cap))
        day_prompt = load_prompt(DAY_PROMPT)
        tools = [update_schema(self.cap)]
        summary = ""
        unchanged = 0  # days after which the summary was as before them (the health check's measure)
        with (ctx.directory / "days.jsonl").open("w", encoding="utf-8") as log:
            for day in group.days:
                before = summary
                user = day_prompt.render(memory=summary or EMPTY, date=day.date.isoformat(), lines=day_lines(day))
                messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
                reply = await ctx.ask(messages, tools)
                calls, _ = extract_calls(reply.message, text_calls=ctx.text_calls, id_prefix="update_")
                events: list[dict[str, Any]] = []
                for call in calls:
                    new, problem = _read_update(call.name, call.arguments, call.error)
                    if new is None:
                        events.append({"name": call.name, "arguments": call.arguments, "result": problem})
                        continue
                    summary = new[: self.cap]
                    events.append({"name": call.name, "result": "updated", "chars": len(summary)})
                record = {"date": day.date.isoformat(), "calls": events, "summary": summary,
                          "usage": reply.to_json()["usage"], "finish_reason": reply.finish_reason}
                log.write(json.dumps(record, ensure_ascii=False) + "\n")
                log.flush()
                unchanged += summary == before
                ctx.day_done(day.date.isoformat(), writes=[SUMMARY_TARGET] * len(calls),
                             refused=sum(event["result"] != "updated" for event in events))
        ctx.health.empty = not summary.strip()
        ctx.health.unchanged = unchanged
        ctx.health.copied = round(copied_share(summary, (line.raw for line in group.lines)), 4)
        (ctx.directory / "summary.json").write_text(json.dumps({"summary": summary}, ensure_ascii=False),
                                                     encoding="utf-8")

    def load(self, group: Group, directory: Path | None) -> GroupMemory:
        assert directory is not None, "the summary setting is loaded from its build directory"
        data = json.loads((directory / "summary.json").read_text(encoding="utf-8"))
        return _Summary(data["summary"])


def _read_update(name: str, arguments: str, error: str | None) -> tuple[str | None, str | None]:
    """``(new summary, None)`` for a valid call, else ``(None, why not)``: the old summary stays."""
    if error is not None:
        return None, f"error: {error}"
    if name != UPDATE:
        return None, f"error: unknown tool {name!r}"
    try:
        args = json.loads(arguments)
    except ValueError as problem:
        return None, f"error: arguments are not valid JSON ({problem})"
    if not isinstance(args, dict) or not isinstance(args.get("new_memory"), str):
        return None, "error: memory_update needs new_memory (a string)"
    return args["new_memory"], None
