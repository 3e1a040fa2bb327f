"""The benchmark's reasoning types, declared once (a module of its own: option parsing reads them
without the loader). Everything that lists, labels or treats a type apart reads ``REASONING``:
the loader's check, the tables and figures, the audit, the generator's recipes, rates and type shares."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ReasoningType:
    name: str  # as the release's QA files (and the paper's tables) write it
    label: str  # how tables and figures name it
    recipe: str  # the generator's recipe for its chains (a key of vmb.maker.generate.plan.recipes.BUILDERS)
    # The answer depends on a situation the query only implies (a time of day, the weather): the
    # audit checks the query's clock against it, the failures figure shows this type's composition.
    implied_condition: bool = False
    # Its query's wording (vmb.maker.generate.procedural.asks): how often the request is one any type could
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
    # and how much likelier than its module's weight says a free-text setting is drawn (a route, a
    # song, a video, a station): the release's people argue over settings with a few values, not
    # destinations (2 of its 149 conflicts, 2 of 62 corrections), and name a place or a song by
    # what they said of it (12 of 97 coreferences, 10 of 90 state shifts, 8 of 102 conditionals),
    texts_weight: float = 1.0
    # and of those, how much likelier a route is (a destination to go to, as the chain's setting or as
    # the place its query names): of the release's 18 answers that go somewhere, 1 is conditional, 1 a
    # conflict and none a correction (a rule "when it rains, go to the gym" is no preference people
    # state; a conditional route is only ever a place its query names); at these weights the plan of
    # 50 groups holds about 1, 1 and 1 (seeds 1-6), 20 in all
    routes_weight: float = 1.0
    # whether it wants a setting with a value for every voice (``--conflict-density`` holders), or
    # one that some temporary state would move (vmb.maker.generate.words.causes),
    value_per_voice: bool = False
    temporary_state: bool = False
    # and how often its gold memory writes the deciding entry last: when that entry is also the
    # latest by date, and when it is not. Two entries are then in date order or reversed, so these
    # set "last as written" and "in date order" together (0.3, 0.7: 30% in date order).
    written_last: tuple[float, float] = (0.3, 0.7)
    # how often an answer whose value has a description (``vmb.data.spoken_words.DESCRIBED_VALUES``) is
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
    # how often its query narrates a scene for colour where none is needed (one implying no condition
    # its chain speaks of): the release's preference-conflict queries tell the least of the weather,
    # the light or the company (20% of them, against 24-34% of its other types' queries)
    colour_scenes: float = 0.85
    # how often its query names what to play or where to go now (a song, a video, a place, a station)
    # beside a remembered setting of that device, where the setting has such content: the answer's
    # other call takes the query's word, not the history's (the release's "Play the video, but mind
    # the data rule": 15 of its answers, 8 of them conditional, 3 coreference, 2 each correction and
    # preference; a value the history never states)
    named_content: float = 0.0
    # how often a line of its chains names the setting by its plain name ("the seat heating level"),
    # not an everyday one ("the bum warmer"): the release's preference conflicts name it plainly, two
    # people arguing over one setting (74% of their gold entries say two or more of its API name's
    # words, against 50-60% in the other types)
    named_plainly: float = 0.4

    @property
    def hyphenated(self) -> str:
        """The label as an adjective: "conditional-constraint queries"."""
        return self.label.replace(" ", "-")


# The five reasoning types of the benchmark, in the order the paper tabulates them.
REASONING: tuple[ReasoningType, ...] = (
    ReasoningType("preference_conflict", "preference conflict", "conflict", generic_requests=0.4,
                  latest_decides=0.4, default_answers=0.25, switches_kept=0.3, value_per_voice=True,
                  whole_car=0.15, described_answers=0.1, named_plainly=0.8, texts_weight=0.15,
                  colour_scenes=0.6, named_content=0.06, routes_weight=0.2),
    ReasoningType("conditional_constraint", "conditional constraint", "conditional", implied_condition=True,
                  generic_requests=0.25, latest_decides=0.42, default_answers=0.35, written_last=(0.15, 0.5),
                  whole_car=0.65, described_answers=0.45, texts_weight=1.3, named_content=0.4, routes_weight=0.15),
    ReasoningType("coreference_resolution", "coreference resolution", "coreference", latest_decides=0.33,
                  default_answers=0.2, switches_kept=0.3, whole_car=0.6, texts_weight=2.0, named_content=0.2),
    ReasoningType("state_shift", "state shift", "shift", generic_requests=0.35, default_answers=0.2,
                  switches_kept=0.55, whole_car=0.6, temporary_state=True, written_last=(0.1, 0.5),
                  described_answers=0.16, texts_weight=2.0),
    ReasoningType("error_correction", "error correction", "correction", generic_requests=0.4, default_answers=0.4,
                  switches_kept=0.3, non_numbers_kept=0.4, whole_car=0.6, named_content=0.25, routes_weight=0.15),
)
REASONING_TYPES = tuple(t.name for t in REASONING)
BY_NAME = {t.name: t for t in REASONING}
# The type whose answers hang on an implied situation (one in the release).
CONDITIONAL = next(t for t in REASONING if t.implied_condition)
