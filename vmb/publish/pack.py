"""``vmb pack RUN... --out BUNDLE``: finished runs into one self-contained bundle and its archive.

Each run is read as metric.json counts it (``vmb.harness.counted``: the last record of each (query,
trial) its header selects; records left from an earlier selection of the same directory are not
packed): a line that is not a record, a missing ``metric.json`` or a benchmark that cannot be found
by its checksum refuses the pack in one line. A run that does not cover its
benchmark (every query, every trial, scored) is refused unless ``partial``. Only the run's own files are
read: regular files inside it, reached through no symbolic link (``read_own``). Its ``config.json`` is packed
without the packer's machine paths (``MACHINE_PATHS``: the benchmark and cache directories; a merged run's
slices by their names only); the determining settings it hashes are untouched. Everything to be packed is
checked for keys (``vmb.publish.secrets``) before a byte is written; the directory is written under the one
output-directory rule (``vmb.outdir``: new, empty, or one vmb pack wrote, where only the files of the bundle
it wrote before are replaced), the archive beside it (``BUNDLE.tar.gz``).
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import metadata
from pathlib import Path
from typing import Any

from vmb.boundedjson import JsonFileError, load_json_text, read_json_file
from vmb.data.locate import PROJECT_ROOT, run_data_dir
from vmb.harness.counted import CountedRun, counted_run
from vmb.outdir import check_output_dir, claim_output_dir
from vmb.publish.benchmarks import twin_identity
from vmb.publish.card import render_card
from vmb.publish.files import ARCHIVE_SUFFIX, file_entry, write_archive, write_files
from vmb.publish.manifest import (
    BENCHMARKS,
    FORMAT,
    MANIFEST,
    PLAIN_NAME_MAX,
    RUNS,
    Benchmark,
    BundleError,
    Manifest,
    RunEntry,
    inside,
    model_configuration,
)
from vmb.publish.secrets import refuse_secrets
from vmb.results.header import RunHeader
from vmb.results.record import QueryRecord, attempt_key
from vmb.results.rundir import CONFIG, MEMORY, METRIC, RESULTS, SYSTEM_PROMPTS, read_header, strict_dumps
from vmb.results.runsummary import RunSummary

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
OWNER = "vmb pack"
# Fields of a header's ``operational`` that hold the packer's own paths: not packed (nothing validates by them).
MACHINE_PATHS = ("data", "cache_dir", "prices")


def read_own(run: Path, relative: str) -> bytes:
    """The bytes of ``run/relative`` if it is a regular file reached through no symbolic link inside the run;
    else a ``BundleError`` (a link to a file outside the run would put that file into the bundle)."""
    path = run
    for part in relative.split("/"):
        path = path / part
        if path.is_symlink():
            raise BundleError(f"{path} is a symbolic link; vmb pack packs only the run's own files")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise  # the caller says what a missing file means
    except OSError as error:
        raise BundleError(f"{path}: cannot read it ({error.strerror or error})") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise BundleError(f"{path} is not a regular file; vmb pack packs only the run's own files")
        return handle.read()


def packed_config(run: Path) -> bytes:
    """The run's ``config.json`` as the bundle holds it: without ``MACHINE_PATHS``, a merged run's slices named
    by their folders' names; the same document otherwise (its hash covers the determining settings only)."""
    data = read_own(run, CONFIG)
    doc = load_json_text(data, str(run / CONFIG))
    if not isinstance(doc, dict):
        return data  # read_header refused it already
    operational = doc.get("operational")
    if isinstance(operational, dict):
        doc["operational"] = {k: v for k, v in operational.items() if k not in MACHINE_PATHS}
    if isinstance(doc.get("merged_from"), list):
        doc["merged_from"] = [Path(str(p)).name for p in doc["merged_from"]]
    return (strict_dumps(doc, indent=1, sort_keys=False) + "\n").encode("utf-8")


@dataclass(frozen=True)
class Staged:
    """One run as it goes into the bundle: its manifest entry, its benchmark, its files by bundle path."""

    entry: RunEntry
    header: RunHeader
    benchmark: Benchmark
    files: dict[str, bytes]


