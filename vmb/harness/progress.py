"""The progress bar: queries done, errors, tokens, requests and cache hits, memory builds."""

from __future__ import annotations

from types import TracebackType
from typing import Any

from vmb.llm.client import ClientStats


class Progress:
    def __init__(self, total: int, builds: int, *, enabled: bool | None) -> None:
        from tqdm import tqdm

        self.stats = ClientStats()
        self.errors = 0
        self.builds_total = builds
        self.builds_done = 0
        # enabled=None: tqdm decides (shown on a terminal, silent in logs and tests).
        self._bar = tqdm(total=total, unit="query", dynamic_ncols=True, disable=None if enabled is None else not enabled)
        self._refresh()

    def query_done(self, record: dict[str, Any]) -> None:
        self.errors += record["status"] != "ok"
        self._bar.update(1)
        self._refresh()

    def build_done(self) -> None:
        self.builds_done += 1
        self._refresh()

    def _refresh(self) -> None:
        s = self.stats
        postfix = {
            "errors": self.errors,
            "tokens": f"{(s.prompt_tokens + s.completion_tokens) / 1000:.1f}k",
            "requests": s.requests,
            "cached": s.cache_hits,
        }
        if self.builds_total:
            postfix["memory"] = f"{self.builds_done}/{self.builds_total}"
        self._bar.set_postfix(postfix, refresh=False)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self._bar.close()
