"""The one model interface the agent loop and memory builders talk to.

A model takes the conversation (OpenAI chat messages as plain dicts) and the tool schemas, and
returns one assistant message and its token usage. The HTTP client (``vmb.llm.client``), the
offline agents (``vmb.doubles.offline``) and anything a test scripts all satisfy it, so the agent
loop never knows which one it is driving.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from vmb.usage import Usage

Message = dict[str, Any]


@dataclass(frozen=True)
class Endpoint:
    """Where the run's model is served, for a memory system that calls the endpoint itself."""

    base_url: str | None = None
    model: str | None = None  # None for the offline agents: no model to call


@dataclass
class Reply:
    """One assistant turn: ``message`` is ``{"role": "assistant", "content", "tool_calls"?}``."""

    message: Message
    usage: Usage = field(default_factory=Usage)  # the tokens, as the server reported them
    finish_reason: str | None = None
    cached: bool = False
    # The server's time for this request alone when it reports one (llama.cpp's ``timings``), else the
    # time the request spent outside the run's pool (retries included; a shared server's queue too).
    seconds: float = 0.0
    queued: float = 0.0  # time waiting for a slot of the run's request pool
    attempts: int = 0
    original_seconds: float = 0.0  # a cached reply: the model's time when it was first answered

    @property
    def spent(self) -> Usage:
        """What this reply cost: its tokens, the requests sent for it (none when the cache answered) and
        the model's time."""
        return replace(self.usage, requests=0 if self.cached else self.attempts, seconds=self.seconds)

    def to_json(self) -> dict[str, Any]:
        usage: dict[str, Any] = {"prompt_tokens": self.usage.prompt_tokens,
                                 "completion_tokens": self.usage.completion_tokens}
        if self.usage.cached_tokens:  # as the server said it, for read_usage to read back
            usage["prompt_tokens_details"] = {"cached_tokens": self.usage.cached_tokens}
        return {
            "message": self.message,
            "usage": usage,
            "finish_reason": self.finish_reason,
            "seconds": self.seconds,
        }

    @classmethod
    def from_json(cls, data: Any, *, cached: bool = False) -> Reply:
        """A reply as ``to_json`` stored it; ``ValueError`` for anything else (a cache row of another shape)."""
        message = data.get("message") if isinstance(data, dict) else None
        if not isinstance(message, dict) or message.get("role") != "assistant":
            raise ValueError("not a stored reply")
        finish = data.get("finish_reason")
        first = data.get("seconds")
        return cls(message=message, usage=read_usage(data.get("usage")),
                   finish_reason=finish if isinstance(finish, str) else None, cached=cached,
                   original_seconds=float(first) if isinstance(first, (int, float)) and first >= 0 else 0.0)


def server_seconds(data: Any) -> float | None:
    """The server's own time for a request (llama.cpp: ``timings.prompt_ms + predicted_ms``), if it says."""
    timings = data.get("timings") if isinstance(data, dict) else None
    if not isinstance(timings, dict):
        return None
    total = 0.0
    for part in (timings.get("prompt_ms"), timings.get("predicted_ms")):
        if not isinstance(part, (int, float)) or isinstance(part, bool) or part < 0:
            return None
        total += part
    return total / 1000


def _count(value: Any) -> int:
    """A token count as servers send it; anything else (``"many"``, a list, a negative) reads as 0."""
    if isinstance(value, bool):
        return 0
    if isinstance(value, int):
        return max(value, 0)
    if isinstance(value, float) and value.is_integer() and value >= 0:
        return int(value)
    if isinstance(value, str) and value.strip().isdigit():
        return int(value)
    return 0


def read_usage(usage: Any) -> Usage:
    """A reply's ``usage`` field, read leniently: a bad token count must not stop a run. The prompt
    tokens the server read from its prompt cache are ``prompt_tokens_details.cached_tokens`` (OpenAI,
    vLLM, SGLang); a server that does not say has none."""
    if not isinstance(usage, dict):
        return Usage()
    details = usage.get("prompt_tokens_details")
    prompt = _count(usage.get("prompt_tokens"))
    cached = _count(details.get("cached_tokens")) if isinstance(details, dict) else 0
    return Usage(prompt, _count(usage.get("completion_tokens")), min(cached, prompt))


class Model(Protocol):
    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply: ...


class RequestFailed(Exception):
    """A model request that still failed after the retries: the query is recorded as ``error``."""

    kind = "request_failed"

    def __init__(self, reason: str, *, attempts: int = 1) -> None:
        super().__init__(reason)
        self.attempts = attempts  # requests sent for it, retries included


class ContextOverflow(RequestFailed):
    """The prompt does not fit the model's context: deterministic, a rerun fails the same way."""

    kind = "context_overflow"


class FatalModelError(Exception):
    """A failure no retry or other query can fix (bad key, unknown model): the run stops."""
