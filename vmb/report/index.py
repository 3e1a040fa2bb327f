"""Step 3 of ``vmb report``: ``report.md`` and ``index.html``, the runs first, then every table and figure
with the one line its notebook wrote about it, and the query viewer over the report's runs."""

from __future__ import annotations

import html
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def _rel(path: str | Path, start: Path) -> str:
    return Path(os.path.relpath(Path(path).resolve(), start.resolve())).as_posix()


def write_report_viewer(runs: list[Path], out: Path, data: str | None, log: Callable[[str], None]) -> Path:
    """``vmb view`` over the report's runs, linked from the index."""
    from vmb.analysis.runs import load_runs, runs_benchmark
    from vmb.analysis.viewer import write_viewer

    start = time.perf_counter()
    bench = runs_benchmark(runs, data)
    result = write_viewer(load_runs(runs, bench=bench), bench, out)
    log(f"  viewer: {result.rows:,} (run, query) rows, {result.bytes / 1e6:.1f} MB in {time.perf_counter() - start:.1f} s")
    return result.index


def unchanged_queries(data: str | None) -> list[str]:
    """The queries whose reference answer leaves the car as it was: a run that does nothing solves them."""
    from vmb.data import load_benchmark, resolve_data_dir
    from vmb.sim import replay

    bench = load_benchmark(resolve_data_dir(data))
    return [q.id for q in bench.queries if not replay([dict(c) for c in q.calls])[0].diff()]


def noop_solves(unchanged: list[str]) -> str:
    """The front page's sentence on what noop solves: a generated benchmark has no query it solves."""
    if not unchanged:
        return "noop solves no query: every reference answer changes the car."
    queries = "query" if len(unchanged) == 1 else "queries"
    return (f"noop still solves {len(unchanged)} {queries}, those whose reference answer leaves the car unchanged "
            f"(the default car already has the value asked for): {', '.join(unchanged)}.")


@dataclass(frozen=True)
class RunsSection:
    """The front page's runs: a table, and what to know when only offline agents ran."""

    head: list[str]
    rows: list[list[str]]
    note: str | None

    @classmethod
    def of(cls, runs: list[Path], data: str | None) -> RunsSection:
        from vmb.analysis.runs import read_run
        from vmb.analysis.style import memory_label

        infos = [read_run(p) for p in runs]
        rows = [[r.name, r.label, memory_label(r.memory), f"{r.selected:,}" if r.selected else "?"] for r in infos]
        note = None
        if infos and all(r.agent != "model" for r in infos):
            note = ("Only offline agents ran: no model answered. The oracle replays the reference calls (it checks "
                    "the pipeline and is the ceiling), noop makes no call (the floor), and the shortcut baselines "
                    "of `vmb audit` match text without a model (their failures are real failure types); their "
                    "numbers sit beside the paper's to show every table and figure working. "
                    f"{noop_solves(unchanged_queries(data))} Add model runs with "
                    "`vmb run --base-url URL --model NAME --memory SETTING --out runs/NAME`, then `make report`.")
        return cls(["run", "who answered", "memory", "queries"], rows, note)

    def markdown(self) -> list[str]:
        lines = ["| " + " | ".join(self.head) + " |", "|---|---|---|---:|"]
        lines += ["| " + " | ".join([f"`{r[0]}`", *r[1:]]) + " |" for r in self.rows]
        return lines + (["", self.note] if self.note else [])

    def html(self) -> str:
        heads = "".join(f"<th>{html.escape(h)}</th>" for h in self.head)
        rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in self.rows)
        note = f"<p class='note'>{html.escape(self.note)}</p>" if self.note else ""
        return f"<h2>Runs</h2>{note}<div class='wide'><table><tr>{heads}</tr>{rows}</table></div>"


