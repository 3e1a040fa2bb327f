"""What a run will ask before it asks anything: requests, tokens, memory builds, money and time.

The expected figures are the run's own requests under the reference pattern: every selected query goes
through the agent loop (``converse``) in this process against the scripted reference policy
(``ReferenceScript``: memory look-ups where the setting has memory tools, discovery, the reference's
calls, a short answer), and a memory that is built is built by the same policy, day by day. Each request
is counted by ``vmb.tokens.request_tokens``, the counter the scripted server reports its usage with, so a
scripted run records what its estimate says. Nothing leaves the machine.

What cannot be known before a real model runs is given as a range around that pattern (``Span``):

- rounds: one request per query at least (an answer with no call), ``max_rounds`` at most, each later
  request carrying the pattern's last request plus its growth per round;
- completions: the pattern's replies at least, ``max_tokens`` per request at most;
- a summary's size: the policy's notes at least, its cap (characters, at the history's characters per
  token) at most, in every build request and in every query's prompt;
- a key-value store's size has no bound before it is built: its figure is the policy's store.

A group whose memory is already in the run's store (an earlier run or ``vmb memory ingest`` built it
with the same model and settings) is read from there: no construction, and its real size.
"""

from __future__ import annotations

import asyncio
import math
import tempfile
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vmb.llm.model import Message, Reply
from vmb.tokens import count_tokens, message_tokens, request_tokens
from vmb.usage import Usage

if TYPE_CHECKING:
    from vmb.data import Group, Query
    from vmb.doubles.scripted import ReferenceScript
    from vmb.harness.plan import RunPlan
    from vmb.memory.base import QueryMemory


@dataclass(frozen=True)
class Span:
    """A figure that is only known within bounds: ``high`` None means no bound can be given."""

    low: float = 0.0
    expected: float = 0.0
    high: float | None = 0.0

    def __add__(self, other: Span) -> Span:
        high = None if self.high is None or other.high is None else self.high + other.high
        return Span(self.low + other.low, self.expected + other.expected, high)

    def times(self, factor: float) -> Span:
        return Span(self.low * factor, self.expected * factor, None if self.high is None else self.high * factor)

    def to_json(self) -> dict[str, float | None]:
        return {"low": self.low, "expected": self.expected, "high": self.high}


@dataclass(frozen=True)
class Traffic:
    """Requests and their tokens, as ranges."""

    requests: Span = Span()
    prompt_tokens: Span = Span()
    completion_tokens: Span = Span()

    def __add__(self, other: Traffic) -> Traffic:
        return Traffic(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def times(self, factor: float) -> Traffic:
        return Traffic(*(getattr(self, f.name).times(factor) for f in fields(self)))

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name).to_json() for f in fields(self)}


@dataclass
class SettingEstimate:
    """One memory setting's run: its queries' requests, its memory construction, money and time."""

    setting: str
    queries: int = 0  # query attempts (queries x trials)
    groups: int = 0
    built: int = 0  # groups whose memory would be built now
    stored: int = 0  # groups whose memory is already in the store
    query: Traffic = Traffic()
    build: Traffic = Traffic()
    cost: Span | None = None
    currency: str | None = None
    seconds: Span | None = None
    pacing: str = ""  # where the request rate behind ``seconds`` comes from
    unknowns: list[str] = field(default_factory=list)

    @property
    def total(self) -> Traffic:
        return self.query + self.build

    def to_json(self) -> dict[str, Any]:
        return {"setting": self.setting, "queries": self.queries, "groups": self.groups, "built": self.built,
                "stored": self.stored, "query": self.query.to_json(), "build": self.build.to_json(),
                "total": self.total.to_json(), "cost": None if self.cost is None else self.cost.to_json(),
                "currency": self.currency, "seconds": None if self.seconds is None else self.seconds.to_json(), "pacing": self.pacing,
                "unknowns": self.unknowns}


