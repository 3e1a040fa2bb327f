"""A leaderboard of bundles (`vmb board`): one row per run, validated, with the paired test down the list.

Each bundle is validated first (``checked_bundle``: a verdict per run, its benchmark located); then every
run's metric.json gives its row: `vmb show`'s metrics from the metric registry (ESM, F-F1, V-F1 with their
95% intervals, Calls, Mem Token), its coverage, its cost where metric.json priced it, and ESM per reasoning
type. Rows come in three sections, each ranked by ESM within itself: valid complete runs (ranked 1, 2, ...),
then valid partial runs (``partial 1``, ...), then invalid runs, listed and never ranked. A bundle that
cannot be read at all still gets its row (invalid, with its one line). One run given twice (a bundle and its
archive, say: the same configuration hash and the same records) is one row that names both. The same records
under another name (another model or setting in its config.json, the byte-identical results.jsonl) are one
submission: ranked once, where they first appear, and every other name of them is listed as a duplicate,
unranked, naming the run it repeats. Each row is
compared with the next one in its section as `vmb compare` compares two runs (paired by query id, group
bootstrap interval, exact McNemar), when both ran on the same benchmark. The page links each row to its
reproducibility card (written anew from the run's config.json and metric.json: the bundle's own card.md is the
submitter's text, which nothing validates) and to a `vmb view` of its queries. Everything a bundle says is text: through
``vmb.terminal.safe`` everywhere, escaped in HTML, in Markdown cells, and guarded in CSV fields
(``vmb.publish.boardtext``). A board is rewritten in place: the files it wrote before (``WRITTEN`` lists
them) are removed, nothing else of the folder is.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

from vmb.analysis.compare import compare_outcomes, run_outcomes
from vmb.boundedjson import JsonFileError, read_json_file
from vmb.data import REASONING_TYPES
from vmb.errors import VmbError
from vmb.harness.config import EXTERNAL_AGENT
from vmb.outdir import claim_output_dir
from vmb.publish.boardtext import csv_text, markdown_text, page_text
from vmb.publish.card import render_card
from vmb.publish.manifest import RUNS, RunEntry, inside
from vmb.publish.validate import Checked, Verdict, checked_bundle
from vmb.results.metrics import ESM, SHOWN
from vmb.results.rundir import METRIC, RunDirError, read_header
from vmb.results.runsummary import RunSummary, SummaryEntry, SummaryFormatError

TABLE = SHOWN  # the columns of `vmb show`: ESM, F-F1, V-F1 (with intervals), Calls, Mem Token
WRITTEN = ".vmb-board-files"  # the files a board wrote, one a line: removed when it is written again
SECTIONS = ("complete", "partial", "duplicate", "invalid")
RANKED = ("complete", "partial")


@dataclass
class BoardRow:
    bundle: str
    run: str
    model: str
    memory: str
    benchmark: str
    verdict: str
    metrics: SummaryEntry | None  # metric.json's overall entry (None: nothing scored, or it does not read)
    by_type: dict[str, float | None]
    cost: str
    coverage: str = ""
    section: str = "invalid"  # SECTIONS: where it is listed, and whether it is ranked
    rank: str = ""
    identity: tuple[str, ...] = ()  # the same run given twice has the same identity
    records: str = ""  # the SHA-256 of its results.jsonl: the same records under another name have the same
    also: list[str] = field(default_factory=list)  # other bundles that hold the same run
    slug: str = ""
    outcomes: list[Any] = field(default_factory=list)
    versus_next: dict[str, Any] | None = None  # the paired comparison with the row below

    def cells(self) -> dict[str, str]:
        """The row as text, column by column (the same for the page, Markdown and CSV)."""
        bundle = ", ".join([self.bundle, *self.also])
        cells = {"rank": self.rank, "bundle": bundle, "run": self.run, "model": self.model, "memory": self.memory,
                 "verdict": self.verdict, "coverage": self.coverage}
        for metric in TABLE:
            value = None if self.metrics is None else self.metrics.value(metric.key)
            cells[metric.name] = "" if value is None else f"{value:.2f}"
            if metric.interval:
                span = None if self.metrics is None else self.metrics.interval(metric.key)
                cells[f"{metric.name} 95%"] = "" if span is None else f"[{span['low']:.1f}, {span['high']:.1f}]"
        cells["cost"] = self.cost
        for kind in REASONING_TYPES:
            value = self.by_type.get(kind)
            cells[f"{ESM.name} {kind}"] = f"{value:.2f}" if isinstance(value, (int, float)) else ""
        cells["vs next"] = _versus(self.versus_next)
        return cells


def _versus(result: dict[str, Any] | None) -> str:
    if result is None:
        return ""
    if "note" in result:
        return str(result["note"])
    row = result["overall"]
    interval = "n/a" if row["low"] is None else f"[{row['low']:+.2f}, {row['high']:+.2f}]"
    verdict = "significant" if row["significant"] else "not significant"
    return f"{row['difference']:+.2f} {interval}, p={row['p_value']:.3g}, {verdict}"


def _verdict_text(verdict: Verdict) -> str:
    if not verdict.valid:
        return f"INVALID ({len(verdict.problems) + len(verdict.queries)} reasons)"
    return "valid, complete" if verdict.complete else "valid, partial"


def _cost(summary: RunSummary | None) -> str:
    total = None if summary is None else summary.cost.get("total")
    return "" if summary is None or total is None else f"{summary.cost.get('currency', '')} {total}".strip()


def _metric(run_dir: Path) -> RunSummary | None:
    """metric.json of a run of the bundle, read through the bounded reader as a ``RunSummary`` (None when it does
    not read: the run's verdict says why)."""
    try:
        return RunSummary.from_json(read_json_file(run_dir / METRIC))
    except (OSError, JsonFileError, SummaryFormatError):
        return None


def _coverage(verdict: Verdict, entry: RunEntry) -> str:
    c = verdict.coverage or entry.coverage
    errors = f", {c['errors']} in error" if c.get("errors") else ""
    return f"{c.get('scored')} / {c.get('benchmark')}{errors}"


def _identity(checked: Checked, entry: RunEntry) -> tuple[str, ...]:
    """What makes a run the same run in another bundle: its configuration hash and its files' checksums."""
    files = checked.manifest.files
    return (entry.hash, *(files[name].sha256 if name in files else "" for name in
                          (f"{entry.path}/results.jsonl", f"{entry.path}/metric.json", f"{entry.path}/config.json")))


def _records_digest(checked: Checked, entry: RunEntry) -> str:
    listed = checked.manifest.files.get(f"{entry.path}/results.jsonl")
    return "" if listed is None else listed.sha256


def _rows_of(bundle: Path, data: str | None, out: Path, taken: set[str], written: list[str]) -> list[BoardRow]:
    from vmb.analysis.runs import load_runs
    from vmb.analysis.viewer import write_viewer

    label = bundle.name.removesuffix(".tar.gz")
    rows = []
    try:
        with checked_bundle(bundle, data) as checked:
            for entry, verdict in zip(checked.manifest.runs, checked.verdicts, strict=True):
                run_dir = checked.root / entry.path
                metric = _metric(run_dir)
                by_type = {} if metric is None else {e.group: e.value(ESM.key) for e in metric.by_reasoning_type}
                row = BoardRow(bundle=label, run=entry.name, model=_who(entry), memory=entry.memory,
                               benchmark=entry.benchmark, verdict=_verdict_text(verdict),
                               metrics=None if metric is None else metric.overall, by_type=by_type,
                               cost=_cost(metric), coverage=_coverage(verdict, entry),
                               section=("complete" if verdict.complete else "partial") if verdict.valid else "invalid",
                               identity=_identity(checked, entry), records=_records_digest(checked, entry))
                row.slug = _slug(f"{label}-{entry.name}", taken)
                bench = checked.located[entry.benchmark].bench
                if verdict.valid and bench is not None:
                    row.outcomes = run_outcomes(run_dir, bench=bench)
                    view = out / "view" / row.slug
                    # Read from a copy: the run reader keeps a cache beside the run, never written into a bundle.
                    with TemporaryDirectory(prefix="vmb-board-") as scratch:
                        copy = Path(scratch) / RUNS / entry.name
                        shutil.copytree(run_dir, copy, symlinks=True)
                        write_viewer(load_runs([copy], bench=bench), bench, view)
                    written += [f"view/{row.slug}/{p.relative_to(view).as_posix()}" + ("" if p.is_file() else "/")
                                for p in sorted(view.rglob("*"))] + [f"view/{row.slug}/"]
                card = _card(run_dir, entry, checked, metric)
                if card is not None:
                    (out / "cards").mkdir(exist_ok=True)
                    (out / "cards" / f"{row.slug}.md").write_text(card, encoding="utf-8")
                    written.append(f"cards/{row.slug}.md")
                rows.append(row)
    except VmbError as error:  # a bundle that does not read at all: its row says why, never ranked
        rows.append(BoardRow(bundle=label, run="", model="", memory="", benchmark="",
                             verdict=f"INVALID ({str(error)[:300]})", metrics=None, by_type={}, cost="",
                             slug=_slug(label, taken)))
    return rows


def _who(entry: RunEntry) -> str:
    """The row's model: the model, an offline agent's name, or an outside agent's name said as one (vmb serve and
    vmb import name it as its submitter says; no model request shows which agent it was)."""
    if entry.agent == EXTERNAL_AGENT:
        return f"{entry.model or 'unnamed'} (outside agent)"
    return entry.model or entry.agent


def _card(run_dir: Path, entry: RunEntry, checked: Checked, metric: RunSummary | None) -> str | None:
    """The run's card written anew from what the bundle holds of it (config.json, metric.json, the manifest), never
    the bundle's own card.md: that file is the submitter's text, which nothing validates (None: no card can be
    written, the run's header or summary being unreadable; its row says why)."""
    if metric is None:
        return None
    try:
        return render_card(entry, read_header(run_dir), metric, checked.manifest)
    except (RunDirError, KeyError, TypeError, ValueError):
        return None


def _slug(name: str, taken: set[str]) -> str:
    base = "".join(c if c.isalnum() or c in "-_." else "_" for c in name).strip("._") or "run"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def one_row_per_run(rows: list[BoardRow]) -> list[BoardRow]:
    """The rows with a run given twice (the same identity, valid both times) kept once, naming every bundle."""
    kept: dict[tuple[str, ...], BoardRow] = {}
    by_records: dict[str, BoardRow] = {}
    out = []
    for row in rows:
        first = kept.get(row.identity) if row.identity and row.section != "invalid" else None
        if first is not None and first.section == row.section:
            first.also.append(row.bundle)
            continue
        if row.identity and row.section != "invalid":
            kept[row.identity] = row
        ranked = by_records.get(row.records) if row.records and row.section in RANKED else None
        if ranked is not None:  # the same records under another name: one submission, ranked once
            row.section = "duplicate"
            row.verdict = f"DUPLICATE (the same records as {ranked.bundle} {ranked.run}, ranked there)"
        elif row.records and row.section in RANKED:
            by_records[row.records] = row
        out.append(row)
    return out


def _esm(row: BoardRow) -> float:
    value = None if row.metrics is None else row.metrics.value(ESM.key)
    return -1.0 if value is None else float(value)


def rank(rows: list[BoardRow]) -> list[BoardRow]:
    """Complete runs by ESM, then partial runs by ESM, each ranked among themselves, then duplicates and invalid
    runs (never ranked); each ranked row compared with the next below it in its section when both ran on the same
    benchmark."""
    ordered: list[BoardRow] = []
    for section in SECTIONS:
        part = sorted([r for r in rows if r.section == section], key=lambda r: -_esm(r))
        for number, row in enumerate(part, 1):
            row.rank = "" if section not in RANKED else str(number) if section == "complete" else f"partial {number}"
        if section in RANKED:
            for above, below in zip(part, part[1:]):
                if above.benchmark != below.benchmark:
                    above.versus_next = {"note": "next row ran on another benchmark"}
                    continue
                result = compare_outcomes(above.outcomes, below.outcomes)
                above.versus_next = result if result["shared"] else {"note": "no scored query in common"}
        ordered += part
    return ordered


def claim(out: Path) -> None:
    """The one output-directory rule (new, empty, or a board written before), then the files the last board
    wrote removed (and the folders they leave empty): what a board links to is this run's; nothing else goes."""
    claim_output_dir(out, "vmb board")
    try:
        listed = (out / WRITTEN).read_text(encoding="utf-8").splitlines()[:100_000]
    except (OSError, UnicodeDecodeError):
        listed = []
    folders: set[Path] = set()
    for name in listed:  # FILE, or FOLDER/ (removed when the board's files leave it empty)
        try:
            path = out / inside(name.removesuffix("/"), str(out / WRITTEN))
        except VmbError:
            continue
        if any(p.is_symlink() for p in [path, *path.parents] if out in p.parents):
            continue
        if name.endswith("/"):
            folders.add(path)
        elif path.is_file():
            path.unlink()
            folders |= {p for p in path.parents if out in p.parents}
    for folder in sorted(folders, key=lambda f: -len(f.parts)):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()


def write_board(bundles: Sequence[Path], out: Path, data: str | None = None) -> list[BoardRow]:
    """The board of ``bundles`` into ``out``: index.html, board.md, board.csv, cards/ and view/."""
    claim(out)
    taken: set[str] = set()
    written: list[str] = []
    rows = rank(one_row_per_run([row for bundle in bundles for row in _rows_of(bundle, data, out, taken, written)]))
    tables = [row.cells() for row in rows]
    heads = list(tables[0]) if tables else ["rank"]
    links = [(row.slug if (out / "view" / row.slug).is_dir() else None,
              row.slug if (out / "cards" / f"{row.slug}.md").is_file() else None) for row in rows]
    (out / "board.csv").write_text(csv_text(heads, tables), encoding="utf-8")
    (out / "board.md").write_text(markdown_text(heads, tables), encoding="utf-8")
    (out / "index.html").write_text(page_text(heads, tables, links), encoding="utf-8")
    (out / WRITTEN).write_text("".join(f"{name}\n" for name in [*written, "board.csv", "board.md", "index.html"]),
                               encoding="utf-8")
    return rows
