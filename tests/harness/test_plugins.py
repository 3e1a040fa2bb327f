"""The one-file extension path for external memory systems: a plugin defined here registers and runs."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from vmb.doubles.scripted import ReferenceScript, ScriptedServer
from vmb.errors import OptionError
from vmb.memory import get_memory_setting, memory_info, memory_names, register
from vmb.memory.plugins import Chunk, MemoryItem, MemorySystem, history_chunks

from .conftest import RunFn


@dataclass(frozen=True)
class ToyOptions:
    top_k_hint: int = 5


@register
class ToyBank(MemorySystem[ToyOptions]):
    """Keeps every chunk; ranks them by words shared with the query."""

    name = "toy-bank"
    version = "1.0"
    label = "Toy bank"

    async def ingest(self, chunks: list[Chunk]) -> None:
        assert self.env.build is not None
        self.env.build.cost.embedding_calls += 1  # one "batch"
        rows = [{"text": c.text, "start": c.start.isoformat()} for c in chunks]
        (self.env.store_dir / "chunks.json").write_text(json.dumps(rows))

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        rows = json.loads((self.env.store_dir / "chunks.json").read_text())
        words = set(query.lower().split())
        ranked = sorted(rows, key=lambda r: -len(words & set(r["text"].lower().split())))
        return [MemoryItem(r["text"][:300], metadata={"start": r["start"]}) for r in ranked[:top_k]]


@register
class Forgetful(ToyBank):
    """Changes its own store on every search, as MemoryBank's recall strengthening does."""

    name = "toy-forgetful"
    mutates_on_search = True

    async def search(self, query: str, top_k: int) -> list[MemoryItem]:
        (self.env.store_dir / "chunks.json").write_text("[]")
        return [MemoryItem("nothing left")]


def test_history_is_cut_into_day_hour_chunks(bench: Any) -> None:
    group = bench.group(1)
    chunks = history_chunks(group)
    assert [line for c in chunks for line in c.lines] == [line.raw for line in group.lines]
    assert all(c.namespace == "group_1" for c in chunks) and [c.index for c in chunks] == list(range(len(chunks)))
    for chunk in chunks:
        assert {line[:14] for line in chunk.lines} == {chunk.start.strftime("[%Y-%m-%d %H")}
    assert len({c.start for c in chunks}) == len(chunks)
    assert set(chunks[0].speakers) <= set(group.speakers)


def test_a_registered_system_is_a_memory_setting(bench: Any, run: RunFn, tmp_path: Path) -> None:
    assert "toy-bank" in memory_names() and get_memory_setting("toy-bank").name == "toy-bank"
    with ScriptedServer(ReferenceScript(bench)) as server:
        result = run(server.url, memory="toy-bank", groups=[1], limit=3, memory_options={"top_k_hint": 3})
    metric, overall = result.metric, result.metric.overall
    assert metric.scored == 3 and overall is not None and overall.value("esm") == 100.0
    assert overall.value("retrievals") == 3 and (overall.value("mem_token") or 0) > 0
    assert metric.memory_build is not None and metric.memory_build["embedding_calls"] == 1
    built = tmp_path / "run" / "memory" / "group_1"
    system = json.loads((built / "system.json").read_text())
    assert system["name"] == "toy-bank" and system["version"] == "1.0" and system["settings"] == {"top_k_hint": 3}
    assert system["chunks"] == len(history_chunks(bench.group(1)))
    row = json.loads((tmp_path / "run" / "results.jsonl").read_text().splitlines()[0])
    assert row["calls"]["memory"][0]["name"] == "search_memory"
    search_result = next(m for m in row["messages"] if m.get("tool_call_id", "").endswith("_0")
                         and m["role"] == "tool")
    assert search_result["content"].startswith("1. [")


def test_a_system_that_changes_itself_on_search_gets_a_fresh_copy_each_time(bench: Any, run: RunFn,
                                                                             tmp_path: Path) -> None:
    with ScriptedServer(ReferenceScript(bench)) as server:
        result = run(server.url, memory="toy-forgetful", groups=[2], limit=2)
    assert result.metric.scored == 2
    stored = json.loads((tmp_path / "run" / "memory" / "group_2" / "store" / "chunks.json").read_text())
    assert len(stored) == len(history_chunks(bench.group(2)))


def test_options_are_checked_for_settings_and_plugins_alike() -> None:
    with pytest.raises(OptionError, match=r"'summary': unknown option\(s\) dayz; valid: summary_cap \(int, default 8192\)"):
        get_memory_setting("summary", {"dayz": 3})
    with pytest.raises(OptionError, match=r"'kv': option kv_rounds takes int, got 'ten'"):
        get_memory_setting("kv", {"kv_rounds": "ten"})
    with pytest.raises(OptionError, match=r"'toy-bank': unknown option\(s\) top_k; valid: top_k_hint \(int"):
        get_memory_setting("toy-bank", {"top_k": 3})
    with pytest.raises(OptionError, match=r"'gold': unknown option\(s\) x; valid: none"):
        get_memory_setting("gold", {"x": 1})
    assert get_memory_setting("summary", {"summary_cap": 100}).options.summary_cap == 100


def test_a_setting_declares_its_identity_once() -> None:
    summary = memory_info("summary")
    assert (summary.label, summary.paper_name, summary.color) == ("recursive summarization",
                                                                  "recursive_summarization", "#0072B2")
    assert memory_info("toy-bank").label == "Toy bank" and memory_info("toy-bank").color.startswith("#")
    assert memory_info("none").rank < memory_info("summary").rank < memory_info("mem0").rank < memory_info("toy-bank").rank


def test_cli_refuses_a_misspelt_memory_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from vmb.cli import main

    code = main(["run", "--agent", "oracle", "--memory", "summary", "--memory-option", "dayz=3",
                 "--out", str(tmp_path / "run")])
    err = capsys.readouterr().err
    assert code == 2 and "unknown option(s) dayz; valid: summary_cap (int, default 8192)" in err
    assert err.count("\n") == 1 and not (tmp_path / "run").exists()
