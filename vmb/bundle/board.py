"""A leaderboard of bundles (`vmb board`): one row per run, validated, with the paired test down the list.

Each bundle is validated first (``validate_bundle``: a verdict per run); then every run's metric.json gives
its row: `vmb show`'s metrics from the metric registry (ESM, F-F1, V-F1 with their 95% intervals,
Calls, Mem Token), its cost where metric.json priced it, and ESM per reasoning type. Rows are sorted by
ESM, and each row is compared with the next one below it as `vmb compare` compares two runs (paired by
query id, group bootstrap interval, exact McNemar), when both ran on the same benchmark. The page links
each row to its reproducibility card and to a `vmb view` of its queries. Everything a bundle says is text:
escaped in HTML, in Markdown cells, in CSV fields.
"""

from __future__ import annotations

import csv
import html
import io
import json
import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vmb.analysis.compare import compare_outcomes, run_outcomes
from vmb.bundle.manifest import CARD, BundleError
from vmb.bundle.validate import Verdict, open_bundle, validate_bundle
from vmb.data import REASONING_TYPES
from vmb.outdir import claim_output_dir
from vmb.results.metrics import ESM, SHOWN
from vmb.textable import markdown_cell

TABLE = SHOWN  # the columns of `vmb show`: ESM, F-F1, V-F1 (with intervals), Calls, Mem Token


@dataclass
class BoardRow:
    bundle: str
    run: str
    model: str
    memory: str
    benchmark: str
    verdict: str
    metrics: dict[str, Any]  # metric.json's overall entry
    by_type: dict[str, float | None]
    cost: str
    slug: str = ""
    outcomes: list[Any] = field(default_factory=list)
    versus_next: dict[str, Any] | None = None  # the paired comparison with the row below

    def cells(self) -> dict[str, str]:
        """The row as text, column by column (the same for the page, Markdown and CSV)."""
        cells = {"rank": "", "bundle": self.bundle, "run": self.run, "model": self.model, "memory": self.memory,
                 "verdict": self.verdict}
        intervals = self.metrics.get("intervals") or {}
        for metric in TABLE:
            value = self.metrics.get(metric.key)
            cells[metric.name] = "" if value is None else f"{value:.2f}"
            if metric.interval:
                span = intervals.get(metric.key) or {}
                cells[f"{metric.name} 95%"] = (f"[{span['low']:.1f}, {span['high']:.1f}]"
                                               if "low" in span and "high" in span else "")
        cells["cost"] = self.cost
        for kind in REASONING_TYPES:
            value = self.by_type.get(kind)
            cells[f"{ESM.name} {kind}"] = "" if value is None else f"{value:.2f}"
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


def _cost(metric: dict[str, Any]) -> str:
    cost = metric.get("cost") or {}
    total = cost.get("total")
    return "" if total is None else f"{cost.get('currency', '')} {total}".strip()


def _metric(run_dir: Path) -> dict[str, Any]:
    path = run_dir / "metric.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise BundleError(f"{path}: not readable as JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("overall"), dict):
        raise BundleError(f"{path}: holds no overall entry")
    return data


def _rows_of(bundle: Path, data: str | None, out: Path, taken: set[str]) -> list[BoardRow]:
    from vmb.analysis.runs import load_runs, runs_benchmark
    from vmb.analysis.viewer import write_viewer

    verdicts = validate_bundle(bundle, data)
    rows = []
    with open_bundle(bundle) as (root, manifest):
        for entry, verdict in zip(manifest.runs, verdicts, strict=True):
            run_dir = root / entry.path
            metric = _metric(run_dir)
            by_type = {str(e.get("group")): e.get(ESM.key) for e in metric.get("by_reasoning_type") or []
                       if isinstance(e, dict)}
            label = bundle.name.removesuffix(".tar.gz")
            row = BoardRow(bundle=label, run=entry.name, model=entry.model or entry.agent, memory=entry.memory,
                           benchmark=entry.benchmark, verdict=_verdict_text(verdict), metrics=metric["overall"],
                           by_type=by_type, cost=_cost(metric))
            row.slug = _slug(f"{label}-{entry.name}", taken)
            bench = runs_benchmark([run_dir], data)
            row.outcomes = run_outcomes(run_dir)
            write_viewer(load_runs([run_dir], bench=bench), bench, out / "view" / row.slug)
            card = run_dir / CARD
            if card.is_file():
                (out / "cards").mkdir(exist_ok=True)
                shutil.copyfile(card, out / "cards" / f"{row.slug}.md")
            rows.append(row)
    return rows


