"""The benchmark each run of a bundle is validated against, and whether it is the one the run used.

A bundle names its benchmarks by checksum (``vmb.data.locate.data_checksum``). Validation reads the
directory ``--data`` names, else, for a generated benchmark made without a model, the benchmark
rebuilt from the seed and options its metadata records (the procedural generator gives the same
bytes for the same options and generator version; a rebuild by another version that differs says so, with
both versions), for a twin the twin made again from the release (``vmb.maker.twin``) with its recorded seed,
else the release where vmb finds it (``resolve_data_dir``). A benchmark
whose checksum is not the bundle's is named as other data, with both checksums.

A rebuild writes only under validate's scratch (removed when validate ends), into a folder named through
``scratch_path``. The recorded options are the bundle's word, so they are checked before a line is
generated: they must read as the generator's options, agree with the manifest's counts of groups and
queries, and stay within ``REBUILD_LINES`` (a forged ``groups=100000`` is refused, not generated).
"""

from __future__ import annotations

import hashlib
import shutil
from dataclasses import dataclass
from pathlib import Path

from vmb.data import Benchmark
from vmb.data.locate import RELEASE_GROUPS
from vmb.errors import VmbError
from vmb.publish.manifest import Benchmark as Identity
from vmb.publish.manifest import Manifest, scratch_path

# A generated benchmark is rebuilt only up to twice the release's dialogue lines (50 groups of about 2,700;
# the release's size takes about a minute): a larger one is validated against --data DIR holding it.
REBUILD_LINES = 2 * RELEASE_GROUPS * 2700


@dataclass(frozen=True)
class Located:
    bench: Benchmark | None  # loaded, when it is the benchmark the bundle names
    problem: str | None = None  # why the runs on it cannot be checked against it


def _packed_version(path: Path) -> str | None:
    """The generator version a bundle's packed ``metadata.json`` records (None: before versions were recorded)."""
    from vmb.data.metadata import read_metadata

    made = read_metadata(path.parent) if path.name == "metadata.json" else None
    return made.made.generator_version if made is not None else None


def options_problem(identity: Identity) -> str | None:
    """Why the generator options a bundle records cannot be rebuilt from (None: they can)."""
    from vmb.maker.generate.plan.options import GenerateOptions

    generator = identity.generator or {}
    try:
        options = GenerateOptions.from_json(dict(generator["options"]))
    except (VmbError, TypeError, ValueError) as error:
        return f"its benchmark's recorded generator options do not read ({str(error)[:200]})"
    if options.backend != "procedural":
        return (f"its benchmark was generated with a model ({options.backend} backend) and cannot be rebuilt "
                "without one; pass --data DIR holding it")
    if generator.get("seed") != options.seed:
        return f"its benchmark's recorded seed {generator.get('seed')!r} is not its options' {options.seed}"
    made = {"groups": options.groups, "queries": options.groups * options.vehicle_chains}
    claimed = {"groups": identity.groups, "queries": identity.queries}
    if made != claimed:
        return (f"its benchmark's recorded generator options make {made['groups']} groups of {made['queries']} "
                f"queries; the manifest says {claimed['groups']} groups of {claimed['queries']}")
    lines = options.groups * options.history_lines
    if lines > REBUILD_LINES or options.people > 26 or options.background_chains > 100 * options.vehicle_chains:
        return (f"its benchmark's recorded generator options ask for {lines:,} history lines, {options.people} people "
                f"and {options.background_chains} background chains a group; vmb validate rebuilds at most "
                f"{REBUILD_LINES:,} lines (twice the release): pass --data DIR holding the benchmark")
    return None


