"""A run is a directory: ``config.json``, ``results.jsonl``, ``memory/``, ``metric.json``.

``results.jsonl`` gets one line per finished query, written and flushed at once, so a process killed
with SIGKILL loses only the queries in flight (at worst a half-written last line, dropped on
resume). Resuming keeps every ``ok`` record and reruns the rest, errors included. ``config.json``
carries the hash of everything that determines results; a different hash refuses to resume unless
forced, and forcing moves the old results aside rather than mixing two configurations.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from pathlib import Path
from typing import IO, Any

CONFIG = "config.json"
RESULTS = "results.jsonl"
METRIC = "metric.json"
MEMORY = "memory"
SYSTEM_PROMPTS = "system_prompts"


class ConfigMismatch(Exception):
    """The run directory holds results of a different configuration."""


def write_json(path: Path, data: Any) -> None:
    """Write atomically: a crash leaves the old file or the new one, never half of one."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def read_results(path: Path) -> tuple[dict[str, dict[str, Any]], int]:
    """The last record of each query id, and how many lines were unreadable (a killed write)."""
    records: dict[str, dict[str, Any]] = {}
    bad = 0
    if not path.exists():
        return records, bad
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError:
                bad += 1
                continue
            records[record["id"]] = record
    return records, bad


def _differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    keys = sorted(set(old) | set(new))
    return [f"{k}: {json.dumps(old.get(k))} -> {json.dumps(new.get(k))}" for k in keys if old.get(k) != new.get(k)]


class RunDir:
    def __init__(self, path: Path) -> None:
        self.path = path
        self._handle: IO[str] | None = None

    @property
    def memory_dir(self) -> Path:
        return self.path / MEMORY

    def config(self) -> dict[str, Any]:
        return json.loads((self.path / CONFIG).read_text(encoding="utf-8"))

    def prepare(self, doc: dict[str, Any], *, force: bool) -> dict[str, dict[str, Any]]:
        """Check or write ``config.json``; return the ``ok`` records to keep (resume)."""
        self.path.mkdir(parents=True, exist_ok=True)
        config_path = self.path / CONFIG
        if config_path.exists():
            old = json.loads(config_path.read_text(encoding="utf-8"))
            if old.get("hash") != doc["hash"]:
                if not force:
                    changes = "\n  ".join(_differences(old.get("determining", {}), doc["determining"]))
                    raise ConfigMismatch(
                        f"{self.path} holds a run with a different configuration:\n  {changes}\n"
                        "use another --out, or --force to set the old results aside and start over"
                    )
                self._set_aside(str(old.get("hash", "unknown"))[:12])
            else:
                doc = {**doc, "created": old.get("created", doc["created"])}
        write_json(config_path, doc)
        records, bad = read_results(self.path / RESULTS)
        keep = {k: r for k, r in records.items() if r.get("status") == "ok"}
        if bad or len(keep) != len(records) or self._line_count() != len(records):
            # Drop half-written lines, error records (to be retried) and superseded duplicates.
            self.replace_records(keep)
        return keep

    def _line_count(self) -> int:
        path = self.path / RESULTS
        if not path.exists():
            return 0
        with path.open(encoding="utf-8") as handle:
            return sum(1 for line in handle if line.strip())

    def _set_aside(self, old_hash: str) -> None:
        target = self.path / "superseded" / f"{old_hash}-{time.strftime('%Y%m%dT%H%M%S')}"
        target.mkdir(parents=True)
        for name in (RESULTS, METRIC, MEMORY, SYSTEM_PROMPTS):
            if (self.path / name).exists():
                shutil.move(str(self.path / name), str(target / name))

    def replace_records(self, records: dict[str, dict[str, Any]]) -> None:
        """Rewrite ``results.jsonl`` with exactly these records, atomically."""
        tmp = self.path / (RESULTS + ".tmp")
        with tmp.open("w", encoding="utf-8") as handle:
            for record in records.values():
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        os.replace(tmp, self.path / RESULTS)

    def append(self, record: dict[str, Any]) -> None:
        if self._handle is None:
            self._handle = (self.path / RESULTS).open("a", encoding="utf-8")
        self._handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        # Flushed to the OS at once: a SIGKILL after this line cannot lose the record.
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None

    def store_system_prompt(self, record: dict[str, Any]) -> None:
        """Move the record's system prompt into ``system_prompts/`` (once per distinct text).

        With the summary or history setting every query of a group shares a prompt of up to
        ~400 kB; storing it once keeps ``results.jsonl`` small. ``load_messages`` puts it back.
        """
        messages = record.get("messages")
        if not messages or messages[0].get("role") != "system" or "content" not in messages[0]:
            return
        text = messages[0]["content"]
        name = f"{SYSTEM_PROMPTS}/{hashlib.sha256(text.encode('utf-8')).hexdigest()[:20]}.txt"
        path = self.path / name
        if not path.exists():
            path.parent.mkdir(exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, path)
        messages[0] = {"role": "system", "content_file": name}

    def load_messages(self, record: dict[str, Any]) -> list[dict[str, Any]]:
        """The record's conversation with the system prompt read back from its file."""
        messages = [dict(m) for m in record.get("messages", [])]
        if messages and "content_file" in messages[0]:
            messages[0] = {"role": "system",
                           "content": (self.path / messages[0]["content_file"]).read_text(encoding="utf-8")}
        return messages

    def records(self) -> dict[str, dict[str, Any]]:
        return read_results(self.path / RESULTS)[0]

    def write_metric(self, metric: dict[str, Any]) -> None:
        write_json(self.path / METRIC, metric)
