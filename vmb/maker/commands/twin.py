"""Make a twin of a benchmark: the same dialogues and queries with other names, dates and answers.

People are renamed everywhere (names from the generator's name source, none of the source's), dates
move by one whole number of weeks per group, and each query whose answer can be changed safely gets
another value of its setting, written wherever its evidence said the old one. Everything else is the
source's text word for word. A model that remembers the conversation scores as well on the twin as
on the source; one that memorised the source's answers does not (docs/twin.md).

  vmb twin --seed 1 --out build/twin1            # the release, as vmb finds it
  vmb compare runs/release runs/twin1            # paired by query id
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", help="source benchmark (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    parser.add_argument("--seed", type=int, default=1, help="random seed of names, offsets and values (default 1)")
    parser.add_argument("--out", type=Path, required=True, help="output directory (replaced if it holds a twin)")


def run(args: argparse.Namespace) -> int:
    from vmb.data import resolve_data_dir
    from vmb.errors import Exit, OptionError
    from vmb.maker.twin import make_twin

    source = resolve_data_dir(args.data)
    if args.out.resolve() == source.resolve():
        raise OptionError(f"--out {args.out} is the source benchmark; give another directory")
    summary = make_twin(source, args.seed, args.out)
    print(f"twin of {source} (seed {args.seed}) in {args.out}: {summary['changed']} of {summary['queries']} "
          "answers changed")
    for name, counts in summary["by_type"].items():
        print(f"  {name:24} {counts['changed']:4} of {counts['queries']:4}")
    print(f"  {summary['months_moved']} months and seasons said alone moved, {summary['short_forms_renamed']} short forms "
          f"of members renamed, {summary['other_names_kept']} other people's names beside a member's kept")
    kept = summary["queries"] - summary["changed"]
    print(f"{kept} kept their value (metadata.json says why for each):")
    for reason, count in summary["kept_reasons"].items():
        print(f"  {count:4}  {reason}")
    if summary["source_names_left"]:
        print(f"source names still said: {', '.join(summary['source_names_left'])}")
        return Exit.FAILURES
    return Exit.OK
