"""Typed declarations of the vehicle APIs.

Each vehicle API is declared once, in its module file under ``vmb/sim/modules``, with the
``Module.api`` decorator: its parameters (typed, with ranges, enums and zones), a one-line
description, when the call switches its device on, and a small effect function. The validator
(``Api.steps``), the function-calling schema (``vmb.sim.schema``) and the docs
(``vmb.sim.docs``) are all derived from that one declaration.

Validation mirrors the reference simulator, quirks included: checks run as an ordered list of
named steps (``"level.type"``, ``"level.range"``, ``"seat.zone"``, ...), and the step ``"power"``
marks where a call switches its device on. A call refused by a later step keeps that change, as
in the reference.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

MISSING: Any = object()
# Longest repr of a model-supplied value quoted in a refusal: a 10 MB argument or API name must
# not come back to the model (and into the run's records) in full.
SHOWN_CHARS = 80


def shown(value: Any) -> str:
    """``repr(value)`` for a message, cut to ``SHOWN_CHARS`` with the full length stated."""
    text = repr(value)
    if len(text) <= SHOWN_CHARS:
        return text
    return f"{text[:SHOWN_CHARS]}... ({len(text):,} characters)"


class Refused(Exception):
    """A call the simulator declines: bad argument or a precondition not met.

    Raised inside effect functions; the dispatcher turns it into ``success: false``.
    """


@dataclass(frozen=True)
class Param:
    """Base of all parameter declarations."""

    description: str = ""
    default: Any = MISSING

    json_type: str = field(default="string", init=False)
    type_name: str = field(default="str", init=False)

    @property
    def required(self) -> bool:
        return self.default is MISSING

    def checks(self, name: str) -> list[tuple[str, Callable[[Any], str | None]]]:
        """Named validation steps for this parameter: each returns an error text or None."""
        return []

    def convert(self) -> Callable[[Any], Any] | None:
        """What the effect function receives for an accepted value (None: the value as given)."""
        return None

    def schema(self) -> dict[str, Any]:
        """The parameter's JSON schema: its type and valid values; a description only where they cannot say it.

        The API's own description already says what the parameter means (``1 dim to 10 bright``);
        repeating ``Brightness level, 1-10.`` beside ``minimum``/``maximum`` costs every request
        tokens and tells the model nothing. ``described_in_schema`` keeps it for free text.
        """
        out: dict[str, Any] = {"type": self.json_type}
        if self.description and self.described_in_schema:
            out["description"] = self.description
        return out

    @property
    def described_in_schema(self) -> bool:
        return False


@dataclass(frozen=True)
class Int(Param):
    """An integer in ``[minimum, maximum]``. Strings and floats are refused.

    Type and range are checked as the reference checks them, with ``isinstance(value, int)`` and
    bare comparisons: a JSON boolean is an integer there (``true`` passes as 1, ``false`` as 0,
    and the boolean itself is stored), and a float inside the range passes the range steps and
    only fails the type step, which matters where a device switches on between.
    """

    minimum: int | None = None
    maximum: int | None = None
    json_type: str = field(default="integer", init=False)
    type_name: str = field(default="int", init=False)

    def checks(self, name: str) -> list[tuple[str, Callable[[Any], str | None]]]:
        def type_check(value: Any) -> str | None:
            if isinstance(value, int):
                return None
            return f"{name} must be an integer, got {shown(value)}"

        def min_check(value: Any) -> str | None:
            if self.minimum is None:
                return None
            if not isinstance(value, (int, float)):
                return f"{name} must be an integer, got {shown(value)}"
            if value < self.minimum:
                return f"{name} must be at least {self.minimum}, got {shown(value)}"
            return None

        def max_check(value: Any) -> str | None:
            if self.maximum is None:
                return None
            if not isinstance(value, (int, float)):
                return f"{name} must be an integer, got {shown(value)}"
            if value > self.maximum:
                return f"{name} must be at most {self.maximum}, got {shown(value)}"
            return None

        return [(f"{name}.min", min_check), (f"{name}.max", max_check), (f"{name}.type", type_check)]

    def schema(self) -> dict[str, Any]:
        out = super().schema()
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


@dataclass(frozen=True)
class Bool(Param):
    """A boolean flag. The reference never type-checks these: any value is accepted."""

    json_type: str = field(default="boolean", init=False)
    type_name: str = field(default="bool", init=False)


@dataclass(frozen=True)
class Str(Param):
    """Free text (a destination, a song name): its description is the only hint of its form."""

    @property
    def described_in_schema(self) -> bool:
        return True


@dataclass(frozen=True)
class Enum(Param):
    """One of a fixed set of strings, compared case-sensitively as the reference does.

    ``aliases`` maps words the reference also accepts (its source language: ``单曲循环``) to the
    member they stand for; the member is what gets stored. Aliases are accepted, never shown in
    the tool schema. ``strip`` drops surrounding whitespace before matching, where the reference
    does so.
    """

    values: tuple[str, ...] = ()
    aliases: Mapping[str, str] = field(default_factory=dict)
    strip: bool = False

    @cached_property
    def _members(self) -> dict[str, str]:
        table = {v: v for v in self.values}
        table.update(self.aliases)
        return table

    def canonical(self, value: Any) -> Any:
        """The member ``value`` stands for; an unrecognised value comes back unchanged."""
        if not isinstance(value, str):
            return value
        return self._members.get(value.strip() if self.strip else value, value)

    def convert(self) -> Callable[[Any], Any] | None:
        return self.canonical if self.aliases or self.strip else None

    def checks(self, name: str) -> list[tuple[str, Callable[[Any], str | None]]]:
        allowed = self.values
        canonical = self.canonical

        def enum_check(value: Any) -> str | None:
            if isinstance(value, str) and canonical(value) in allowed:
                return None
            return f"{name} must be one of {', '.join(allowed)}; got {shown(value)}"

        return [(f"{name}.enum", enum_check)]

    def schema(self) -> dict[str, Any]:
        out = super().schema()
        out["enum"] = list(self.values)
        return out


@dataclass(frozen=True)
class Zone(Param):
    """Which zone(s) of a module a call targets.

    ``groups`` maps each accepted value to the zones it stands for (``"all"`` → every zone).
    ``aliases`` maps source-language words (``主驾``) to a group key; they are accepted, never
    shown in the tool schema. A group keyed by the empty string makes every falsy value (``""``,
    null, 0, false) mean that group, as the reference's ``if not zone`` fallback does.
    The effect function receives the tuple of zones, not the raw value.
    """

    groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    aliases: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def _lookup(self) -> dict[str, tuple[str, ...]]:
        table = dict(self.groups)
        table.update({word: self.groups[key] for word, key in self.aliases.items()})
        return table

    def checks(self, name: str) -> list[tuple[str, Callable[[Any], str | None]]]:
        table = self._lookup
        blank = "" in self.groups
        listed = ", ".join(v for v in self.groups if v)

        def zone_check(value: Any) -> str | None:
            if (isinstance(value, str) and value in table) or (blank and not value):
                return None
            return f"{name} must be one of {listed}; got {shown(value)}"

        return [(f"{name}.zone", zone_check)]

    def resolve(self, value: Any) -> tuple[str, ...]:
        """The zones an accepted value stands for (a falsy value means the blank group)."""
        if isinstance(value, str) and value in self._lookup:
            return self._lookup[value]
        return self.groups[""]

    def convert(self) -> Callable[[Any], Any] | None:
        return self.resolve

    def schema(self) -> dict[str, Any]:
        out = super().schema()
        out["enum"] = [v for v in self.groups if v]
        return out


# The reference's source-language words for the four cabin positions and their groups; seats,
# climate zones, doors, windows and reading lights accept them all.
CABIN_ALIASES: Mapping[str, str] = {
    "主驾": "driver",
    "副驾": "passenger",
    "左后": "rear_left",
    "右后": "rear_right",
    "前排": "front",
    "后排": "rear",
    "全部": "all",
}


def zones(parts: Iterable[str], **groups: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """Zone vocabulary: each zone names itself, plus named groups (``all=...``, ``front=...``).

    A group called ``empty`` is keyed by the empty string: the zone that ``""`` and every other
    falsy value (null, 0, false) stand for, where the reference falls back to a default zone.
    """
    table: dict[str, tuple[str, ...]] = {p: (p,) for p in parts}
    for key, members in groups.items():
        table["" if key == "empty" else key] = tuple(members)
    return table


def check_now(param: Param, name: str, value: Any) -> None:
    """Run all of ``param``'s checks inside an effect function; the first failure refuses the call."""
    for _, check in param.checks(name):
        error = check(value)
        if error is not None:
            raise Refused(error)


