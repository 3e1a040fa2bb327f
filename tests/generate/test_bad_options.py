"""vmb generate's options out of their domain: one line naming the option, never a traceback or a hang."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.generate.test_llm import SIZE, FaultyWriter
from vmb.cli import main
from vmb.doubles.scripted import Scripted, ScriptedServer
from vmb.llm.client import content_text

PROCEDURAL = ["generate", "--groups", "1", "--history-lines", "100", "--background-chains", "1"]


@pytest.mark.parametrize("option, message", [
    (["--delay-days", "inf"], "--delay-days must be a finite number at least 1 and at most 365, got inf"),
    (["--delay-days", "1e6"], "--delay-days must be a finite number at least 1 and at most 365"),
    (["--delay-days", "nan"], "--delay-days must be a finite number"),
    (["--start-date", "9999-12-31"], "--start-date must be 9899-12-31 or earlier"),
    (["--start-date", "2025-02-30"], "--start-date must be YYYY-MM-DD"),
    (["--type-shares", "preference_conflict=nan"], "--type-shares preference_conflict must be a finite number"),
    (["--type-shares", "preference_conflict=inf"], "--type-shares preference_conflict must be a finite number"),
    (["--type-shares", "preference_conflict=1e308,state_shift=1e308"], "must add up to a finite number"),
    (["--type-shares", "state_shift=-1"], "--type-shares state_shift must be a finite number at least 0"),
    (["--vehicle-chains", "500"], "--vehicle-chains must be at most"),
    (["--people", "3", "--conflict-density", "4"], "--conflict-density must be between 2 and --people"),
    (["--people", "1"], "--people must be a whole number at least 2"),
])
def test_procedural_options_out_of_domain(option: list[str], message: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g"
    assert main([*PROCEDURAL, *option, "--out", str(out)]) == 2
    printed = capsys.readouterr().err
    assert message in printed and "Traceback" not in printed
    assert not out.exists()


LLM = ["generate", "--backend", "llm", "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--groups", "1"]


@pytest.mark.parametrize("option, message", [
    (["--concurrency", "0"], "--concurrency must be a whole number at least 1, got 0"),
    (["--concurrency", "-2"], "--concurrency must be a whole number at least 1, got -2"),
    (["--timeout", "0"], "--timeout must be a finite number greater than 0, got 0"),
    (["--timeout", "nan"], "--timeout must be a finite number greater than 0, got nan"),
    (["--max-tokens", "-5"], "--max-tokens must be a whole number at least 1, got -5"),
    (["--stage-temperature", "qa=-1"], "--stage-temperature qa must be a finite number at least 0, got -1"),
    (["--stage-temperature", "qa=nan"], "--stage-temperature qa must be a finite number at least 0, got nan"),
    (["--stage-temperature", "qa=abc"], "--stage-temperature qa: 'abc' is not a number"),
])
def test_llm_options_out_of_domain(option: list[str], message: str, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "g"
    assert main([*LLM, *option, "--out", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


class PartsModel(FaultyWriter):
    """Answers as a server that sends ``content`` as a list of text parts."""

    def __call__(self, body: dict[str, Any]) -> Scripted:
        text = super().__call__(body).message["content"]
        middle = len(text) // 2
        parts = [{"type": "text", "text": text[:middle]}, {"type": "text", "text": text[middle:]}]
        return Scripted(message={"role": "assistant", "content": parts}, usage=(100, 50))


def test_content_as_a_list_of_parts_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "parts"
    with ScriptedServer(PartsModel()) as server:
        code = main(["generate", "--backend", "llm", "--base-url", server.url, "--model", "canned", *SIZE,
                     "--out", str(out)])
    assert code == 1  # group 3 fails at dialogue, as with plain text (FaultyWriter leaves its events out)
    failures = [json.loads(x) for x in (out / "stages/failures.jsonl").read_text().splitlines()]
    assert [(f["group"], f["stage"]) for f in failures] == [(3, "dialogue")]
    assert sorted(p.name for p in (out / "history").iterdir()) == ["history_1.txt", "history_2.txt"]


def test_content_text() -> None:
    assert content_text("x") == "x" and content_text(None) is None
    assert content_text([{"type": "text", "text": "a"}, {"type": "image_url"}, {"text": "b"}, 3]) == "ab"
    assert content_text([{"type": "image_url"}]) is None and content_text(7) is None
