"""The one safe terminal writer: text from outside (an endpoint's error body, model output, a record's fields,
file names, a benchmark's query text) is printed with its control characters shown escaped, never obeyed.

A terminal obeys ESC sequences (clear the screen, move the cursor, retitle the window), CR and backspace
(overwrite a line already printed), BEL, the other C0 and C1 controls, and the bidirectional overrides
(text shown in another order than it is read): any of them in printed data could fake or hide a line.
``safe`` writes each as a visible escape (``\\x1b``, ``\\r``, ``\\u202e``); newlines are kept only where
the caller formats lines itself (``newlines=True``), tabs always.

The modules below the commands never print: what they have to say as they go (a warning, a progress line,
a server starting) they hand to a callback their caller gives (``warn``, ``say``: ``Callable[[str], None]``),
and a command passes ``note``, which writes it here.
"""

from __future__ import annotations

import re
import sys
from typing import TextIO

# C0 but tab and newline, DEL, C1; the bidi embeddings, overrides and isolates, the marks, and the line and
# paragraph separators some terminals break lines at.
_UNSAFE = "\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
_CONTROL = re.compile(f"[{_UNSAFE}]")
_CONTROL_OR_NEWLINE = re.compile(f"[{_UNSAFE}\n]")
_NAMED = {"\r": "\\r", "\n": "\\n", "\b": "\\b", "\x1b": "\\x1b"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    return f"\\x{ord(char):02x}" if ord(char) < 0x100 else f"\\u{ord(char):04x}"


def safe(text: object, *, newlines: bool = False) -> str:
    """``text`` (``str()`` of it) with every control character escaped; newlines kept when ``newlines``."""
    return (_CONTROL if newlines else _CONTROL_OR_NEWLINE).sub(_escape, str(text))


def say(text: object = "", *, file: TextIO | None = None, newlines: bool = True, flush: bool = False) -> None:
    """``print`` through ``safe``: the lines a command formats (newlines kept), any value in them escaped."""
    print(safe(text, newlines=newlines), file=file if file is not None else sys.stdout, flush=flush)


def note(command: str, message: str) -> None:
    """One line for the user on stderr, ``vmb COMMAND: message``: an error (printed by ``vmb.cli.main`` only)
    or a command's warning beside its output. Commands never write stderr themselves."""
    # The message may carry text from outside (an endpoint's error body, a file name, a record's field):
    # its control characters are shown escaped, so it can neither clear the screen nor fake a line.
    print(f"vmb {command}: {safe(message)}", file=sys.stderr, flush=True)
