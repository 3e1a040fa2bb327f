"""Check a bundle (vmb pack) without a model: every run re-executed from its recorded conversations.

Prints one verdict per run (valid or INVALID; complete, or how partial) and a line per reason: each
failing query id with what differs, and the run's own reasons (an edited config.json, metric.json
that does not follow from the records, a run over other data, a model configuration not the one
claimed). Exit status 0 when every run is valid, 1 when one is not, 2 when the bundle cannot be read. See docs/bundles.md.

examples:
  vmb validate bundles/qwen.tar.gz
  vmb validate bundles/qwen --data ../shared/vehiclemembench
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("bundle", type=Path, help="a bundle directory or its .tar.gz")
    parser.add_argument("--data", help="benchmark directory to validate against (default: a generated benchmark "
                        "rebuilt from its recorded seed, else the release where vmb finds it)")


def run(args: argparse.Namespace) -> int:
    from vmb.errors import Exit
    from vmb.publish.validate import validate_bundle

    verdicts = validate_bundle(args.bundle, args.data)
    for verdict in verdicts:
        print("\n".join(verdict.lines()))
    return Exit.OK if all(v.valid for v in verdicts) else Exit.FAILURES
