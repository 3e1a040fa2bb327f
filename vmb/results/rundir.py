"""A run is a directory: ``config.json``, ``results.jsonl``, ``memory/``, ``metric.json``.

``results.jsonl`` gets one line per finished query, written and flushed at once, so a process killed
with SIGKILL loses only the queries in flight (at worst a half-written last line, dropped on
resume with a warning naming it). Resuming keeps every ``ok`` record and reruns the rest, errors
included. ``config.json`` carries the hash of everything that determines results; a different hash
(or a config.json that no longer reads) refuses to resume unless forced, and forcing moves the old
results aside rather than mixing two configurations.

One writer at a time: ``run.lock`` is held (``flock``) for the whole run and names its holder (pid,
host, start time); the kernel releases it when the holder dies, so a lock left by a killed process is
simply taken over. Everything written is strict JSON: a non-finite number becomes a string.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import math
import os
import shutil
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from vmb.boundedjson import MAX_DEPTH, parse_bounded, read_json_file
from vmb.errors import VmbError, storage_message
from vmb.outdir import check_output_dir, claim_output_dir
from vmb.results.header import Determining, HeaderError, RunHeader
from vmb.results.record import QueryRecord, RecordFormatError
from vmb.results.runsummary import METRIC, RunSummary

CONFIG = "config.json"
RESULTS = "results.jsonl"
MEMORY = "memory"
# System prompts of at least this many characters are stored once per run, not in each record.
SHARED_PROMPT_CHARS = 4096
SYSTEM_PROMPTS = "system_prompts"
LOCK = "run.lock"


class ConfigMismatch(VmbError):
    """The run directory holds results of a different configuration (or a config.json that does not read)."""


class RunDirError(VmbError):
    """The run directory cannot be used (held by another run, not writable, disk full): one line for the user."""


def _finite(value: Any) -> Any:
    """``value`` with every NaN or infinity replaced by its name as a string (JSON has no such numbers)."""
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def strict_dumps(value: Any, **options: Any) -> str:
    """``json.dumps`` that never writes ``NaN`` or ``Infinity`` tokens."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False, **options)
    except ValueError:
        return json.dumps(_finite(value), ensure_ascii=False, allow_nan=False, **options)


def write_json(path: Path, data: Any) -> None:
    """Write atomically: a crash leaves the old file or the new one, never half of one."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(strict_dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


# A record holds a model's call arguments (each at most MAX_DEPTH deep, as vmb.boundedjson read them) a few levels down.
RECORD_DEPTH = 2 * MAX_DEPTH


def parse_record_line(line: bytes) -> tuple[QueryRecord | None, str | None]:
    """One line of ``results.jsonl``: the record, or why it is not one (a torn write, a foreign line)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return None, "not UTF-8 (cut inside a character by a kill or a full disk)"
    try:
        record = parse_bounded(text, max_depth=RECORD_DEPTH)
    except (ValueError, RecursionError):
        return None, "not complete JSON (cut short by a kill or a full disk)"
    try:
        return QueryRecord.from_json(record), None
    except RecordFormatError as error:
        return None, str(error)


def iter_results(path: Path) -> Iterator[tuple[int, int, QueryRecord | None, str | None]]:
    """(line number, byte offset, record or None, why not) for every non-blank line of a ``results.jsonl``."""
    if not path.exists():
        return
    with path.open("rb") as handle:
        offset = 0
        for number, line in enumerate(handle, 1):
            start, offset = offset, offset + len(line)
            if line.strip():
                record, problem = parse_record_line(line)
                yield number, start, record, problem


def read_results(path: Path) -> tuple[dict[str, QueryRecord], list[str]]:
    """The last record of each query id, and a warning naming each line that is not a record."""
    records: dict[str, QueryRecord] = {}
    problems: list[str] = []
    for number, _, record, problem in iter_results(path):
        if record is None:
            problems.append(f"{path} line {number}: {problem}; dropped")
        else:
            records[record.key] = record
    return records, problems


def read_record(path: Path, offset: int) -> QueryRecord:
    """The record on the line of ``results.jsonl`` that starts at byte ``offset``."""
    with path.open("rb") as handle:
        handle.seek(offset)
        record, problem = parse_record_line(handle.readline())
    if record is None:
        raise ValueError(f"{path} at byte {offset}: {problem}")
    return record


