"""Offline agents: ``oracle`` replays the reference calls (the ceiling), ``noop`` does nothing (the floor),
``release-answers`` replays the release's reference calls on a twin (``vmb twin``: what a model that
memorised the release's answers does; on the release itself it is the oracle), and each shortcut
baseline of ``vmb.maker.baselines`` makes the calls its text-matching rule predicts.

All are models in the sense of ``vmb.llm.model``: they answer the same messages and tools as an
endpoint would, so they exercise the same agent loop, tool dispatch, run directory and scoring. The
oracle behaves like a careful agent: it loads the modules it needs, makes the reference calls, then
answers. The scripted test server answers with the same policy (``reference_step``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from vmb.llm.model import Message, Model, Reply
from vmb.sim.registry import DISCOVERY, module_of

if TYPE_CHECKING:
    from vmb.data import Group, Query


class Tasks(Protocol):
    """What the shortcut baselines read of each query (the maker's ``vmb.maker.baselines.Tasks``)."""

    def of(self, query: Query, group: Group) -> Any: ...


class Baseline(Protocol):
    """A shortcut baseline (the maker's ``vmb.maker.baselines.Baseline``): the memory setting it reads and
    the calls its rule predicts for a task."""

    @property
    def memory(self) -> str: ...

    def predict(self, task: Any) -> list[dict[str, Any]]: ...

# The offline agents of the core, and the families of offline agents an extra declares: family → its table
# (``module:NAME``, a dict of agents by name) and the extra it needs. ``vmb run --agent NAME`` looks in both.
CORE_AGENTS = ("oracle", "noop", "release-answers")
AGENT_FAMILIES: dict[str, tuple[str, str]] = {
    "shortcut baselines": ("vmb.maker.baselines:BASELINES", "make"),
}


def shortcut_baselines(*, required: bool = True) -> dict[str, Baseline]:
    """The maker's shortcut baselines by name; without the make extra, one line saying what to install
    (or, not ``required``, none)."""
    from vmb import extras

    target, extra = AGENT_FAMILIES["shortcut baselines"]
    if not required and extras.missing(extra):
        return {}
    table: dict[str, Baseline] = extras.load(target, extra, "the shortcut baselines")
    return table


def baseline_tasks() -> Tasks:
    """What a shortcut baseline reads of each query, histories indexed once (the maker imported then)."""
    from vmb import extras

    tasks: Tasks = extras.load("vmb.maker.baselines:Tasks", AGENT_FAMILIES["shortcut baselines"][1],
                               "the shortcut baselines")()
    return tasks


def release_calls(data_dir: Path) -> dict[str, list[dict[str, Any]]]:
    """Query id -> the source's reference calls, parsed, for a twin under ``data_dir``; {} for no twin."""
    from vmb.data import parse_call
    from vmb.data.metadata import read_twin

    twin = read_twin(data_dir)
    if twin is None:
        return {}
    return {q.id: [parse_call(raw, twin.path, q.id) for raw in q.release_answer] for q in twin.queries()}


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


def offline_model(agent: str, query: Query, group: Group, tasks: Callable[[], Tasks], root: Path | None = None) -> Model:
    """The offline agent ``agent`` for one query (``tasks`` gives what a shortcut baseline reads, each group's
    history indexed once, made on a baseline's first call; ``root`` is the benchmark's directory, whose twin
    metadata holds the release's answers)."""
    if agent == "oracle":
        return OracleModel(query.calls)
    if agent == "release-answers":
        return OracleModel(release_calls(root).get(query.id, query.calls) if root is not None else query.calls)
    if agent == "noop":
        return NoopModel()
    # Loaded here: the baselines' lexicons cost ~0.3 s to import, which an oracle run should not pay.
    return BaselineModel(shortcut_baselines()[agent].predict(tasks().of(query, group)))
