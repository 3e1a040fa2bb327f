"""The benchmark's reasoning types, declared once (a module of its own: option parsing reads them
without the loader). Everything that lists, labels or treats a type apart reads ``REASONING``:
the loader's check, the tables and figures, the audit, the generator's recipes, rates and type shares."""

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
    # Its query's wording (vmb.generate.procedural.asks): how often the request is one any type could
    # make ("Sort out the fan for me.") where the recipe's variant allows.
    generic_requests: float = 0.0
    # The procedural generator's rates for this type, measured on the release's queries of it:
    # how often the voice that decides the query is also the latest of its chain ("latest mention"),
    latest_decides: float = 0.0
    # how often the answer is the default car's own value where that call still changes the car
    # (the release's 80 of 500 answers, which no "never the default" rule may skip),
    default_answers: float = 0.0
    # of the settings drawn for it, the share of switches kept and of other non-numbers kept
    # (corrections are mostly of a number: the release's 49 of 62),
    switches_kept: float = 1.0
    non_numbers_kept: float = 1.0
    # whether it wants a setting with a value for every voice (``--conflict-density`` holders), or
    # one that some temporary state would move (vmb.generate.procedural.causes),
    value_per_voice: bool = False
    temporary_state: bool = False
    # and how often its gold memory writes the deciding entry last: when that entry is also the
    # latest by date, and when it is not. Two entries are then in date order or reversed, so these
    # set "last as written" and "in date order" together (0.3, 0.7: 30% in date order).
    written_last: tuple[float, float] = (0.3, 0.7)
    # how often an answer whose value has a description (``vmb.generate.text.DESCRIBED_VALUES``) is
    # said only by it, never by its own word: the release's enum answers never stated literally in
    # its history (preference 6 of 72, conditional 4 of 38, state_shift 2 of 27, none of
    # coreference's 49 or correction's 11), over the share of the generator's enum answers that
    # have a description (0.59, 0.67, 0.75) and of those whose word no other line of the history
    # happens to say (about 0.6). (The release's gold memories narrate some values their histories
    # never say: they leave out fewer, 1, 5 and 1 of those; ours quote the history, one text for both.)
    described_answers: float = 0.0
    # how often an answer on a climate or window setting sets the whole cabin, not the driver's zone
    # (the release's climate answers: conditional 18 of 27, state_shift 5 of 8, preference 1 of 8)
    whole_car: float = 0.0

    @property
    def hyphenated(self) -> str:
        """The label as an adjective: "conditional-constraint queries"."""
        return self.label.replace(" ", "-")


# The five reasoning types of the benchmark, in the order the paper tabulates them.
REASONING: tuple[ReasoningType, ...] = (
    ReasoningType("preference_conflict", "preference conflict", "conflict", generic_requests=0.4,
                  latest_decides=0.4, default_answers=0.25, switches_kept=0.3, value_per_voice=True,
                  whole_car=0.15, described_answers=0.23),
    ReasoningType("conditional_constraint", "conditional constraint", "conditional", implied_condition=True,
                  generic_requests=0.25, latest_decides=0.42, default_answers=0.35, written_last=(0.15, 0.5),
                  whole_car=0.65, described_answers=0.26),
    ReasoningType("coreference_resolution", "coreference resolution", "coreference", latest_decides=0.33,
                  default_answers=0.2, switches_kept=0.3, whole_car=0.6),
    ReasoningType("state_shift", "state shift", "shift", generic_requests=0.35, default_answers=0.2,
                  switches_kept=0.55, whole_car=0.6, temporary_state=True, written_last=(0.1, 0.5),
                  described_answers=0.16),
    ReasoningType("error_correction", "error correction", "correction", generic_requests=0.4, default_answers=0.4,
                  switches_kept=0.3, non_numbers_kept=0.4, whole_car=0.6),
)
REASONING_TYPES = tuple(t.name for t in REASONING)
BY_NAME = {t.name: t for t in REASONING}
# The type whose answers hang on an implied situation (one in the release).
CONDITIONAL = next(t for t in REASONING if t.implied_condition)