def _slug(name: str, taken: set[str]) -> str:
    base = "".join(c if c.isalnum() or c in "-_." else "_" for c in name).strip("._") or "run"
    slug, n = base, 2
    while slug in taken:
        slug, n = f"{base}-{n}", n + 1
    taken.add(slug)
    return slug


def rank(rows: list[BoardRow]) -> list[BoardRow]:
    """Rows by ESM, highest first, each compared with the next below it on the same benchmark."""
    ordered = sorted(rows, key=lambda r: -(r.metrics.get(ESM.key) or 0.0))
    for above, below in zip(ordered, ordered[1:]):
        if above.benchmark != below.benchmark:
            above.versus_next = {"note": "next row ran on another benchmark"}
            continue
        result = compare_outcomes(above.outcomes, below.outcomes)
        above.versus_next = result if result["shared"] else {"note": "no scored query in common"}
    return ordered


def claim(out: Path) -> None:
    """The one output-directory rule (new, empty, or a board written before), then last run's views and cards
    cleared: what a board links to is this run's."""
    claim_output_dir(out, "vmb board")
    for part in ("view", "cards"):
        shutil.rmtree(out / part, ignore_errors=True)


def write_board(bundles: Sequence[Path], out: Path, data: str | None = None) -> list[BoardRow]:
    """The board of ``bundles`` into ``out``: index.html, board.md, board.csv, cards/ and view/."""
    claim(out)
    taken: set[str] = set()
    rows = rank([row for bundle in bundles for row in _rows_of(bundle, data, out, taken)])
    tables = [row.cells() for row in rows]
    for number, cells in enumerate(tables, 1):
        cells["rank"] = str(number)
    heads = list(tables[0]) if tables else ["rank"]
    (out / "board.csv").write_text(_csv(heads, tables), encoding="utf-8")
    (out / "board.md").write_text(_markdown(heads, tables), encoding="utf-8")
    (out / "index.html").write_text(_page(heads, tables, rows), encoding="utf-8")
    return rows


def _csv(heads: list[str], tables: list[dict[str, str]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(heads)
    # A cell opening with = + - @ would be a formula to a spreadsheet: kept as text with a leading quote.
    writer.writerows([[("'" + c) if c[:1] in "=+@" else c for c in (t[h] for h in heads)] for t in tables])
    return buffer.getvalue()


def _markdown(heads: list[str], tables: list[dict[str, str]]) -> str:
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    lines += ["| " + " | ".join(markdown_cell(t[h]) for h in heads) + " |" for t in tables]
    return "\n".join(lines) + "\n"


def _page(heads: list[str], tables: list[dict[str, str]], rows: list[BoardRow]) -> str:
    head = "".join(f'<th data-column="{i}">{html.escape(h)}</th>' for i, h in enumerate(heads))
    body = []
    for cells, row in zip(tables, rows):
        tds = []
        for name in heads:
            text = html.escape(cells[name])
            if name == "run":
                text = (f'{text} <a href="view/{html.escape(row.slug)}/index.html">queries</a>'
                        f' <a href="cards/{html.escape(row.slug)}.md">card</a>')
            tds.append(f"<td>{text}</td>")
        body.append("<tr>" + "".join(tds) + "</tr>")
    return (PAGE.replace("{head}", head).replace("{body}", "\n".join(body))
            .replace("{count}", str(len(rows))))


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>vmb board</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse}
th,td{border:1px solid #ccc;padding:3px 6px;text-align:left}th{cursor:pointer;background:#f3f3f3}</style></head>
<body><h1>VehicleMemBench board</h1>
<p id="count">{count} run(s). Click a column to sort. "vs next": the paired ESM difference with the row
below, its 95% interval and the exact McNemar p-value (as vmb compare).</p>
<table id="board"><thead><tr>{head}</tr></thead><tbody>
{body}
</tbody></table>
<script>
document.querySelectorAll('#board th').forEach(function (th) {
  th.addEventListener('click', function () {
    var column = Number(th.dataset.column), body = document.querySelector('#board tbody');
    var down = th.dataset.down !== '1'; th.dataset.down = down ? '1' : '0';
    var rows = Array.from(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[column].textContent, y = b.cells[column].textContent;
      var nx = parseFloat(x.replace(/^[A-Z]{3} /, '')), ny = parseFloat(y.replace(/^[A-Z]{3} /, ''));
      var order = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
      return down ? -order : order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  });
});
document.body.dataset.ready = '1';
</script></body></html>
"""
