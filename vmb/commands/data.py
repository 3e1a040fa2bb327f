"""Manage the benchmark data.

  vmb data fetch   download the public VehicleMemBench release (50 dialogue histories, 500 queries)
                   into data/vehiclemembench, verify it against the checksums vmb ships and put it in place
                   atomically (docs/data.md).

Other commands find the data in --data DIR, else $VMB_DATA, else the checkout's data/vehiclemembench, else
../shared/vehiclemembench beside it, else the copy the last `vmb data fetch --if-missing` found (`make test`,
`make report`), which it remembers in the user's cache.
"""

from __future__ import annotations

import argparse
from pathlib import Path


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from vmb.data.locate import (  # not vmb.data.fetch: building the parser imports nothing network-related
        FETCH_DEADLINE_SECONDS,
        SOURCES,
    )

    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    fetch = actions.add_parser(
        "fetch",
        help="download the public release into data/vehiclemembench",
        description="Download the public VehicleMemBench release, verify it (each of its 100 files against the "
        "SHA-256 and size vmb ships for it, 500 queries, loads cleanly) and move it into place atomically. No more "
        "of a file than its pinned size is read, and the whole download gives up at --deadline.",
    )
    fetch.add_argument("--dest", type=Path, default=None,
                       help="destination directory (default: data/vehiclemembench in the checkout, where the other "
                       "commands look)")
    fetch.add_argument("--source", choices=sorted(SOURCES), default="hf",
                       help="where to download from: the Hugging Face dataset (hf, default) or the GitHub repository")
    fetch.add_argument("--url", metavar="BASE",
                       help="base URL of a mirror holding history/ and qa_data/ (overrides --source)")
    fetch.add_argument("--force", action="store_true", help="download again even if DEST already holds the release")
    fetch.add_argument("--deadline", type=_seconds, metavar="SECONDS", default=FETCH_DEADLINE_SECONDS,
                       help=f"give up when the whole download has not finished in this time (default: "
                       f"{FETCH_DEADLINE_SECONDS:g}; each read also fails after 30 s without a byte)")
    fetch.add_argument("--if-missing", action="store_true",
                       help="download only when no benchmark is found where the other commands look "
                       "($VMB_DATA, data/vehiclemembench, ../shared/vehiclemembench, the copy found last), and "
                       "remember the copy found for the commands and notebooks started later without $VMB_DATA: "
                       "what `make test` and `make report` run")


def _seconds(text: str) -> float:
    """A positive, finite number of seconds (argparse's type for --deadline)."""
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a positive number of seconds")
    return value


def run(args: argparse.Namespace) -> int:
    from vmb.data.errors import DataError
    from vmb.data.fetch import FetchError, check_release_copy, fetch_release
    from vmb.data.locate import (
        DEFAULT_DIR,
        POINT_AT_A_COPY,
        PROJECT_ROOT,
        SOURCES,
        fallback_data_dirs,
        given_data_dir,
        note_if_not_release,
        remember,
    )
    from vmb.errors import Exit

    dest: Path = args.dest or PROJECT_ROOT / DEFAULT_DIR
    if args.if_missing:
        given = given_data_dir(None)
        if given is not None:
            note_if_not_release(given)  # a benchmark of one's own is used, and said once not to be the release
        found = given or next(iter(fallback_data_dirs()), None)
        if found is not None:
            remember(found)
            print(f"benchmark data found in {found}: nothing to download")
            return Exit.OK
        # Nothing found and nothing said before the download: offline, its failure is the one line.
        try:
            result = fetch_release(dest, args.url or SOURCES[args.source], deadline=args.deadline)
        except (FetchError, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise FetchError(f"no benchmark data found and none downloaded ({reason}): {POINT_AT_A_COPY}") from None
        remember(result.dest)
        print(f"fetched {result.groups} groups, {result.queries} queries ({result.bytes / 1e6:.1f} MB) "
              f"into {result.dest}")
        return Exit.OK
    if dest.exists() and not args.force:
        try:
            groups, queries = check_release_copy(dest)
        except DataError as problem:
            print(f"{dest} holds an incomplete or invalid copy ({problem}); downloading again")
        else:
            print(f"{dest} already holds the release ({groups} groups, {queries} queries); --force downloads again")
            return Exit.OK
    base = args.url or SOURCES[args.source]
    print(f"downloading the VehicleMemBench release from {base}")
    try:
        result = fetch_release(dest, base, deadline=args.deadline)
    except OSError as error:  # the download's errors are FetchError already: this is the destination's
        raise FetchError(f"cannot write {dest}: {error.strerror or error}") from None
    print(f"fetched {result.groups} groups, {result.queries} queries ({result.bytes / 1e6:.1f} MB) into {result.dest}")
    return Exit.OK
