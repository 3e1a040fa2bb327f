"""What model requests spent, as one value that adds: ``Usage``.

One reply's usage, a query's, a memory build's, a generator stage's and a run's are all ``Usage``,
and each total is the sum of its parts (``a + b``, ``sum(parts, ZERO)``), so the model client's live
counters, the build cost, the generator's ``usage.json`` and the price of a run count the same
things the same way. Money is ``vmb.prices.Price.cost`` of a ``Usage``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Usage:
    """Tokens, requests and model time; every field adds."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    # Of the prompt tokens, those the server read from its own prompt cache (OpenAI's
    # ``usage.prompt_tokens_details.cached_tokens``): already inside ``prompt_tokens``, never added to it.
    cached_tokens: int = 0
    requests: int = 0  # requests sent to the endpoint, retries included (a reply from vmb's cache sends none)
    seconds: float = 0.0  # the model's time for those requests

    def __add__(self, other: Usage) -> Usage:
        if not isinstance(other, Usage):
            return NotImplemented
        # Field by field, as declared (``astuple`` deep-copies both: a third of summing a run's usage).
        return Usage(*(getattr(self, name) + getattr(other, name) for name in _FIELDS))

    @property
    def tokens(self) -> int:
        """Prompt and completion tokens together."""
        return self.prompt_tokens + self.completion_tokens

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Usage:
        """The usage ``to_json`` wrote (a missing field is 0, as in files from before it was kept)."""
        return cls(**{f.name: data.get(f.name, f.default) for f in fields(cls)})


ZERO = Usage()
_FIELDS = tuple(f.name for f in fields(Usage))
