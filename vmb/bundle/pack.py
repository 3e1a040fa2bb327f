"""``vmb pack RUN... --out BUNDLE``: finished runs into one self-contained bundle and its archive.

Each run is read as metric.json counts it (``vmb.harness.counted``: the last record of each (query,
trial) its header selects; records left from an earlier selection of the same directory are not
packed): a line that is not a record, a missing ``metric.json`` or a benchmark that cannot be found
by its checksum refuses the pack in one line. A run that does not cover its
benchmark (every query, every trial, scored) is refused unless ``partial``. Everything to be packed is
checked for keys (``vmb.bundle.secrets``) before a byte is written; the directory is written only
when it is new or empty, the archive beside it (``BUNDLE.tar.gz``); a directory vmb pack wrote before is written again.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import metadata
from pathlib import Path
from typing import Any

from vmb.bundle.card import render_card
from vmb.bundle.files import ARCHIVE_SUFFIX, file_entry, write_archive, write_files
from vmb.bundle.manifest import (
    BENCHMARKS,
    FORMAT,
    MANIFEST,
    RUNS,
    Benchmark,
    BundleError,
    Manifest,
    RunEntry,
    model_configuration,
)
from vmb.bundle.secrets import refuse_secrets
from vmb.data.locate import PROJECT_ROOT, run_data_dir
from vmb.harness.counted import CountedRun, counted_run
from vmb.results.header import RunHeader
from vmb.results.record import QueryRecord, attempt_key
from vmb.results.rundir import CONFIG, MEMORY, METRIC, RESULTS, SYSTEM_PROMPTS, read_header, strict_dumps

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


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
    path = run / METRIC
    try:
        data = path.read_bytes()
        if not isinstance(json.loads(data), dict):
            raise ValueError("not a JSON object")
    except FileNotFoundError:
        raise BundleError(f"{run}: no {METRIC} (the run has not finished; `vmb score {run}` writes it)") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise BundleError(f"{path} is damaged ({error}); `vmb score {run}` writes it again") from None
    return data


def _system_prompts(run: Path, records: list[QueryRecord]) -> dict[str, bytes]:
    """The shared system prompts the records name, read only inside the run directory."""
    base = run.resolve()
    out: dict[str, bytes] = {}
    for record in records:
        name = record.messages[0].get("content_file") if record.messages else None
        if name is None or name in out:
            continue
        path = (base / str(name)).resolve()
        if not (isinstance(name, str) and name.startswith(f"{SYSTEM_PROMPTS}/") and path.is_relative_to(base)
                and path.is_file()):
            raise BundleError(f"{run / RESULTS}: the record of {record.key} names the system prompt {str(name)[:120]!r}, "
                              "which is not a file in the run's system_prompts/")
        out[name] = path.read_bytes()
    return out


def benchmark_identity(root: Path, sha256: str) -> tuple[Benchmark, dict[str, bytes]]:
    """The benchmark at ``root`` as a bundle names it, and the files it packs of it (a generator's metadata)."""
    from vmb.data.metadata import METADATA, read_metadata
    from vmb.harness.plan import load_benchmark_once

    bench = load_benchmark_once(str(root))
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
    files = {f"{base}/{CONFIG}": (run / CONFIG).read_bytes(),
             f"{base}/{RESULTS}": b"".join(line for _, line in records.values()),
             f"{base}/{METRIC}": _metric(run)}
    files |= {f"{base}/{n}": d for n, d in _system_prompts(run, [r for r, _ in records.values()]).items()}
    for build in sorted((run / MEMORY).glob("group_*/build.json")):
        files[f"{base}/{build.relative_to(run).as_posix()}"] = build.read_bytes()
    benchmark, bench_files = benchmark_identity(found, header.data_sha256)
    d = header.determining
    entry = RunEntry(name=name, path=base, hash=header.hash, benchmark=header.data_sha256, agent=header.agent,
                     model=header.model, server_family=d.server_family, memory=header.memory,
                     prompts=dict(d.prompts), vmb_version=header.packages.get("vmb"), coverage=coverage)
    return Staged(entry, header, benchmark, files), bench_files


def run_names(runs: Sequence[Path]) -> list[str]:
    """A name per run (its directory's, made safe), unique within the bundle."""
    names: list[str] = []
    for run in runs:
        base = _UNSAFE.sub("-", run.resolve().name).strip(".-") or "run"
        name, n = base, 1
        while name in names:
            n += 1
            name = f"{base}-{n}"
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
        metric = json.loads(one.files[f"{one.entry.path}/{METRIC}"])
        files[one.entry.card] = render_card(one.entry, one.header, metric, manifest).encode("utf-8")
        label[one.entry.card] = f"the card of {one.entry.name}"
    refuse_secrets(files, label)
    manifest = replace(manifest, files={name: file_entry(data) for name, data in files.items()})
    document = (json.dumps(manifest.to_json(), indent=1, ensure_ascii=False) + "\n").encode("utf-8")
    refuse_secrets({MANIFEST: document})
    return _write(out, {**files, MANIFEST: document}, manifest)


def _ours(out: Path) -> bool:
    """Whether ``out`` is a bundle directory vmb pack wrote (its manifest says so)."""
    try:
        return bool(json.loads((out / MANIFEST).read_text(encoding="utf-8")).get("format") == FORMAT)
    except (OSError, ValueError, AttributeError):
        return False


def _claim(out: Path, archive: Path) -> None:
    """Write only into a new or empty directory, or one vmb pack wrote before (whose files are replaced)."""
    if out.exists() and not out.is_dir():
        raise BundleError(f"{out} is a file, not a directory; nothing written: choose another --out")
    ours = out.is_dir() and _ours(out)
    entries = sorted(p.name for p in out.iterdir()) if out.is_dir() else []
    if entries and not ours:
        shown = ", ".join(entries[:4]) + (", ..." if len(entries) > 4 else "")
        raise BundleError(f"{out} is not empty ({shown}) and is no bundle of vmb pack; nothing written: "
                          "choose an empty or new directory")
    if archive.exists() and not ours:
        raise BundleError(f"{archive} exists and is not this bundle's archive; nothing written: choose another --out")
    for old in out.iterdir() if ours else []:  # packed here before: replaced, not mixed with this bundle
        shutil.rmtree(old) if old.is_dir() and not old.is_symlink() else old.unlink()
    out.mkdir(parents=True, exist_ok=True)


def _write(out: Path, files: dict[str, bytes], manifest: Manifest) -> Packed:
    archive = out.with_name(out.name + ARCHIVE_SUFFIX)
    try:
        _claim(out, archive)
        write_files(out, files)
        write_archive(archive, files, out.name)
    except OSError as error:
        raise BundleError(f"cannot write {error.filename or out} ({error.strerror or error}); nothing usable was "
                          "written: free some space or choose another --out") from None
    return Packed(manifest, out, archive)