def vmb_identity() -> dict[str, Any]:
    """The packing vmb: its version, the commit of its checkout (and whether the tree had changes), the SHA-256 of
    its pinned requirements.txt (None where vmb runs from no checkout)."""
    requirements = PROJECT_ROOT / "requirements.txt"
    commit = _git("rev-parse", "HEAD")
    status = _git("status", "--porcelain", "--untracked-files=no") if commit else None
    return {"version": metadata.version("vmb"), "commit": commit, "dirty": None if status is None else bool(status),
            "requirements_sha256": hashlib.sha256(requirements.read_bytes()).hexdigest()
            if requirements.is_file() else None}


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(["git", "-C", str(PROJECT_ROOT), *args], capture_output=True, text=True, timeout=30,
                              check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _records(run: Path, counted: CountedRun) -> dict[str, tuple[QueryRecord, bytes]]:
    """The records that count (``vmb.harness.counted``), each with the line the bundle holds for it."""
    damaged = [note for note in counted.notes if note.startswith(f"{run / RESULTS} line ")]
    if damaged:
        raise BundleError(f"{damaged[0].removesuffix('; not counted')}; vmb pack takes whole runs only "
                          "(rerun its vmb run command to finish it)")
    return {key: (record, (strict_dumps(record.to_json()) + "\n").encode("utf-8"))
            for key, record in counted.records.items()}


def _metric(run: Path) -> bytes:
    """The run's metric.json as written, once it reads as a run's summary (``RunSummary``; one line naming the
    file, the field and ``vmb score RUN``, which writes it again, when it does not)."""
    path = run / METRIC
    try:
        data = read_own(run, METRIC)
        RunSummary.from_json(load_json_text(data, str(path)))
    except FileNotFoundError:
        raise BundleError(f"{run}: no {METRIC} (the run has not finished; `vmb score {run}` writes it)") from None
    except (ValueError, UnicodeDecodeError) as error:
        reason = str(error).removeprefix(f"{path}: ")
        raise BundleError(f"{path} is damaged ({reason}); `vmb score {run}` writes it again") from None
    return data


def _system_prompts(run: Path, records: list[QueryRecord]) -> dict[str, bytes]:
    """The shared system prompts the records name, each a file of the run's own system_prompts/."""
    out: dict[str, bytes] = {}
    for record in records:
        name = record.messages[0].get("content_file") if record.messages else None
        if name is None or name in out:
            continue
        folder, _, file = str(name).partition("/")
        try:
            if not (isinstance(name, str) and folder == SYSTEM_PROMPTS and file and "/" not in file
                    and file not in (".", "..")):
                raise FileNotFoundError
            out[name] = read_own(run, name)
        except (FileNotFoundError, BundleError):
            raise BundleError(f"{run / RESULTS}: the record of {record.key} names the system prompt {str(name)[:120]!r}, "
                              "which is not a file in the run's system_prompts/ (a link is not)") from None
    return out


def _memory_builds(run: Path) -> dict[str, bytes]:
    """Each memory build's ``memory/group_N/build.json`` (relative name -> bytes), reached through no link."""
    out: dict[str, bytes] = {}
    folder = run / MEMORY
    if folder.is_symlink():
        raise BundleError(f"{folder} is a symbolic link; vmb pack packs only the run's own files")
    if not folder.is_dir():
        return out
    for group in sorted(folder.iterdir()):
        if not re.fullmatch(r"group_[0-9]+", group.name):
            continue
        relative = f"{MEMORY}/{group.name}/build.json"
        if group.is_symlink() or (group / "build.json").is_symlink() or (group / "build.json").exists():
            out[relative] = read_own(run, relative)
    return out


def benchmark_identity(root: Path, sha256: str) -> tuple[Benchmark, dict[str, bytes]]:
    """The benchmark at ``root`` as a bundle names it, and the files it packs of it (a generator's metadata)."""
    from vmb.data.metadata import METADATA, read_metadata
    from vmb.harness.plan import load_benchmark_once

    bench = load_benchmark_once(str(root))
    twin = twin_identity(root)
    if twin is not None:
        return Benchmark(sha256, "twin", len(bench.groups), len(bench.queries), twin=twin), {}
    meta = read_metadata(root)
    if meta is None:
        return Benchmark(sha256, "release", len(bench.groups), len(bench.queries)), {}
    where = f"{BENCHMARKS}/{sha256[:12]}/{METADATA}"
    made = meta.made
    generator = {"options": dict(made.options), "seed": made.seed, "options_digest": made.options_digest,
                 "schema_version": made.schema_version, "metadata": where}
    return (Benchmark(sha256, "generated", len(bench.groups), len(bench.queries), generator),
            {where: (root / METADATA).read_bytes()})


def stage_run(run: Path, name: str, data: str | None, *, partial: bool) -> tuple[Staged, dict[str, bytes]]:
    """One run staged under ``runs/NAME``, and the files of its benchmark; refused in one line where it cannot be."""
    from vmb.harness.plan import load_benchmark_once

    header = read_header(run)
    for own in (CONFIG, RESULTS):  # read below by the run's readers: the run's own files, not links
        if (run / own).is_symlink():
            raise BundleError(f"{run / own} is a symbolic link; vmb pack packs only the run's own files")
    found = run_data_dir(header.data_sha256, [header.data_dir], data, run)
    bench = load_benchmark_once(str(found))
    records = _records(run, counted_run(run, bench))
    keys = [attempt_key(q.id, t) for q in bench.queries for t in range(1, header.selection.trials + 1)]
    scored = sum(record.ok for record, _ in records.values())
    coverage = {"benchmark": len(keys), "scored": scored, "errors": len(records) - scored,
                "pending": len(keys) - len(records)}
    if (scored != len(keys)) and not partial:
        raise BundleError(f"{run}: {scored} of {len(keys)} queries of its benchmark scored, {coverage['errors']} in "
                          f"error, {coverage['pending']} not run; finish the run (rerun its vmb run command, with no "
                          "--groups or --limit) or pack it with --partial")
    base = f"{RUNS}/{name}"
    files = {f"{base}/{CONFIG}": packed_config(run),
             f"{base}/{RESULTS}": b"".join(line for _, line in records.values()),
             f"{base}/{METRIC}": _metric(run)}
    files |= {f"{base}/{n}": d for n, d in _system_prompts(run, [r for r, _ in records.values()]).items()}
    files |= {f"{base}/{n}": d for n, d in _memory_builds(run).items()}
    benchmark, bench_files = benchmark_identity(found, header.data_sha256)
    d = header.determining
    entry = RunEntry(name=name, path=base, hash=header.hash, benchmark=header.data_sha256, agent=header.agent,
                     model=header.model, server_family=d.server_family, memory=header.memory,
                     prompts=dict(d.prompts), vmb_version=header.packages.get("vmb"), coverage=coverage)
    return Staged(entry, header, benchmark, files), bench_files


def run_names(runs: Sequence[Path]) -> list[str]:
    """A name per run (its directory's, made safe), unique within the bundle: a plain name ``vmb validate`` takes
    (``manifest.plain_name``: a letter or digit first, at most ``PLAIN_NAME_MAX`` characters, a longer one cut)."""
    names: list[str] = []
    for run in runs:
        base = (_UNSAFE.sub("-", run.resolve().name).strip("._-") or "run")[:PLAIN_NAME_MAX]
        name, n = base, 1
        while name in names:
            n += 1
            name = f"{base[:PLAIN_NAME_MAX - len(str(n)) - 1]}-{n}"
        names.append(name)
    return names


@dataclass(frozen=True)
class Packed:
    manifest: Manifest
    directory: Path
    archive: Path


def pack_runs(runs: Sequence[Path], out: Path, *, partial: bool = False, data: str | None = None) -> Packed:
    """Pack ``runs`` into the bundle directory ``out`` and the archive ``out.tar.gz`` (see the module docstring)."""
    if not runs:
        raise BundleError("no run to pack")
    staged: list[Staged] = []
    files: dict[str, bytes] = {}
    label: dict[str, str] = {}
    for run, name in zip(runs, run_names(runs)):
        one, bench_files = stage_run(run, name, data, partial=partial)
        staged.append(one)
        files |= one.files | bench_files
        label |= {path: str(run / path.removeprefix(f"{one.entry.path}/")) for path in one.files}
    configurations = [model_configuration(s.header.determining) for s in staged]
    manifest = Manifest(
        vmb=vmb_identity(), partial=partial or not all(s.entry.complete for s in staged),
        benchmarks={s.benchmark.sha256: s.benchmark for s in staged}, runs=[s.entry for s in staged],
        model=configurations[0] if all(c == configurations[0] for c in configurations) else None)
    for one in staged:
        metric = RunSummary.from_json(load_json_text(one.files[f"{one.entry.path}/{METRIC}"],
                                                     f"{one.entry.path}/{METRIC}"))
        files[one.entry.card] = render_card(one.entry, one.header, metric, manifest).encode("utf-8")
        label[one.entry.card] = f"the card of {one.entry.name}"
    refuse_secrets(files, label)
    manifest = replace(manifest, files={name: file_entry(data) for name, data in files.items()})
    document = (strict_dumps(manifest.to_json(), indent=1) + "\n").encode("utf-8")
    refuse_secrets({MANIFEST: document})
    return _write(out, {**files, MANIFEST: document}, manifest)


def _ours(out: Path) -> bool:
    """Whether ``out`` is a bundle directory vmb pack wrote before it left a marker (its manifest says so)."""
    return _previous_files(out) is not None


def _previous_files(out: Path) -> list[str] | None:
    """The files of the bundle vmb pack wrote into ``out`` before (its manifest's list), or None for none."""
    try:
        document = read_json_file(out / MANIFEST, max_bytes=8 << 20)
        files = document["files"] if isinstance(document, dict) and document.get("format") == FORMAT else None
        return [inside(name, str(out / MANIFEST)) for name in files] if isinstance(files, dict) else None
    except (OSError, JsonFileError, BundleError):
        return None


def _claim(out: Path, archive: Path) -> None:
    """Write only under the output-directory rule; the bundle written there before (and only it) is removed,
    so no file of another bundle mixes with this one and a user's own file beside it stays."""
    ours = check_output_dir(out, OWNER, made_before=_ours)
    if archive.exists() and not (ours and archive.is_file() and not archive.is_symlink()):
        raise BundleError(f"{archive} exists and is not this bundle's archive; nothing written: choose another --out")
    claim_output_dir(out, OWNER, made_before=_ours)
    old = (_previous_files(out) or []) if ours else []
    for name in [*old, MANIFEST] if old else []:
        path = out / name
        if not any(p.is_symlink() for p in [path, *path.parents] if out in p.parents) and path.is_file():
            path.unlink()
    folders = {out.joinpath(*name.split("/")[:n]) for name in old for n in range(1, name.count("/") + 1)}
    for folder in sorted(folders, key=lambda f: -len(f.parts)):  # the old bundle's folders it left empty
        if folder.is_dir() and not folder.is_symlink() and not any(folder.iterdir()):
            folder.rmdir()


def _write(out: Path, files: dict[str, bytes], manifest: Manifest) -> Packed:
    where = out.resolve()
    if not where.name:
        raise BundleError(f"--out {out}: the bundle needs a folder with a name (its archive is NAME.tar.gz beside it)")
    archive = where.with_name(where.name + ARCHIVE_SUFFIX)
    try:
        _claim(out, archive)
        write_files(out, files)
        write_archive(archive, files, where.name)
    except OSError as error:
        raise BundleError(f"cannot write {error.filename or out} ({error.strerror or error}); nothing usable was "
                          "written: free some space or choose another --out") from None
    return Packed(manifest, out, archive)
