"""Where API keys come from: the environment only, never an option, a config or a log."""

from __future__ import annotations

import os

API_KEY_VARIABLES = ("VMB_API_KEY", "OPENAI_API_KEY")


def api_key_from_env() -> str | None:
    """The API key, from the environment only: it is never an option, so never in a config or a log."""
    for name in API_KEY_VARIABLES:
        value = os.environ.get(name)
        if value:
            return value
    return None
