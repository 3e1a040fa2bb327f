"""Names, order and colours shared by every table and figure, so a memory setting looks the same
everywhere: one colour per setting (Okabe-Ito, readable by colour-blind readers), one label."""

from __future__ import annotations

import hashlib

from vmb.analysis.taxonomy import CATEGORIES

# The harness's setting names, in the order tables and figures list them: the paper's settings
# first (floor to ceiling), then ours, then external memory systems.
MEMORY_ORDER = (
    "none", "summary", "kv", "gold", "history",
    "mem0", "memorybank", "memos", "lightmem", "memobase", "supermemory",
)
MEMORY_LABELS = {
    "none": "no memory",
    "summary": "recursive summarization",
    "kv": "key-value store",
    "gold": "gold memory",
    "history": "full history",
    "mem0": "Mem0",
    "memorybank": "MemoryBank",
    "memos": "MemOS",
    "lightmem": "LightMem",
    "memobase": "Memobase",
    "supermemory": "Supermemory",
}
MEMORY_COLORS = {
    "none": "#999999",
    "summary": "#0072B2",
    "kv": "#009E73",
    "gold": "#E69F00",
    "history": "#CC79A7",
    "mem0": "#56B4E9",
    "memorybank": "#882255",
    "memos": "#332288",
    "lightmem": "#8C6D31",
    "memobase": "#D55E00",
    "supermemory": "#117733",
}
# For a plugin nobody listed: a stable colour from its name, never one of the listed ones' meaning.
_SPARE_COLORS = ("#44AA99", "#AA4499", "#999933", "#661100", "#6699CC", "#888888")

METRIC_LABELS = {
    "esm": "ESM (%)",
    "field_f1": "F-F1 (%)",
    "value_f1": "V-F1 (%)",
    "tool_f1": "Tool F1 (%)",
    "calls": "Calls",
    "mem_token": "Mem Token",
}
REASONING_LABELS = {
    "preference_conflict": "preference conflict",
    "conditional_constraint": "conditional constraint",
    "coreference_resolution": "coreference resolution",
    "state_shift": "state shift",
    "error_correction": "error correction",
}

CATEGORY_COLORS = dict(zip(CATEGORIES, (
    "#BBBBBB",  # no action
    "#EE7733",  # wrong target
    "#CC3311",  # wrong value: conflict (the wrong-value family: red, wine, pink)
    "#882255",  # wrong value: stale
    "#EE99AA",  # wrong value: unsupported
    "#0077BB",  # over-action
    "#33BBEE",  # invalid call
)))

AGENT_LABELS = {"oracle": "oracle (replays reference)", "noop": "noop (does nothing)"}


def memory_label(name: str) -> str:
    return MEMORY_LABELS.get(name, name)


def memory_color(name: str) -> str:
    if name in MEMORY_COLORS:
        return MEMORY_COLORS[name]
    digest = int(hashlib.sha256(name.encode()).hexdigest(), 16)
    return _SPARE_COLORS[digest % len(_SPARE_COLORS)]


def memory_rank(name: str) -> tuple[int, str]:
    """Sort key: listed settings in MEMORY_ORDER, then any other by name."""
    return (MEMORY_ORDER.index(name), "") if name in MEMORY_ORDER else (len(MEMORY_ORDER), name)


def reasoning_label(name: str) -> str:
    return REASONING_LABELS.get(name, name.replace("_", " "))
