"""A bundle's ``manifest.json``: what it holds, typed and versioned (the layout is in docs/bundles.md).

A bundle is a directory (and a ``.tar.gz`` of it) of finished runs, each under ``runs/NAME/`` as its
run directory had it (``config.json``, ``results.jsonl``, ``metric.json``, ``system_prompts/``, each
group's ``memory/group_N/build.json``) the generator's
``metadata.json`` of every generated benchmark under ``benchmarks/SHA12/``, and ``manifest.json``:
the format and its version, the vmb that packed it, the benchmarks by checksum, one entry per run,
the one model configuration the runs share (when they share one), and every file with its size
and SHA-256.

Format versions (``version``):

1. the first layout.
2. a twin (``vmb twin``) is its own benchmark kind, ``twin``, with its source's checksum and its seed;
   ``manifest.json`` is the archive's first file, so that a reader knows the budget of what follows.

A reader of version N reads every version up to N and refuses a later one in one line, so a bundle
from a newer vmb is never half read. Every path the manifest names is relative, inside the bundle; a field
that names a folder of its own (a run's name, a benchmark's checksum) is a plain name (``plain_name``), and
``scratch_path`` is the one way such a field becomes a path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from vmb.boundedjson import JsonFileError, read_json_file
from vmb.errors import VmbError
from vmb.jsontypes import describe, fits, json_kind
from vmb.results.header import Determining

FORMAT = "vmb-bundle"
BUNDLE_VERSION = 2
MANIFEST = "manifest.json"
RUNS = "runs"
BENCHMARKS = "benchmarks"
CARD = "card.md"
# The determining settings that make a model configuration: runs sharing them ran one model the same way
# (the memory setting and its options may differ between the runs of one model).
MODEL_KEYS = ("agent", "model", "base_url", "server_family", "thinking", "thinking_sent", "request_params",
              "max_rounds", "text_calls")
KINDS = ("release", "generated", "twin")
MAX_MANIFEST_BYTES = 8 << 20  # a 500-query run lists about 110 files (about 15 KB); far above any bundle's
PLAIN_NAME_MAX = 100  # characters of a plain name: a run's folder in a bundle (vmb pack makes its names fit)
_PLAIN = re.compile(rf"[A-Za-z0-9][A-Za-z0-9._-]{{0,{PLAIN_NAME_MAX - 1}}}")
_SHA256 = re.compile(r"[0-9a-f]{64}")


class BundleError(VmbError):
    """A bundle that cannot be read or written as one: the message names the file and what is wrong."""


def model_configuration(determining: Determining) -> dict[str, Any]:
    """The model configuration of a run's determining settings (``MODEL_KEYS``)."""
    return {key: getattr(determining, key) for key in MODEL_KEYS}


def inside(name: Any, where: str) -> str:
    """``name`` if it is a relative path that stays inside the bundle, else a ``BundleError`` naming ``where``."""
    if not isinstance(name, str) or not name or "\\" in name or "\0" in name:
        raise BundleError(f"{where}: {str(name)[:120]!r} is not a file name inside the bundle")
    path = PurePosixPath(name)
    if path.is_absolute() or any(part in ("..", ".", "") for part in name.split("/")):
        raise BundleError(f"{where}: {name[:120]!r} points outside the bundle")
    return path.as_posix()


def plain_name(name: Any, where: str) -> str:
    """``name`` if it is a plain file name (letters, digits, ``. _ -``, not opening with a dot, at most 100
    characters), else a ``BundleError`` naming ``where``: no separator, no ``..``, nothing a path could climb by."""
    if not isinstance(name, str) or not _PLAIN.fullmatch(name):
        raise BundleError(f"{where}: {str(name)[:120]!r} is not a plain name (letters, digits, . _ -)")
    return name


def scratch_path(scratch: Path, name: Any, where: str) -> Path:
    """The one way a field of a bundle becomes a path: ``scratch``/``name`` for a plain name, else refused."""
    return scratch / plain_name(name, where)


def checksum(value: Any, where: str) -> str:
    """``value`` if it is a SHA-256 in hex (as ``data_checksum`` writes it), else a ``BundleError``."""
    if not isinstance(value, str) or not _SHA256.fullmatch(value):
        raise BundleError(f"{where} is {str(value)[:80]!r}, not a SHA-256 checksum (64 hex digits)")
    return value