@dataclass
class CountingModel:
    """The scripted reference policy as a ``Model``, its usage counted as the scripted server reports it."""

    script: ReferenceScript

    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply:
        answer = self.script({"messages": messages, "tools": tools})
        assert answer.message is not None, "the reference policy answers every request with a message"
        usage = Usage(request_tokens(messages, tools), message_tokens(answer.message))
        return Reply(answer.message, usage=usage)


@dataclass(frozen=True)
class Pacing:
    """How fast requests go: a measured or stated rate (requests per second), or none known."""

    rate: float | None = None
    source: str = ""


def query_traffic(prompts: list[int], completions: list[int], *, max_rounds: int, max_tokens: int,
                  memory_room: int = 0) -> Traffic:
    """One query's range from the requests of its reference pattern (``prompts``, ``completions``).

    ``memory_room`` is how many tokens the memory in each request's prompt may grow by beyond the pattern's.
    """
    done = len(prompts)
    growth = (prompts[-1] - prompts[0]) / (done - 1) if done > 1 else 0.0
    extra = max(max_rounds - done, 0)
    high_prompt = sum(prompts) + sum(prompts[-1] + growth * k for k in range(1, extra + 1))
    rounds = max(max_rounds, done)
    return Traffic(Span(1, done, rounds),
                   Span(prompts[0], sum(prompts), high_prompt + memory_room * rounds),
                   Span(min(completions), sum(completions), rounds * max_tokens))


def _reply_tokens(talk_rounds: list[Any]) -> tuple[list[int], list[int]]:
    return [r.prompt_tokens for r in talk_rounds], [r.completion_tokens for r in talk_rounds]


def memory_room(plan: RunPlan, group: Group, memory_prompt: str) -> int:
    """Tokens a capped memory may add to a prompt beyond what the policy wrote: up to its cap."""
    cap = plan.memory_setting.memory_cap()
    if cap is None:
        return 0
    text = group.history_text
    per_char = count_tokens(text) / max(len(text), 1)
    return max(math.ceil(cap * per_char) - count_tokens(memory_prompt), 0)


class Estimator:
    """Walks one plan's groups and queries through the reference pattern, counting as it goes."""

    def __init__(self, plan: RunPlan, scratch: Path) -> None:
        from vmb.doubles.scripted import ReferenceScript
        from vmb.harness.plan import MemoryBuilder

        self.plan = plan
        self.scratch = scratch
        self.script = ReferenceScript(plan.bench)
        self.builder = MemoryBuilder(plan, CountingModel(self.script))
        self.figures = SettingEstimate(plan.memory_setting.name)

    async def group_memory(self, group: Group) -> Path | None:
        from vmb.memory.buildfile import BUILD_FILE

        setting = self.plan.memory_setting
        if not setting.builds:
            return None
        memory_group = self.plan.memory_group(group)
        stored = self.builder.store_dir(memory_group)
        if (stored / BUILD_FILE).exists():
            self.figures.stored += 1
            return stored
        built = await self.builder.build_group(memory_group, self.scratch / f"group_{group.number}")
        self.figures.built += 1
        cost = built.cost
        calls, prompt, completion = cost.model_calls, cost.usage.prompt_tokens, cost.usage.completion_tokens
        days = len(memory_group.days)
        high_calls = max(calls, days * setting.day_requests())
        room = memory_room(self.plan, group, setting.load(group, built.store).for_query(group.queries[0]).prompt)
        self.figures.build += Traffic(Span(days, calls, high_calls),
                                      # A request beyond the pattern's is at least its mean one.
                                      Span(prompt * days / max(calls, 1), prompt, prompt * high_calls / max(calls, 1) + room * high_calls),
                                      Span(completion, completion, high_calls * self.plan.config.max_tokens))
        return built.store

    async def query(self, query: Query, memory: QueryMemory, room: int) -> None:
        from vmb.harness.agent import converse

        config = self.plan.config
        talk = await converse(query, CountingModel(self.script), memory, max_rounds=config.max_rounds,
                              text_calls=False)
        prompts, completions = _reply_tokens(talk.rounds)
        one = query_traffic(prompts, completions, max_rounds=config.max_rounds, max_tokens=config.max_tokens,
                            memory_room=room)
        self.figures.query += one.times(config.trials)
        self.figures.queries += config.trials

    async def run(self) -> SettingEstimate:
        plan = self.plan
        by_group: dict[int, list[Query]] = {}
        for query in plan.selected:
            by_group.setdefault(query.group, []).append(query)
        for number, queries in by_group.items():
            group = plan.bench.group(number)
            store = await self.group_memory(group)
            memory = plan.memory_setting.load(group, store)
            self.figures.groups += 1
            for query in queries:
                query_memory = memory.for_query(query)
                await self.query(query, query_memory, memory_room(plan, group, query_memory.prompt))
        if plan.memory_setting.builds and plan.memory_setting.memory_cap() is None:
            self.figures.unknowns.append("the store's size: no bound before it is built (expected: the reference "
                                         "policy's store; the high end takes no larger store)")
        self.figures.unknowns.append(f"how many rounds a real model takes: 1 to {plan.config.max_rounds} "
                                     "requests per query (expected: the reference pattern's)")
        return self.figures


