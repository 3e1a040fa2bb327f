"""Step 3 of ``vmb report``: ``report.md`` and ``index.html``, the runs first, then every table and figure
with the one line its notebook wrote about it, and the query viewer over the report's runs."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vmb import escape


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
        from vmb.analysis.formatted import PARTIAL_NOTE, partial
        from vmb.analysis.runs import read_run
        from vmb.analysis.style import memory_label
        from vmb.data import load_benchmark

        infos = [read_run(p) for p in runs]
        queries = len(load_benchmark(Path(data), parse_histories=False).queries) if data else None
        # A run given part of its benchmark (a pilot's 3 queries) reads 3/500, never as if it were whole.
        given = [partial(r.selected, None if queries is None else queries * r.header.selection.trials)
                 or (f"{r.selected:,}" if r.selected else "?") for r in infos]
        rows = [[r.name, r.label, memory_label(r.memory), shown] for r, shown in zip(infos, given)]
        note = PARTIAL_NOTE if any("/" in shown for shown in given) else None
        if infos and all(r.agent != "model" for r in infos):
            note = (f"{note} " if note else "") + (
                    "Only offline agents ran: no model answered. The oracle replays the reference calls (it checks "
                    "the pipeline and is the ceiling), noop makes no call (the floor), and the shortcut baselines "
                    "of `vmb audit` match text without a model (their failures are real failure types); their "
                    "numbers sit beside the paper's to show every table and figure working. "
                    f"{noop_solves(unchanged_queries(data))} Add model runs with "
                    "`vmb run --base-url URL --model NAME --memory SETTING --out runs/NAME`, then `make report`.")
        return cls(["run", "who answered", "memory", "queries"], rows, note)

    def markdown(self) -> list[str]:
        lines = ["| " + " | ".join(self.head) + " |", "|---|---|---|---:|"]
        lines += ["| " + " | ".join(escape.markdown(c) for c in r) + " |" for r in self.rows]
        return lines + (["", self.note] if self.note else [])

    def html(self) -> str:
        heads = "".join(f"<th>{escape.html(h)}</th>" for h in self.head)
        rows = "".join("<tr>" + "".join(f"<td>{escape.html(c)}</td>" for c in r) + "</tr>" for r in self.rows)
        note = f"<p class='note'>{escape.html(self.note)}</p>" if self.note else ""
        return f"<h2>Runs</h2>{note}<div class='wide'><table><tr>{heads}</tr>{rows}</table></div>"


def _anchor(kind: str, name: str) -> str:
    """The id of a section of the index (``nb-02_overall``, ``table-runs_overview``, ``figure-fig3_...``)."""
    return f"{kind}-{''.join(c if c.isalnum() or c in '-_' else '-' for c in name)}"


def contents(notebooks: list[tuple[str, dict[str, Any]]]) -> list[tuple[int, str, str]]:
    """The index's table of contents: (depth, anchor, title) for the runs, each notebook and each of its
    tables and figures, in the order the page shows them."""
    entries = [(0, "runs", "Runs")]
    for name, manifest in notebooks:
        entries.append((0, _anchor("nb", name), name))
        entries += [(1, _anchor("table", t["name"]), t["title"]) for t in manifest["tables"]]
        entries += [(1, _anchor("figure", f["name"]), f"Figure {f['name']}: {f['caption']}")
                    for f in manifest["figures"]]
        entries += [(1, _anchor("figure", o["name"]), f"Figure {o['name']} (left out)")
                    for o in manifest.get("omitted", [])]
    return entries


def _contents_html(entries: list[tuple[int, str, str]]) -> str:
    items, depth = [], 0
    for level, anchor, title in entries:
        if level > depth:
            items.append("<ul>")
        elif level < depth:
            items.append("</ul></li>")
        elif items:
            items.append("</li>")
        depth = level
        items.append(f"<li><a href='#{anchor}'>{escape.html(title)}</a>")
    items.append("</li>" + "</ul></li>" * depth)
    return f"<nav id='contents'><h2>Contents</h2><ul>{''.join(items)}</ul></nav>"


def write_index(out: Path, runs: list[Path], notebooks: list[Path], timings: dict[str, float],
                data: str | None = None, viewer: Path | None = None) -> Path:
    """``report.md`` and ``index.html`` under ``out``: a table of contents, the runs, then every table and figure,
    one line each."""
    from vmb.analysis.outputs import read_manifests

    manifests = {m["notebook"]: m for m in read_manifests(out)}
    stamp = time.strftime("%Y-%m-%d %H:%M")
    section = RunsSection.of(runs, data)
    # Notebooks not executed this time (``--notebook``) keep their entry from an earlier report.
    earlier = [p for p in sorted((out / "notebooks").glob("*.ipynb")) if p.name not in {n.name for n in notebooks}]
    shown = [(nb.stem, manifests.get(nb.stem, {"tables": [], "figures": []}))
             for nb in sorted([*notebooks, *earlier], key=lambda p: p.name)]
    toc = contents(shown)
    viewer_line = (f"Every query of every run, filterable, in the viewer: [{_rel(viewer, out)}]({_rel(viewer, out)})"
                   if viewer else "")
    md = [
        "# VehicleMemBench report", "",
        f"Made by `vmb report` on {stamp} from {len(runs)} run(s). Each notebook below was executed headless; "
        "its tables are in CSV, Markdown and LaTeX, its figures in PNG and PDF.", "",
        *([viewer_line, ""] if viewer else []),
        "## Contents", "", *(f"{'  ' * level}- [{escape.markdown(title)}](#{anchor})" for level, anchor, title in toc), "",
        "<a id='runs'></a>", "", "## Runs", "", *section.markdown(), "",
    ]
    parts = [f"<h1>VehicleMemBench report</h1><p>Made by <code>vmb report</code> on {escape.html(stamp)} from "
             f"{len(runs)} run(s).</p>"]
    if viewer:
        parts.append(f"<p><a href='{escape.html(_rel(viewer, out))}'>Open the query viewer</a>: every query of "
                     "every run, with filters, search, the full record of one query and two runs side by side.</p>")
    parts += [_contents_html(toc), f"<section id='runs'>{section.html()}</section>"]
    for name, manifest in shown:
        executed = out / "notebooks" / f"{name}.ipynb"
        when = f"{timings[name]:.1f} s" if name in timings else "from an earlier report"
        page = executed.with_suffix(".html")
        page = page if page.exists() else executed  # no HTML copy without the lab extra's nbconvert
        html_link = f" ([HTML]({_rel(page, out)}))" if page != executed else ""
        md += [f"<a id='{_anchor('nb', name)}'></a>", "", f"## {name} ({when})", "",
               f"Executed notebook: [{executed.name}]({_rel(executed, out)}){html_link}", ""]
        parts.append(f"<h2 id='{_anchor('nb', name)}'>{escape.html(name)}</h2><p><a href='"
                     f"{escape.html(_rel(page, out))}'>executed notebook</a> ({when})</p>")
        if not manifest["tables"] and not manifest["figures"] and not manifest.get("omitted"):
            md.append("An interactive notebook: no tables or figures (open it in Jupyter, or read its HTML).")
        for table in manifest["tables"]:
            links = " · ".join(f"[{Path(f).suffix[1:]}]({_rel(f, out)})" for f in table["files"])
            md.append(f"- <a id='{_anchor('table', table['name'])}'></a>**{escape.markdown(table['title'])}**: "
                      f"{escape.markdown(table['caption'])} "
                      f"({table['rows']:,} rows) {links}")
            parts.append(_html_table(table, out))
        for figure in manifest["figures"]:
            png, *others = figure["files"]
            md += [f"- <a id='{_anchor('figure', figure['name'])}'></a>**Figure `{figure['name']}`**: "
                   f"{escape.markdown(figure['caption'])} " + " · ".join(f"[{Path(f).suffix[1:]}]({_rel(f, out)})" for f in figure["files"]),
                   "", f"  ![{figure['name']}]({_rel(png, out)})", ""]
            parts.append(f"<h3 id='{_anchor('figure', figure['name'])}'>{escape.html(figure['caption'])}</h3>"
                         f"<img src='{escape.html(_rel(png, out))}' style='max-width:100%'>"
                         + "".join(f" <a href='{escape.html(_rel(f, out))}'>{Path(f).suffix[1:]}</a>" for f in others))
        for omitted in manifest.get("omitted", []):
            md.append(f"- <a id='{_anchor('figure', omitted['name'])}'></a>**Figure `{omitted['name']}`** left out: "
                      f"{escape.markdown(omitted['why'])}")
            parts.append(f"<p id='{_anchor('figure', omitted['name'])}'>Figure <code>{escape.html(omitted['name'])}"
                         f"</code> left out: {escape.html(omitted['why'])}</p>")
        md.append("")
    (out / "report.md").write_text("\n".join(md), encoding="utf-8")
    style = ("<style>body{font-family:sans-serif;max-width:1200px;margin:auto;padding:1em}"
             "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #ccc;padding:2px 6px}"
             "details{margin:0.5em 0}.wide{overflow-x:auto;max-width:100%}"
             "nav#contents{columns:2;font-size:14px}nav#contents h2{column-span:all}"
             ".note{background:#fff6d6;border:1px solid #e6d38a;padding:.5em .8em}</style>")
    head = f"<!doctype html><html><head><meta charset='utf-8'><title>VehicleMemBench report</title>{style}</head>"
    (out / "index.html").write_text(head + "<body>" + "".join(parts) + "</body></html>\n", encoding="utf-8")
    return out / "index.html"


def _html_table(table: dict[str, Any], out: Path) -> str:
    """A table's entry in the HTML index: title, caption, links, and the table as its notebook shows it
    (``vmb.analysis.formatted``, written beside the CSV) when it is short enough to read on the page."""
    from vmb.analysis.formatted import SHOWN_ROWS

    links = " ".join(f"<a href='{_rel(f, out)}'>{Path(f).suffix[1:]}</a>" for f in table["files"])
    head = (f"<h3 id='{_anchor('table', table['name'])}'>{escape.html(table['title'])}</h3>"
            f"<p>{escape.html(table['caption'])} {links}</p>")
    fragment = Path(table["html"]) if table.get("html") else None
    if fragment is None or not fragment.is_file() or table["rows"] > SHOWN_ROWS:
        return head
    return f"{head}<details open><summary>table</summary>{fragment.read_text(encoding='utf-8')}</details>"