class _Reader:
    """Typed fields of one JSON object of the manifest, each failure naming its place."""

    def __init__(self, data: Any, where: str) -> None:
        if not fits(data, dict):
            raise BundleError(f"{where} is {json_kind(data)}, not an object")
        self.data, self.where = data, where

    def get(self, key: str, hint: Any, *, optional: bool = False) -> Any:
        """The field ``key`` if it is of the declared type ``hint`` (``vmb.jsontypes`` says what fits and
        names the kind)."""
        value = self.data.get(key)
        if value is None and optional:
            return None
        if not fits(value, hint):
            raise BundleError(f"{self.where}.{key} is missing or not {describe(hint)}")
        return value


@dataclass(frozen=True)
class FileEntry:
    sha256: str
    bytes: int

    def to_json(self) -> dict[str, Any]:
        return {"sha256": self.sha256, "bytes": self.bytes}


@dataclass(frozen=True)
class Benchmark:
    """A benchmark the runs read, named by ``vmb.data.locate.data_checksum``.

    ``kind`` is ``generated`` for a benchmark ``vmb generate`` made (``generator``: its options, seed,
    options digest, schema version and the path of its ``metadata.json`` in the bundle), ``twin`` for one
    ``vmb twin`` made (``twin``: its ``seed`` and its source's checksum, ``source_sha256``: rebuilt from the
    release), else ``release``: the release layout with no maker's metadata, validated against the data given.
    """

    sha256: str
    kind: str
    groups: int
    queries: int
    generator: dict[str, Any] | None = None
    twin: dict[str, Any] | None = None

    @property
    def metadata(self) -> str | None:
        return None if self.generator is None else str(self.generator["metadata"])

    def to_json(self) -> dict[str, Any]:
        return {"sha256": self.sha256, "kind": self.kind, "groups": self.groups, "queries": self.queries,
                "generator": self.generator, "twin": self.twin}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Benchmark:
        read = _Reader(data, where)
        kind = read.get("kind", str)
        if kind not in KINDS:
            raise BundleError(f"{where}.kind is {kind!r}; expected one of {', '.join(KINDS)}")
        generator = read.get("generator", dict, optional=True)
        if kind == "generated":
            if generator is None:
                raise BundleError(f"{where}: a generated benchmark without its generator's options")
            gen = _Reader(generator, f"{where}.generator")
            gen.get("options", dict)
            gen.get("seed", int)
            inside(gen.get("metadata", str), f"{where}.generator.metadata")
        twin = read.get("twin", dict, optional=True)
        if kind == "twin":
            if twin is None:
                raise BundleError(f"{where}: a twin without its seed and source")
            made = _Reader(twin, f"{where}.twin")
            made.get("seed", int)
            checksum(made.get("source_sha256", str), f"{where}.twin.source_sha256")
        counts = {key: read.get(key, int) for key in ("groups", "queries")}
        for key, count in counts.items():
            if count < 1:
                raise BundleError(f"{where}.{key} is {count}; a benchmark holds at least one")
        return cls(sha256=checksum(read.get("sha256", str), f"{where}.sha256"), kind=kind, generator=generator,
                   twin=twin, **counts)


@dataclass(frozen=True)
class RunEntry:
    """One run of the bundle: where it is, what it ran, on which benchmark, and how much of it."""

    name: str
    path: str  # runs/NAME
    hash: str  # its config.json's configuration hash
    benchmark: str  # the checksum of the benchmark it ran on (a key of Manifest.benchmarks)
    agent: str
    model: str | None
    server_family: str | None
    memory: str
    prompts: dict[str, Any]  # prompt name -> {version, sha256}, as its config.json records them
    vmb_version: str | None  # the vmb that made the run (its config.json's packages)
    coverage: dict[str, int]  # benchmark (its queries x trials), scored, errors, pending

    @property
    def card(self) -> str:
        """Its reproducibility card's path in the bundle."""
        return f"{self.path}/{CARD}"

    @property
    def complete(self) -> bool:
        c = self.coverage
        return c["scored"] == c["benchmark"] and not c["errors"] and not c["pending"]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "path": self.path, "hash": self.hash, "benchmark": self.benchmark,
                "agent": self.agent, "model": self.model, "server_family": self.server_family,
                "memory": self.memory, "prompts": self.prompts, "vmb_version": self.vmb_version,
                "coverage": self.coverage}

    @classmethod
    def from_json(cls, data: Any, where: str) -> RunEntry:
        read = _Reader(data, where)
        coverage = _Reader(read.get("coverage", dict), f"{where}.coverage")
        counts = {key: coverage.get(key, int) for key in ("benchmark", "scored", "errors", "pending")}
        if any(count < 0 for count in counts.values()):
            raise BundleError(f"{where}.coverage: a count below zero")
        name = plain_name(read.get("name", str), f"{where}.name")
        if read.get("path", str) != f"{RUNS}/{name}":
            raise BundleError(f"{where}.path is {str(read.get('path', str))[:120]!r}; a run's path is {RUNS}/{name}")
        return cls(name=name, path=f"{RUNS}/{name}",
                   hash=read.get("hash", str), benchmark=checksum(read.get("benchmark", str), f"{where}.benchmark"),
                   agent=read.get("agent", str),
                   model=read.get("model", str, optional=True),
                   server_family=read.get("server_family", str, optional=True), memory=read.get("memory", str),
                   prompts=read.get("prompts", dict), vmb_version=read.get("vmb_version", str, optional=True),
                   coverage=counts)


