"""The benchmark each run of a bundle is validated against, and whether it is the one the run used.

A bundle names its benchmarks by checksum (``vmb.data.locate.data_checksum``). Validation reads the
directory ``--data`` names, else, for a generated benchmark made without a model, the benchmark
rebuilt from the seed and options its metadata records (the procedural generator gives the same
bytes for the same options and generator version; a rebuild by another version that differs says so, with
both versions), else the release where vmb finds it (``resolve_data_dir``). A benchmark
whose checksum is not the bundle's is named as other data, with both checksums.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from vmb.bundle.manifest import Benchmark as Identity
from vmb.bundle.manifest import Manifest
from vmb.data import Benchmark
from vmb.errors import VmbError


@dataclass(frozen=True)
class Located:
    bench: Benchmark | None  # loaded, when it is the benchmark the bundle names
    problem: str | None = None  # why the runs on it cannot be checked against it


def _packed_version(path: Path) -> str | None:
    """The generator version a bundle's packed ``metadata.json`` records (None: before versions were recorded)."""
    from vmb.data.metadata import read_metadata

    made = read_metadata(path.parent) if path.name == "metadata.json" else None
    return made.made.generator_version if made is not None else None


def _rebuilt(root: Path, identity: Identity, scratch: Path) -> tuple[Path | None, str | None]:
    """The generated benchmark rebuilt from its recorded options, or why it cannot be."""
    from vmb.data.locate import data_checksum
    from vmb.data.metadata import METADATA
    from vmb.generate.pipeline import run
    from vmb.generate.plan.options import GenerateOptions
    from vmb.generate.procedural.backend import ProceduralBackend
    from vmb.generate.version import other_version

    generator = identity.generator or {}
    try:
        options = GenerateOptions.from_json(dict(generator["options"]))
    except (VmbError, TypeError, ValueError) as error:
        return None, f"its benchmark's recorded generator options do not read ({error})"
    if options.backend != "procedural":
        return None, (f"its benchmark was generated with a model ({options.backend} backend) and cannot be rebuilt "
                      "without one; pass --data DIR holding it")
    out = scratch / identity.sha256[:12]
    run(options, out, ProceduralBackend(), log=lambda _: None)
    made_by = other_version(_packed_version(root / str(generator["metadata"])))
    if made_by is not None:
        if data_checksum(out) == identity.sha256:
            return out, None  # another version, the same benchmark
        return None, (f"its benchmark was {made_by}, which rebuilds it differently; pass --data DIR holding "
                      "the benchmark to validate against it")
    packed = (root / str(generator["metadata"])).read_bytes()
    if hashlib.sha256(packed).digest() != hashlib.sha256((out / METADATA).read_bytes()).digest():
        return None, (f"its benchmark's metadata.json is not what vmb generate writes for seed {options.seed} and the "
                      "recorded options")
    return out, None


def locate(root: Path, identity: Identity, data: str | None, scratch: Path) -> Located:
    from vmb.data import load_benchmark
    from vmb.data.locate import data_checksum, resolve_data_dir

    try:
        if data is not None or identity.kind == "release":
            directory = resolve_data_dir(data)
        else:
            rebuilt, problem = _rebuilt(root, identity, scratch)
            if rebuilt is None:
                return Located(None, problem)
            directory = rebuilt
        found = data_checksum(directory)
        if found != identity.sha256:
            what = "the benchmark rebuilt from its recorded seed" if data is None and identity.kind == "generated" \
                else str(directory)
            return Located(None, f"ran over other data: the bundle's benchmark is {identity.sha256[:12]}, "
                                 f"{what} is {found[:12]}")
        return Located(load_benchmark(directory, parse_histories=False))
    except VmbError as error:
        return Located(None, f"its benchmark cannot be read ({error})")


def locate_benchmarks(root: Path, manifest: Manifest, data: str | None, scratch: Path) -> dict[str, Located]:
    """Each benchmark the bundle names, located (checksum → the benchmark, or why not)."""
    return {sha: locate(root, identity, data, scratch) for sha, identity in manifest.benchmarks.items()}
