"""Reading the small TOML files users write (price tables, grid specs) with errors that name the file."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: Path, what: str, error: type[Exception]) -> dict[str, Any]:
    """The parsed document; ``error`` raised with the path and the reason when it cannot be read."""
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as failure:
        raise error(f"{path}: cannot read the {what} ({failure.strerror})") from None
    except UnicodeDecodeError:
        raise error(f"{path}: the {what} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as failure:
        raise error(f"{path}: not valid TOML: {failure}") from None
