"""What a run's header says, against what its conversations show (``vmb validate``).

The header names the memory setting and the agent; the conversations show what the agent was given. Each
system prompt's memory part (``vmb.publish.replay.memory_part``) must be the section of the memory prompt
that setting writes (for ``gold``, the query's own gold memory), and every memory tool a record calls
must be one that setting offers. A gold-memory run relabelled ``none``, its header rehashed and its
metric recomputed, still holds the gold memory in every system prompt: that is a reason here. A run of
an offline agent (no model) holds no model tokens.

What a setting offers is declared once, in ``SECTIONS``; a setting this vmb does not ship (a plugin's)
cannot be checked beyond its tools being memory tools, and is left to the rest of validation.
"""

from __future__ import annotations

from typing import Any

from vmb.data import Query
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


def _shown_section(part: str) -> str | None:
    """Which section of the memory prompt ``part`` is (None: none of them)."""
    from vmb.prompts import load_prompt

    prompt = load_prompt("memory")
    return next((name for name in _sections() if prompt.section(name).fields(part) is not None), None)


def memory_problem(header: RunHeader, record: QueryRecord, part: str | None, query: Query,
                   same_prompt: bool) -> str | None:
    """Why the record's conversation is not one the header's memory setting gives (None: it is).

    ``part``: the memory part of its system prompt (None when the prompt is not vmb's agent prompt);
    ``same_prompt``: the run's memory prompt is this vmb's version, so its text can be compared.
    """
    from vmb.memory.simple import memory_section

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
    if part is None or not same_prompt:
        return None
    if section == "gold":
        expected = memory_section("gold", query.gold_memory)
        if part != expected:
            shown = _shown_section(part)
            return ("its system prompt does not hold the query's gold memory, as the memory setting 'gold' of its "
                    f"config.json writes it{_holding(shown)}")
        return None
    from vmb.prompts import load_prompt

    if load_prompt("memory").section(section).fields(part) is None:
        shown = _shown_section(part)
        return (f"its system prompt's memory part is not what the memory setting {memory!r} of its config.json "
                f"writes{_holding(shown)}")
    return None


def _holding(section: str | None) -> str:
    return f" (it holds the '{section}' setting's)" if section is not None else ""


def agent_problem(header: RunHeader, records: dict[str, QueryRecord]) -> str | None:
    """Why the records are not what the header's agent makes: an offline agent asks no model."""
    if header.agent == "model":
        return None
    asked = [key for key, r in records.items() if r.prompt_tokens or r.completion_tokens
             or any(round_.prompt_tokens or round_.completion_tokens for round_ in r.rounds)]
    if asked:
        return (f"its config.json names the offline agent {header.agent!r}, yet {len(asked)} record(s) hold model "
                f"tokens (first {asked[0]})")
    return None


def memory_prompt_current(prompts: dict[str, Any]) -> bool:
    """Whether the run's memory prompt (as its header records it) is this vmb's version."""
    from vmb.prompts import prompt_versions

    return prompts.get("memory") == prompt_versions(["memory"])["memory"]
