"""What a run's header says, against what its conversations show (``vmb validate``).

The header names the memory setting and the agent; the conversations show what the agent was given. Each
system prompt's memory part must be the section of the memory prompt that setting writes (for ``gold``, the
query's own gold memory), read with the agent and memory prompts the header records: this vmb's, or an earlier
vmb's kept in ``vmb/prompts/earlier`` (``vmb.prompts.recorded_prompt``). A prompt this vmb does not know is a
reason, never a reason to skip the check: declaring another version switches nothing off. Every memory tool a
record calls must be one that setting offers. A gold-memory run relabelled ``none``, its header rehashed and
its metric recomputed, still holds the gold memory in every system prompt: that is a reason here.

The agent must agree with the records both ways: an offline agent asks no model, so its records hold no model
tokens; a model run asked one, so every round of a scored record is a request (sent, or answered by the cache)
and its records hold tokens. An oracle run relabelled a model is caught by the second.

What a setting offers is declared once, in ``SECTIONS``; a setting this vmb does not ship (a plugin's)
cannot be checked beyond its tools being memory tools, and is left to the rest of validation.
"""

from __future__ import annotations

from typing import Any

from vmb.data import Query
from vmb.prompts import Prompt
from vmb.results.header import RunHeader
from vmb.results.record import QueryRecord


def _sections() -> dict[str, tuple[str, ...]]:
    """Memory prompt section -> the memory tools a setting writing it offers the agent."""
    from vmb.memory.kv import LIST, SEARCH
    from vmb.memory.plugins import SEARCH_TOOL

    return {"none": (), "gold": (), "summary": (), "history": (), "kv": (LIST, SEARCH), "plugin": (SEARCH_TOOL,)}


def section_of(memory: str) -> str | None:
    """The section of ``vmb/prompts/memory.md`` the setting ``memory`` writes (None: not a setting vmb ships)."""
    from vmb.memory import SHIPPED

    if memory not in SHIPPED:
        return None
    return memory if memory in _sections() else "plugin"


def placed_memory(memory: str, query: Query) -> tuple[str | None] | None:
    """The memory the setting ``memory`` gave the agent for ``query``, when the conversation alone shows all of it:
    the gold memory in the prompt (``gold``), nothing (``none``); None for every other setting (what part of a
    memory tool's result is memory content only the tool knows; history and summary depend on the built memory)."""
    section = section_of(memory)
    if section == "gold":
        return (query.gold_memory,)
    return (None,) if section == "none" else None


def _shown_section(part: str, memory_prompt: Prompt) -> str | None:
    """Which section of the memory prompt ``part`` is (None: none of them)."""
    return next((name for name in _sections() if _fields(memory_prompt, name, part) is not None), None)


def _fields(memory_prompt: Prompt, section: str, part: str) -> dict[str, str] | None:
    try:
        return memory_prompt.section(section).fields(part)
    except KeyError:  # a version without this section
        return None


def unknown_prompts(prompts: dict[str, Any]) -> list[str]:
    """A reason per prompt the run's header records that this vmb does not know (the agent's, the memory's)."""
    from vmb.prompts import recorded_prompt

    return [f"its config.json records the {name} prompt {_version(prompts.get(name))}, which this vmb does not "
            "know: what its agent was given cannot be checked"
            for name in ("agent", "memory") if recorded_prompt(name, prompts.get(name)) is None]


def _version(recorded: Any) -> str:
    if not isinstance(recorded, dict):
        return "as nothing"
    sha = str(recorded.get("sha256"))[:12]
    return f"version {str(recorded.get('version'))[:20]!s} (sha256 {sha})"


def memory_part_of(system: Any, agent_prompt: Prompt) -> str | None:
    """The memory part of a system prompt the agent prompt ``agent_prompt`` made (None when it did not make it)."""
    from vmb.prompts import load_prompt
    from vmb.publish.replay import memory_part

    if not isinstance(system, str):
        return None
    if agent_prompt == load_prompt("agent"):
        return memory_part(system)  # the modules listed as this vmb lists them, too
    fields = agent_prompt.fields(system)
    return None if fields is None else fields.get("memory", "")


def memory_problem(header: RunHeader, record: QueryRecord, system: Any, query: Query,
                   prompts: tuple[Prompt, Prompt] | None) -> str | None:
    """Why the record's conversation is not one the header's memory setting gives (None: it is).

    ``system``: its system prompt; ``prompts``: the agent and memory prompts the header records (None when this
    vmb does not know one: ``unknown_prompts`` says so for the run, and the text cannot be compared).
    """
    memory = header.memory
    section = section_of(memory)
    called = sorted({r.name for r in record.tool_results if r.kind == "memory"})
    if section is None:
        return None
    offered = _sections()[section]
    stray = [name for name in called if name not in offered]
    if stray:
        return (f"it calls the memory tool {stray[0]!r}, which the memory setting {memory!r} of its config.json "
                f"does not offer ({', '.join(offered) or 'no memory tool'})")
    if prompts is None:
        return None
    agent_prompt, memory_prompt = prompts
    part = memory_part_of(system, agent_prompt)
    if part is None:
        return f"its system prompt is not the agent prompt (version {agent_prompt.version}) its config.json records"
    if section == "gold":
        written = memory_prompt.section("gold")
        if part != written.render(memory=query.gold_memory):
            return ("its system prompt does not hold the query's gold memory, as the memory setting 'gold' of its "
                    f"config.json writes it{_holding(_shown_section(part, memory_prompt))}")
        return None
    if _fields(memory_prompt, section, part) is None:
        return (f"its system prompt's memory part is not what the memory setting {memory!r} of its config.json "
                f"writes{_holding(_shown_section(part, memory_prompt))}")
    return None


def _holding(section: str | None) -> str:
    return f" (it holds the '{section}' setting's)" if section is not None else ""


def agent_problem(header: RunHeader, records: dict[str, QueryRecord]) -> str | None:
    """Why the records are not what the header's agent makes: an offline agent asks no model, a model run does."""
    if header.agent == "model":
        scored = {key: r for key, r in records.items() if r.ok}
        unasked = [key for key, r in scored.items()
                   if not r.rounds or any(not (round_.attempts or round_.cached) for round_ in r.rounds)]
        if unasked:
            return (f"its config.json names the model {header.model!r}, yet {len(unasked)} scored record(s) hold a "
                    f"round no model was asked for (first {unasked[0]}): an offline agent's records")
        if scored and not any(_tokens(r) for r in scored.values()):
            return (f"its config.json names the model {header.model!r}, yet none of its {len(scored)} scored "
                    "records holds a model token")
        return None
    asked = [key for key, r in records.items() if _tokens(r)]
    if asked:
        return (f"its config.json names the offline agent {header.agent!r}, yet {len(asked)} record(s) hold model "
                f"tokens (first {asked[0]})")
    return None


def _tokens(record: QueryRecord) -> int:
    return (record.prompt_tokens + record.completion_tokens
            + sum(round_.prompt_tokens + round_.completion_tokens for round_ in record.rounds))
