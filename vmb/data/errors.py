"""The one error type of the data layer."""

from __future__ import annotations

from pathlib import Path

from vmb.errors import VmbError


class DataError(VmbError):
    """A benchmark file is missing or malformed, or no data directory was found.

    The message names the file, the item inside it (a line number, a query) and what is wrong, so
    the CLI can print it as it is: a user must be able to fix the file from the message alone.
    """

    def __init__(self, file: str | Path | None, item: str | None, what: str) -> None:
        self.file = str(file) if file is not None else None
        self.item = item
        self.what = what
        super().__init__(self.file, item, what)

    def __str__(self) -> str:
        where = ", ".join(part for part in (self.file, self.item) if part)
        return f"{where}: {self.what}" if where else self.what
