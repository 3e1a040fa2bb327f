"""Module-scoped view of a car's flat state, handed to effect functions."""

from __future__ import annotations

from typing import Any

from vmb.sim.spec import MISSING


def _changed(old: Any, new: Any) -> bool:
    """True when a leaf visibly changed (``1`` replacing ``True`` counts as a change)."""
    return type(old) is not type(new) or old != new


class ModuleState:
    """The part of a world's state that one module's effect functions may read and write."""

    __slots__ = ("_state", "_prefix", "_changes")

    def __init__(self, state: dict[str, Any], module: str, changes: dict[str, Any]) -> None:
        self._state = state
        self._prefix = module + "."
        self._changes = changes

    def get(self, leaf: str, default: Any = None) -> Any:
        return self._state.get(self._prefix + leaf, default)

    def has(self, leaf: str) -> bool:
        return self._prefix + leaf in self._state

    def set(self, leaf: str, value: Any) -> None:
        path = self._prefix + leaf
        old = self._state.get(path, MISSING)
        self._state[path] = value
        if old is MISSING or _changed(old, value):
            self._changes[path] = value

    def delete(self, leaf: str) -> None:
        """Remove a leaf (a list item that is no longer there); a no-op if it is absent.

        ``changes`` maps paths to new values, so a deletion is not listed there (and drops any
        value this call had set on the leaf).
        """
        path = self._prefix + leaf
        self._state.pop(path, None)
        self._changes.pop(path, None)

    def count(self, list_leaf: str) -> int:
        """Number of items of a list stored as ``leaf[0]``, ``leaf[1]``, ..."""
        n = 0
        while f"{self._prefix}{list_leaf}[{n}]" in self._state:
            n += 1
        return n
