"""Regenerate every table and figure of the paper from the runs present (what `make report` runs).

Uses every run directory under --runs (default runs/); with none, first makes the runs that need no
model (the oracle and noop agents under each of the paper's memory settings, and the shortcut
baselines of `vmb audit` under the setting each reads). Executes the notebooks
in notebooks/ headless with papermill; tables go to OUT/tables (CSV, Markdown, LaTeX), figures to
figures/ (PNG, PDF), executed notebooks to OUT/notebooks, and OUT/report.md and OUT/index.html link
them all. A failing notebook stops the report with the notebook and cell named.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--runs", type=Path, action="append", metavar="DIR",
                        help="a run directory, or a directory holding runs (repeatable; default: runs/, "
                             "made with the offline agents when empty)")
    parser.add_argument("--data", help="benchmark directory (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    parser.add_argument("--out", type=Path, default=Path("build/report"),
                        help="tables, executed notebooks and the index (default: build/report)")
    parser.add_argument("--figures", type=Path, default=Path("figures"), help="figures directory (default: figures)")
    parser.add_argument("--notebook", action="append", metavar="NAME",
                        help="run only this notebook (e.g. 04_failures; repeatable; default: all)")
    parser.add_argument("--jobs", type=int, default=2, help="notebooks executed at once (default: 2)")
    parser.add_argument("--generated", type=Path, metavar="DIR",
                        help="a benchmark made by vmb generate, compared with the release by notebook 06 "
                             "(default: generated/ when it holds one; without one, notebook 06 is skipped)")


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit, OptionError
    from vmb.report import make_report
    from vmb.report.notebooks import NOTEBOOKS_DIR
    from vmb.terminal import say

    notebooks = None
    if args.notebook:
        notebooks = [NOTEBOOKS_DIR / (name if name.endswith(".ipynb") else f"{name}.ipynb") for name in args.notebook]
        missing = [p.name for p in notebooks if not p.exists()]
        if missing:
            raise OptionError(f"--notebook: no such notebook: {', '.join(missing)} (in {NOTEBOOKS_DIR})")
    result = make_report(runs=args.runs, out=args.out, figures=args.figures,
                         data=args.data, notebooks=notebooks, jobs=args.jobs, generated=args.generated, log=say)
    s = result.seconds
    say(f"report: {len(result.notebooks)} notebooks, {len(result.runs)} runs"
          f" ({len(result.made_runs)} made now); runs {s['runs']:.1f} s, notebooks {s['notebooks']:.1f} s, "
          f"index {s['index']:.1f} s, total {s['total']:.1f} s\n  open {result.index}")
    return Exit.OK