def above_zero(name: str, value: Any) -> bool:
    """``value > 0`` as a reference effect evaluates it before validating ``value``.

    A number compares (``true`` as 1, ``3.5`` as itself); anything else makes the reference's
    comparison fail, which refuses the call before it changes anything.
    """
    if not isinstance(value, (int, float)):
        raise Refused(f"{name} must be an integer, got {shown(value)}")
    return value > 0


Effect = Callable[..., None]


@dataclass
class Api:
    """One declared vehicle API."""

    module: Module
    action: str
    description: str
    params: dict[str, Param]
    effect: Effect
    order: tuple[str, ...] | None
    power: str | None
    # Overrides the module's power leaf for modules with several switchable devices.
    power_leaf: str | None = None

    @property
    def name(self) -> str:
        return f"carcontrol_{self.module.name}_{self.action}"

    @cached_property
    def steps(self) -> tuple[tuple[str, str, Callable[[Any], str | None] | None], ...]:
        """The steps the dispatcher runs, in the reference's order, built once per API.

        Each step is ``(name, parameter, check)``; the ``power`` step (where the device switches on)
        has no parameter and no check.
        """
        checks = {n: (pname, c) for pname, p in self.params.items() for n, c in p.checks(pname)}
        if self.order is not None:
            names = list(self.order)
        else:
            names = list(checks)
            if self.power == "start":
                # A per-zone power leaf needs the zone resolved first.
                zone_steps = [n for n in names if n.endswith(".zone")]
                names = [*zone_steps, "power", *(n for n in names if n not in zone_steps)]
            elif self.power == "end":
                names.append("power")
        return tuple((n, "", None) if n == "power" else (n, *checks[n]) for n in names)

    @cached_property
    def arguments(self) -> tuple[tuple[str, Any, Callable[[Any], Any] | None], ...]:
        """``(parameter, default, convert)`` for binding a call's arguments, built once per API."""
        return tuple((pname, p.default, p.convert()) for pname, p in self.params.items())

    def zone_param(self) -> str | None:
        for pname, p in self.params.items():
            if isinstance(p, Zone):
                return pname
        return None


