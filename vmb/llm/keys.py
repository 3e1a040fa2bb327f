"""Where API keys come from: the environment only, never an option, a config or a log."""

from __future__ import annotations

import ipaddress
import os
from urllib.parse import urlparse

API_KEY_VARIABLES = ("VMB_API_KEY", "OPENAI_API_KEY")


def api_key_from_env() -> str | None:
    """The API key, from the environment only: it is never an option, so never in a config or a log."""
    for name in API_KEY_VARIABLES:
        value = os.environ.get(name)
        if value:
            return value
    return None


def is_loopback(base_url: str) -> bool:
    """A URL on this machine (localhost, 127.0.0.0/8, ::1): the only endpoints sent to without a key."""
    host = urlparse(base_url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
