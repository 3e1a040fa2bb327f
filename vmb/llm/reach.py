"""Telling "the endpoint cannot be reached at all" apart from a request that failed.

A refused connection, a host name that does not resolve or a failed TLS handshake will not heal
by retrying every query four times: ``ReachWatch`` stops the run after ``UNREACHABLE_AFTER``
consecutive such failures while no request has ever been answered, with one line naming the URL
and the cause. Once the endpoint has answered, a later outage is retried as any transient failure.
"""

from __future__ import annotations

import socket
import ssl

from vmb.llm.model import FatalModelError

UNREACHABLE_AFTER = 3  # consecutive connection failures, with no answer yet, that stop a run

_CAUSES = (  # (cause, hint, words of the error's text that say it), most specific first
    ("connection refused", "is the server running?", ("connection refused", "connect call failed", "errno 111")),
    ("the host name does not resolve", "check the URL's host and this machine's network",
     ("name or service not known", "nodename nor servname", "temporary failure in name resolution",
      "getaddrinfo failed", "no address associated", "errno -2", "errno -3")),
    ("TLS handshake failed", "check https:// against http:// and the server's certificate",
     ("certificate verify failed", "ssl:", "wrong version number", "tlsv1 alert", "handshake")),
)


def connection_cause(error: BaseException) -> tuple[str, str] | None:
    """(cause, hint) when ``error`` (or an error it came from) is a failure to connect at all."""
    seen: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in seen:
        seen.append(current)
        if isinstance(current, ConnectionRefusedError):
            return _CAUSES[0][:2]
        if isinstance(current, socket.gaierror):
            return _CAUSES[1][:2]
        if isinstance(current, ssl.SSLError):
            return _CAUSES[2][:2]
        current = current.__cause__ or current.__context__
    text = " ".join(str(e) for e in seen).lower()
    for cause, hint, words in _CAUSES:
        if any(word in text for word in words):
            return cause, hint
    return None


class EndpointUnreachable(FatalModelError):
    """No request reached the endpoint: the run stops; finished queries are kept, a rerun resumes."""


class ReachWatch:
    """Counts connection failures of one endpoint until its first answer."""

    def __init__(self, base_url: str, limit: int = UNREACHABLE_AFTER) -> None:
        self.base_url = base_url
        self.limit = limit
        self.answered = False
        self.streak = 0

    def success(self) -> None:
        self.answered = True
        self.streak = 0

    def failure(self, error: BaseException) -> None:
        """Note a failed attempt; raise ``EndpointUnreachable`` when the endpoint looks unreachable."""
        found = None if self.answered else connection_cause(error)
        if found is None:
            self.streak = 0
            return
        self.streak += 1
        if self.streak >= self.limit:
            cause, hint = found
            raise EndpointUnreachable(f"cannot reach {self.base_url}: {cause}; {hint}")
