"""The one rule of every command that writes a folder: it writes only into a directory it made or an empty one.

``claim_output_dir(path, owner)`` makes ``path`` (parents too) when it is missing, and marks a new or
empty directory as ``owner``'s with a marker file naming the command (``.vmb-output``). A directory
that holds that marker with the same owner is the command's own and is written again (replacing what
it wrote before); anything else (a directory with other files, one another command marked, a file) is
refused in one line before a byte is written, so no command deletes or overwrites what it did not make.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from vmb.errors import VmbError

MARKER = ".vmb-output"
_SHOWN = 4  # entries of a refused directory named in the message


class OutputDirError(VmbError):
    """An output directory a command may not write into (not empty and not its own), or cannot make."""


def marker_owner(path: Path) -> str | None:
    """The command named by ``path``'s marker file, or None when there is none (or it cannot be read)."""
    try:
        text = (Path(path) / MARKER).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    first = text.partition("\n")[0].strip()
    return first or None


def check_output_dir(path: Path, owner: str, *, made_before: Callable[[Path], bool] | None = None) -> bool:
    """Whether ``path`` is already ``owner``'s (True), or new or empty (False); refuse anything else.

    ``made_before`` recognises a directory this command wrote before it left markers (a run's
    ``config.json``): it counts as the command's own. Nothing is written.
    """
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise OutputDirError(f"{path} is a file, not a directory; choose a directory for {owner}'s output")
    try:
        entries = sorted(p.name for p in path.iterdir()) if path.is_dir() else []
    except OSError as error:
        raise OutputDirError(f"cannot read {path} ({error.strerror or error}); choose another directory") from None
    found = marker_owner(path) if MARKER in entries else None
    if found == owner:
        return True
    if found is not None:
        raise OutputDirError(f"{path} was made by {found}, not {owner}; nothing written: choose another directory")
    if not entries:
        return False
    if made_before is not None and made_before(path):
        return True
    shown = ", ".join(entries[:_SHOWN]) + (", ..." if len(entries) > _SHOWN else "")
    raise OutputDirError(f"{path} is not empty ({shown}) and was not made by {owner}; nothing written: "
                         "choose an empty or new directory")


def claim_output_dir(path: Path, owner: str, *, made_before: Callable[[Path], bool] | None = None) -> Path:
    """Make ``path`` ``owner``'s output directory (``owner`` names the command, e.g. "vmb view"), or refuse
    (``check_output_dir``); a directory it claims is made (parents too) and marked. Returns ``path``."""
    path = Path(path)
    if check_output_dir(path, owner, made_before=made_before) and marker_owner(path) == owner:
        return path
    try:
        path.mkdir(parents=True, exist_ok=True)
        (path / MARKER).write_text(f"{owner}\n(this directory is {owner}'s output: it writes here again, "
                                   "replacing what it wrote; other commands do not)\n", encoding="utf-8")
    except OSError as error:
        where = error.filename or path
        raise OutputDirError(f"cannot make {where} ({error.strerror or error}); choose another directory") from None
    return path
