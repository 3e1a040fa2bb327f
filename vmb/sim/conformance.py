"""Replay the reference simulator's recorded behaviour and report every disagreement.

The conformance records (shipped in ``vmb/sim/conformance_data``, see its README.md; any directory of
the same files can be given) hold call sequences with the reference's per-call acceptance and final diff. ``check`` replays each with ``vmb.sim`` and
returns the records that disagree. With ``modules``, only the calls and leaves of those modules
are compared, which lets one module be checked on its own (modules never touch each other's
state).

Command line (for developers)::

    python -m vmb.sim.conformance [--dir DIR] [--module NAME ...] [--api NAME] [--limit N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, TypedDict

from vmb.boundedjson import load_json_text
from vmb.jsontypes import JsonTypeError, check_fields, json_kind
from vmb.sim.registry import module_of
from vmb.sim.world import replay

# domain_probes.jsonl: single calls over each API's whole input domain (aliases, booleans for
# integers, null, far values), on the default car or after another call of the same module.
RECORD_FILES = ("reference_cases.jsonl", "probes.jsonl", "domain_probes.jsonl")
# The records as the project ships them (package data): recorded by running the reference, files over 1 MiB gzipped.
SHIPPED_DIR = Path(__file__).resolve().parent / "conformance_data"


def conformance_dir(given: str | os.PathLike[str] | None = None) -> Path:
    """The directory of conformance records to read: ``given`` (a user's ``--conformance DIR``), else the shipped copy."""
    return Path(given) if given else SHIPPED_DIR


def record_file(directory: Path, name: str) -> Path:
    """``directory/name``, or its gzipped ``name.gz`` where only that is there (the plain name when neither is,
    so that a message names the file asked for)."""
    path = directory / name
    packed = directory / f"{name}.gz"
    return packed if not path.exists() and packed.exists() else path


def open_record_file(directory: Path, name: str) -> IO[str]:
    """One file of the conformance records opened as UTF-8 text, plain or gzipped (``record_file``)."""
    path = record_file(directory, name)
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return path.open(encoding="utf-8")


def read_record_json(directory: Path, name: str) -> Any:
    """A whole JSON file of the conformance records (``initial_state.json``, ``api_catalog.json``)."""
    with open_record_file(directory, name) as handle:
        return json.load(handle)


@dataclass
class Mismatch:
    source: str
    calls: list[dict[str, Any]]
    expected_ok: list[bool]
    got_ok: list[bool]
    expected_diff: dict[str, Any]
    got_diff: dict[str, Any]

    def describe(self) -> str:
        lines = [f"{self.source}:"]
        for call, want, got in zip(self.calls, self.expected_ok, self.got_ok):
            mark = "  " if want == got else "!!"
            lines.append(f"  {mark} {call['name']}({json.dumps(call.get('args'))}) ok={want} ours={got}")
        keys = sorted(set(self.expected_diff) | set(self.got_diff))
        for k in keys:
            want = self.expected_diff.get(k, "<default>")
            got = self.got_diff.get(k, "<default>")
            if want != got or type(want) is not type(got):
                lines.append(f"  diff {k}: reference={want!r} ours={got!r}")
        return "\n".join(lines)


class _Call(TypedDict):
    name: str
    args: dict[str, Any]


class _Recorded(TypedDict):
    calls: list[_Call]
    ok: list[bool]
    diff: dict[str, Any]


class _Record(_Recorded, total=False):
    """One line of a record file: the calls, the reference's acceptance of each, its final diff, and the id of
    the query it replays (reference cases only)."""

    id: str


def iter_records(directory: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """(``file:line``, record) for every record of the replayable conformance files. A line that is not strict
    JSON within ``vmb.boundedjson``'s bounds, or not a record (``_Record``), is one ``ValueError`` naming the
    file, the line and what is wrong (``JsonFileError``, ``JsonTypeError``)."""
    for fname in RECORD_FILES:
        with open_record_file(directory, fname) as handle:
            for lineno, line in enumerate(handle, 1):
                if line.strip():
                    record = load_json_text(line, fname, line=lineno)
                    where = f"{fname} line {lineno}"
                    if not isinstance(record, dict):
                        raise JsonTypeError(f"{where}: it is {json_kind(record)}, not an object")
                    check_fields(_Record, record, where)
                    if len(record["ok"]) != len(record["calls"]):
                        raise JsonTypeError(f"{where}: {len(record['ok'])} ok for {len(record['calls'])} calls")
                    yield record.get("id") or f"{fname}:{lineno}", record


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    if a.keys() != b.keys():
        return False
    return all(type(a[k]) is type(b[k]) and a[k] == b[k] for k in a)


def check_record(
    source: str, record: dict[str, Any], modules: set[str] | None = None
) -> Mismatch | None:
    calls = record["calls"]
    want_ok = list(record["ok"])
    want_diff = dict(record["diff"])
    if modules is not None:
        keep = [i for i, c in enumerate(calls) if module_of(c["name"]) in modules]
        calls = [calls[i] for i in keep]
        want_ok = [want_ok[i] for i in keep]
        want_diff = {k: v for k, v in want_diff.items() if k.split(".", 1)[0] in modules}
        if not calls:
            return None
    world, got_ok = replay(calls)
    got_diff = world.diff()
    if got_ok == want_ok and _same(got_diff, want_diff):
        return None
    return Mismatch(source, calls, want_ok, got_ok, want_diff, got_diff)


def check(
    directory: Path, modules: Iterable[str] | None = None, api: str | None = None
) -> tuple[int, list[Mismatch]]:
    """Replay every record; return (records checked, mismatches)."""
    wanted = set(modules) if modules else None
    checked = 0
    mismatches: list[Mismatch] = []
    for source, record in iter_records(directory):
        if api is not None and not any(c["name"] == api for c in record["calls"]):
            continue
        if wanted is not None and not any(module_of(c["name"]) in wanted for c in record["calls"]):
            continue
        checked += 1
        mismatch = check_record(source, record, wanted)
        if mismatch is not None:
            mismatches.append(mismatch)
    return checked, mismatches


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--dir", type=Path, default=SHIPPED_DIR,
                        help="a directory of conformance records (default: the shipped copy, vmb/sim/conformance_data)")
    parser.add_argument("--module", action="append", help="check only this module (repeatable)")
    parser.add_argument("--api", help="only records that call this API")
    parser.add_argument("--limit", type=int, default=20, help="mismatches to print")
    opts = parser.parse_args(argv)
    checked, mismatches = check(opts.dir, opts.module, opts.api)
    for m in mismatches[: opts.limit]:
        print(m.describe())
    print(f"{checked} records checked, {len(mismatches)} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
