"""Self-check: replay every reference answer of the release on the simulator.

Lists the reference calls the simulator refuses, the queries whose reference answer leaves the
car in its default state, the reference calls whose value the default car already has (the answer
passes without them: `vmb audit` finds them the same way) and the queries that repeat an earlier
question of their group (the loader accepts them), and compares them with the known errata (vmb/errata.json). Exit status 0
means nothing new appeared; 1 means a new finding (or, with --conformance, a conformance record
that disagrees); 2 means the data could not be loaded (the message names the file and item).

A twin made by `vmb twin` has its source's errata (in the twin's values) and no other finding, the
files it was made as and no name of its source. A benchmark made by `vmb generate` (it has a
metadata.json) has no errata: every query is checked
as the generator checks it (calls succeed, the target differs from the default car, the query does
not say the value, the events it rests on are in the history, no duplicate texts) and any problem
is a finding.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from vmb.errors import Exit, VmbError

if TYPE_CHECKING:
    from vmb.data.loader import Benchmark
    from vmb.data.metadata import Metadata, Twin

ERRATA_PATH = Path(__file__).resolve().parents[1] / "errata.json"
# --conformance without DIR: the shipped records (not a string: argparse would pass a string const through the
# option's type, and vmb.cli's type refuses a blank one).
SHIPPED_RECORDS = True


@dataclass(frozen=True)
class Finding:
    kind: str  # "refused_call", "no_change", "default_value" or "repeated_query"
    query: str
    answer: str  # the refused call or the default-valued one, or the whole answer for "no_change"
    reason: str = ""

    def key(self) -> tuple[str, str, str]:
        # The reason is our own wording and may be reworded without making a finding new.
        return (self.kind, self.query, self.answer)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data", help="benchmark directory (default: $VMB_DATA, data/vehiclemembench, ../shared)")
    parser.add_argument("--errata", type=Path, default=ERRATA_PATH, help="known errata file (JSON)")
    parser.add_argument(
        "--conformance",
        nargs="?",
        const=SHIPPED_RECORDS,
        metavar="DIR",
        help="also replay the reference's recorded behaviour: the records the project ships, or those in DIR",
    )
    parser.add_argument(
        "--update-errata", action="store_true", help="write the current findings as the known errata"
    )


def find_errata(data_dir: str | None) -> list[Finding]:
    """Refused reference calls, no-change answers (from a fresh replay), default-valued calls and repeats."""
    from vmb.data import load_benchmark, repeated_queries, resolve_data_dir
    from vmb.data.defaults import default_values
    from vmb.sim import World

    bench = load_benchmark(resolve_data_dir(data_dir))
    findings: list[Finding] = []
    for query in bench.queries:
        world = World()
        for raw, call in zip(query.answer, query.calls):
            result = world.call(call["name"], call["args"])
            if not result["success"]:
                findings.append(Finding("refused_call", query.id, raw, result["message"]))
        if not world.diff():
            findings.append(Finding("no_change", query.id, " ; ".join(query.answer), "target equals the default car"))
        leaves: dict[str, list[str]] = {}
        for found in default_values(query):
            leaves.setdefault(found.call, []).append(found.leaf)
        findings += [Finding("default_value", query.id, call, f"{', '.join(paths)} already at the default car's value")
                     for call, paths in leaves.items()]
    findings += [
        Finding("repeated_query", r.query.id, " ; ".join(r.query.answer), r.describe())
        for r in repeated_queries(bench)
    ]
    return findings


class ErrataError(VmbError):
    """A known-errata file that does not read as one."""


@dataclass
class _ErrataFile:
    errata: list[Finding]  # each entry checked as a Finding (errata[2].kind)


ERRATA_BYTES = 8 * 2**20  # the release's errata are 40 KB


def load_errata(path: Path) -> list[Finding]:
    """The known errata; a file that does not read as them is one line naming it and the field."""
    from vmb.boundedjson import JsonFileError, read_json_file
    from vmb.jsontypes import JsonTypeError, check_fields, json_kind

    if not path.exists():
        return []
    try:
        body = read_json_file(path, max_bytes=ERRATA_BYTES)
        if not isinstance(body, dict):
            raise JsonTypeError(f"it is {json_kind(body)}, not an object")
        check_fields(_ErrataFile, body)
    except (JsonFileError, JsonTypeError) as error:
        raise ErrataError(f"the errata file {path} does not read ({str(error).removeprefix(f'{path}: ')}): restore "
                        "it (git checkout vmb/errata.json) or write it anew with vmb verify --update-errata") \
            from None
    return [Finding(e["kind"], e["query"], e["answer"], e.get("reason", "")) for e in body["errata"]]


def write_errata(path: Path, findings: list[Finding]) -> None:
    body = {
        "about": "Reference answers of the VehicleMemBench release that the simulator refuses, "
        "queries whose reference answer leaves the default car unchanged, reference calls whose value "
        "the default car already has (the answer passes without them), and queries that repeat "
        "an earlier question of their group. Written by "
        "`vmb verify --update-errata`; `vmb verify` fails when a finding is not listed here.",
        "errata": [f.__dict__ for f in findings],
    }
    path.write_text(json.dumps(body, indent=1) + "\n", encoding="utf-8")


def _print_findings(title: str, findings: list[Finding]) -> None:
    from vmb.terminal import say

    say(f"{title}: {len(findings)}")
    for f in findings:  # the query's id and answer are the benchmark's text: shown escaped
        say(f"  {f.query:9} {f.answer}" + (f"  ({f.reason})" if f.reason else ""))


def verify_generated(data_dir: Path, metadata: Metadata) -> int:
    """A benchmark made by `vmb generate` has no errata: every problem is a finding."""
    from vmb import extras

    check_benchmark = extras.load("vmb.maker.generate.export.vetting:check_benchmark", "make",
                                  "vmb verify of a generated benchmark")
    problems = check_benchmark(data_dir, metadata)
    print(f"generated benchmark ({metadata.made.groups} groups requested, seed "
          f"{metadata.made.seed}): {len(problems)} problem(s)")
    for problem in problems:
        print(f"  {problem}")
    return Exit.FAILURES if problems else Exit.OK


def twin_errata(known: list[Finding], answers: dict[str, tuple[list[str], list[str]]]) -> list[Finding]:
    """The source's errata as its twin says them: each answer string in the twin's values."""
    out = []
    for finding in known:
        release, twin = answers.get(finding.query, ([], []))
        said = finding.answer
        if " ; ".join(release) == said:
            said = " ; ".join(twin)
        elif said in release:
            said = twin[release.index(said)]
        out.append(Finding(finding.kind, finding.query, said, finding.reason))
    return out


def _values_left(bench: Benchmark, twin: Twin) -> list[str]:
    """A changed query whose history still states its old value near its evidence, one line each (the maker's
    reader, ``vmb.maker.twin.stale``: the twin was made with the make extra, which checking it needs too)."""
    from vmb.extras import load

    left_behind = load("vmb.maker.twin.stale:left_behind", "make", "checking a twin's values")
    return [f"{left.query}: line {left.line} still says {left.said!r} for its old value {left.old!r} (now {left.new!r})"
            for left in left_behind(bench, twin)]


def verify_twin(data_dir: Path, twin: Twin, errata: Path) -> int:
    """A twin (`vmb twin`) has its source's errata and no other finding: every changed answer replays,
    changes the car and has no value of the default car; no changed query's history still states its old
    value near its evidence; its files are the ones it was made as, and no member's source name is left."""
    from vmb.data import load_benchmark
    from vmb.data.locate import data_checksum

    bench = load_benchmark(data_dir)
    answers = {q.id: (list(q.release_answer), bench.query(q.id).answer) for q in twin.queries()}
    findings = find_errata(str(data_dir))
    known = {f.key() for f in twin_errata(load_errata(errata), answers)}
    new = [f for f in findings if f.key() not in known]
    problems = [f"{f.kind} {f.query}: {f.answer} ({f.reason})" for f in new]
    if data_checksum(data_dir) != twin.data_sha256:
        problems.append("the files differ from the ones vmb twin wrote (data_sha256); make the twin again")
    problems += _values_left(bench, twin)
    if twin.summary.source_names_left:
        problems.append(f"names of the source still said: {', '.join(twin.summary.source_names_left)}")
    summary = twin.summary
    print(f"twin (seed {twin.seed}) of {twin.source_path}: {summary.changed} of {summary.queries} "
          f"answers changed; {len(findings)} findings, {len(findings) - len(new)} of them the source's known errata; "
          f"{len(problems)} problem(s)")
    for problem in problems:
        print(f"  {problem}")
    return Exit.FAILURES if problems else Exit.OK


