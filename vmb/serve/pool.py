"""The benchmark served to an agent outside vmb: a run directory filled one episode at a time (``vmb serve``).

An episode is one attempt of one query of the run (``vmb.harness.episode.Episode``, the object vmb's own
loop drives). The outside agent starts it (``start``: the next pending query, or one it names), calls
tools in it (``call``) and ends it (``end``), and its record is scored and appended to the run's
``results.jsonl`` as ``vmb run`` appends one; ``metric.json`` is written once nothing is left to run
and when the server stops. The transport (MCP, ``vmb.serve.server``) knows nothing of runs.

What an outside agent cannot do to the run: it gets the loop's rounds and caps (a turn is a call of its
own unless the agent labels its calls' turns), at most ``seconds`` per episode and ``MAX_OPEN`` open
episodes; an episode whose agent went away or ran out of time is recorded as an error (counted, run
again on resume), never scored; an episode is one agent's (two agents never share one).
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from vmb.harness.episode import MAX_CALLS_PER_REPLY, Episode
from vmb.harness.plan import RunPlan, upgraded_determining
from vmb.harness.progress import Progress
from vmb.harness.runner import Runner
from vmb.harness.tools import discovery_schema
from vmb.llm.model import RequestFailed
from vmb.llm.textcalls import ToolCall
from vmb.results.record import QueryRecord, attempt_key
from vmb.results.record_parts import Round
from vmb.results.rundir import RunDir
from vmb.sim import World
from vmb.sim.registry import MODULES

if TYPE_CHECKING:
    from vmb.data import Query
    from vmb.memory.base import GroupMemory

MAX_OPEN = 64  # episodes open at once: an agent that starts episodes and never ends them holds no more
MAX_ANSWER_CHARS = 20_000
# Calls of one turn past its cap are answered "not executed" and recorded as the loop records them, up to
# this many per turn; beyond that an agent flooding one turn is answered without growing the record.
MAX_RECORDED_PER_TURN = 2 * MAX_CALLS_PER_REPLY
ABANDONED = "abandoned"  # the error kind of an episode its agent left (gone, out of time, server stopped)


class Refused(Exception):
    """What the agent asked cannot be done (no such episode, nothing left to run): told to it, never raised on."""


@dataclass
class Served:
    """An open episode of the run: whose, until when, and the label of its current turn."""

    id: str
    query: Query
    trial: int
    episode: Episode
    deadline: float
    seat: object | None  # the connection that started it, for agents that do not name their episode
    turn: Any = None
    message: dict[str, Any] = field(default_factory=dict)  # the current turn's assistant message
    recorded: int = 0  # calls recorded in the current turn


class EpisodePool:
    """The run's pending attempts, its open episodes and its records: what ``vmb serve`` serves."""

    def __init__(self, plan: RunPlan, rundir: RunDir, *, seconds: float, builds: RunPlan | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """``builds``: the plan of the model that builds the memory (``vmb.harness.plan.built_by``), for a setting
        that builds one."""
        self.plan = plan
        self.builds = builds
        self.rundir = rundir
        self.seconds = seconds
        self.clock = clock
        self.open_episodes: dict[str, Served] = {}
        self.done: dict[str, QueryRecord] = {}
        self.pending: list[tuple[Query, int]] = []
        self.memories: dict[int, GroupMemory] = {}
        self.runner: Runner | None = None
        self.abandoned = 0

    async def prepare(self, *, force: bool, warn: Callable[[str], None] | None = None) -> None:
        """Take the run directory (its records kept on resume) and make each selected group's memory: found in the
        run or the store (as ``vmb run`` or ``vmb memory ingest`` built it with the same model), else built now,
        every group at once within the model's ``--concurrency``. A group whose build fails has its pending
        episodes recorded as errors (as ``vmb run`` records them; served again on rerun) and none served."""
        header = self.plan.header()
        header.operational["episode_seconds"] = self.seconds  # the run's card says the bound
        self.done = self.rundir.prepare(header, force=force, upgrade=upgraded_determining, warn=warn)
        self.pending = [(q, t) for q, t in self.plan.attempts if attempt_key(q.id, t) not in self.done]
        self.runner = runner = Runner(self.plan, self.rundir, Progress(len(self.pending), 0, enabled=False, every=0.0),
                                      builds=self.builds)
        numbers = self.plan.group_numbers()
        building = runner.to_build(numbers)
        if building:
            self.plan.memory_setting.ready()  # a missing key is one line, before a word of what the builds take
            if warn is not None:
                warn(runner.builder.outline(building))

        async def one(number: int) -> None:
            try:
                self.memories[number] = await runner.group_memory(self.plan.bench.group(number))
            except RequestFailed as failure:
                for query, trial in [a for a in self.pending if a[0].group == number]:
                    runner.finish(QueryRecord.failed(query, f"memory build failed: {failure}", failure.kind, trial))
                    self.pending.remove((query, trial))
                if warn is not None:
                    warn(f"group {number}: memory build failed ({failure}); its episodes are errors, served again "
                         "on rerun")

        try:
            await asyncio.gather(*(one(number) for number in numbers))
        finally:
            await runner.close_model()  # every memory is built: the model is not asked again

    def tool_schemas(self) -> list[dict[str, Any]]:
        """Every tool an episode may offer, each as vmb's loop sends it once available: discovery, the
        memory's tools, then every module's tools (calling one before its module is loaded gets the
        loop's error, as in vmb's loop)."""
        first = next((q for q in self.plan.selected if q.group in self.memories), self.plan.selected[0])
        memory = self.memories[first.group].for_query(first) if first.group in self.memories else None
        memory_tools = memory.tools if memory is not None else []
        return [discovery_schema(), *(tool.schema for tool in memory_tools),
                *(schema for module in MODULES for schema in World.tool_schemas(module))]

    @property
    def finished(self) -> bool:
        return not self.pending and not self.open_episodes

    def start(self, query_id: str | None, seat: object | None) -> Served:
        """A new episode: of the first pending attempt (of ``query_id`` when named) that no one holds."""
        self.expire()
        if len(self.open_episodes) >= MAX_OPEN:
            raise Refused(f"{MAX_OPEN} episodes are open; end one first")
        held = {(s.query.id, s.trial) for s in self.open_episodes.values()}
        free = [(q, t) for q, t in self.pending if (q.id, t) not in held and query_id in (None, q.id)]
        if not free:
            if query_id is not None and query_id not in {q.id for q in self.plan.selected}:
                raise Refused(f"the run has no query {query_id!r}")
            raise Refused("nothing left to run: every query of the run is done or open"
                          if query_id is None else f"{query_id} is done or open")
        query, trial = free[0]
        memory = self.memories[query.group].for_query(query)
        served = Served(uuid.uuid4().hex, query, trial, Episode(query, memory, max_rounds=self.plan.config.max_rounds),
                        self.clock() + self.seconds, seat)
        self.open_episodes[served.id] = served
        return served

    def find(self, episode_id: str | None, seat: object | None) -> Served:
        """The open episode named, else the one this connection started (when it has exactly one)."""
        self.expire()
        if episode_id is not None:
            served = self.open_episodes.get(episode_id)
            if served is None:
                raise Refused(f"no open episode {episode_id[:64]!r} (ended, out of time, or never started)")
            return served
        mine = [s for s in self.open_episodes.values() if seat is not None and s.seat is seat]
        if len(mine) != 1:
            raise Refused("name the episode: start one with start_episode and pass its id as _meta "
                          "\"vmb/episode\" (or as the episode argument of end_episode)")
        return mine[0]

    async def call(self, served: Served, name: str, arguments: dict[str, Any] | None, turn: Any) -> tuple[str, bool]:
        """One tool call of the agent in its episode: a new turn unless labelled as the current one."""
        episode = served.episode
        if turn is None or turn != served.turn or not episode.talk.rounds:
            if episode.over:
                self.end(served, None)
                raise Refused(f"the episode is over (its {episode.max_rounds} rounds or its calls are used); "
                              "it has been scored")
            served.message = {"role": "assistant", "content": None, "tool_calls": []}
            episode.begin_turn(Round(attempts=0), served.message)
            served.turn, served.recorded = turn, 0
        if served.recorded >= MAX_RECORDED_PER_TURN:
            return "error: not executed: too many calls in one turn", False
        served.recorded += 1
        call_id = f"call_{episode.round_no}_{len(served.message['tool_calls'])}"
        text = json.dumps(arguments if arguments is not None else {})
        served.message["tool_calls"].append({"id": call_id, "type": "function",
                                             "function": {"name": name, "arguments": text}})
        return await episode.call(ToolCall(call_id, name, text))

    def end(self, served: Served, answer: str | None) -> QueryRecord:
        """The agent is done: its answer is the last turn (unless the episode is over), and it is scored."""
        if answer is not None and len(answer) > MAX_ANSWER_CHARS:
            raise Refused(f"the answer is longer than {MAX_ANSWER_CHARS} characters")
        episode = served.episode
        if not episode.over:
            episode.begin_turn(Round(attempts=0), {"role": "assistant", "content": answer or ""})
            episode.answer(answer or "")
        return self._finish(served)

    def abandon(self, served: Served, reason: str) -> QueryRecord:
        """The agent went away or ran out of time: an error, run again on resume, never scored."""
        served.episode.fail(reason, ABANDONED)
        self.abandoned += 1
        return self._finish(served)

    def expire(self) -> None:
        now = self.clock()
        for served in [s for s in self.open_episodes.values() if s.deadline <= now]:
            self.abandon(served, f"the agent did not end the episode within {self.seconds:g} s")

    def _finish(self, served: Served) -> QueryRecord:
        assert self.runner is not None
        del self.open_episodes[served.id]
        record = served.episode.record()
        record.trial = served.trial
        self.runner.finish(record)
        if record.ok:
            self.pending.remove((served.query, served.trial))
        if self.finished:
            self.write_metric()
        return record

    def close(self) -> None:
        """The server stops: open episodes become errors (run again on resume), the metric is written."""
        for served in list(self.open_episodes.values()):
            self.abandon(served, "the server stopped before the agent ended the episode")
        self.write_metric()
        self.rundir.close()

    def write_metric(self) -> None:
        from vmb.prices import price_table
        from vmb.results.summary import QueryRow, compute_metric

        records = {**self.done, **(self.runner.records if self.runner is not None else {})}
        rows = [QueryRow.of(record) for record in records.values()]
        plan = self.plan
        metric = compute_metric(rows, [(q.id, t) for q, t in plan.attempts], plan.identity, self.rundir.memory_dir,
                                price_table(plan.config.prices))
        self.rundir.write_metric(metric)
