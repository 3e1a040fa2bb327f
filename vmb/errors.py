"""The one base of every error a user can fix: bad input, a damaged file, an unusable directory.

Each subclass says in one line what is wrong and where; ``vmb.cli`` prints any that reaches it as
``vmb COMMAND: message`` and exits with status 1, never with a traceback.
"""

from __future__ import annotations


class VmbError(Exception):
    """A failure the user can fix, told in one line naming what and where."""


class OptionError(VmbError, ValueError):
    """An option the user gave that cannot be taken (a command's flag, a memory setting's option, a
    generator option): the message names the option, what it takes and where it was given."""
