"""Where a notebook's tables and figures go, and the manifest the report index is built from.

A notebook creates one ``Outputs`` and hands it every table (written as CSV, Markdown and LaTeX)
and figure (PNG and PDF), each with a one-line caption saying what it shows. After each one the
notebook's manifest (``<out>/manifest/<notebook>.json``) is rewritten, so ``vmb report`` can link
every output in ``report.md`` without knowing what the notebooks make.

CSV keeps machine names (``esm``, ``gold``, ``preference_conflict``) and full precision for
further analysis; Markdown and LaTeX show readable headers and labels, two decimals. A column ``X``
with companions ``X_low`` and ``X_high`` (a 95% interval) keeps all three in the CSV and prints as
one column ``64.80 ± 4.10`` (the value and the interval's half-width) in Markdown and LaTeX, or
``64.80 ± n/a`` for our number with no interval (fewer than 2 groups). Beside a ``full_run`` column (what a
whole run scores) the count ``n`` (else ``scored``) prints as the notebook shows it: ``3/500`` for a run that
scored part of its benchmark, a whole number for a whole run; ``full_run`` itself stays in the CSV alone.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from vmb import escape
from vmb.analysis.formatted import FormattedTable, coverage_columns, format_table, header, partial
from vmb.analysis.paper import PAPER
from vmb.analysis.style import figure_style, memory_label
from vmb.outdir import claim_output_dir
from vmb.textable import markdown_lines

MANIFEST_DIR = "manifest"
TABLES_DIR = "tables"
REPORT = "vmb report"  # the command whose output directories (vmb.outdir) the notebooks write into
FORMATS = ("csv", "md", "tex")


def _is_missing(value: Any) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))


def cell(value: Any, column: str = "") -> str:
    """A value as a table shows it: two decimals, integers whole, a dash where there is none."""
    if hasattr(value, "item") and not isinstance(value, str):
        value = value.item()  # a numpy scalar
    if _is_missing(value):
        return "—"
    if column == "memory":
        return memory_label(str(value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float) and column == "p_value":
        return "< 0.001" if value < 0.001 else f"{value:.3f}"
    if isinstance(value, float) and column.startswith("cost"):
        return f"{value:,.6f}"  # money per query is a fraction of a cent
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


class WithInterval(str):
    """A value printed with its interval's half-width (``64.80 ± 4.10``): a number to align as one."""


def _with_interval(value: Any, low: Any, high: Any, ours: bool) -> Any:
    if _is_missing(value):
        return value
    if _is_missing(low) or _is_missing(high):
        # Our number without an interval had fewer than 2 groups; the paper prints none at all.
        return WithInterval(f"{float(value):,.2f} ± n/a") if ours else value
    return WithInterval(f"{float(value):,.2f} ± {(float(high) - float(low)) / 2:,.2f}")


def with_intervals(frame: pd.DataFrame) -> pd.DataFrame:
    """Each ``X`` that has ``X_low`` and ``X_high`` printed as ``X ± half-width`` (``X ± n/a`` on our
    rows without an interval: fewer than 2 groups); the bounds dropped."""
    out = frame.copy()
    columns = [str(c) for c in frame.columns]
    ours = ([source != PAPER for source in frame["source"]] if "source" in columns else [True] * len(frame))
    for column in columns:
        low, high = f"{column}_low", f"{column}_high"
        if low not in columns or high not in columns:
            continue
        out[column] = [_with_interval(value, lo, hi, mine)
                       for value, lo, hi, mine in zip(frame[column], frame[low], frame[high], ours)]
        out = out.drop(columns=[low, high])
    return out


class Partial(str):
    """A partial run's count against a whole run's (``3/500``): a number to align as one."""


def with_coverage(frame: pd.DataFrame) -> pd.DataFrame:
    """Beside ``full_run`` (or ``X full_run``): the count ``n`` (else ``scored``; ``X n``) as ``3/500`` for a
    partial run, whole for a whole run; the whole-run column dropped (``vmb.analysis.formatted`` shows it so)."""
    coverage = coverage_columns([str(c) for c in frame.columns])
    out = frame.drop(columns=list(coverage.values()))
    for scored, whole in coverage.items():
        out[scored] = [Partial(partial(n, full)) if partial(n, full) else n if _is_missing(n) else int(n)
                       for n, full in zip(frame[scored], frame[whole])]
    return out


def _numeric(frame: pd.DataFrame, column: str) -> bool:
    values = [v for v in frame[column].tolist() if not _is_missing(v)]
    return bool(values) and all(isinstance(v, (int, float, WithInterval, Partial)) and not isinstance(v, bool)
                                for v in values)


def to_markdown(frame: pd.DataFrame, title: str, notes: Sequence[str] = ()) -> str:
    frame = with_coverage(with_intervals(frame))
    columns = [str(c) for c in frame.columns]
    rows = [[cell(v, c) for v, c in zip(row, columns)] for row in frame.itertuples(index=False)]
    heads = [header(c) for c in columns]
    numeric = [_numeric(frame, c) for c in frame.columns]
    text = [f"### {escape.markdown(title)}", "", *markdown_lines(heads, rows, numeric), ""]
    text += [f"- {escape.markdown(note)}" for note in notes]
    return "\n".join(text).rstrip() + "\n"


def to_csv(frame: pd.DataFrame, path: Path) -> None:
    """The frame in full, machine names and four decimals; every text cell through ``vmb.escape.csv`` (a name
    that opens like a formula is no formula in a spreadsheet)."""
    shown = frame.copy()
    shown.columns = [escape.csv(c) if isinstance(c, str) else c for c in shown.columns]
    for column in shown.columns:
        if not pd.api.types.is_numeric_dtype(shown[column]):  # text, or a mix (object)
            shown[column] = [escape.csv(v) if isinstance(v, str) else v for v in shown[column]]
    shown.to_csv(path, index=False, float_format="%.4f")


