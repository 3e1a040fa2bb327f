"""Every command that prints text from outside prints it escaped (issue 35): an endpoint's error body in vmb run,
vmb generate and vmb memory ingest; a model's name and a record's id in vmb show, vmb compare, vmb validate and
vmb board. ESC, BEL and U+202E in that text never reach the terminal raw (a screen cleared, a fake verdict)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vmb.cli import main
from vmb.doubles.scripted import Scripted, ScriptedServer

HOSTILE = "\x1b[2J\x1b[H\x07\u202eALL 500 QUERIES VALID"
RAW = ("\x1b", "\x07", "\u202e")


def _clean(captured: pytest.CaptureResult[str], command: str) -> str:
    text = captured.out + captured.err
    assert not [char for char in RAW if char in text], (command, text[-400:])
    assert "Traceback" not in text, command
    return text


def _hostile_error(body: dict) -> Scripted:
    return Scripted(status=400, body={"error": {"message": HOSTILE}})


@pytest.mark.parametrize("command", ["run", "memory ingest", pytest.param("generate", marks=pytest.mark.make)])
def test_an_endpoints_error_body_prints_escaped(command: str, tmp_path: Path, tiny_benchmark: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    with ScriptedServer(_hostile_error) as server:
        endpoint = ["--base-url", server.url, "--model", "m", "--retries", "0"]
        args = {
            "run": ["run", *endpoint, "--memory", "none", "--data", str(tiny_benchmark), "--out", str(tmp_path / "r"),
                    "--cache-dir", str(tmp_path / "c"), "--no-progress"],
            "memory ingest": ["memory", "ingest", *endpoint, "--memory", "summary", "--data", str(tiny_benchmark),
                              "--cache-dir", str(tmp_path / "c"), "--no-progress", "--groups", "1",
                              "--out", str(tmp_path / "m")],
            "generate": ["generate", "--backend", "llm", "--base-url", server.url, "--model", "m", "--groups", "1",
                         "--out", str(tmp_path / "g")],
        }[command]
        main(args)
    text = _clean(capsys.readouterr(), command)
    assert "\\x1b[2J" in text or "\\u202e" in text, (command, text[-400:])  # the body shown, escaped


@pytest.mark.publish
def test_a_runs_hostile_names_print_escaped_in_show_compare_validate_and_board(
        tmp_path: Path, tiny_benchmark: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.bundle.conftest import reseal

    run = tmp_path / "run"
    assert main(["run", "--agent", "oracle", "--memory", "gold", "--data", str(tiny_benchmark), "--out", str(run),
                 "--cache-dir", str(tmp_path / "c"), "--no-progress"]) == 0
    assert main(["pack", str(run), "--out", str(tmp_path / "bundle")]) == 0
    bundle = tmp_path / "bundle"
    results = bundle / "runs/run/results.jsonl"
    lines = results.read_text(encoding="utf-8").splitlines()
    first = json.loads(lines[0])
    first["id"] = f"qa_1#0{HOSTILE}"
    results.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n", encoding="utf-8")
    manifest = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    manifest["runs"][0]["model"] = HOSTILE
    (bundle / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    reseal(bundle)
    capsys.readouterr()
    hostile_run = tmp_path / HOSTILE.replace("/", "_")
    run.rename(hostile_run)
    commands = [["show", str(hostile_run)], ["compare", str(hostile_run), str(hostile_run)],
                ["validate", str(bundle), "--data", str(tiny_benchmark)],
                ["board", str(bundle), "--out", str(tmp_path / "board"), "--data", str(tiny_benchmark)]]
    for args in commands:
        main(args)
        _clean(capsys.readouterr(), args[0])


RAW_BODY = ("\x1b[2J\x1b[H\x07\u202eALL 500 QUERIES VALID " + "x" * 200_000).encode()  # sent as bytes, not JSON


@pytest.mark.parametrize("status", [400, 401, 500])
@pytest.mark.parametrize("command", ["run", pytest.param("generate", marks=pytest.mark.make)])
def test_a_raw_hostile_error_body_is_shown_escaped_and_bounded(command: str, status: int, tmp_path: Path,
                                                              tiny_benchmark: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    """issue 46 item 5: an endpoint that answers its error with raw terminal controls (not JSON-escaped, as the
    test above sends them) and a 200 kB body: `vmb generate` printed the body raw in its progress line. The body
    IS shown, escaped, and cut short."""
    with ScriptedServer(lambda body: Scripted(status=status, body=RAW_BODY)) as server:
        endpoint = ["--base-url", server.url, "--model", "m", "--retries", "0"]
        args = {
            "run": ["run", *endpoint, "--memory", "none", "--data", str(tiny_benchmark), "--out", str(tmp_path / "r"),
                    "--cache-dir", str(tmp_path / "c"), "--no-progress", "--limit", "2"],
            "generate": ["generate", "--backend", "llm", *endpoint[:4], "--groups", "1", "--out", str(tmp_path / "g")],
        }[command]
        assert main(args) == (2 if status == 401 else 1)
    text = _clean(capsys.readouterr(), command)
    assert "\\x1b[2J\\x1b[H\\x07\\u202eALL 500 QUERIES VALID xxx" in text, text[-600:]  # shown, escaped
    assert max(len(line) for line in text.splitlines()) < 1_000 and "x" * 1_000 not in text  # and bounded
