"""``config.json``: the head of a run directory, what determines its results and their hash."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def config_hash(determining: dict[str, Any]) -> str:
    canonical = json.dumps(determining, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()