def run(args: argparse.Namespace) -> int:
    from vmb.data import resolve_data_dir
    from vmb.data.metadata import read_metadata, read_twin

    data_dir = resolve_data_dir(args.data)
    twin = read_twin(data_dir)
    if twin is not None and not args.update_errata:
        status = verify_twin(data_dir, twin, args.errata)
        return max(status, _conformance(args.conformance)) if args.conformance is not None else status
    metadata = read_metadata(data_dir)
    if metadata is not None and not args.update_errata:
        status = verify_generated(data_dir, metadata)
        return max(status, _conformance(args.conformance)) if args.conformance is not None else status
    findings = find_errata(args.data)
    if args.update_errata:
        write_errata(args.errata, findings)
        print(f"wrote {len(findings)} errata to {args.errata}")
        return Exit.OK
    known = {f.key() for f in load_errata(args.errata)}
    refused = [f for f in findings if f.kind == "refused_call"]
    unchanged = [f for f in findings if f.kind == "no_change"]
    defaults = [f for f in findings if f.kind == "default_value"]
    repeated = [f for f in findings if f.kind == "repeated_query"]
    _print_findings("reference calls the simulator refuses", refused)
    _print_findings("queries whose reference answer leaves the default car unchanged", unchanged)
    _print_findings("reference calls whose value the default car already has", defaults)
    _print_findings("queries that repeat an earlier question of their group", repeated)
    new = [f for f in findings if f.key() not in known]
    gone = known - {f.key() for f in findings}
    status = Exit.OK
    if new:
        _print_findings("NEW (not in the errata file)", new)
        status = Exit.FAILURES
    if gone:
        print(f"{len(gone)} known errata no longer appear (the errata file can be updated)")
    if not new:
        print(f"all {len(findings)} findings are known errata ({args.errata.name})")
    if args.conformance is not None:
        status = status or _conformance(args.conformance)
    return status


def _conformance(directory: str | bool) -> int:
    from vmb.errors import OptionError
    from vmb.sim.conformance import check, conformance_dir

    records = conformance_dir(directory if isinstance(directory, str) else None)
    try:
        checked, mismatches = check(records)
    except (OSError, UnicodeDecodeError, EOFError, ValueError, KeyError, TypeError) as error:
        raise OptionError(f"--conformance {records}: cannot replay the records "
                          f"({getattr(error, 'strerror', None) or error})") from None
    from vmb.terminal import say

    for m in mismatches[:20]:
        say(m.describe())  # a record's calls and values are the records' text: shown escaped
    print(f"conformance: {checked} records replayed, {len(mismatches)} disagree with the reference")
    return Exit.FAILURES if mismatches else Exit.OK
