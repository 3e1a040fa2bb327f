"""One benchmark's audit as data (``Audit``, JSON-ready) and several side by side as a text table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vmb.data import REASONING_TYPES, Benchmark, DataError
from vmb.data.defaults import default_values
from vmb.data.reasoning import CONDITIONAL
from vmb.jsontypes import check_fields
from vmb.maker.audit import store
from vmb.maker.audit.answerability import clock_contradiction
from vmb.maker.audit.diversity import measure
from vmb.maker.audit.noise import GroupCounts, NoiseFloor, group_counts, noise_floor
from vmb.maker.baselines import BASELINES, Tasks, score_baseline
from vmb.score import TaskScore
from vmb.sim import replay
from vmb.textable import markdown_lines, plain

ALL = "all"


@dataclass
class Audit:
    name: str  # how the column is headed: the directory's name
    figures: dict[str, float]  # figure -> its value (a count, a share, a mean; NaN where undefined)
    # baseline → {"all" or a reasoning type: ESM in percent}
    baselines: dict[str, dict[str, float]]
    types: dict[str, int]  # reasoning type → queries
    solved_without_memory: list[str] = field(default_factory=list)  # ids a baseline reading no memory passes
    default_values: list[dict[str, str]] = field(default_factory=list)  # {query, call, leaves} per call
    clock_contradictions: list[dict[str, str]] = field(default_factory=list)  # {query, type, clash}
    # how many baseline scores two resamples of its own groups differ by beyond TOLERANCE (noise.py)
    noise_floor: dict[str, float] | None = None
    # each baseline's exact matches per group and scope, what the floor beside another benchmark draws from
    group_counts: GroupCounts = field(default_factory=dict, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != "group_counts"}

    def stored(self) -> dict[str, Any]:
        """What ``vmb.maker.audit.store`` keeps of it: all but the name, which is the caller's."""
        return {k: v for k, v in self.__dict__.items() if k != "name"}

    @classmethod
    def from_stored(cls, name: str, stored: dict[str, Any]) -> Audit:
        """The audit ``stored`` holds, named ``name`` (``KeyError``, ``TypeError``, ``ValueError`` for what is not one:
        every field is checked against its declared type first, so text where a number goes is no audit)."""
        check_fields(cls, {**stored, "name": name}, whole="a stored audit")
        counts = {baseline: {group: {scope: (int(pair[0]), int(pair[1])) for scope, pair in scopes.items()}
                             for group, scopes in groups.items()}
                  for baseline, groups in stored["group_counts"].items()}
        floor = stored["noise_floor"]
        return cls(name, dict(stored["figures"]), {b: dict(s) for b, s in stored["baselines"].items()},
                   {str(t): int(n) for t, n in stored["types"].items()},
                   [str(q) for q in stored["solved_without_memory"]],
                   [dict(d) for d in stored["default_values"]], [dict(c) for c in stored["clock_contradictions"]],
                   None if floor is None else dict(floor), counts)


# What the public release is called wherever vmb audit and notebook 08 name it: by what it is (its checksum), so a
# copy in a folder of any name heads its column, and labels the figure, the same.
RELEASE_NAME = "VehicleMemBench release"


def benchmark_names(dirs: Sequence[Path]) -> list[str]:
    """How each benchmark's column is headed: the public release (``data_checksum``, whatever its folder)
    ``RELEASE_NAME``, another its directory's name ("generated"), or its whole path where two share a name."""
    from vmb.data.locate import data_checksum, release_checksum

    names = [RELEASE_NAME if data_checksum(Path(d)) == release_checksum() else Path(d).name for d in dirs]
    return names if len(set(names)) == len(names) else [str(d) for d in dirs]


def _esm(scores: Sequence[TaskScore], reasoning_type: str | None = None) -> float:
    chosen = [s for s in scores if reasoning_type is None or s.reasoning_type == reasoning_type]
    return 100 * sum(s.exact_match for s in chosen) / len(chosen) if chosen else float("nan")


def audit(bench: Benchmark, *, name: str | None = None, baselines: Sequence[str] | None = None,
          tokens: bool = True) -> Audit:
    """Everything ``vmb audit`` prints for one benchmark (``DataError`` for one without queries), computed once
    per benchmark, vmb version and options (``vmb.maker.audit.store``)."""
    if not bench.queries:
        raise DataError(None, None, f"{bench.root} has no queries: nothing to audit")
    chosen = list(baselines) if baselines is not None else list(BASELINES)
    named = name or Path(bench.root).name
    # each baseline by what it is, not by its name alone: a name given to another rule misses
    rules = [f"{n} {b.memory} {getattr(b.predict, '__module__', '')}.{getattr(b.predict, '__qualname__', '')}"
             if (b := BASELINES.get(n)) else n for n in chosen]
    return store.cached(bench, rules, tokens, lambda: _computed(bench, named, chosen, tokens), Audit.stored,
                        lambda stored: Audit.from_stored(named, stored))


