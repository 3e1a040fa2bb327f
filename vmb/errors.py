"""The one base of every error a user can fix, and the exit statuses of ``vmb``, declared once.

A command raises a ``VmbError`` subclass saying in one line what is wrong and where; ``vmb.cli.main``
is the one place that prints it (``vmb COMMAND: message`` on stderr) and exits with its ``status``.
A command that finishes returns one of ``Exit``'s statuses. docs/architecture.md ("Errors") shows the
table; tests/test_errors.py checks it against this one.
"""

from __future__ import annotations

import enum
import errno
from pathlib import Path
from typing import ClassVar


class Exit(enum.IntEnum):
    """What the exit status of ``vmb COMMAND`` tells a script (``meaning`` is the documented line)."""

    meaning: str

    def __new__(cls, value: int, meaning: str) -> Exit:
        member = int.__new__(cls, value)
        member._value_ = value
        member.meaning = meaning
        return member

    OK = 0, "done: everything asked for was done and passed"
    FAILURES = 1, ("finished, but some of the work failed or disagrees: queries that errored (`vmb run`), groups "
                   "that failed (`vmb generate`, `vmb memory ingest`), grid cells that failed, new findings "
                   "(`vmb verify`), a source's names left in a twin (`vmb twin`); the output names them and rerunning the same command retries what can be retried")
    ERROR = 2, ("not done: an option that cannot be taken (argparse's usage errors too), bad or damaged input (a "
                "bundle that cannot be read, `vmb validate`), an unusable directory or disk, a model endpoint that stopped the work; one line "
                "`vmb COMMAND: message` on stderr")
    INTERRUPTED = 130, ("Ctrl-C (SIGINT); a command that resumes (`vmb run`, `grid`, `generate`, `memory ingest`) "
                        "says so, what it finished being on disk")
    BROKEN_PIPE = 141, ("the reader of the output went away (piped into `head`): the rest of the output is dropped "
                        "without a word, as a Unix tool killed by SIGPIPE")
    TERMINATED = 143, "SIGTERM (a scheduler's stop, `kill`): unwound like Ctrl-C"


class VmbError(Exception):
    """A failure the user can fix, told in one line naming what and where."""

    status: ClassVar[Exit] = Exit.ERROR


class OptionError(VmbError, ValueError):
    """An option the user gave that cannot be taken (a command's flag, a memory setting's option, a
    generator option): the message names the option, what it takes and where it was given."""


def storage_message(path: Path | str, error: OSError, kept: str) -> str:
    """One line for a write the file system refused (disk full, not writable, a file where a folder goes):
    which path, why, and what to do; ``kept`` says what a rerun finds ("finished queries are kept")."""
    where = error.filename or path
    if error.errno == errno.ENOSPC:
        advice = f"free some space and rerun the same command to resume ({kept})"
    elif error.errno in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOTDIR, errno.EEXIST, errno.EISDIR,
                         errno.ENOENT):  # ENOENT: a folder that cannot be made where it is asked for
        advice = f"make it writable or choose another --out ({kept})"
    else:
        advice = f"fix that and rerun the same command to resume ({kept})"
    return f"cannot write {where} ({error.strerror or error}); {advice}"
