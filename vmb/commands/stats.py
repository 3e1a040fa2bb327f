"""Compute the paper's dataset tables from the release and show each figure beside the paper's.

Table 3 (statistics: groups, personas, queries, history lines and tokens, gold-memory tokens, and
documented estimates of the figures the release does not record, or exact figures from the
metadata of a benchmark made by `vmb generate`), Table 4 (reasoning types and the
modules the reference calls target) and Table 5 (the vehicle API catalog). Prints the tables and
writes each as CSV and Markdown under --out.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", help="benchmark directory (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    parser.add_argument("--out", type=Path, default=Path("build/stats"), help="output directory (default: build/stats)")


def run(args: argparse.Namespace) -> int:
    from vmb.data import load_benchmark, resolve_data_dir
    from vmb.data.metadata import read_metadata
    from vmb.errors import Exit
    from vmb.stats import compute, to_markdown, write_tables

    data_dir = resolve_data_dir(args.data)
    bench = load_benchmark(data_dir)
    metadata = read_metadata(data_dir)
    tables = compute(bench, metadata)
    print(f"data: {bench.root}" + (" (generated: exact chain, event and delay figures)" if metadata else "") + "\n")
    for table in tables:
        print(to_markdown(table))
    written = write_tables(tables, args.out)
    print(f"wrote {len(written)} files to {args.out}: " + ", ".join(p.name for p in written))
    return Exit.OK
