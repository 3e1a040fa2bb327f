"""A leaderboard page of bundles: one row per run, each validated, ranked by ESM with the paired test.

Writes OUT/index.html (a sortable table; each row links to the run's reproducibility card and to a
`vmb view` of its queries), OUT/board.md and OUT/board.csv (for a README or a paper). Each bundle is
validated as `vmb validate` does; its verdict is a column. "vs next" is the paired comparison (as `vmb
compare`) of a row with the row below it, so a reader sees which gaps are more than noise.

examples:
  vmb board bundles/qwen.tar.gz bundles/gpt.tar.gz --out build/board
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("bundles", nargs="+", type=Path, metavar="BUNDLE", help="a bundle directory or archive")
    parser.add_argument("--out", type=Path, default=Path("build") / "board",
                        help="where to write the board (default build/board): a new or empty directory, or a board")
    parser.add_argument("--data", default=None, help="the benchmark directory to validate against "
                        "(default: as vmb validate finds it)")


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.publish.board import write_board

    rows = write_board(args.bundles, args.out, args.data)
    invalid = sum(row.section == "invalid" for row in rows)
    duplicate = sum(row.section == "duplicate" for row in rows)
    print(f"{len(rows)} run(s) from {len(args.bundles)} bundle(s), {invalid} invalid, {duplicate} duplicate "
          f"(the same records under another name, ranked once) -> {args.out / 'index.html'}")
    return Exit.FAILURES if invalid or duplicate else Exit.OK