def estimate_plan(plan: RunPlan, pacing: Pacing) -> SettingEstimate:
    """The whole estimate of one plan (one memory setting), priced and timed where it can be."""
    from vmb.prices import price_table

    setting = plan.memory_setting
    if plan.config.agent != "model":
        figures = SettingEstimate(setting.name, queries=len(plan.attempts), groups=len(plan.group_numbers()))
        figures.unknowns.append(f"agent {plan.config.agent!r} sends no model request")
        return figures
    if setting.builds and setting.day is None:
        figures = SettingEstimate(setting.name, queries=len(plan.attempts), groups=len(plan.group_numbers()))
        figures.unknowns.append(f"{setting.name} is an external memory system: its own model and embedding requests "
                                "happen inside it and are not estimated")
        return figures
    with tempfile.TemporaryDirectory(prefix="vmb-estimate-") as scratch:
        figures = asyncio.run(Estimator(plan, Path(scratch)).run())
    total = figures.total
    table = price_table(plan.config.prices)
    price = None if table is None else table.price(plan.config.model)
    if price is not None:
        def cost(prompt: float, completion: float) -> float:
            return price.cost(Usage(prompt_tokens=int(prompt), completion_tokens=int(completion)))

        prompts, completions = total.prompt_tokens, total.completion_tokens
        figures.cost = Span(cost(prompts.low, completions.low), cost(prompts.expected, completions.expected),
                            None if prompts.high is None or completions.high is None
                            else cost(prompts.high, completions.high))
        figures.currency = price.currency
    else:
        figures.unknowns.append(f"money: no price for model {plan.config.model!r} (--prices FILE or $VMB_PRICES)")
    if pacing.rate:
        figures.seconds = total.requests.times(1 / pacing.rate)
        figures.pacing = pacing.source
    else:
        figures.unknowns.append("time: no request rate (--rate, --latency, or a run directory with timed requests)")
    return figures


def measured_pacing(out: Path, concurrency: int) -> Pacing:
    """The rate an earlier run at ``out`` saw: its uncached requests' mean time, ``concurrency`` at once."""
    from vmb.results.rundir import read_results

    path = out / "results.jsonl"
    if not path.is_file():
        return Pacing()
    records, _ = read_results(path)
    times = [r.seconds for record in records.values() for r in record.rounds if not r.cached and r.seconds > 0]
    if not times:
        return Pacing()
    latency = sum(times) / len(times)
    return Pacing(concurrency / latency, f"measured in {out}: {latency:.2f} s per request over {len(times)} "
                                         f"requests, {concurrency} at once")
