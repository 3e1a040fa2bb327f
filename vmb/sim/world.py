"""The simulated car: state, dispatch of API calls, and state diffs.

State is one flat mapping from canonical path (``seat.driver.headrest_height``) to value, the
shape the conformance records and the scorer use, so a diff needs no flattening.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from vmb.sim.registry import API_BY_NAME, DEFAULT_STATE, MODULES
from vmb.sim.spec import MISSING, Api, Refused, Zone, shown
from vmb.sim.state import ModuleState

CallResult = dict[str, Any]


def diff_from_default(state: Mapping[str, Any]) -> dict[str, Any]:
    """Every leaf that differs from the default car (Python equality, as the reference).

    A leaf holding null is left out, as the reference's state (and so its recorded diff) leaves it
    out: its flattening records a leaf by its value's type, and null has none it records. The
    only setter that stores null is the HUD's raw ``switch``; the flat state keeps the null, so
    the scorer sees that leaf changed, as the reference scorer sees it deleted.
    """
    default = DEFAULT_STATE
    out: dict[str, Any] = {}
    for path, value in state.items():
        if value is None:
            continue
        base = default.get(path, MISSING)
        if base is MISSING or base != value:
            out[path] = value
    return out


def _refused(message: str, changes: dict[str, Any]) -> CallResult:
    return {"success": False, "message": message, "changes": changes}


class World:
    """One car, starting from the default state."""

    __slots__ = ("_state",)

    def __init__(self, state: Mapping[str, Any] | None = None) -> None:
        self._state: dict[str, Any] = dict(DEFAULT_STATE if state is None else state)

    def call(self, name: object, args: Any) -> CallResult:
        """Run one API call. Never raises for bad input: refusals come back as ``success: false``.

        The result holds ``success``, a human-readable ``message`` and ``changes`` (canonical
        path → new value for every leaf this call changed, refused calls included).
        """
        api = API_BY_NAME.get(name) if isinstance(name, str) else None
        if api is None:
            return _refused(f"unknown API {shown(name)}", {})
        if not isinstance(args, Mapping):
            return _refused(f"{name}: arguments must be an object, got {type(args).__name__}", {})
        unknown = [k for k in args if k not in api.params]
        if unknown:
            return _refused(f"{name}: unknown parameter(s) {', '.join(map(shown, unknown))}", {})
        missing = [k for k, p in api.params.items() if p.required and k not in args]
        if missing:
            return _refused(f"{name}: missing required parameter(s) {', '.join(missing)}", {})
        return self._run(api, dict(args))

    def _run(self, api: Api, args: dict[str, Any]) -> CallResult:
        changes: dict[str, Any] = {}
        view = ModuleState(self._state, api.module.name, changes)
        for _, pname, check in api.steps:
            if check is None:
                self._power_on(api, args, view)
                continue
            if pname not in args:
                continue
            error = check(args[pname])
            if error is not None:
                return _refused(f"{api.name}: {error}", changes)
        call_args: dict[str, Any] = {}
        for pname, default, convert in api.arguments:
            value = args.get(pname, default)
            if value is MISSING:
                value = None
            elif convert is not None:
                value = convert(value)
            call_args[pname] = value
        try:
            api.effect(view, **call_args)
        except Refused as refusal:
            return _refused(f"{api.name}: {refusal}", changes)
        return {"success": True, "message": f"{api.name}: done", "changes": changes}

    @staticmethod
    def _power_on(api: Api, args: dict[str, Any], view: ModuleState) -> None:
        leaf = api.power_leaf or api.module.power_leaf
        assert leaf is not None, f"{api.name} declares a power step but its module has no power leaf"
        zone_param = api.zone_param()
        if "{zone}" in leaf:
            assert zone_param is not None, f"{api.name}: per-zone power leaf without a zone parameter"
            param = api.params[zone_param]
            assert isinstance(param, Zone)
            leaves = [leaf.format(zone=zone) for zone in param.resolve(args[zone_param])]
        else:
            leaves = [leaf]
        # As in the reference: a device that is already on (any truthy value) is left alone.
        for path in leaves:
            if not view.get(path):
                view.set(path, True)

    def flat(self) -> dict[str, Any]:
        """Canonical path → value for every leaf of the car."""
        return dict(self._state)

    def diff(self) -> dict[str, Any]:
        """Canonical path → value for every leaf that differs from the default car."""
        return diff_from_default(self._state)

    @staticmethod
    def modules() -> list[str]:
        return list(MODULES)

    @staticmethod
    def tool_schemas(module: str) -> list[dict[str, Any]]:
        """The module's OpenAI function-calling schemas (``[]`` for an unknown module)."""
        from vmb.sim.schema import module_schemas

        return module_schemas(module)


def replay(calls: Iterable[Any], world: World | None = None) -> tuple[World, list[bool]]:
    """Run ``[{"name", "args"}, ...]`` on a (default) world; return it and per-call acceptance.

    An item that is not an object is an invalid call: refused, the car unchanged.
    """
    world = World() if world is None else world
    ok = [
        isinstance(c, Mapping) and bool(world.call(c.get("name"), c.get("args", {}))["success"])
        for c in calls
    ]
    return world, ok
