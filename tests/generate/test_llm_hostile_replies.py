"""Replies no model writes, to ``vmb generate --backend llm``: nested 200,000 deep, or megabytes past what
``--max-tokens`` allows. Each is one recorded failure, never a traceback, and never kept in the request cache:
a rerun against a sound server asks again and succeeds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vmb.cli import main
from vmb.doubles.scripted import Scripted, ScriptedServer
from vmb.llm.client import reply_cap
from vmb.maker.writer import PlanWriter, stage_of

SIZE = ["--groups", "1", "--seed", "5", "--history-lines", "60", "--background-chains", "0", "--vehicle-chains", "2"]
MAX_TOKENS = 2048


class Hostile(PlanWriter):
    """The plan writer, whose personas answer is ``hostile`` (every time) until it is set to None."""

    hostile: str | None = None

    def __call__(self, body: dict[str, Any]) -> Scripted:
        if self.hostile is not None and stage_of(body) == "personas":
            return Scripted(message={"role": "assistant", "content": self.hostile})
        return super().__call__(body)


def _generate(server: ScriptedServer, out: Path) -> int:
    return main(["generate", "--backend", "llm", "--base-url", server.url, "--model", "writer", *SIZE,
                 "--max-tokens", str(MAX_TOKENS), "--out", str(out)])


@pytest.mark.parametrize("hostile, says", [
    ("[" * 30_000 + "]" * 30_000, "nests deeper than 64 levels"),  # under the cap: the depth refuses it
    ("[" * 200_000 + "]" * 200_000, "larger than max_tokens"),
    ('{"a": "' + "x" * (reply_cap(MAX_TOKENS) + 1) + '"}', f"larger than max_tokens {MAX_TOKENS} allows"),
])
def test_a_hostile_reply_is_a_failure_and_is_not_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                      hostile: str, says: str) -> None:
    writer = Hostile()
    writer.hostile = hostile
    out = tmp_path / "llm"
    with ScriptedServer(writer) as server:
        assert _generate(server, out) == 1
        printed = capsys.readouterr()
        assert "Traceback" not in printed.out + printed.err
        failures = [json.loads(x) for x in (out / "stages" / "failures.jsonl").read_text().splitlines()]
        assert [(f["group"], f["stage"]) for f in failures] == [(1, "personas")]
        assert says in failures[0]["reason"]
        asked = len(server.received)
        writer.hostile = None
        assert _generate(server, out) == 0  # the sound answer now: nothing refused was replayed from the cache
        assert any(stage_of(r.body) == "personas" for r in server.received[asked:])
    assert (out / "history" / "history_1.txt").is_file()
    assert (out / "stages" / "requests.sqlite").stat().st_size < 4 * 2**20
