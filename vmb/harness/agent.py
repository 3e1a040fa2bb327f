"""vmb's own agent loop for one query, driving an ``Episode`` (``vmb.harness.episode``) with a model.

Each query starts from the default car with the system prompt (role, the modules, the rules, the
memory) and the query as the user message. Each round the model sees the tools loaded so far; every
call it makes (natively or, with ``text_calls``, written as text) goes through the episode, which
dispatches it through ``ToolBox.dispatch`` and appends its result as a tool message. The loop ends
when the model answers without a call, or once the episode is over (``max_rounds`` rounds, or its
cap on calls). A request that fails for good makes the query ``error`` (retried on resume, never
scored); a model that misbehaves is simply scored.

Every call of a reply is executed in order, repeats included, as the reference harness does (so
Calls stays comparable with the paper's); repeats are counted from the record. A runaway reply is
stopped by the episode's two caps far above what a sane reply needs (``MAX_CALLS_PER_REPLY``,
``MAX_CALLS_PER_QUERY``): the rest get "not executed" as their tool result, the round is flagged
``capped`` (how many were not run), and a query that reached its cap asks the model no more.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from vmb.harness.episode import (
    MAX_CALLS_PER_QUERY,
    MAX_CALLS_PER_REPLY,
    Conversation,
    Episode,
    build_record,
    score_world,
    system_prompt,
)
from vmb.llm.model import Model, RequestFailed
from vmb.llm.textcalls import extract_calls
from vmb.memory.base import QueryMemory
from vmb.results.record import QueryRecord
from vmb.results.record_parts import Round
from vmb.score import TaskScore, score_calls

if TYPE_CHECKING:
    from vmb.data import Query

# Named here too: the loop's callers (the replay of a bundle, the tests, the bench) know them as the agent's.
__all__ = ["MAX_CALLS_PER_QUERY", "MAX_CALLS_PER_REPLY", "Conversation", "build_record", "converse", "run_query",
           "score_replayed", "score_world", "system_prompt"]


def score_replayed(query: Query, vehicle_calls: list[dict[str, Any]], call_count: int) -> TaskScore:
    """The query's score with the stored calls replayed from the default car (rescoring a run)."""
    score = score_calls(query.calls, vehicle_calls, task_id=query.id, reasoning_type=query.reasoning_type)
    return dataclasses.replace(score, n_calls=call_count)


async def drive(episode: Episode, model: Model, *, text_calls: bool) -> None:
    """Rounds of model request and tool dispatch until the model answers or the episode is over."""
    try:
        while not episode.over:
            round_no = len(episode.talk.rounds)
            reply = await model.complete(episode.talk.messages, episode.tools())
            calls, outgoing = extract_calls(reply.message, text_calls=text_calls, id_prefix=f"text_{round_no}_")
            episode.begin_turn(Round(
                prompt_tokens=reply.usage.prompt_tokens,
                completion_tokens=reply.usage.completion_tokens,
                cached_tokens=reply.usage.cached_tokens,
                finish_reason=reply.finish_reason,
                cached=reply.cached,
                attempts=reply.attempts,
                seconds=round(reply.seconds, 4),
                queued=round(reply.queued, 4),
                original_seconds=round(reply.original_seconds, 4),
                reasoning=reply.message.get("reasoning_content") or reply.message.get("reasoning"),
            ), outgoing)
            if not calls:
                episode.answer(outgoing.get("content"))
                break
            for call in calls:
                await episode.call(call)
    except RequestFailed as failure:
        episode.fail(str(failure), failure.kind, failure.attempts)


async def converse(query: Query, model: Model, memory: QueryMemory, *, max_rounds: int,
                   text_calls: bool) -> Conversation:
    """The agent loop on a new episode of ``query``; what it leaves behind."""
    episode = Episode(query, memory, max_rounds=max_rounds)
    await drive(episode, model, text_calls=text_calls)
    return episode.talk


async def run_query(query: Query, model: Model, memory: QueryMemory, *, max_rounds: int,
                    text_calls: bool) -> QueryRecord:
    episode = Episode(query, memory, max_rounds=max_rounds)
    await drive(episode, model, text_calls=text_calls)
    return episode.record()
