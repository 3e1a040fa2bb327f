"""Audit a benchmark: is it hard for the right reason? Printed side by side with the release.

For the benchmark under --data (the release, one made by `vmb generate`, or your own in the release
layout) and the one under --against (default: the release as `vmb` finds it; `none` for no second
column): diversity and size figures of the histories and queries, the answer space, shortcut
baselines that use no model and never read the answer (scored with vmb's simulator and scorer,
overall and per reasoning type), and answerability checks (queries solved with no memory, expected
values equal to the default car's, clocks contradicting their scene).

  vmb audit --data build/generated                      # beside the release
  vmb audit --data build/generated --list               # and every finding by query id
  vmb audit --data build/generated --json build/audit.json --markdown
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from vmb.bounds import did_you_mean
from vmb.terminal import say


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", help="benchmark to audit (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    parser.add_argument("--against", default=None,
                        help="benchmark printed beside it (default: the release as vmb finds it; 'none' for none)")
    parser.add_argument("--baselines", default=None, metavar="NAME,...",
                        help="baselines to score (default: all; docs/audit.md lists them, an unknown name too)")
    parser.add_argument("--no-tokens", action="store_true", help="skip counting o200k tokens (the slowest figure)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--list", action="store_true", help="also list every finding by query id")
    parser.add_argument("--json", type=Path, default=None, metavar="PATH", help="also write the audits as JSON")


def _baselines(text: str | None) -> list[str] | None:
    from vmb.errors import OptionError
    from vmb.maker.baselines import BASELINES

    if text is None:
        return None
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in BASELINES]
    if unknown or not names:
        raise OptionError(f"--baselines: unknown baseline {', '.join(unknown) or '(none given)'}"
                          f"{did_you_mean(unknown[0], BASELINES) if len(unknown) == 1 else ''}; "
                         f"choose from {', '.join(BASELINES)}")
    return names


def _print_findings(audit: Any) -> None:
    say(f"\n{audit.name}: queries solved with no memory ({len(audit.solved_without_memory)}): "
          + (", ".join(audit.solved_without_memory) or "none"))
    say(f"{audit.name}: expected values equal to the default car's ({len(audit.default_values)} calls):")
    for finding in audit.default_values:
        say(f"  {finding['query']:9} {finding['call']}  ({finding['leaves']})")
    say(f"{audit.name}: clocks contradicting their scene ({len(audit.clock_contradictions)}):")
    for finding in audit.clock_contradictions:
        say(f"  {finding['query']:9} {finding['type']}: {finding['clash']}")


def run(args: argparse.Namespace) -> int:
    from vmb.data import REASONING_TYPES, load_benchmark, resolve_data_dir
    from vmb.errors import Exit, OptionError
    from vmb.maker.audit import audit, side_by_side
    from vmb.maker.audit.report import ALL, TOLERANCE, benchmark_names, floor_line, outside_lines

    baselines = _baselines(args.baselines)
    data_dir = resolve_data_dir(args.data)
    dirs = [data_dir]
    if args.against != "none":
        against = resolve_data_dir(args.against) if args.against else resolve_data_dir(None)
        if against.resolve() != data_dir.resolve():
            dirs.append(against)
    benches = [load_benchmark(d) for d in dirs]
    names = benchmark_names(dirs)
    audits = [audit(b, name=n, baselines=baselines, tokens=not args.no_tokens) for b, n in zip(benches, names)]
    say(side_by_side(audits, markdown=args.markdown))
    if len(audits) > 1:
        outside = outside_lines(audits[0], audits[1])
        say(f"\nbaselines outside ±{TOLERANCE[ALL]:.0f} ESM points of {audits[1].name} overall, "
              f"±{TOLERANCE[REASONING_TYPES[0]]:.0f} per type: {len(outside)}")
        if outside:
            say("\n".join(f"  {line}" for line in outside))
        floor = floor_line(audits[0], audits[1])
        if floor:
            say(floor)
    if args.list:
        for result in audits:
            _print_findings(result)
    if args.json is not None:
        try:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps([a.to_json() for a in audits], indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise OptionError(f"--json {args.json}: cannot write it ({error.strerror})") from None
        say(f"wrote {args.json}")
    return Exit.OK
