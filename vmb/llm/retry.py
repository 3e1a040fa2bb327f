"""When and how long to wait before retrying a failed model request."""

from __future__ import annotations

import email.utils
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class RetryPolicy:
    retries: int = 3
    timeout_retries: int = 1  # for a timed-out request at temperature 0 (see ChatClient)
    base: float = 1.0  # first backoff, seconds; doubles per attempt
    cap: float = 60.0
    max_retry_after: float = 300.0  # a server asking for longer is still waited for this long at most

    def delay(self, attempt: int, retry_after: float | None, rng: random.Random) -> float:
        """Seconds to wait before attempt ``attempt + 1`` (``attempt`` counts from 0).

        A server's Retry-After wins (it knows when capacity returns); otherwise exponential backoff
        with "equal jitter", so many queries failing together do not retry in lockstep.
        """
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_retry_after)
        ceiling = min(self.cap, self.base * (2**attempt))
        return float(ceiling / 2 + rng.uniform(0, ceiling / 2))


def parse_retry_after(headers: Mapping[str, str] | None) -> float | None:
    """Seconds from ``retry-after-ms`` or ``retry-after`` (seconds or an HTTP date), if present."""
    if not headers:
        return None
    millis = headers.get("retry-after-ms")
    if millis:
        try:
            return float(millis) / 1000
        except ValueError:
            pass
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return float(value)
    except ValueError:
        parsed = email.utils.parsedate_tz(value)
        if parsed is None:
            return None
        return max(0.0, email.utils.mktime_tz(parsed) - time.time())