def to_latex(frame: pd.DataFrame, title: str, label: str, notes: Sequence[str] = ()) -> str:
    """A booktabs table (needs ``\\usepackage{booktabs}``)."""
    frame = with_coverage(with_intervals(frame))
    columns = [str(c) for c in frame.columns]
    align = "".join("r" if _numeric(frame, c) else "l" for c in frame.columns)
    lines = [
        r"\begin{table}[t]",
        r"\centering",
        r"\small",
        rf"\caption{{{escape.latex(title)}}}",
        rf"\label{{tab:{label}}}",
        rf"\begin{{tabular}}{{{align}}}",
        r"\toprule",
        " & ".join(escape.latex(header(c)) for c in columns) + r" \\",
        r"\midrule",
    ]
    for row in frame.itertuples(index=False):
        lines.append(" & ".join(escape.latex(cell(v, c)) for v, c in zip(row, columns)) + r" \\")
    lines += [r"\bottomrule", r"\end{tabular}"]
    if notes:
        lines.append(r"\par\smallskip\footnotesize " + " ".join(escape.latex(n) for n in notes))
    lines.append(r"\end{table}")
    return "\n".join(lines) + "\n"


@dataclass
class Outputs:
    """The outputs of one notebook (see the module docstring). ``write=False``: shown, never written (a
    notebook over no runs must not overwrite the report's files with empty ones)."""

    notebook: str
    out_dir: Path
    figures_dir: Path
    write: bool = True
    tables: list[dict[str, Any]] = field(default_factory=list)
    figures: list[dict[str, Any]] = field(default_factory=list)
    omitted: list[dict[str, Any]] = field(default_factory=list)  # figures left out, each with why

    def __post_init__(self) -> None:
        self.out_dir = Path(self.out_dir)
        self.figures_dir = Path(self.figures_dir)
        if not self.write:
            return
        for directory in (self.out_dir, self.figures_dir):
            claim_output_dir(directory, REPORT)
        (self.out_dir / TABLES_DIR).mkdir(parents=True, exist_ok=True)
        self._save()

    def table(self, frame: pd.DataFrame, name: str, title: str, caption: str, notes: Sequence[str] = (),
              formats: Sequence[str] = FORMATS, why: dict[str, str] | None = None,
              counts: Sequence[str] = (), shown: Sequence[str] | None = None) -> FormattedTable:
        """Write ``name`` in each of ``formats``; return it as the notebook shows it (``vmb.analysis.formatted``:
        ``why`` a column's dash, ``counts`` more whole-number columns, ``shown`` the columns of a wide table to
        show, the rest named as in the CSV), which the index shows too.

        A long listing is worth a CSV but not a Markdown or LaTeX table: pass ``formats=("csv",)``.
        """
        shown_table = format_table(frame, why=why, notes=notes, counts=counts, columns_shown=shown)
        if not self.write:
            return shown_table
        base = self.out_dir / TABLES_DIR / name
        writers = {
            "csv": lambda path: to_csv(frame, path),
            "md": lambda path: path.write_text(to_markdown(frame, title, notes), encoding="utf-8"),
            "tex": lambda path: path.write_text(to_latex(frame, title, name, notes), encoding="utf-8"),
        }
        files = []
        for kind in formats:
            path = base.with_suffix(f".{kind}")
            writers[kind](path)
            files.append(str(path))
        fragment = base.with_suffix(".html")
        fragment.write_text(shown_table.html(), encoding="utf-8")
        self._record(self.tables, {"name": name, "title": title, "caption": caption, "rows": len(frame),
                                   "files": files, "html": str(fragment)})
        return shown_table

    def figure(self, fig: Any, name: str, caption: str) -> list[Path]:
        """Save a matplotlib figure as ``name``.png (for reading) and .pdf (for papers)."""
        if not self.write:
            return []
        paths = [self.figures_dir / f"{name}.png", self.figures_dir / f"{name}.pdf"]
        with figure_style():
            fig.savefig(paths[0], dpi=150, bbox_inches="tight")
            # No creation date in the PDF: an unchanged figure stays byte-identical, so git sees no change.
            fig.savefig(paths[1], bbox_inches="tight", metadata={"CreationDate": None})
        self._record(self.figures, {"name": name, "caption": caption, "files": [str(p) for p in paths]})
        return paths

    def omit(self, name: str, why: str) -> None:
        """Leave a figure out of the report, saying why (a figure with no data to draw), instead of drawing it empty."""
        if not self.write:
            return
        for path in (self.figures_dir / f"{name}.png", self.figures_dir / f"{name}.pdf"):
            path.unlink(missing_ok=True)  # an earlier report's figure would contradict the line
        self.figures = [f for f in self.figures if f["name"] != name]
        self._record(self.omitted, {"name": name, "why": why})

    def _record(self, entries: list[dict[str, Any]], entry: dict[str, Any]) -> None:
        # A rerun of the same cell replaces its entry instead of listing it twice.
        entries[:] = [e for e in entries if e["name"] != entry["name"]] + [entry]
        self._save()

    def _save(self) -> None:
        manifest = self.out_dir / MANIFEST_DIR / f"{self.notebook}.json"
        manifest.parent.mkdir(parents=True, exist_ok=True)
        manifest.write_text(json.dumps({"notebook": self.notebook, "tables": self.tables, "figures": self.figures,
                                        "omitted": self.omitted},
                                       indent=1) + "\n", encoding="utf-8")


def read_manifests(out_dir: Path) -> list[dict[str, Any]]:
    """Every notebook's manifest under ``out_dir``, in notebook order."""
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted((Path(out_dir) / MANIFEST_DIR).glob("*.json"))]
