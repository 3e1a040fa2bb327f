"""The benchmark's reasoning types, declared once (a module of its own: option parsing reads them
without the loader). Everything that lists, labels or treats a type apart reads ``REASONING``:
the loader's check, the tables and figures, the audit, the generator's recipes and type shares."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReasoningType:
    name: str  # as the release's QA files (and the paper's tables) write it
    label: str  # how tables and figures name it
    recipe: str  # the generator's recipe for its chains (a key of vmb.generate.procedural.recipes.BUILDERS)
    # The answer depends on a situation the query only implies (a time of day, the weather): the
    # audit checks the query's clock against it, the failures figure shows this type's composition.
    implied_condition: bool = False
    # Its query's wording (vmb.generate.procedural.qa): how often the request is one any type could
    # make ("Sort out the fan for me.") where the recipe's variant allows, and how often the gold-memory
    # entry that decides the answer is written last when the entries are shuffled (the release puts it
    # anywhere, last more often for conflicts).
    generic_requests: float = 0.0
    deciding_written_last: float = 0.3

    @property
    def hyphenated(self) -> str:
        """The label as an adjective: "conditional-constraint queries"."""
        return self.label.replace(" ", "-")


# The five reasoning types of the benchmark, in the order the paper tabulates them.
REASONING: tuple[ReasoningType, ...] = (
    ReasoningType("preference_conflict", "preference conflict", "conflict", generic_requests=0.4,
                  deciding_written_last=0.55),
    ReasoningType("conditional_constraint", "conditional constraint", "conditional", implied_condition=True,
                  generic_requests=0.25, deciding_written_last=0.05),
    ReasoningType("coreference_resolution", "coreference resolution", "coreference", deciding_written_last=0.4),
    ReasoningType("state_shift", "state shift", "state_shift", generic_requests=0.35, deciding_written_last=0.25),
    ReasoningType("error_correction", "error correction", "error_correction", generic_requests=0.4),
)
REASONING_TYPES = tuple(t.name for t in REASONING)
BY_NAME = {t.name: t for t in REASONING}
# The type whose answers hang on an implied situation (one in the release).
CONDITIONAL = next(t for t in REASONING if t.implied_condition)