def _computed(bench: Benchmark, name: str, baselines: Sequence[str], tokens: bool) -> Audit:
    """``audit``'s result, computed."""
    tasks = Tasks()
    scored: dict[str, dict[str, float]] = {}
    per_query: dict[str, list[TaskScore]] = {}
    solved: list[str] = []
    for baseline in baselines:
        scores = per_query[baseline] = score_baseline(bench, baseline, tasks)
        scored[baseline] = {ALL: _esm(scores), **{t: _esm(scores, t) for t in REASONING_TYPES}}
        if not BASELINES[baseline].reads_memory:
            solved += [s.task_id or "" for s in scores if s.exact_match and s.task_id not in solved]
    types = {t: sum(q.reasoning_type == t for q in bench.queries) for t in REASONING_TYPES}
    decided: dict[tuple[str, str], list[str]] = {}
    for query in bench.queries:
        for found in default_values(query):
            decided.setdefault((found.query, found.call), []).append(found.leaf)
    defaults = [{"query": q, "call": c, "leaves": ", ".join(leaves)} for (q, c), leaves in decided.items()]
    clashes = [{"query": q.id, "type": q.reasoning_type, "clash": clash}
               for q in bench.queries if (clash := clock_contradiction(q, bench.group(q.group).speakers)) is not None]
    figures = measure(bench, tokens=tokens)
    figures["solved_without_memory"] = len(solved)
    figures["default_value_queries"] = len({d["query"] for d in defaults})
    figures["unchanged_car_queries"] = sum(not replay(list(q.calls))[0].diff() for q in bench.queries)
    figures["clock_contradictions"] = len(clashes)
    figures["conditional_clock_contradictions"] = sum(c["type"] == CONDITIONAL.name for c in clashes)
    counts = group_counts(per_query, list(TOLERANCE))
    floor = noise_floor(counts, TOLERANCE)
    return Audit(name, figures, scored, types, solved, defaults, clashes,
                 floor.to_json() if floor else None, counts)


def _pct(value: float) -> str:
    return f"{value:.1f}%"


def _ratio(value: float) -> str:
    return f"{value:.3f}"


def _count(value: float) -> str:
    return f"{value:,.0f}"


def _mean(value: float) -> str:
    return f"{value:.2f}"


# Figure key → (row label, format), in print order.
ROWS: tuple[tuple[str, str, Callable[[float], str]], ...] = (
    ("groups", "groups", _count),
    ("queries", "queries", _count),
    ("lines", "lines per history", _count),
    ("distinct_lines", "distinct lines per history", _ratio),
    ("distinct_5grams", "distinct word 5-grams", _ratio),
    ("distinct_3grams", "distinct word 3-grams", _ratio),
    ("gzip_ratio", "gzip ratio of a history", _ratio),
    ("vocabulary", "vocabulary per group", _count),
    ("history_tokens", "o200k tokens per history", _count),
    ("speakers", "speakers per group", _mean),
    ("templated_lines", "history lines of 8+ words whose word skeleton another line of the group has", _pct),
    ("ungrammatical_lines", "history lines with a grammar error (do + past verb, a/an, doubled word, ...)", _pct),
    ("ungrammatical_queries", "queries with a grammar error", _pct),
    ("request_wordings", "distinct request wordings", _count),
    ("catalog_phrase", "queries naming the setting by its catalog phrase", _pct),
    ("shared_scenes", "queries narrating a sentence another query narrates", _pct),
    ("type_from_wording", "reasoning type read off the wording (held-out groups)", _pct),
    ("type_majority", "  (always the commonest type)", _pct),
    ("type_from_gold", "reasoning type read off the gold memory (held-out groups)", _pct),
    ("type_from_gold_size", "reasoning type read off the number of gold entries", _pct),
    ("target_apis", "distinct target APIs", _count),
    ("boolean_answers", "boolean answers", _pct),
    ("multi_call_answers", "multi-call answers", _pct),
    ("unstated_values", "answer value never stated literally in the history", _pct),
    ("gold_in_date_order", "gold memory in date order", _pct),
    ("nested_phrase_groups", "groups with one setting's phrase inside another's", _count),
    ("module_gap", "largest module share gap vs Table 4 (points)", _mean),
    ("solved_without_memory", "queries solved with no memory (a baseline reading the query alone passes)", _count),
    ("default_value_queries", "queries with an expected value equal to the default", _count),
    ("unchanged_car_queries", "queries whose answer leaves the car at its default", _count),
    ("clock_contradictions", "queries whose clock contradicts their scene", _count),
    ("conditional_clock_contradictions", f"  of them {CONDITIONAL.name}", _count),
)


