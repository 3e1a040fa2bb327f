"""The one model interface the agent loop and memory builders talk to.

A model takes the conversation (OpenAI chat messages as plain dicts) and the tool schemas, and
returns one assistant message and its token usage. The HTTP client (``vmb.llm.client``), the
offline agents (``vmb.harness.offline``) and anything a test scripts all satisfy it, so the agent
loop never knows which one it is driving.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

Message = dict[str, Any]


@dataclass(frozen=True)
class Usage:
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass
class Reply:
    """One assistant turn: ``message`` is ``{"role": "assistant", "content", "tool_calls"?}``."""

    message: Message
    usage: Usage = field(default_factory=Usage)
    finish_reason: str | None = None
    cached: bool = False
    seconds: float = 0.0
    attempts: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "usage": {"prompt_tokens": self.usage.prompt_tokens, "completion_tokens": self.usage.completion_tokens},
            "finish_reason": self.finish_reason,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], *, cached: bool = False) -> Reply:
        usage = data.get("usage") or {}
        return cls(
            message=data["message"],
            usage=Usage(int(usage.get("prompt_tokens") or 0), int(usage.get("completion_tokens") or 0)),
            finish_reason=data.get("finish_reason"),
            cached=cached,
        )


class Model(Protocol):
    async def complete(self, messages: list[Message], tools: list[dict[str, Any]]) -> Reply: ...


class RequestFailed(Exception):
    """A model request that still failed after the retries: the query is recorded as ``error``."""


class FatalModelError(Exception):
    """A failure no retry or other query can fix (bad key, unknown model): the run stops."""
