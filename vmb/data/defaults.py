"""Reference calls that set what the default car already has: the scorer never asks for such a value (every
query starts from the default car), so an answer passes without knowing it.

Found by setting the parameter to another value on the same car: the leaves that then differ are the ones
the call decides; a finding is one of those leaves ending at the default car's value while the answer still
changes something else (an answer that changes nothing is ``vmb verify``'s ``no_change``). ``vmb verify``
lists them among the release's errata and ``vmb audit`` for any benchmark.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vmb.data.loader import Query
from vmb.score.formulas import values_equal
from vmb.sim import World
from vmb.sim.registry import API_BY_NAME, DEFAULT_STATE
from vmb.sim.spec import Bool, Enum, Int, Param, Str, Zone


@dataclass(frozen=True)
class DefaultValue:
    query: str
    call: str  # the call as the answer writes it
    leaf: str  # the leaf it decides, which ends at the default car's value


def _other_value(param: Param, value: Any) -> Any:
    """A value of ``param`` other than ``value`` (None when there is none to try)."""
    if isinstance(param, Enum):
        return next((m for m in param.values if m != value), None)
    if isinstance(param, Int) and isinstance(value, int) and not isinstance(value, bool):
        for other in (value + 1, value - 1):
            if (param.minimum is None or other >= param.minimum) and (param.maximum is None or other <= param.maximum):
                return other
        return None
    if isinstance(param, Bool):
        return not value
    if isinstance(param, Str) and isinstance(value, str):
        return value + " (another)"
    return None


def default_values(query: Query) -> list[DefaultValue]:
    """The reference calls of ``query`` whose decided leaf ends at the default car's value."""
    world = World()
    decided: list[tuple[str, str]] = []
    for raw, call in zip(query.answer, query.calls):
        name, args = str(call["name"]), dict(call["args"])
        api = API_BY_NAME.get(name)
        before = world.flat()
        if api is None or not world.call(name, args)["success"]:
            continue
        after = world.flat()
        for pname, param in api.params.items():
            other = _other_value(param, args[pname]) if pname in args and not isinstance(param, Zone) else None
            if other is None:
                continue
            probe = World(before)
            probe.call(name, {**args, pname: other})
            decided += [(raw, leaf) for leaf, value in probe.flat().items()
                        if not values_equal(value, after.get(leaf))]
    final = world.flat()
    if not world.diff():
        return []
    return [DefaultValue(query.id, raw, leaf) for raw, leaf in dict.fromkeys(decided)
            if leaf in DEFAULT_STATE and values_equal(final.get(leaf), DEFAULT_STATE[leaf])]