def _rebuilt(root: Path, identity: Identity, out: Path) -> tuple[Path | None, str | None]:
    """The generated benchmark rebuilt from its recorded options, or why it cannot be."""
    from vmb.data.locate import data_identity
    from vmb.data.metadata import METADATA
    from vmb.maker.generate.pipeline import run
    from vmb.maker.generate.plan.options import GenerateOptions
    from vmb.maker.generate.procedural.backend import ProceduralBackend
    from vmb.maker.generate.version import other_version

    problem = options_problem(identity)
    if problem is not None:
        return None, problem
    generator = identity.generator or {}
    options = GenerateOptions.from_json(dict(generator["options"]))
    run(options, out, ProceduralBackend(), log=lambda _: None)
    made_by = other_version(_packed_version(root / str(generator["metadata"])))
    if made_by is not None:
        if data_identity(out).matches(identity.sha256):
            return out, None  # another version, the same benchmark
        return None, (f"its benchmark was {made_by}, which rebuilds it differently; pass --data DIR holding "
                      "the benchmark to validate against it")
    packed = (root / str(generator["metadata"])).read_bytes()
    if hashlib.sha256(packed).digest() != hashlib.sha256((out / METADATA).read_bytes()).digest():
        return None, (f"its benchmark's metadata.json is not what vmb generate writes for seed {options.seed} and the "
                      "recorded options")
    return out, None


def _twin(identity: Identity, out: Path) -> tuple[Path | None, str | None]:
    """The twin made again from the release where vmb finds it, with its recorded seed, or why it cannot be."""
    from vmb.data.locate import data_identity, resolve_data_dir
    from vmb.maker.twin.export import make_twin

    twin = identity.twin or {}
    release = resolve_data_dir(None)
    found = data_identity(release)
    if not found.matches(str(twin.get("source_sha256"))):  # a twin made before the checksum's version 2: legacy
        return None, (f"its benchmark is a twin of {str(twin.get('source_sha256'))[:12]}; the release vmb finds "
                      f"({release}) is {found.checksum[:12]}: pass --data DIR holding the twin")
    make_twin(release, int(twin["seed"]), out)
    return out, None


def locate(root: Path, identity: Identity, data: str | None, scratch: Path) -> Located:
    from vmb.data import load_benchmark
    from vmb.data.locate import data_identity, resolve_data_dir

    rebuild = data is None and identity.kind != "release"
    target = scratch_path(scratch, identity.sha256[:12], "manifest.json: a benchmark's checksum")
    try:
        if not rebuild:
            directory = resolve_data_dir(data)
        else:
            rebuilt, problem = (_rebuilt(root, identity, target) if identity.kind == "generated"
                                else _twin(identity, target))
            if rebuilt is None:
                shutil.rmtree(target, ignore_errors=True)
                return Located(None, problem)
            directory = rebuilt
        found = data_identity(directory)
        if not found.matches(identity.sha256):  # a bundle packed before the checksum's version 2 names the legacy form
            what = {"generated": "the benchmark rebuilt from its recorded seed",
                    "twin": "the twin made again from the release with its recorded seed"}.get(identity.kind) \
                if rebuild else str(directory)
            return Located(None, f"ran over other data: the bundle's benchmark is {identity.sha256[:12]}, "
                                 f"{what} is {found.checksum[:12]}")
        return Located(load_benchmark(directory, parse_histories=False))  # read lazily: kept till validate ends
    except VmbError as error:
        shutil.rmtree(target, ignore_errors=True)
        return Located(None, f"its benchmark cannot be read ({error})")


def locate_benchmarks(root: Path, manifest: Manifest, data: str | None, scratch: Path) -> dict[str, Located]:
    """Each benchmark the bundle names, located (checksum → the benchmark, or why not)."""
    return {sha: locate(root, identity, data, scratch) for sha, identity in manifest.benchmarks.items()}


def twin_identity(root: Path) -> dict[str, object] | None:
    """A twin's identity as a bundle records it (its seed, its source's checksum), or None for no twin: the one
    reader of a twin's metadata here (``vmb.data.metadata.read_twin``), kept to these two fields."""
    from vmb.data.metadata import read_twin

    twin = read_twin(root)
    if twin is None:
        return None
    return {"seed": twin.seed, "source_sha256": twin.source_sha256}
