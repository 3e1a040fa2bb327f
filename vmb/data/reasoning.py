"""The benchmark's reasoning types (a module of its own: option parsing reads them without the loader)."""

# The five reasoning types of the benchmark, in the order the paper tabulates them.
REASONING_TYPES = (
    "preference_conflict",
    "conditional_constraint",
    "coreference_resolution",
    "state_shift",
    "error_correction",
)
