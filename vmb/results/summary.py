"""``metric.json``: the paper's numbers for a run, from its records alone.

ESM, F-F1 and V-F1 are means over the scored queries (``ok`` records), in percent with two decimals
as the paper prints them; ``errors`` counts the queries whose requests failed, which are neither
scored nor counted as model failures, and ``pending`` the selected queries with no record yet.
Calls is the mean number of tool invocations per query (discovery and memory included). Mem Token
is the mean o200k_base token count of memory content per retrieval. Nothing time-dependent goes in,
so a resumed run's file equals an uninterrupted one's, and a run merged from shards an unsharded one's.

With repeated trials (``--trials K``) every (query, trial) is one scored attempt: the means are over
attempts, ``selected`` counts attempts, and each entry adds each trial's ESM, pass^k and pass@k for
k = 1..K (``vmb.uncertainty``). Every entry's ESM, F-F1 and V-F1 carry a 95% group-bootstrap
interval (``intervals``; the method is stated in ``interval_method``). ``cost`` is money from the
price table when the model has a price, and says "no price" otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, cast

from vmb.errors import VmbError
from vmb.memory import memory_info
from vmb.memory.buildfile import BUILD_FILE, BuildFileError, BuildRecord, read_build
from vmb.prices import PriceTable, cost_figures
from vmb.results import metrics
from vmb.results.behaviour import Behaviour, behaviour_of
from vmb.results.record import OK, QueryRecord, attempt_key
from vmb.results.record_parts import Attribution
from vmb.results.runsummary import Cost, MemoryBuild, RunIdentity, RunSummary, SummaryEntry
from vmb.score import target_modules
from vmb.score.formulas import Metrics
from vmb.uncertainty import METHOD, trial_figures
from vmb.usage import ZERO, Usage

GROUPINGS = tuple(by for by in metrics.GROUPINGS if by is not None)
# Every metric with an interval, as the trial figures take them: key → per-attempt value.
INTERVAL_VALUES = {m.key: m.value for m in metrics.WITH_INTERVAL}


@dataclass(frozen=True)
class QueryRow:
    """One query of one run, as the metrics see it: what the record says of it, without its transcript.

    The fields named as ``QueryRecord``'s are the record's, as it declares them (``of`` copies them by
    name; tests/results/test_outcome_shape.py holds their types to the record's). The rest the row adds:
    the target modules, the scorer's numbers, what the requests used, the behaviour counted off the
    transcript, and the stage of a scored query. Rows are keyed by ``(id, trial)``: a run that repeats
    each query has one row per trial. ``score`` is None unless the query was scored (``status`` ``ok``).
    """

    id: str
    group: int
    reasoning_type: str
    status: str
    error: str | None
    error_kind: str | None  # why a request failed (``RequestFailed.kind``), for an error row
    call_count: int  # tool invocations, discovery and memory included
    text_calls: int
    round_limit_hit: bool
    trial: int
    mem_tokens: tuple[int, ...]  # the record's, kept as a tuple: tokens of memory content per retrieval
    modules: tuple[str, ...]  # the query's target modules (of its reference calls)
    score: Metrics | None  # the scorer's numbers (``vmb.score.formulas``), which the metric registry reads
    usage: Usage  # what the query's model requests used
    behaviour: Behaviour = Behaviour()  # degenerate output and protocol mistakes, counted
    attribution: Attribution | None = None  # the stored stage of a scored query (``vmb.results.stages``)

    @property
    def ok(self) -> bool:
        return self.status == OK

    @property
    def exact_match(self) -> bool | None:
        """Solved (None unless scored)."""
        return None if self.score is None else self.score.exact_match

    @property
    def key(self) -> tuple[str, int]:
        return self.id, self.trial

    @classmethod
    def of(cls, record: QueryRecord, modules: Sequence[str] | None = None) -> QueryRow:
        """The row of a record; ``modules`` for a record without a score (else from its reference calls)."""
        score = record.score if record.ok else None
        if score is not None:
            modules = target_modules(score.ref_calls)
        return cls(**{name: getattr(record, name) for name in ROW_FIELDS},
                   mem_tokens=tuple(record.mem_tokens), modules=tuple(modules or ()),
                   score=None if score is None else score.metrics,
                   behaviour=behaviour_of(record), attribution=record.attribution if score is not None else None)


# The record's fields a row holds as the record holds them (not its memory tokens, kept as a tuple, its
# score, of which the row keeps the numbers, or its stage, kept only when scored).
_RECORD_FIELDS = {f.name for f in fields(QueryRecord)} - {"mem_tokens", "score", "attribution"}
ROW_FIELDS = tuple(f.name for f in fields(QueryRow) if f.name in _RECORD_FIELDS)


def summarize(rows: Iterable[QueryRow], by: str | None = None) -> list[dict[str, Any]]:
    """The paper's numbers over the scored rows, overall (``by=None``: one entry, or none) or per group.

    Each entry: ``group``, ``n`` (scored queries), then every metric of the registry
    (``vmb.results.metrics``: percent means, mean calls, Mem Token per retrieval with the number of
    ``retrievals``); then the 95% ``intervals`` of the metrics that have one, ``trials``,
    ``esm_by_trial``, ``pass_hat_k`` and ``pass_at_k`` (``vmb.uncertainty.trial_figures``). Per group,
    largest groups first.
    """
    ok = [row for row in rows if row.ok]
    if not ok:
        return []
    members: dict[str, list[QueryRow]] = {}
    for row in ok:
        for key in metrics.group_keys(row.reasoning_type, row.modules, by):
            members.setdefault(key, []).append(row)
    return [{"group": entry["group"], "n": entry["n"], **{k: entry[k] for k in metrics.SUMMARY_KEYS},
             **trial_figures(members[entry["group"]], INTERVAL_VALUES)}
            for entry in metrics.aggregate(ok, by=by)]


def coverage(rows: Sequence[QueryRow], selected: int) -> dict[str, int]:
    """How many selected queries were scored, failed to run (``errors``) or have no record yet."""
    scored = sum(row.ok for row in rows)
    return {"selected": selected, "scored": scored, "errors": len(rows) - scored, "pending": selected - len(rows)}


def paper_rows(memory: str) -> list[dict[str, str]]:
    """The paper's printed rows for this memory setting (any backbone), for comparison."""
    if memory == "none":
        return metrics.paper_table("table6_no_memory")
    name = memory_info(memory).paper_name or memory
    rows = [r for r in metrics.paper_table("table1_overall") if r["memory"] == name]
    rows += [{"model": r["model"], "memory": name, **{k: r[k] for k in (metrics.ESM.key, metrics.MEM_TOKEN.key)}}
             for r in metrics.paper_table("table2_memory_systems") if r["memory_system"] == name]
    return rows


class BuildRecordError(VmbError, ValueError):
    """A group's build.json in a run's memory that does not read."""


# The build's health as metric.json sums it over groups (``vmb.memory.base.BuildHealth``).
HEALTH_COUNTS = ("truncated", "refused")


def memory_cost(memory_dir: Path) -> MemoryBuild | None:
    """Memory construction cost and health per group and in total (wall seconds stay in each build.json).

    Health, where the build recorded it: replies cut off and calls refused (summed), ``loops`` (days
    on which the model kept writing one target, each with its date, target and calls),
    ``empty_stores`` (groups whose memory ended empty) and ``warnings`` (the health check's, each with its
    group: ``vmb.memory.health``), the run's warnings of what was built.
    """
    builds = sorted(memory_dir.glob(f"group_*/{BUILD_FILE}"), key=lambda p: int(p.parent.name.split("_")[1]))
    if not builds:
        return None
    keys = ("model_calls", "prompt_tokens", "completion_tokens", "embedding_calls")
    per_group: list[dict[str, Any]] = []
    records: list[tuple[int, BuildRecord]] = []
    for path in builds:
        try:
            record = read_build(path.parent)
        except BuildFileError as error:
            # A run's files are data: a damaged build record is one line naming it, never a traceback.
            raise BuildRecordError(str(error)) from None
        number = int(path.parent.name.split("_")[1])
        cost = record.cost.to_json()
        entry: dict[str, Any] = {"group": number, **{k: cost[k] for k in keys}}
        if record.health is not None:
            entry["health"] = record.health.to_json()
        per_group.append(entry)
        records.append((number, record))
    total = {k: sum(g[k] for g in per_group) for k in keys}
    healths = [(number, r.health) for number, r in records if r.health is not None]
    counts = {k: sum(getattr(h, k) for _, h in healths) for k in HEALTH_COUNTS}
    loops = [{"group": number, **loop.to_json()} for number, h in healths for loop in h.loops]
    empty = [number for number, h in healths if h.empty]
    warnings = [{"group": number, **w.to_json()} for number, h in healths for w in h.warnings]
    return cast(MemoryBuild, {"groups": len(per_group), **total, **counts, "loops": loops, "empty_stores": empty,
                              "warnings": warnings, "per_group": per_group})


def cost_of(rows: Sequence[QueryRow], model: str | None, build: MemoryBuild | None,
            prices: PriceTable | None) -> Cost:
    """The money the rows' requests and the memory construction (``memory_cost``) cost, or "no price"."""
    built = None if build is None else Usage(prompt_tokens=build["prompt_tokens"],
                                             completion_tokens=build["completion_tokens"])
    return cast(Cost, cost_figures(prices, model, queries=sum((row.usage for row in rows), ZERO), build=built,
                                   attempts=sum(row.ok for row in rows), solved=sum(bool(row.exact_match) for row in rows)))


def compute_metric(rows: Sequence[QueryRow], selected: Sequence[tuple[str, int]], run: RunIdentity,
                   memory_dir: Path, prices: PriceTable | None = None) -> RunSummary:
    """metric.json: the run's numbers over the rows of its selected (query, trial) keys."""
    by_key = {row.key: row for row in rows}
    chosen = [by_key[key] for key in selected if key in by_key]
    ok = [row for row in chosen if row.ok]
    errors = [row for row in chosen if not row.ok]
    overall = summarize(ok)
    counts = coverage(chosen, len(selected))
    build = memory_cost(memory_dir)
    solved = sum(bool(row.exact_match) for row in ok)
    used = sum((row.usage for row in chosen), ZERO)
    grouped = {f"by_{by}": [SummaryEntry.of(metrics.rounded(e)) for e in summarize(ok, by)] for by in GROUPINGS}
    return RunSummary(
        run=run,
        interval_method=METHOD,
        selected=counts["selected"],
        scored=counts["scored"],
        solved=solved,
        errors=counts["errors"],
        # Prompts beyond the model's context: a rerun fails the same way, so they are counted apart.
        context_overflows=sum(row.error_kind == "context_overflow" for row in errors),
        pending=counts["pending"],
        overall=SummaryEntry.of(metrics.rounded(overall[0])) if overall else None,
        by_reasoning_type=grouped["by_reasoning_type"],
        by_module=grouped["by_module"],
        text_calls=sum(row.text_calls for row in ok),
        round_limit_hit=sum(row.round_limit_hit for row in ok),
        tokens={"prompt": used.prompt_tokens, "completion": used.completion_tokens},
        memory_build=build,
        cost=cost_of(chosen, run["model"], build, prices),
        error_queries=[{"id": attempt_key(row.id, row.trial), "error": row.error,
                        "kind": row.error_kind or "request_failed"} for row in errors],
        paper=paper_rows(run["memory"]),
    )
