"""What a memory setting gives the agent, and how it is built.

A setting (``none``, ``gold``, ``summary``, ``kv``, ``history``, or an external memory system) has two
phases:

* **build**, once per group: read the group's history (possibly with model calls) and write what it
  keeps into a directory. The runner stores that directory keyed by everything the build depends on
  and reuses it across queries and runs.
* **evaluation**, per query: ``GroupMemory.for_query`` returns a ``QueryMemory``: text for the
  system prompt and tools the agent may call. Evaluation never changes the built memory.

Mem Token counts the memory content handed to the agent per retrieval: the injected text (gold,
summary, history) counts as one retrieval per query; each memory tool result counts as one.
"""

from __future__ import annotations

import dataclasses
import typing
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar

from vmb.jsontypes import check_fields
from vmb.llm.model import Endpoint, Message, Model, Reply
from vmb.memory.health import LOOP_CALLS, BuildWarning, warnings_of
from vmb.memory.options import NoOptions, non_default, parse_options
from vmb.usage import ZERO, Usage

if TYPE_CHECKING:
    from vmb.data import Group


@dataclass(frozen=True)
class MemoryResult:
    text: str  # the tool result the agent reads
    ok: bool = True
    memory_text: str | None = None  # the memory content inside ``text``; counted for Mem Token


@dataclass(frozen=True)
class MemoryTool:
    """A tool the agent can call during evaluation (``memory_search``, ``search_memory``, ...)."""

    name: str
    description: str
    parameters: dict[str, Any]  # JSON schema of the arguments (flat object)
    run: Callable[[dict[str, Any]], Awaitable[MemoryResult]]  # gets validated arguments

    @property
    def schema(self) -> dict[str, Any]:
        return tool_schema(self.name, self.description, self.parameters)


def tool_schema(name: str, description: str, parameters: dict[str, Any]) -> dict[str, Any]:
    """A function-calling tool schema, as the request's tool list carries it."""
    return {"type": "function", "function": {"name": name, "description": description, "parameters": parameters}}


@dataclass(frozen=True)
class QueryMemory:
    prompt: str  # the memory part of the system prompt
    injected: str | None = None  # memory content placed in the prompt (one retrieval), if any
    tools: list[MemoryTool] = field(default_factory=list)


class QueryInfo(Protocol):
    """What a setting may read of a query (``vmb.data.Query`` fits)."""

    @property
    def id(self) -> str: ...
    @property
    def gold_memory(self) -> str: ...


class GroupMemory(Protocol):
    def for_query(self, query: QueryInfo) -> QueryMemory: ...


@dataclass
class BuildCost:
    """What a build spent: the model's usage, the calls it asked of the model (whether the request cache
    answered them or not), the embedding calls of a system that embeds, and its wall time."""

    usage: Usage = ZERO
    model_calls: int = 0
    embedding_calls: int = 0
    seconds: float = 0.0

    def asked(self, usage: Usage, calls: int = 1) -> None:
        """``calls`` model calls made, spending ``usage``."""
        self.usage += usage
        self.model_calls += calls

    def to_json(self) -> dict[str, Any]:
        """build.json's ``cost``: the counts flat, the model's time as ``model_seconds`` beside the wall's."""
        u = self.usage
        return {"model_calls": self.model_calls, "prompt_tokens": u.prompt_tokens,
                "completion_tokens": u.completion_tokens, "cached_tokens": u.cached_tokens, "requests": u.requests,
                "model_seconds": round(u.seconds, 3), "embedding_calls": self.embedding_calls, "seconds": self.seconds}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BuildCost:
        """A build.json's ``cost``; a count an earlier build did not record reads as 0."""
        def count(key: str) -> Any:
            value = data.get(key, 0)
            return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0

        usage = Usage(int(count("prompt_tokens")), int(count("completion_tokens")), int(count("cached_tokens")),
                      int(count("requests")), float(count("model_seconds")))
        return cls(usage, int(count("model_calls")), int(count("embedding_calls")), float(count("seconds")))


