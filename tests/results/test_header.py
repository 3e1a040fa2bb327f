"""RunHeader: config.json read and written as one typed value, older layouts included."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from vmb.results.header import Determining, HeaderError, RunHeader, Selection, config_hash
from vmb.results.rundir import CONFIG, RunDirError, read_header

# As an oracle run has written it since the first version (``memory_days`` only when set).
DETERMINING = {"agent": "oracle", "model": None, "base_url": None, "server_family": None, "thinking": None,
               "thinking_sent": None, "request_params": None, "max_rounds": 12, "text_calls": True, "memory": "gold",
               "memory_options": {}, "prompts": {"agent": {"version": 1, "sha256": "a" * 64}}, "data_sha256": "d" * 64}


def document(**selection: Any) -> dict[str, Any]:
    return {"hash": config_hash(DETERMINING), "determining": DETERMINING,
            "selection": {"groups": [1, 2], "limit": None, **selection}, "operational": {"plugins": ["my.plugin"]},
            "packages": {"python": "3.12"}, "created": "2026-01-01T00:00:00+0000", "updated": "2026-01-01T00:00:00+0000"}


def test_round_trip_keeps_the_document() -> None:
    doc = document(trials=3, shard="1/2", queries=20)
    header = RunHeader.from_json(json.loads(json.dumps(doc)))
    assert header.to_json() == doc
    assert (header.agent, header.model, header.memory, header.plugins) == ("oracle", None, "gold", ["my.plugin"])
    assert header.selection.attempts == 60
    assert header.identity() == {"hash": doc["hash"], "agent": "oracle", "model": None, "memory": "gold"}
    whole = header.unsharded()
    assert whole.selection.shard is None and whole.selection.unsharded() == header.selection.unsharded()


def test_a_header_written_before_trials_shards_and_counts_reads() -> None:
    header = RunHeader.from_json(document())
    assert header.selection == Selection(groups=[1, 2])
    assert header.selection.attempts is None  # the size of the selection was not recorded


@pytest.mark.parametrize(("change", "message"), [
    ({"hash": None}, "hash is null, not text"),
    ({"determining": {"agent": "oracle"}}, "determining lacks base_url, data_sha256, max_rounds, memory, "),
    ({"determining": {**DETERMINING, "text_calls": "yes"}}, "determining.text_calls is text, not true or false"),
    ({"determining": [DETERMINING]}, "determining is a list, not an object"),
    ({"determining": {**document()["determining"], "memory": 5}}, "determining.memory is a whole number, not text"),
    ({"operational": {"plugins": "this"}}, "operational.plugins is text, not a list"),
    ({"selection": {"trials": 0}}, "selection.trials"),
    ({"selection": {"groups": "1-5"}}, "selection.groups"),
    ({"version": 2}, "format version 2"),
])
def test_a_damaged_header_is_named(change: dict[str, Any], message: str) -> None:
    with pytest.raises(HeaderError, match=message):
        RunHeader.from_json({**document(), **change})


def test_read_header_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(RunDirError, match="not a run directory"):
        read_header(tmp_path)
    (tmp_path / CONFIG).write_text(json.dumps({**document(), "selection": []}), encoding="utf-8")
    with pytest.raises(RunDirError, match=f"{tmp_path / CONFIG} is damaged"):
        read_header(tmp_path)


def test_determining_is_typed_and_written_back_as_it_was_read_so_its_hash_holds() -> None:
    header = RunHeader.from_json(document())
    d = header.determining
    assert isinstance(d, Determining) and (d.max_rounds, d.text_calls, d.memory_days) == (12, True, None)
    assert d.to_json() == DETERMINING and list(d.to_json()) == list(DETERMINING)  # same keys, same order
    assert d.hash == config_hash(DETERMINING) == header.hash
    days = {**DETERMINING, "memory_days": 2}
    assert Determining.from_json(days).memory_days == 2 and Determining.from_json(days).hash == config_hash(days)
