"""A generated benchmark beside the release: the figures behind ``notebooks/06_generated.ipynb``.

Reasoning types and target modules (shares of queries and of reference calls), history size
(lines and o200k_base tokens per group), events per group and the delay between consecutive
events of a chain. The generated side's events and delays are exact (its metadata); the release's
are the estimates ``vmb stats`` documents (conversation chunks; gold-memory date gaps).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from datetime import date

import pandas as pd

from vmb.data import REASONING_TYPES, Benchmark
from vmb.data.metadata import Metadata
from vmb.sim.registry import module_of
from vmb.stats import events, gold_memory_dates, mean_event_gap
from vmb.tokens import count_tokens


def shares(release: Benchmark, generated: Benchmark) -> pd.DataFrame:
    """Percent of queries per reasoning type and of reference calls per target module."""
    rows = []
    for name, bench in (("release", release), ("generated", generated)):
        types = Counter(q.reasoning_type for q in bench.queries)
        modules = Counter(module_of(c["name"]) or "?" for q in bench.queries for c in q.calls)
        n_calls = sum(modules.values())
        rows += [{"benchmark": name, "kind": "reasoning_type", "name": t, "share": 100 * types[t] / len(bench.queries)}
                 for t in REASONING_TYPES]
        rows += [{"benchmark": name, "kind": "target_module", "name": m, "share": 100 * c / n_calls}
                 for m, c in modules.items()]
    frame = pd.DataFrame(rows)
    return frame.pivot_table(index=["kind", "name"], columns="benchmark", values="share", fill_value=0.0).reset_index()


def generated_delays(metadata: Metadata) -> list[int]:
    return [(date.fromisoformat(b.date) - date.fromisoformat(a.date)).days
            for g in metadata.groups for c in g.chains for a, b in zip(c.events, c.events[1:])]


def release_delays(release: Benchmark) -> list[float]:
    return [gap for q in release.queries if (gap := mean_event_gap(gold_memory_dates(q.gold_memory))) is not None]


def sizes(release: Benchmark, generated: Benchmark, metadata: Metadata) -> pd.DataFrame:
    """Per-group means side by side, with how each figure is obtained."""
    def mean(values: Sequence[float]) -> float:
        return sum(values) / len(values) if values else 0.0

    gen_events = [sum(len(c.events) for c in g.chains) for g in metadata.groups]
    rows = [
        ("groups", len(release.groups), len(generated.groups), "count"),
        ("queries", len(release.queries), len(generated.queries), "count"),
        ("history lines per group", mean([len(g.lines) for g in release.groups]),
         mean([len(g.lines) for g in generated.groups]), "mean"),
        ("history tokens per group", mean([count_tokens(g.history_text) for g in release.groups]),
         mean([count_tokens(g.history_text) for g in generated.groups]), "mean, o200k_base"),
        ("events per group", mean([events(g) for g in release.groups]), mean(gen_events),
         "release: estimate (date, hour chunks); generated: exact"),
        ("delay (days)", mean(release_delays(release)), mean(generated_delays(metadata)),
         "release: estimate (gold-memory dates); generated: exact"),
    ]
    return pd.DataFrame(rows, columns=["statistic", "release", "generated", "how"])