@dataclass
class Module:
    """A vehicle module: its description, default state, power leaf and declared APIs.

    ``defaults`` maps each leaf (path below the module, ``driver.headrest_height``) to its value
    on the default car; ``power_leaf`` is the leaf a ``power`` step sets to True, with
    ``{zone}`` standing for each targeted zone.
    """

    name: str
    description: str
    defaults: dict[str, Any]
    power_leaf: str | None = None
    apis: dict[str, Api] = field(default_factory=dict)

    def api(
        self,
        description: str,
        *,
        order: Iterable[str] | None = None,
        power: str | None = None,
        power_leaf: str | None = None,
        **params: Param,
    ) -> Callable[[Effect], Effect]:
        """Declare an API whose action name is the decorated function's name.

        ``power`` is ``"start"`` (switch on before any check), ``"end"`` (switch on when the
        call succeeds) or None; ``order`` lists the step names explicitly for quirky orders;
        ``power_leaf`` replaces the module's power leaf for this API only.
        """

        def register(effect: Effect) -> Effect:
            action = effect.__name__
            steps = tuple(order) if order is not None else None
            if steps is not None and "power" in steps and (power_leaf or self.power_leaf) is None:
                raise ValueError(f"{self.name}.{action}: power step without a power leaf")
            self.apis[action] = Api(
                self, action, description, dict(params), effect, steps, power, power_leaf
            )
            return effect

        return register
