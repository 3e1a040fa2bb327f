"""The benchmark's reasoning types, declared once (a module of its own: option parsing reads them
without the loader). Everything that lists or labels the types reads ``REASONING``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReasoningType:
    name: str  # as the release's QA files write it
    label: str  # how tables and figures name it


# The five reasoning types of the benchmark, in the order the paper tabulates them.
REASONING: tuple[ReasoningType, ...] = (
    ReasoningType("preference_conflict", "preference conflict"),
    ReasoningType("conditional_constraint", "conditional constraint"),
    ReasoningType("coreference_resolution", "coreference resolution"),
    ReasoningType("state_shift", "state shift"),
    ReasoningType("error_correction", "error correction"),
)
REASONING_TYPES = tuple(t.name for t in REASONING)
