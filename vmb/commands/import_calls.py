"""Score an outside system's final tool calls per query as a run (vmb import FILE).

FILE holds one JSON line per query: {"id": "qa_3#2", "calls": [...]}, each call a call string as the release
writes its answers or {"name": ..., "args": {...}}. Each query's calls are run on a default car and scored as
every run is; the run directory (config.json naming the agent external and the system's --name, results.jsonl,
metric.json) reads, compares, reports and validates like any other, its records holding no conversation.
A file with any problem (a line that is not such an object, an unknown or repeated id, a call of neither
form, more than a line or a file may hold) is not imported: each problem is one line naming the file's line.
Importing more queries into the same run later adds them (those scored already are refused).

examples:
  vmb import answers.jsonl --name my-agent --memory history --out runs/my-agent
  vmb import answers.jsonl --name my-agent --memory history --groups 1-5 --out runs/my-agent-pilot
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="JSON lines: {\"id\": QUERY_ID, \"calls\": [...]} per query")
    parser.add_argument("--name", required=True, help="the outside system's name (recorded as the run's model)")
    parser.add_argument("--memory", required=True,
                        help="what the system was given of each group: history (it read the histories itself), "
                             "gold, none, or the setting it used")
    parser.add_argument("--memory-option", action="append", default=[], metavar="KEY=VALUE",
                        help="the memory setting's options, as vmb run takes them; repeatable")
    parser.add_argument("--groups", help="the groups the file answers, e.g. 1-5 (default all)")
    parser.add_argument("--limit", type=int, help="at most N queries, in (group, index) order")
    parser.add_argument("--data", help="benchmark directory (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    parser.add_argument("--out", help="run directory (default runs/imported-NAME-MEMORY)")
    parser.add_argument("--force", action="store_true",
                        help="the run directory holds another configuration: set its results aside and start over")


def run(args: argparse.Namespace) -> int:
    import re

    from vmb.commands.run import memory_options
    from vmb.errors import Exit
    from vmb.harness.config import EXTERNAL_AGENT, RunConfig, parse_groups
    from vmb.harness.imported import ImportFileError, import_run
    from vmb.harness.show import metric_line
    from vmb.terminal import note

    out = args.out or f"runs/imported-{re.sub(r'[^A-Za-z0-9._-]+', '_', args.name)}-{args.memory}"
    config = RunConfig(out=out, memory=args.memory, agent=EXTERNAL_AGENT, model=args.name,
                       memory_options=memory_options(args.memory_option),
                       groups=parse_groups(args.groups) if args.groups is not None else None, limit=args.limit,
                       data=args.data)
    try:
        metric, imported = import_run(config, args.file, force=args.force)
    except ImportFileError as error:
        for problem in error.shown:
            note("import", problem)
        raise
    print(f"{imported} queries imported from {args.file}")
    print(metric_line(metric))
    return Exit.OK
