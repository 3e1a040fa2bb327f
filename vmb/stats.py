"""The paper's dataset tables (Tables 3, 4 and 5) computed from the release, beside the printed figures.

Table 3 (statistics) and Table 4 (distribution of reasoning types and of the modules the reference
calls target) are computed from the loaded benchmark; Table 5 (the API catalog) from the simulator's
registry. Three figures of Table 3 cannot be read off the release (the paper's events per instance,
delay and number of chains come from its generation pipeline): for those, a documented estimate
from the data is shown beside the paper's figure, its definition in the table.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from vmb import escape
from vmb.data import REASONING_TYPES, Benchmark, Group
from vmb.data.metadata import Metadata
from vmb.paper import read_table
from vmb.textable import markdown_lines
from vmb.tokens import count_tokens

# A speaker with at least this share of a group's lines is one of its personas. Five groups have a
# fourth, minor speaker (a child or a passer-by, 1 to 27 lines out of ~2,700); the three personas
# of every group each say over a quarter of the lines, so the threshold is far from both.
PERSONA_SHARE = 0.05
UNKNOWN_MODULE = "(malformed API name)"
_MONTHS = {
    name: number
    for number, name in enumerate(
        ("January", "February", "March", "April", "May", "June", "July", "August", "September",
         "October", "November", "December"),
        start=1,
    )
}
# Gold memory entries start with their date: "[April 15, 2025] At 9:00 AM, ...".
_GOLD_DATE = re.compile(r"^\[([A-Z][a-z]+) (\d{1,2}), (\d{4})\]", re.MULTILINE)


@dataclass(frozen=True)
class Table:
    name: str  # file stem of the CSV and Markdown outputs
    title: str
    columns: list[str]
    rows: list[dict[str, Any]]
    notes: list[str]


# --- the quantities behind Table 3 ---------------------------------------------------------------


def personas(group: Group) -> list[str]:
    """Speakers of a group with at least PERSONA_SHARE of its lines (the group's personas)."""
    said = Counter(line.speaker for line in group.lines)
    return [s for s in group.speakers if said[s] >= PERSONA_SHARE * len(group.lines)]


def events(group: Group) -> int:
    """Conversation chunks of a group: its distinct (date, clock hour) pairs."""
    return len({(line.timestamp.date(), line.timestamp.hour) for line in group.lines})


def gold_memory_dates(gold_memory: str) -> list[date]:
    """Dates of the entries of one gold memory, in the order written."""
    return [
        date(int(year), _MONTHS[month], int(day))
        for month, day, year in _GOLD_DATE.findall(gold_memory)
        if month in _MONTHS
    ]


def mean_event_gap(dates: list[date]) -> float | None:
    """Mean days between consecutive dated events (sorted); None with fewer than two events."""
    ordered = sorted(dates)
    if len(ordered) < 2:
        return None
    return (ordered[-1] - ordered[0]).days / (len(ordered) - 1)


def persona_chains(group: Group) -> int:
    """Preference chains the queries of a group track: (query, persona named in its gold memory)
    pairs. A persona is named by full name, or by first name when no other persona shares it."""
    people = personas(group)
    first_names = Counter(p.split()[0] for p in people)
    patterns = []
    for person in people:
        aliases = [person] + ([person.split()[0]] if first_names[person.split()[0]] == 1 else [])
        patterns.append(re.compile(r"\b(?:" + "|".join(map(re.escape, aliases)) + r")\b"))
    return sum(1 for q in group.queries for pattern in patterns if pattern.search(q.gold_memory))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _paper_number(text: str) -> float | int:
    return int(text) if text.isdigit() else float(text)


def generated_figures(metadata: Metadata) -> dict[str, tuple[float, str]]:
    """Exact chain, event and delay figures of a generated benchmark, from its metadata file."""
    groups = metadata.groups
    gaps = [
        (date.fromisoformat(b.date) - date.fromisoformat(a.date)).days
        for g in groups for chain in g.chains for a, b in zip(chain.events, chain.events[1:])
    ]
    chains = sum(len(g.chains) for g in groups)
    return {
        "chains": (chains, "chains of the metadata (background and vehicle), summed over groups"),
        "events per instance": (_mean([sum(len(c.events) for c in g.chains) for g in groups]),
                                "events of the metadata per group"),
        "delay (days)": (_mean(gaps), f"mean days between consecutive events of a chain, over all {len(gaps)} "
                                      "such pairs of the metadata"),
    }


def table3(bench: Benchmark, metadata: Metadata | None = None) -> Table:
    paper = {row["statistic"]: _paper_number(row["value"]) for row in read_table("table3_statistics")}
    gold_paper = next(
        float(row["Mem Token"]) for row in read_table("table2_memory_systems") if row["memory_system"] == "gold_memory"
    )
    groups, queries = bench.groups, bench.queries
    gaps = [gap for q in queries if (gap := mean_event_gap(gold_memory_dates(q.gold_memory))) is not None]
    rows = [
        ("groups", len(groups), paper["groups"], "count", "history/QA file pairs"),
        ("personas", sum(len(personas(g)) for g in groups), paper["personas"], "count",
         f"speakers with at least {PERSONA_SHARE:.0%} of their group's lines, summed over groups"),
        ("speakers (all)", sum(len(g.speakers) for g in groups), None, "count",
         "every distinct speaker, summed over groups (includes minor speakers)"),
        ("queries", len(queries), paper["queries"], "count", "entries of the QA files"),
        ("chains", sum(persona_chains(g) for g in groups), paper["chains"], "estimate",
         "(query, persona named in its gold memory) pairs: one preference chain per persona a query's memory tracks"),
        ("events per instance", _mean([events(g) for g in groups]), paper["events_per_instance"], "estimate",
         "conversation chunks per group: distinct (date, clock hour) pairs of its history lines"),
        ("delay (days)", _mean(gaps), paper["delay_days"], "estimate",
         f"mean days between consecutive dated gold-memory events, averaged over the {len(gaps)} queries "
         "with two or more events"),
        ("history lines (mean)", _mean([len(g.lines) for g in groups]), paper["history_lines_mean"], "mean",
         "lines per history file"),
        ("history tokens (mean)", _mean([count_tokens(g.history_text) for g in groups]), paper["history_tokens_mean"],
         "mean", "o200k_base tokens per history file"),
        ("gold memory tokens (mean)", _mean([count_tokens(q.gold_memory) for q in queries]), gold_paper, "mean",
         "o200k_base tokens of gold_memory per query (paper: Table 2, Mem Token)"),
    ]
    notes = ["'estimate': the release does not record this quantity; the figure follows the definition given."]
    if metadata is not None:
        exact = generated_figures(metadata)
        rows = [(name, exact[name][0], printed, "exact", exact[name][1]) if name in exact else
                (name, ours, printed, kind, definition) for name, ours, printed, kind, definition in rows]
        notes = ["'exact': read from the generated benchmark's metadata.json (chains, events and dates)."]
    return Table(
        name="table3_statistics",
        title="Table 3: dataset statistics",
        columns=["statistic", "ours", "paper", "kind", "definition"],
        rows=[dict(zip(["statistic", "ours", "paper", "kind", "definition"], row)) for row in rows],
        notes=notes,
    )


def table4(bench: Benchmark) -> Table:
    from vmb.sim.registry import module_of

    paper: dict[tuple[str, str], dict[str, str]] = {
        (row["kind"], row["name"]): row for row in read_table("table4_distribution")
    }
    n = len(bench.queries)
    types = Counter(q.reasoning_type for q in bench.queries)
    modules = Counter(module_of(call["name"]) or UNKNOWN_MODULE for q in bench.queries for call in q.calls)
    for kind, name in paper:  # a figure the paper prints is shown even when the release has none
        (types if kind == "reasoning_type" else modules).setdefault(name, 0)
    type_order = [t for t in REASONING_TYPES if t in types] + sorted(set(types) - set(REASONING_TYPES))
    module_order = sorted(modules, key=lambda m: (-modules[m], m))
    rows = []
    for kind, names, counts in (("reasoning_type", type_order, types), ("target_module", module_order, modules)):
        for name in names:
            printed = paper.get((kind, name))
            rows.append({
                "kind": kind,
                "name": name,
                "ours": counts[name],
                "ours_share": 100 * counts[name] / n if n else 0.0,
                "paper": int(printed["count"]) if printed else None,
                "paper_share": float(printed["share"]) if printed else None,
            })
    return Table(
        name="table4_distribution",
        title="Table 4: reasoning types and target modules",
        columns=["kind", "name", "ours", "ours_share", "paper", "paper_share"],
        rows=rows,
        notes=[
            f"Target modules are counted over the {sum(modules.values())} reference calls of the {n} queries "
            "(module = the API name's second part); the paper prints the six largest.",
            f"Shares are percent of the {n} queries for both kinds, as the paper computes them.",
        ],
    )


def table5() -> Table:
    from vmb.sim.registry import MODULES

    rows: list[dict[str, Any]] = [
        {"module": m.name, "apis": len(m.apis), "api_names": ", ".join(m.apis)} for m in MODULES.values()
    ]
    rows.append({"module": "total", "apis": sum(r["apis"] for r in rows), "api_names": f"{len(MODULES)} modules"})
    return Table(
        name="table5_api_catalog",
        title="Table 5: vehicle API catalog",
        columns=["module", "apis", "api_names"],
        rows=rows,
        notes=["API names omit the 'carcontrol_<module>_' prefix; from the simulator's registry (vmb.sim.registry)."],
    )


def compute(bench: Benchmark, metadata: Metadata | None = None) -> list[Table]:
    """The tables; with a generated benchmark's metadata, Table 3's chain, event and delay rows
    are exact figures instead of estimates."""
    return [table3(bench, metadata), table4(bench), table5()]


# --- output ----------------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    if value is None:
        return "—"  # the paper prints no figure here
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


def to_markdown(table: Table) -> str:
    cells = [[_cell(row[c]) for c in table.columns] for row in table.rows]
    numeric = [all(isinstance(row[c], (int, float)) or row[c] is None for row in table.rows) for c in table.columns]
    body = [f"## {table.title}", "", *markdown_lines(table.columns, cells, numeric), ""]
    return "\n".join(body + [f"- {note}" for note in table.notes]) + "\n"


def _csv_value(value: Any) -> Any:
    # Full precision would only add noise; four decimals keep every paper figure comparable. A benchmark's names
    # (its reasoning types, modules) are text from outside: vmb.escape.csv.
    if isinstance(value, str):
        return escape.csv(value)
    return round(value, 4) if isinstance(value, float) else ("" if value is None else value)


def write_tables(tables: list[Table], out_dir: Path) -> list[Path]:
    """Write each table as ``<name>.csv`` and ``<name>.md`` under ``out_dir`` (new, empty or these tables' own,
    ``vmb.outdir``); return the paths."""
    from vmb.outdir import claim_output_dir

    claim_output_dir(out_dir, "vmb stats")
    written = []
    for table in tables:
        csv_path = out_dir / f"{table.name}.csv"
        with csv_path.open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=table.columns)
            writer.writeheader()
            writer.writerows({c: _csv_value(row[c]) for c in table.columns} for row in table.rows)
        md_path = out_dir / f"{table.name}.md"
        md_path.write_text(to_markdown(table), encoding="utf-8")
        written += [csv_path, md_path]
    return written