def figure_rows(audits: Sequence[Audit]) -> list[list[str]]:
    """Rows of the figures, then the module shares: label, then one cell per audit."""
    rows: list[list[str]] = []
    for key, label, fmt in ROWS:
        if any(key in a.figures for a in audits):
            rows.append([label, *(fmt(a.figures[key]) if key in a.figures else "-" for a in audits)])
    modules = [k for k in audits[0].figures if k.startswith("module:")]
    for key in modules:
        rows.append([f"module share {key.split(':', 1)[1]}", *(_pct(a.figures.get(key, 0.0)) for a in audits)])
    return rows


def baseline_rows(audits: Sequence[Audit]) -> list[list[str]]:
    """Rows of baseline ESM: each baseline overall, then per reasoning type."""
    rows: list[list[str]] = []
    names = list(dict.fromkeys(b for a in audits for b in a.baselines))
    for baseline in names:
        for scope in (ALL, *REASONING_TYPES):
            label = f"baseline {baseline} ESM" if scope == ALL else f"  {scope}"
            rows.append([label, *(_pct(a.baselines[baseline][scope]) if baseline in a.baselines else "-"
                                  for a in audits)])
    return rows


# How far a benchmark's shortcut baseline may sit from the release's, in ESM points: issue 15's targets
# for a generated benchmark (overall, and per reasoning type).
TOLERANCE: dict[str, float] = {ALL: 5.0, **{t: 10.0 for t in REASONING_TYPES}}


@dataclass(frozen=True)
class Gap:
    baseline: str
    scope: str  # "all" or a reasoning type
    ours: float
    against: float

    @property
    def points(self) -> float:
        return self.ours - self.against

    @property
    def outside(self) -> bool:
        return abs(self.points) > TOLERANCE[self.scope]


def baseline_gaps(ours: Audit, against: Audit) -> list[Gap]:
    """Every baseline both audits scored, overall then per reasoning type, with its gap in ESM points."""
    return [Gap(b, scope, ours.baselines[b][scope], against.baselines[b][scope])
            for b in ours.baselines if b in against.baselines for scope in TOLERANCE]


def floor_beside(ours: Audit, against: Audit) -> NoiseFloor | None:
    """What chance alone puts outside the targets between a benchmark of ``ours``'s size and ``against``:
    pairs of resamples of ``against``'s groups, one of as many groups as ``ours`` holds, one of its own count."""
    return noise_floor(against.group_counts, TOLERANCE, size=int(ours.figures["groups"]))


def floor_line(ours: Audit, against: Audit) -> str | None:
    """:func:`floor_beside`, in words."""
    floor = floor_beside(ours, against)
    if floor is None:
        return None
    total = len({g for per in against.group_counts.values() for g in per})
    return (f"noise floor: two independent resamples of {against.name}'s groups, one of {floor.groups} (as "
            f"{ours.name} has) and one of {total}, differ beyond these targets in {floor.mean:.1f} scores on average "
            f"over {floor.draws} pairs, median {floor.median:.0f}, none in {100 * floor.none:.0f}% of pairs; "
            "a count of that size is chance")


def outside_lines(ours: Audit, against: Audit) -> list[str]:
    """One line per baseline score outside :data:`TOLERANCE` of ``against``'s (none: every one within)."""
    return [f"{g.baseline} {g.scope}: {g.ours:.1f} vs {g.against:.1f} ({g.points:+.1f}, beyond ±{TOLERANCE[g.scope]:.0f})"
            for g in baseline_gaps(ours, against) if g.outside]


def side_by_side(audits: Sequence[Audit], *, markdown: bool = False) -> str:
    heads = ["measured", *(a.name for a in audits)]
    rows = figure_rows(audits) + baseline_rows(audits)
    numeric = [False, *([True] * len(audits))]
    if not markdown:
        return plain(heads, rows, numeric)
    # A benchmark's name is the user's text (a folder named a|b): one cell, whatever it holds (markdown_lines
    # escapes every cell).
    return "\n".join(markdown_lines(heads, rows, numeric))
