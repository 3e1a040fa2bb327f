"""SQLite cache of model replies, keyed by the full request (endpoint and body, never the API key).

At temperature 0 a repeated request is a wasted request: a rerun, a resumed run or a second run that
shares memory building with the first is served from here without touching the endpoint. Only
successful replies are stored, so a failure is retried next time.
"""

from __future__ import annotations

import errno
import hashlib
import json
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from vmb.errors import VmbError


def request_key(endpoint: str, body: dict[str, Any], trial: int = 1) -> str:
    """SHA-256 of the canonical JSON of what is sent; the key travels in a header and is not part of it.

    A repeated trial (``trial`` > 1) of the same request is a different key, so it is asked afresh
    once and then served from the cache like any other; trial 1 keeps the key it always had.
    """
    what: dict[str, Any] = {"endpoint": endpoint, "body": body}
    if trial != 1:
        what["trial"] = trial
    canonical = json.dumps(what, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class CacheError(VmbError):
    """The request cache's file cannot be opened, read or written (a full disk, a damaged or foreign file)."""


class RequestCache:
    def __init__(self, path: Path) -> None:
        self.path = path
        with self._told("open"):
            path.parent.mkdir(parents=True, exist_ok=True)
            # Several runs may share one cache file; WAL lets them read while one writes.
            self._db = sqlite3.connect(path, timeout=30.0, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            # NORMAL: a committed row survives a killed process (not a power cut), at a fraction of FULL's cost.
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS replies (key TEXT PRIMARY KEY, model TEXT, reply TEXT, created REAL)"
            )

    @contextmanager
    def _told(self, doing: str) -> Iterator[None]:
        """SQLite's and the file system's failures as one line naming the cache file and what to do."""
        try:
            yield
        except (sqlite3.Error, OSError) as error:
            reason = getattr(error, "strerror", None) or str(error)
            full = isinstance(error, sqlite3.OperationalError) and "full" in reason or \
                getattr(error, "errno", None) == errno.ENOSPC
            advice = ("free some space and rerun the same command to resume (what finished is kept)" if full else
                      "remove that file (it only saves repeated requests) or turn the cache off (--no-cache)")
            raise CacheError(f"cannot {doing} the request cache {self.path} ({reason}): {advice}") from None

    def get(self, key: str) -> Any:
        """The stored value (the caller checks its shape and drops a row it cannot use), or None."""
        with self._told("read"):
            row = self._db.execute("SELECT reply FROM replies WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        try:
            return json.loads(row[0])
        except (ValueError, TypeError, RecursionError):
            return row[0]  # not JSON: the caller finds it unusable and drops it

    def put(self, key: str, model: str, reply: dict[str, Any]) -> None:
        try:
            text = json.dumps(reply, ensure_ascii=False, allow_nan=False)
        except ValueError:
            return  # NaN or Infinity in the reply: not strict JSON, so not kept; the request is asked again
        with self._told("write"):
            self._db.execute(
                "INSERT OR REPLACE INTO replies (key, model, reply, created) VALUES (?, ?, ?, ?)",
                (key, model, text, time.time()),
            )

    def drop(self, key: str) -> None:
        with self._told("write"):
            self._db.execute("DELETE FROM replies WHERE key = ?", (key,))

    def __len__(self) -> int:
        with self._told("read"):
            return int(self._db.execute("SELECT COUNT(*) FROM replies").fetchone()[0])

    def close(self) -> None:
        self._db.close()
