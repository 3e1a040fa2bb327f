"""`vmb generate --backend llm` on a slow or terse endpoint: a cut-off answer says so; progress and time left."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.scripted import Scripted, ScriptedServer
from vmb.maker.generate.llm.progress import WARMUP, GenerateProgress

SIZE = ["--groups", "1", "--seed", "5", "--history-lines", "120", "--background-chains", "2", "--vehicle-chains", "2"]


def test_an_answer_cut_off_at_max_tokens_is_reported_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def cut(body: dict[str, Any]) -> Scripted:
        return Scripted(message={"role": "assistant", "content": '{"group": 1, "people": [{"name": "Ann'},
                        finish_reason="length", usage=(100, 64))

    with ScriptedServer(cut) as server:
        code = main(["generate", "--backend", "llm", "--base-url", server.url, "--model", "m", "--max-tokens", "64",
                     *SIZE, "--out", str(tmp_path / "gen")])
    assert code == 1
    failure = json.loads((tmp_path / "gen" / "stages" / "failures.jsonl").read_text().splitlines()[0])
    assert failure["reason"] == "personas of group 1: invalid answer twice, last: cut off at max_tokens (64)"
    assert "cut off at max_tokens (64)" in capsys.readouterr().out


def test_progress_estimates_the_time_left_from_the_measured_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr("vmb.maker.generate.llm.progress.time.monotonic", lambda: clock[0])
    lines: list[str] = []
    progress = GenerateProgress.planned([("personas", 1, 400), ("chains", 4, 1600)], say=lines.append, every=3600)
    progress.sent()
    clock[0] += 5
    progress.answered("personas", 100, cached=False)
    assert lines == []  # one answer is too few to go by
    progress.answered("chains", 100, cached=True)  # a cache hit says nothing of the endpoint's speed
    assert lines == []
    clock[0] += 5
    progress.answered("chains", 100, cached=False)
    assert progress._answered == WARMUP
    # 200 tokens written in 10 s; 1,700 planned tokens are left: 85 s at that speed.
    assert lines == ["chains: 2 of ~4 planned requests answered; 20.0 completion tokens/s measured, "
                     "about 85 s left for ~1,700 planned completion tokens"]
