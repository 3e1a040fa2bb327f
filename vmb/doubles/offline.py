"""Offline agents: ``oracle`` replays the reference calls (the ceiling), ``noop`` does nothing (the floor),
``release-answers`` replays the release's reference calls on a twin (``vmb twin``: what a model that
memorised the release's answers does; on the release itself it is the oracle), and each shortcut
baseline of ``vmb.doubles.baselines`` makes the calls its text-matching rule predicts.

All are models in the sense of ``vmb.llm.model``: they answer the same messages and tools as an
endpoint would, so they exercise the same agent loop, tool dispatch, run directory and scoring. The
oracle behaves like a careful agent: it loads the modules it needs, makes the reference calls, then
answers. The scripted test server answers with the same policy (``reference_step``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vmb.llm.model import Message, Model, Reply
from vmb.sim.registry import DISCOVERY, module_of

if TYPE_CHECKING:
    from vmb.data import Group, Query
    from vmb.doubles.baselines import Tasks


def _modules(calls: list[dict[str, Any]]) -> list[str]:
    seen: dict[str, None] = {}
    for call in calls:
        module = module_of(str(call["name"]))
        if module is not None:
            seen.setdefault(module, None)
    return list(seen)


def assistant_calls(calls: list[tuple[str, dict[str, Any]]], step: int, *, text_format: str | None = None) -> Message:
    """An assistant message making ``calls`` (in the tool-calls field, or written as text in ``text_format``)."""
    if text_format is not None:
        from vmb.doubles.scripted_replies import TEXT_FORMATS

        return {"role": "assistant", "content": TEXT_FORMATS[text_format](calls)}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": f"call_{step}_{k}", "type": "function",
             "function": {"name": name, "arguments": json.dumps(args)}}
            for k, (name, args) in enumerate(calls)
        ],
    }


def reference_step(messages: list[Message], ref_calls: list[dict[str, Any]], *, text_format: str | None = None,
                   offset: int = 0) -> Message:
    """The next assistant message of an agent that knows the answer: discover, call, then answer.

    ``offset`` skips that many earlier assistant turns (a caller's own, such as memory searches).
    """
    turn = sum(1 for m in messages if m.get("role") == "assistant")
    step = turn - offset
    modules = _modules(ref_calls)
    plan: list[list[tuple[str, dict[str, Any]]]] = []
    if modules:
        plan.append([(DISCOVERY, {"module_name": m}) for m in modules])
    if ref_calls:
        plan.append([(str(c["name"]), dict(c["args"])) for c in ref_calls])
    if step < len(plan):
        return assistant_calls(plan[step], turn, text_format=text_format)
    return {"role": "assistant", "content": "Done."}


class OracleModel:
    """Answers one query with its reference calls."""

    def __init__(self, ref_calls: list[dict[str, Any]]) -> None:
        self.ref_calls = ref_calls

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        return Reply(reference_step(messages, self.ref_calls))


class BaselineModel:
    """A shortcut baseline as an agent: it makes the calls its rule predicts, as the oracle makes the reference's."""

    def __init__(self, calls: list[dict[str, Any]]) -> None:
        self.calls = calls

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        return Reply(reference_step(messages, self.calls))


class NoopModel:
    """Never calls a tool (and so builds empty memories)."""

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        return Reply({"role": "assistant", "content": "No action taken."})


def offline_model(agent: str, query: Query, group: Group, tasks: Tasks, root: Path | None = None) -> Model:
    """The offline agent ``agent`` for one query (``tasks`` keeps each group's history index; ``root`` is
    the benchmark's directory, whose twin metadata holds the release's answers)."""
    if agent == "oracle":
        return OracleModel(query.calls)
    if agent == "release-answers":
        from vmb.twin import release_calls

        return OracleModel(release_calls(root).get(query.id, query.calls) if root is not None else query.calls)
    if agent == "noop":
        return NoopModel()
    # Imported here: the baselines' lexicons cost ~0.3 s to import, which an oracle run should not pay.
    from vmb.doubles.baselines import BASELINES

    return BaselineModel(BASELINES[agent].predict(tasks.of(query, group)))
