"""Parse a reference call string such as ``carcontrol_seat_set_heating(seat="driver", level=2)``.

Built on :mod:`ast` and never ``eval``: the string is parsed as one Python expression and only a
call of a bare name with keyword arguments whose values are literal scalars is accepted. The
release writes booleans in lowercase (``true``/``false``), so those names (and ``null``) are read as
literals too; anything else (positional arguments, ``**kwargs``, nested calls, lists, arithmetic)
is refused with a :class:`DataError` naming the string.

Parsing holds a lock: CPython 3.11's AST constructor keeps its recursion count in state shared by all
threads, so a parse in another thread that runs while this one is paused mid-construction (a garbage
collector's finalizer lets threads switch there) makes this one fail with ``SystemError: AST
constructor recursion depth mismatch``. Re-entrant, so a finalizer that parses a call cannot deadlock.
"""

from __future__ import annotations

import ast
import threading
from pathlib import Path
from typing import Any

from vmb.data.errors import DataError

# The longest call of the release is under 100 characters; far longer text is not a call, and
# Python's parser can exhaust memory on it (200,000 minus signs raise MemoryError).
MAX_CALL_CHARS = 10_000
# How much of a refused call string an error message quotes.
QUOTED_CHARS = 200

# Names that the release (and JSON habits) use for literals, besides Python's own True/False/None,
# which ast already turns into constants.
_LITERAL_NAMES: dict[str, Any] = {"true": True, "false": False, "null": None}
_SCALARS = (str, int, float, bool, type(None))
_PARSING = threading.RLock()


class _Refused(Exception):
    """Internal: why a call string was refused (wrapped into a DataError by parse_call)."""


def _literal(node: ast.expr) -> Any:
    if isinstance(node, ast.Constant) and isinstance(node.value, _SCALARS):
        return node.value
    if isinstance(node, ast.Name) and node.id in _LITERAL_NAMES:
        return _LITERAL_NAMES[node.id]
    # A signed number is a unary operator applied to a numeric constant in the AST.
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        number = node.operand.value if isinstance(node.operand, ast.Constant) else None
        # Not bool, although True is an int: -true is not a number.
        if isinstance(number, (int, float)) and not isinstance(number, bool):
            return -number if isinstance(node.op, ast.USub) else number
    raise _Refused(f"argument value {ast.unparse(node)!r} is not a literal string, number, true/false or null")


def _parse(text: str) -> dict[str, Any]:
    if len(text) > MAX_CALL_CHARS:
        raise _Refused(f"{len(text):,} characters is too long for a call (at most {MAX_CALL_CHARS:,})")
    try:
        with _PARSING:
            tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as error:
        raise _Refused(f"not a call expression ({error.msg})") from None
    except ValueError as error:  # e.g. a NUL character in the string
        raise _Refused(f"not a call expression ({error})") from None
    except (MemoryError, RecursionError):
        raise _Refused("nested too deeply to be a call") from None
    call = tree.body
    if not isinstance(call, ast.Call):
        raise _Refused("not a call expression")
    if not isinstance(call.func, ast.Name):
        raise _Refused(f"the called function {ast.unparse(call.func)!r} is not a plain API name")
    if call.args:
        raise _Refused("positional arguments are not accepted; write every argument as name=value")
    args: dict[str, Any] = {}
    for keyword in call.keywords:
        if keyword.arg is None:
            raise _Refused("'**' argument unpacking is not accepted")
        if keyword.arg in args:  # the compiler would refuse this, but ast.parse lets it through
            raise _Refused(f"argument {keyword.arg!r} is given twice")
        args[keyword.arg] = _literal(keyword.value)
    return {"name": call.func.id, "args": args}


def parse_call(text: str, file: str | Path | None = None, item: str | None = None) -> dict[str, Any]:
    """``'f(a=1, b="s", c=true)'`` → ``{"name": "f", "args": {"a": 1, "b": "s", "c": True}}``.

    ``file`` and ``item`` say where the string came from, for the error message.
    """
    try:
        return _parse(text)
    except _Refused as reason:
        quoted = repr(text) if len(text) <= QUOTED_CHARS else f"{text[:QUOTED_CHARS]!r}..."
        raise DataError(file, item, f"cannot parse call {quoted}: {reason}") from None