def write_index(out: Path, runs: list[Path], notebooks: list[Path], timings: dict[str, float],
                data: str | None = None, viewer: Path | None = None) -> Path:
    """``report.md`` and ``index.html`` under ``out``: the runs first, then every table and figure, one line each."""
    from vmb.analysis.outputs import read_manifests

    manifests = {m["notebook"]: m for m in read_manifests(out)}
    stamp = time.strftime("%Y-%m-%d %H:%M")
    section = RunsSection.of(runs, data)
    viewer_line = (f"Every query of every run, filterable, in the viewer: [{_rel(viewer, out)}]({_rel(viewer, out)})"
                   if viewer else "")
    md = [
        "# VehicleMemBench report", "",
        f"Made by `vmb report` on {stamp} from {len(runs)} run(s). Each notebook below was executed headless; "
        "its tables are in CSV, Markdown and LaTeX, its figures in PNG and PDF.", "",
        *([viewer_line, ""] if viewer else []),
        "## Runs", "", *section.markdown(), "",
    ]
    parts = [f"<h1>VehicleMemBench report</h1><p>Made by <code>vmb report</code> on {html.escape(stamp)} from "
             f"{len(runs)} run(s).</p>"]
    if viewer:
        parts.append(f"<p><a href='{html.escape(_rel(viewer, out))}'>Open the query viewer</a>: every query of "
                     "every run, with filters, search, the full record of one query and two runs side by side.</p>")
    parts.append(section.html())
    # Notebooks not executed this time (``--notebook``) keep their entry from an earlier report.
    earlier = [p for p in sorted((out / "notebooks").glob("*.ipynb")) if p.name not in {n.name for n in notebooks}]
    for notebook in sorted([*notebooks, *earlier], key=lambda p: p.name):
        name = notebook.stem
        manifest = manifests.get(name, {"tables": [], "figures": []})
        executed = out / "notebooks" / notebook.name
        when = f"{timings[name]:.1f} s" if name in timings else "from an earlier report"
        md += [f"## {name} ({when})", "",
               f"Executed notebook: [{executed.name}]({_rel(executed, out)}) "
               f"([HTML]({_rel(executed.with_suffix('.html'), out)}))", ""]
        parts.append(f"<h2>{html.escape(name)}</h2><p><a href='{html.escape(_rel(executed.with_suffix('.html'), out))}'>"
                     f"executed notebook</a></p>")
        if not manifest["tables"] and not manifest["figures"] and not manifest.get("omitted"):
            md.append("An interactive notebook: no tables or figures (open it in Jupyter, or read its HTML).")
        for table in manifest["tables"]:
            links = " · ".join(f"[{Path(f).suffix[1:]}]({_rel(f, out)})" for f in table["files"])
            md.append(f"- **{table['title']}**: {table['caption']} ({table['rows']:,} rows) {links}")
            parts.append(_html_table(table, out))
        for figure in manifest["figures"]:
            png, *others = figure["files"]
            md += [f"- **Figure `{figure['name']}`**: {figure['caption']} "
                   + " · ".join(f"[{Path(f).suffix[1:]}]({_rel(f, out)})" for f in figure["files"]),
                   "", f"  ![{figure['name']}]({_rel(png, out)})", ""]
            parts.append(f"<h3>{html.escape(figure['caption'])}</h3>"
                         f"<img src='{html.escape(_rel(png, out))}' style='max-width:100%'>"
                         + "".join(f" <a href='{html.escape(_rel(f, out))}'>{Path(f).suffix[1:]}</a>" for f in others))
        for omitted in manifest.get("omitted", []):
            md.append(f"- **Figure `{omitted['name']}`** left out: {omitted['why']}")
            parts.append(f"<p>Figure <code>{html.escape(omitted['name'])}</code> left out: "
                         f"{html.escape(omitted['why'])}</p>")
        md.append("")
    (out / "report.md").write_text("\n".join(md), encoding="utf-8")
    style = ("<style>body{font-family:sans-serif;max-width:1200px;margin:auto;padding:1em}"
             "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px}"
             "details{margin:0.5em 0}.wide{overflow-x:auto;max-width:100%}"
             ".note{background:#fff6d6;border:1px solid #e6d38a;padding:.5em .8em}</style>")
    page = f"<!doctype html><html><head><meta charset='utf-8'><title>VehicleMemBench report</title>{style}</head>"
    (out / "index.html").write_text(page + "<body>" + "".join(parts) + "</body></html>\n", encoding="utf-8")
    return out / "index.html"


# Columns of the notebooks' tables that count things: whole numbers even where CSV reads them as floats.
COUNT_COLUMNS = frozenset({"n", "rows", "selected", "scored", "errors", "failures", "retrievals", "only_a", "only_b",
                           "both", "neither", "shared", "searching", "n_seen", "n_not_seen", "pending", "trials",
                           "queries", "solved", "tasks"})


def whole_counts(frame: Any) -> Any:
    """A table read back from CSV with its counts whole again: a count column with a gap reads as
    floats, and so does a row of counts (``kind`` "count", Table 3) in a column of means."""
    for column in frame.columns:
        values = frame[column].dropna()
        if column in COUNT_COLUMNS and frame[column].dtype.kind == "f" and (values % 1 == 0).all():
            frame[column] = frame[column].astype("Int64")
    if "kind" in frame.columns:
        counts = frame["kind"] == "count"
        for column in frame.columns:
            if frame[column].dtype.kind == "f":
                whole = counts & frame[column].notna() & (frame[column] % 1 == 0)
                frame[column] = frame[column].astype(object)
                frame.loc[whole, column] = frame.loc[whole, column].map(int)
    return frame


def _html_table(table: dict[str, Any], out: Path) -> str:
    """A table's entry in the HTML index: title, caption, links, and the table itself when short."""
    import pandas as pd

    from vmb.analysis.outputs import cell, header

    links = " ".join(f"<a href='{_rel(f, out)}'>{Path(f).suffix[1:]}</a>" for f in table["files"])
    head = f"<h3>{html.escape(table['title'])}</h3><p>{html.escape(table['caption'])} {links}</p>"
    csv = next((f for f in table["files"] if f.endswith(".csv")), None)
    if csv is None or table["rows"] > 60:
        return head
    frame = whole_counts(pd.read_csv(csv))
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(cell(v, c))}</td>" for v, c in zip(r, frame.columns)) + "</tr>"
                   for r in frame.itertuples(index=False))
    heads = "".join(f"<th>{html.escape(header(c))}</th>" for c in frame.columns)
    return (f"{head}<details open><summary>table</summary><div class='wide'><table><tr>{heads}</tr>{rows}</table>"
            "</div></details>")