@dataclass(frozen=True)
class BuildLoop:
    """One day of a build on which the model kept writing the same target."""

    date: str
    target: str  # what the calls wrote: a key of the store, or the summary
    calls: int

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class BuildHealth:
    """How a build went besides its cost: days read, replies cut off, calls refused, loops, what it kept
    (``vmb.memory.health``: empty, copied from the dialogue, unchanged), and the warnings of its check."""

    days: int = 0
    truncated: int = 0  # model replies cut off at the output-token limit
    refused: int = 0  # write calls the build refused (unknown tool, bad arguments, no such key)
    loops: list[BuildLoop] = field(default_factory=list)
    empty: bool | None = None  # nothing kept at the end (None: the setting cannot tell)
    copied: float | None = None  # share of the kept text that is history lines word for word (None: not measured)
    unchanged: int | None = None  # days after which the memory was as before them (None: not measured)
    warnings: list[BuildWarning] = field(default_factory=list)  # the check's verdict (``check``)

    def check(self) -> None:
        """The health check, once the build ended: its warnings from its measures."""
        self.warnings = warnings_of(self.days, self.empty, self.copied, self.unchanged,
                                    [(loop.date, loop.target, loop.calls) for loop in self.loops])

    def to_json(self) -> dict[str, Any]:
        return {"days": self.days, "truncated": self.truncated, "refused": self.refused,
                "loops": [loop.to_json() for loop in self.loops], "empty": self.empty, "copied": self.copied,
                "unchanged": self.unchanged, "warnings": [warning.to_json() for warning in self.warnings]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BuildHealth:
        """A build.json's ``health``, its types checked (``vmb.jsontypes``); a build recorded before the check
        (no ``warnings``) gets the warnings of what it measured."""
        check_fields(cls, data, "health")
        known = {f.name for f in dataclasses.fields(cls)} - {"loops", "warnings"}
        made = cls(**{k: v for k, v in data.items() if k in known},
                   loops=[BuildLoop(loop["date"], loop["target"], loop["calls"]) for loop in data.get("loops", [])],
                   warnings=[BuildWarning(w["kind"], w["text"]) for w in data.get("warnings", [])])
        if "warnings" not in data:
            made.check()
        return made


def _no_watcher() -> None:
    return None


@dataclass
class BuildContext:
    """What a builder gets: the run's model, where to write, the cost and health to fill, and whom to
    tell when a day of the history is read (the run's progress)."""

    model: Model
    directory: Path
    text_calls: bool
    cost: BuildCost = field(default_factory=BuildCost)
    endpoint: Endpoint = field(default_factory=Endpoint)  # the run's endpoint, for systems that call it
    health: BuildHealth = field(default_factory=BuildHealth)
    on_day: Callable[[], None] = _no_watcher

    async def ask(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        """One model call of the build, counted in the build cost (and, cut off, in its health)."""
        reply = await self.model.complete(messages, tools)
        self.cost.asked(reply.spent)
        self.health.truncated += reply.finish_reason == "length"
        return reply

    def kept(self, memories: int) -> None:
        """How many memories the build kept at its end, for a system that can count them (Mem0's added
        memories, MemoryBank's entries): none is an empty store, a warning of the health check."""
        self.health.empty = memories == 0

    def day_done(self, date: str, writes: Sequence[str] = (), refused: int = 0) -> None:
        """One day of the history read. ``writes`` names the target of each write call the model made
        that day (a key written or removed, the summary replaced); ``refused`` counts the refused ones."""
        self.health.days += 1
        self.health.refused += refused
        self.health.loops += [BuildLoop(date, target, calls) for target, calls in Counter(writes).items()
                              if calls >= LOOP_CALLS]
        self.on_day()


@dataclass(frozen=True)
class DayRequest:
    """How a build that asks the model day by day asks it: declared once, on the setting, for the builder
    and for a stand-in model (``vmb.doubles.scripted``) alike.

    ``prompt`` is the prompt file of a day's user message (its fields include ``date`` and ``lines``, the
    day's date and lines), ``write`` the tool that keeps what the day says. When a write replaces the
    memory whole, ``current`` is the prompt field showing the memory so far and ``empty`` how it shows
    an empty one; otherwise a write adds one entry.
    """

    prompt: str
    write: str
    current: str | None = None
    empty: str = ""


OptionsT = TypeVar("OptionsT")


class MemorySetting(ABC, Generic[OptionsT]):
    """One memory setting: a built-in one or an external memory system (``vmb.memory.plugins``), all
    found through one registry (``vmb.memory``). A subclass declares its ``name``, its identity in
    tables and figures, whether it ``builds``, and its options as the type argument:
    ``class SummaryMemory(MemorySetting[SummaryOptions])``. It is made from the parsed options
    (``parse`` checks a dict of them first) and reads them typed, as ``self.options``."""

    name: ClassVar[str]
    label: ClassVar[str | None] = None  # how tables and figures name it (None: its name)
    paper_name: ClassVar[str | None] = None  # the paper's name for it, when the paper has the setting
    color: ClassVar[str | None] = None  # its colour in every figure (None: a stable spare one from its name)
    Options: ClassVar[type[Any]] = NoOptions  # the dataclass of its options: the type argument
    builds: ClassVar[bool] = False
    reads_history: ClassVar[bool] = True  # whether build or evaluation reads the groups' histories
    prompts: ClassVar[tuple[str, ...]] = ()  # prompt files the build uses (their versions key the store)
    day: ClassVar[DayRequest | None] = None  # how the build asks the model about each day, when it does

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in cls.__dict__.get("__orig_bases__", ()):
            declared = [arg for arg in typing.get_args(base) if isinstance(arg, type) and dataclasses.is_dataclass(arg)]
            if declared:
                cls.Options = declared[0]

    def __init__(self, options: OptionsT) -> None:
        self.options = options

    @classmethod
    def parse(cls, given: Mapping[str, Any]) -> Self:
        """The setting with ``given`` options (``--memory-option`` pairs), checked against ``Options``."""
        return cls(parse_options(cls.name, cls.Options, given))

    def build_params(self) -> dict[str, Any]:
        """Everything besides model and prompts that the built memory depends on."""
        return {"setting": self.name, "options": non_default(self.options)}

    def ready(self) -> None:
        """Raise a one-line error naming what this environment lacks for the setting (a hosted system's key or
        URL), asked before a run says what its builds take; the built-in settings lack nothing."""

    def day_requests(self) -> int:
        """The most model requests one day of a build may take (``vmb estimate``'s high end)."""
        return 1

    def memory_cap(self) -> int | None:
        """The most characters the built memory may hold, where the setting caps it (None: no cap)."""
        return None

    async def build(self, group: Group, ctx: BuildContext) -> None:
        """Write the group's memory into ``ctx.directory``. Only settings with ``builds`` override it."""
        raise NotImplementedError(f"memory setting {self.name!r} has nothing to build")

    @abstractmethod
    def load(self, group: Group, directory: Path | None) -> GroupMemory:
        """The group's memory for evaluation (``directory`` is None when nothing was built)."""