def json_values(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples as lists; ``0 == 0.0`` then compares as JSON numbers do)."""
    return json.loads(json.dumps(value))


def _as_written(stored: Any, upgrade: Callable[[Determining], Determining]) -> Any:
    """A stored ``determining`` as this version writes it (``upgrade`` brings an earlier version's form to
    this one's), or as it stands when it cannot be read as one (and so is no run of these settings)."""
    try:
        return upgrade(Determining.from_json(stored)).to_json()
    except HeaderError:
        return stored


def _differences(old: Any, new: dict[str, Any]) -> list[str]:
    old = old if isinstance(old, dict) else {}
    keys = sorted(set(old) | set(new))
    return [f"{k}: {json.dumps(old.get(k))} -> {json.dumps(new.get(k))}" for k in keys if old.get(k) != new.get(k)]


RUN_OWNER = "vmb run"  # what marks a run directory (vmb.outdir), whichever command writes the run
SHARDS = "shards"  # a sliced run's slices: OUT/shards/I-of-N (vmb.harness.shard)


def earlier_run(path: Path) -> bool:
    """A run directory an earlier vmb wrote before it marked them: its config.json says so, or it holds
    a sliced run's slices alone."""
    return (path / CONFIG).is_file() or {p.name for p in path.iterdir()} == {SHARDS}


class RunDir:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[str] | None = None
        self._lock: IO[str] | None = None

    def lock(self) -> None:
        """Become the run directory's one writer, or refuse with a line naming the one that is.

        A run is written only into a new or empty directory or a run's own (``vmb.outdir``; a run an
        earlier vmb wrote is known by its config.json)."""
        check_output_dir(self.path, RUN_OWNER, made_before=earlier_run)
        self._writable(lambda: self.path.mkdir(parents=True, exist_ok=True))
        claim_output_dir(self.path, RUN_OWNER, made_before=earlier_run)
        handle = self._writable(lambda: (self.path / LOCK).open("a+", encoding="utf-8"))
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise RunDirError(f"{self.path} is in use by {holder}; wait for that run to finish or stop it, "
                              "or use another --out") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()} on {socket.gethostname()} since {time.strftime('%Y-%m-%dT%H:%M:%S%z')}\n")
        handle.flush()
        self._lock = handle

    def unlock(self) -> None:
        if self._lock is not None:
            self._lock.seek(0)
            self._lock.truncate()
            self._lock.close()  # closing releases the flock
            self._lock = None

    def _writable(self, action: Any) -> Any:
        """Run a write, turning a refusal of the file system into one line naming the path and what to do."""
        try:
            return action()
        except OSError as error:
            raise RunDirError(storage_message(self.path, error, "finished queries are kept")) from None

    @property
    def memory_dir(self) -> Path:
        return self.path / MEMORY

    def header(self) -> RunHeader:
        """``config.json``, read as a run's header (``RunDirError`` naming the file otherwise)."""
        return read_header(self.path)

    def prepare(self, header: RunHeader, *, force: bool, upgrade: Callable[[Determining], Determining],
                warn: Callable[[str], None] | None = None) -> dict[str, QueryRecord]:
        """Check or write ``config.json``; return the ``ok`` records to keep (resume). A damaged record, whose
        query runs again, is told to ``warn``.

        The old file is read leniently here: whatever it holds, its hash decides between resuming and
        refusing (or, forced, setting its results aside). A run an earlier version started is this
        run when its ``determining``, as ``upgrade`` rewrites it in this version's form, is this
        run's (same JSON values); config.json is then rewritten in this version's form.
        """
        self.path.mkdir(parents=True, exist_ok=True)
        config_path = self.path / CONFIG
        if config_path.exists():
            try:
                old = read_json_file(config_path)
                if not isinstance(old, dict):
                    raise ValueError("not a JSON object")
            except (ValueError, UnicodeDecodeError) as error:
                if not force:
                    raise ConfigMismatch(
                        f"{config_path} is damaged ({str(error).removeprefix(f'{config_path}: ')}); use --force to set this run's results aside "
                        "(nothing is deleted) and start over, or another --out") from None
                old = {"hash": "damaged-config"}
                shutil.copy2(config_path, self.path / f"{CONFIG}.damaged")
            stored, ours = _as_written(old.get("determining"), upgrade), header.determining.to_json()
            if old.get("hash") != header.hash and json_values(stored) != json_values(ours):
                if not force:
                    changes = "\n  ".join(_differences(stored, ours))
                    raise ConfigMismatch(
                        f"{self.path} holds a run with a different configuration:\n  {changes}\n"
                        "use another --out, or --force to set the old results aside and start over"
                    )
                # The name of the folder is made of the old hash's letters and digits only: a config.json is
                # data, and a "hash" of "../../x" must not name a folder outside the run directory.
                self._set_aside("".join(c for c in str(old.get("hash", "")) if c.isascii() and c.isalnum())[:12]
                                or "unknown")
            else:
                header = replace(header, created=old.get("created", header.created))
        doc = header.to_json()
        self._writable(lambda: write_json(config_path, doc))
        records, problems = read_results(self.path / RESULTS)
        for problem in problems:
            if warn is not None:
                warn(f"warning: {problem}; its query runs again")
        keep = {k: r for k, r in records.items() if r.ok}
        if problems or len(keep) != len(records) or self._line_count() != len(records):
            # Drop half-written lines, error records (to be retried) and superseded duplicates.
            self.replace_records(keep)
        return keep

    def _line_count(self) -> int:
        path = self.path / RESULTS
        if not path.exists():
            return 0
        with path.open("rb") as handle:
            return sum(1 for line in handle if line.strip())

    def _set_aside(self, old_hash: str) -> None:
        """Move the old run's files under ``superseded/``, its config.json copied with them: what is set aside
        stays a run every reader reads (``vmb show DIR/superseded/...``)."""
        target = self.path / "superseded" / f"{old_hash}-{time.strftime('%Y%m%dT%H%M%S')}"
        target.mkdir(parents=True)
        if (self.path / CONFIG).exists() and not (self.path / f"{CONFIG}.damaged").exists():
            shutil.copy2(self.path / CONFIG, target / CONFIG)
        for name in (RESULTS, METRIC, MEMORY, SYSTEM_PROMPTS, f"{CONFIG}.damaged"):
            if (self.path / name).exists():
                shutil.move(str(self.path / name), str(target / name))

    def replace_records(self, records: dict[str, QueryRecord]) -> None:
        """Rewrite ``results.jsonl`` with exactly these records, atomically."""
        tmp = self.path / (RESULTS + ".tmp")

        def write() -> None:
            with tmp.open("w", encoding="utf-8") as handle:
                for record in records.values():
                    handle.write(strict_dumps(record.to_json()) + "\n")
            os.replace(tmp, self.path / RESULTS)

        self._writable(write)

    def append(self, record: QueryRecord) -> None:
        line = strict_dumps(record.to_json()) + "\n"

        def write() -> None:
            if self._handle is None:
                self._handle = (self.path / RESULTS).open("a", encoding="utf-8")
            self._handle.write(line)
            # Flushed to the OS at once: a SIGKILL after this line cannot lose the record.
            self._handle.flush()

        self._writable(write)

    def close(self) -> None:
        if self._handle is not None:
            try:
                self._handle.close()
            except OSError:
                pass  # the write that failed was reported already; its line is dropped on resume
            self._handle = None

    def store_system_prompt(self, record: QueryRecord) -> None:
        """Move a long system prompt into ``system_prompts/`` (once per distinct text).

        With the summary or history setting every query of a group shares a prompt of up to
        ~400 kB; storing it once keeps ``results.jsonl`` small. ``load_messages`` puts it back.
        A short one (no memory, gold memory: a different ~1.5 kB per query) stays in the record:
        a file per query would cost more than the line it saves.
        """
        messages = record.messages
        if not messages or messages[0].get("role") != "system" or "content" not in messages[0]:
            return
        text = messages[0]["content"]
        if len(text) < SHARED_PROMPT_CHARS:
            return
        name = f"{SYSTEM_PROMPTS}/{hashlib.sha256(text.encode('utf-8')).hexdigest()[:20]}.txt"
        path = self.path / name
        if not path.exists():
            def write() -> None:
                path.parent.mkdir(exist_ok=True)
                tmp = path.with_name(path.name + ".tmp")
                tmp.write_text(text, encoding="utf-8")
                os.replace(tmp, path)

            self._writable(write)
        messages[0] = {"role": "system", "content_file": name}

    def load_messages(self, record: QueryRecord) -> list[dict[str, Any]]:
        """The record's conversation with the system prompt read back from its file."""
        messages = [dict(m) for m in record.messages]
        if messages and "content_file" in messages[0]:
            messages[0] = {"role": "system", "content": read_inside(self.path, messages[0]["content_file"])}
        return messages

    def records(self) -> dict[str, QueryRecord]:
        return read_results(self.path / RESULTS)[0]

    def write_metric(self, summary: RunSummary) -> None:
        """``metric.json``: the run's summary as it writes itself (``vmb.results.runsummary``)."""
        self._writable(lambda: write_json(self.path / METRIC, summary.to_json()))


