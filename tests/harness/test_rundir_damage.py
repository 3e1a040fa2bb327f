"""The run directory under damage and contention: torn and foreign lines, one writer, file-system
refusals, a damaged config.json, strict JSON, and record fields that name files."""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from vmb.analysis.explorer import system_text
from vmb.analysis.runs import load_runs
from vmb.cli import main
from vmb.doubles.scripted import ReferenceScript, Scripted, ScriptedServer
from vmb.results.record import QueryRecord
from vmb.results.rundir import LOCK, RunDir, read_inside, strict_dumps

from .conftest import RunFn


def strict(path: Path) -> list[Any]:
    def refuse(name: str) -> Any:
        raise AssertionError(f"{name} in {path}")

    return [json.loads(line, parse_constant=refuse) for line in path.read_text(encoding="utf-8").splitlines()]


def oracle(data: Path, out: Path, *extra: str) -> int:
    return main(["run", "--agent", "oracle", "--data", str(data), "--out", str(out), "--groups", "1",
                 "--limit", "4", *extra])


def test_torn_and_foreign_lines_are_dropped_with_a_warning_naming_them_and_rerun(
        tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert oracle(small_benchmark, out) == 0
    results = out / "results.jsonl"
    lines = results.read_bytes().splitlines(keepends=True)
    record = json.loads(lines[1])
    del record["score"]
    damaged = [lines[0], b"{}\n", b"42\n", json.dumps(record).encode() + b"\n", b'{"id": "qa_1#3", "query": "caf\xc3']
    results.write_bytes(b"".join(damaged))
    capsys.readouterr()
    assert oracle(small_benchmark, out) == 0
    err = capsys.readouterr().err
    for number in (2, 3, 4, 5):
        assert f"results.jsonl line {number}:" in err
    assert "not UTF-8" in err and "without score" in err
    assert err.count("vmb run: warning: ") == 4 and err.count("; its query runs again") == 4  # vmb.terminal.note
    records = strict(results)
    assert sorted(r["id"] for r in records) == [f"qa_1#{i}" for i in range(4)]
    assert all(r["status"] == "ok" for r in records)
    results.write_bytes(results.read_bytes() + b"[1]\n" + b'{"id": "qa_1#0", "x": "\xe2\x82')
    assert len(load_runs([out], data=str(small_benchmark)).queries) == 4
    assert main(["score", str(out), "--data", str(small_benchmark)]) == 0
    assert len(strict(results)) == 4


def test_one_writer_per_run_directory(tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    holder = RunDir(out)
    holder.lock()
    try:
        assert oracle(small_benchmark, out) == 2
        err = capsys.readouterr().err.strip()
        assert len(err.splitlines()) == 1 and "in use by pid" in err and str(os.getpid()) in err
        assert not (out / "results.jsonl").exists()
        (out / "config.json").write_text("{}")
        assert main(["score", str(out), "--data", str(small_benchmark)]) == 2
        assert "in use by pid" in capsys.readouterr().err
        (out / "config.json").unlink()
    finally:
        holder.unlock()
    # A lock left by a process that died (here: killed while holding it) is taken over.
    script = f"from vmb.results.rundir import RunDir; import pathlib, time; RunDir(pathlib.Path({str(out)!r})).lock(); " \
             "print('locked', flush=True); time.sleep(60)"
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "locked"
    assert f"pid {process.pid}" in (out / LOCK).read_text()
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert oracle(small_benchmark, out) == 0
    assert len(strict(out / "results.jsonl")) == 4


def test_file_system_refusals_are_one_line_naming_the_path_and_nothing_is_lost(
        tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a-file").write_text("")
    assert oracle(small_benchmark, tmp_path / "a-file" / "run") == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "cannot write" in err and "a-file" in err and "--out" in err

    out = tmp_path / "run"
    real_append = RunDir.append
    written: list[str] = []

    def append_until_full(self: RunDir, record: QueryRecord) -> None:
        if len(written) == 2:
            def full() -> None:
                raise OSError(errno.ENOSPC, "No space left on device", str(self.path / "results.jsonl"))

            self._writable(full)
        real_append(self, record)
        written.append(record.id)

    monkeypatch.setattr(RunDir, "append", append_until_full)
    assert oracle(small_benchmark, out, "--concurrency", "1") == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "No space left on device" in err and "results.jsonl" in err
    assert "rerun the same command" in err and len(strict(out / "results.jsonl")) == 2
    monkeypatch.setattr(RunDir, "append", real_append)
    assert oracle(small_benchmark, out) == 0
    assert len(strict(out / "results.jsonl")) == 4


def test_a_damaged_config_is_refused_with_one_line_and_force_sets_the_run_aside(
        tmp_path: Path, small_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    assert oracle(small_benchmark, out) == 0
    (out / "config.json").write_bytes(b'{"hash": "abc", "determ')
    capsys.readouterr()
    assert oracle(small_benchmark, out) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "config.json is damaged" in err and "--force" in err
    assert oracle(small_benchmark, out, "--force") == 0
    aside = list((out / "superseded").iterdir())
    assert len(aside) == 1 and (aside[0] / "config.json.damaged").read_bytes() == b'{"hash": "abc", "determ'
    assert len(strict(aside[0] / "results.jsonl")) == 4 and len(strict(out / "results.jsonl")) == 4


def test_results_and_config_stay_strict_json_whatever_the_model_sends(bench: Any, run: RunFn, tmp_path: Path) -> None:
    reference = ReferenceScript(bench)
    nan_reply = (b'{"choices": [{"index": 0, "finish_reason": NaN, "message": {"role": "assistant", "content": NaN, '
                 b'"reasoning_content": Infinity, "tool_calls": [{"id": "c1", "type": "function", "function": '
                 b'{"name": "carcontrol_HUD_switch", "arguments": {"switch": NaN}}}]}}], "usage": {"prompt_tokens": NaN}}')

    def script(body: dict[str, Any]) -> Scripted:
        if not any(m["role"] == "assistant" for m in body["messages"]):
            return Scripted(payload=nan_reply)
        return reference(body)

    with ScriptedServer(script) as server:
        result = run(server.url, "nan", memory="gold", groups=[1], limit=2)
    assert result.metric.scored == 2
    strict(tmp_path / "nan" / "results.jsonl")
    config = (tmp_path / "nan" / "config.json").read_text()
    assert "NaN" not in config and "Infinity" not in config and json.loads(config)
    assert strict_dumps({"a": float("nan"), "b": [float("-inf")]}) == '{"a": "nan", "b": ["-inf"]}'


def test_record_fields_naming_files_are_read_inside_the_run_directory_only(tmp_path: Path, small_benchmark: Path) -> None:
    out = tmp_path / "run"
    assert oracle(small_benchmark, out) == 0
    outside = tmp_path / "secret.txt"
    outside.write_text("TOP SECRET")
    assert "TOP SECRET" not in read_inside(out, "../secret.txt")
    assert "root:" not in read_inside(out, "/etc/passwd")
    records = strict(out / "results.jsonl")
    records[0]["messages"][0]["content_file"] = "/etc/passwd"
    records[1]["messages"][0]["content_file"] = "../secret.txt"
    (out / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    runset = load_runs([out], data=str(small_benchmark))
    name = out.name
    typed = [QueryRecord.from_json(r) for r in records]
    for record in typed[:2]:
        text = system_text(runset, name, record)
        assert "root:" not in text and "TOP SECRET" not in text and "not shown" in text
        assert "not shown" in RunDir(out).load_messages(record)[0]["content"]
    assert "You" in system_text(runset, name, typed[2]) or len(system_text(runset, name, typed[2])) > 100