@dataclass(frozen=True)
class Manifest:
    vmb: dict[str, Any]  # the packing vmb: version, commit, dirty, requirements_sha256
    partial: bool  # packed with --partial: some run misses queries or holds errors
    benchmarks: dict[str, Benchmark]
    runs: list[RunEntry]
    files: dict[str, FileEntry] = field(default_factory=dict)  # every file but the manifest
    model: dict[str, Any] | None = None  # the model configuration every run shares (MODEL_KEYS), if one

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": BUNDLE_VERSION, "vmb": self.vmb,
                "partial": self.partial, "model": self.model,
                "benchmarks": {sha: b.to_json() for sha, b in self.benchmarks.items()},
                "runs": [r.to_json() for r in self.runs],
                "files": {name: f.to_json() for name, f in sorted(self.files.items())}}

    @classmethod
    def from_json(cls, data: Any, where: str = MANIFEST) -> Manifest:
        read = _Reader(data, where)
        if data.get("format") != FORMAT:
            raise BundleError(f"{where}: not a vmb bundle's manifest (format {data.get('format')!r})")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise BundleError(f"{where}: format version {version!r} is not a version number")
        if version > BUNDLE_VERSION:
            raise BundleError(f"{where}: made by a newer vmb (bundle format version {version}; this vmb reads "
                              f"versions 1 to {BUNDLE_VERSION}): upgrade vmb to read it")
        benchmarks = {}
        for sha, entry in read.get("benchmarks", dict).items():
            place = f"{where}.benchmarks.{str(sha)[:12]}"
            benchmarks[sha] = Benchmark.from_json(entry, place)
            if benchmarks[sha].sha256 != sha:
                raise BundleError(f"{place}: listed under {str(sha)[:80]!r}, its sha256 is another")
        runs = [RunEntry.from_json(entry, f"{where}.runs[{n}]") for n, entry in enumerate(read.get("runs", list))]
        if not runs:
            raise BundleError(f"{where}: the bundle holds no run (runs is empty); nothing to validate")
        names = [run.name for run in runs]
        if len(set(names)) != len(names):
            raise BundleError(f"{where}: two runs are named {next(n for n in names if names.count(n) > 1)!r}")
        files = {}
        for name, entry in read.get("files", dict).items():
            place = f"{where}.files.{str(name)[:80]}"
            item = _Reader(entry, place)
            files[inside(name, place)] = FileEntry(item.get("sha256", str), item.get("bytes", int))
        for run in runs:
            if run.benchmark not in benchmarks:
                raise BundleError(f"{where}: run {run.name} names benchmark {run.benchmark[:12]}, which it does not list")
        return cls(vmb=read.get("vmb", dict), partial=read.get("partial", bool),
                   benchmarks=benchmarks, runs=runs, files=files, model=read.get("model", dict, optional=True))


def read_manifest(root: Path, shown: str | None = None) -> Manifest:
    """The manifest of the bundle directory ``root``; a ``BundleError`` naming what is wrong otherwise
    (``shown``: how to name the bundle, for one unpacked from an archive: the archive's path)."""
    path = root / MANIFEST
    name = f"{shown}: {MANIFEST}" if shown is not None else str(path)
    if not path.is_file() or path.is_symlink():
        raise BundleError(f"{shown or root} is not a bundle (no {MANIFEST})")
    try:
        data = read_json_file(path, name, max_bytes=MAX_MANIFEST_BYTES, unique_keys=True)
    except JsonFileError as error:
        raise BundleError(f"{name} is damaged ({str(error).removeprefix(f'{name}: ')})") from None
    except OSError as error:
        raise BundleError(f"{name}: cannot read it ({error.strerror or error})") from None
    return Manifest.from_json(data, name)
