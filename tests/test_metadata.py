"""vmb.data.metadata: the one typed reader of a made benchmark's metadata.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vmb.data import DataError
from vmb.data.metadata import GENERATOR, METADATA, read_metadata

EVENT = {"id": "c0e0", "date": "2025-03-04", "lines": [3, 4]}
# The fields the first metadata.json (schema 2, 1 Dec 2026) had that readers rely on: later fields are optional.
OLDEST = {"generator": GENERATOR, "options": {"groups": 1, "seed": 7},
          "groups": [{"group": 1, "people": [], "conflicts": [], "chains": [{"query": "qa_1#0", "events": [EVENT]}]}]}


def write(root: Path, body: object) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / METADATA).write_text(json.dumps(body), encoding="utf-8")
    return root


def test_an_old_file_loads_with_what_it_has(tmp_path: Path) -> None:
    metadata = read_metadata(write(tmp_path / "old", OLDEST))
    assert metadata is not None and metadata.made.seed == 7 and metadata.made.backend is None
    chain = metadata.chains_by_query()["qa_1#0"]
    assert chain.events[0].lines == (3, 4) and chain.target is None and metadata.notes == ()
    assert metadata.group(1) is not None and metadata.group(2) is None


def test_how_it_was_made_and_notes_on_queries_are_read(tmp_path: Path) -> None:
    body = {**OLDEST, "backend": {"name": "twin"}, "source": "vehiclemembench",
            "query_notes": [{"query": "qa_1#0", "note": "unchanged", "reason": "no value to move"}]}
    metadata = read_metadata(write(tmp_path / "new", body))
    assert metadata is not None and (metadata.made.backend, metadata.made.source) == ("twin", "vehiclemembench")
    assert [(n.query, n.note, n.reason) for n in metadata.notes] == [("qa_1#0", "unchanged", "no value to move")]


def test_another_tool_s_file_and_none_are_no_made_benchmark(tmp_path: Path) -> None:
    assert read_metadata(tmp_path) is None
    assert read_metadata(write(tmp_path / "other", {"generator": "someone else"})) is None


@pytest.mark.parametrize(("damage", "where"), [
    (lambda b: b["groups"][0]["chains"][0]["events"][0].update(lines="12"), "groups.0.chains.0.events.0.lines"),
    (lambda b: b["groups"][0]["chains"][0]["events"][0].update(date="soon"), "groups.0.chains.0.events.0.date"),
    (lambda b: b["groups"][0].update(group=True), "groups.0.group"),
    (lambda b: b["options"].pop("seed"), "options.seed"),
])
def test_a_damaged_file_names_the_entry(tmp_path: Path, damage: object, where: str) -> None:
    body = json.loads(json.dumps(OLDEST))
    damage(body)  # type: ignore[operator]
    with pytest.raises(DataError) as error:
        read_metadata(write(tmp_path / "bad", body))
    assert error.value.item == where and "regenerate it" in str(error.value)