def read_header(path: Path) -> RunHeader:
    """The ``config.json`` of the run directory ``path``; ``RunDirError`` with one line saying what is wrong."""
    config_path = path / CONFIG
    if not config_path.is_file():
        raise RunDirError(f"{path} is not a run directory (no {CONFIG})")
    try:
        doc = read_json_file(config_path, unique_keys=True)  # a field given twice would read two ways
    except (ValueError, RecursionError) as error:
        raise RunDirError(f"{config_path} is damaged (not JSON: {error})") from None
    except OSError as error:
        raise RunDirError(f"{config_path}: cannot read it ({error.strerror or error})") from None
    try:
        return RunHeader.from_json(doc)
    except HeaderError as error:
        raise RunDirError(f"{config_path} is damaged ({error})") from None


def read_inside(root: Path, name: Any) -> str:
    """The text of the file a record names, only if it lies inside the run directory ``root``.

    Records are data that anyone can edit: a crafted ``content_file`` of ``/etc/passwd`` or
    ``../../secret`` must not pull that file into a report.
    """
    base = root.resolve()
    target = (base / str(name)).resolve()
    if not isinstance(name, str) or not target.is_relative_to(base) or not target.is_file():
        return f"(not shown: {str(name)[:200]!r} is not a file inside the run directory)"
    return target.read_text(encoding="utf-8", errors="replace")


