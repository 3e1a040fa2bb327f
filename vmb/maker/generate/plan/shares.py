"""Which module each vehicle chain of a benchmark is about: the paper's Table 4 shares, exactly.

Table 4 counts every call of the answers per query, so a module whose answers often switch the
device on first (the climate, the mood lighting) is dealt fewer chains: its share over the calls
an answer on it makes. The counts are set over the whole run by largest remainder and dealt to the
groups in a seeded order, as the reasoning types are (``vmb.maker.generate.plan.options.group_types``), so
every group draws on its own and a resumed run deals what an uninterrupted one would.
"""

from __future__ import annotations

from functools import cache
from random import Random

from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.words.devices import DEVICES, MODULE_SHARES, usable

# About the share of answers that switch the device on first where the setting has a switch: below
# the recipes' rates (0.45 to 0.95 by type and variant), since the deal itself then draws fewer such
# settings; 0.6 keeps multi-call answers at the release's 10%+ and every module within 3 points.
TWO_CALLS = 0.6
# A module the shares do not name (none at present) is dealt as rarely as the rarest named ones.
UNNAMED_SHARE = 0.2


def has_switch(api: str) -> bool:
    """Whether an answer on ``api`` may also switch its device on: only where the switch's catalog
    phrase is not part of the setting's (a group's phrases stay apart).

    The steering wheel is no exception (an earlier one made it so): its heating has a switch API of
    its own (``set_heating_enabled``) beside the level, but ``set_heating_level`` switches the heating
    on itself (as every setter here does its device), so the switch adds a call and no state, and
    "steering wheel heating" inside "steering wheel heating level" would break issue 15's rule for a
    group's phrases. The release does pair them (15 of its 20 steering-wheel answers; `vmb audit`
    counts 19 of its groups with nested target phrases): a plan wanting that pattern back loosens
    this rule for every such switch, not for one module."""
    switch = DEVICES[api].switch
    found = usable()
    return switch is not None and switch in found and found[switch].phrase.lower() not in found[api].phrase.lower()


@cache
def settings_of() -> dict[str, tuple[list[str], list[float]]]:
    """Module → its settings and their weights within it. Switches are the most numerous settings
    but a small part of what people remember (the release: 16%)."""
    found = usable()
    out: dict[str, tuple[list[str], list[float]]] = {}
    for api in sorted(found):
        apis, weights = out.setdefault(found[api].module, ([], []))
        apis.append(api)
        weights.append(DEVICES[api].share * (0.4 if found[api].kind == "bool" else 1.0))
    return out


@cache
def module_weights() -> dict[str, float]:
    """Module → how many chains it gets, relatively: its share over the calls its answers make."""
    out = {}
    for module, (apis, weights) in settings_of().items():
        calls = sum(w * (1 + TWO_CALLS * has_switch(a)) for a, w in zip(apis, weights)) / sum(weights)
        out[module] = MODULE_SHARES.get(module, UNNAMED_SHARE) / calls
    return out


def module_counts(options: GenerateOptions) -> list[str]:
    """The module of every vehicle chain of the run, in a seed-independent order (largest remainder)."""
    weights = module_weights()
    total = options.groups * options.vehicle_chains
    exact = {m: total * w / sum(weights.values()) for m, w in weights.items()}
    counts = {m: int(v) for m, v in exact.items()}
    for module in sorted(exact, key=lambda m: (counts[m] - exact[m], m))[: total - sum(counts.values())]:
        counts[module] += 1
    return [m for m in sorted(counts) for _ in range(counts[m])]


def group_modules(options: GenerateOptions, group: int) -> list[str]:
    """The modules of one group's vehicle chains, in chain order (a seeded deal of :func:`module_counts`)."""
    deck = module_counts(options)
    Random(f"{options.seed}:modules").shuffle(deck)
    size = options.vehicle_chains
    return deck[(group - 1) * size: group * size]
