"""Pack finished runs into one bundle that others can check without a model (vmb validate).

Writes BUNDLE/ (each run's config.json, results.jsonl, metric.json and shared system prompts, its
memory builds' cost, the generator's metadata of a generated benchmark, manifest.json) and
BUNDLE.tar.gz, the same files in one deterministic archive. A run that misses queries or holds errors
is refused unless --partial; anything that looks like an API key, or holds the value of an
environment variable named like one, refuses the pack with the file and field. See docs/bundles.md.

examples:
  vmb pack runs/qwen-gold runs/qwen-kv --out bundles/qwen
  vmb pack runs/smoke --out bundles/smoke --partial
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("runs", nargs="+", type=Path, metavar="RUN", help="run directories (each holds config.json)")
    parser.add_argument("--out", type=Path, required=True, help="the bundle directory (new or empty); the archive "
                        "is written beside it as OUT.tar.gz")
    parser.add_argument("--partial", action="store_true",
                        help="pack runs that miss queries or hold errors (the bundle says how partial)")
    parser.add_argument("--data", help="benchmark directory the runs read (default: found by the checksum each "
                        "run's config.json records)")


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.publish.pack import pack_runs

    packed = pack_runs(args.runs, args.out, partial=args.partial, data=args.data)
    for entry in packed.manifest.runs:
        c = entry.coverage
        print(f"{entry.path}: {c['scored']} of {c['benchmark']} queries scored, {c['errors']} in error, "
              f"{c['pending']} not run")
    print(f"-> {packed.directory} and {packed.archive}")
    return Exit.OK
