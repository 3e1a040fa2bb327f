"""Damaged stage files, failed groups and review decisions: named, retried, never a traceback."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.generate.conftest import SMALL, files, generate
from tests.generate.test_llm import SIZE, FaultyWriter
from vmb.cli import main
from vmb.doubles.scripted import Scripted, ScriptedServer
from vmb.maker.generate.plan.options import GenerateOptions
from vmb.maker.generate.store import ArtifactError

ARGV = ["generate", "--groups", "3", "--seed", "7", "--history-lines", "300", "--background-chains", "4"]


def _copy(small_bench: Path, tmp_path: Path, name: str) -> Path:
    out = tmp_path / name
    shutil.copytree(small_bench, out)
    return out


@pytest.mark.parametrize("damage", ["not json", "a list", "no options"])
def test_a_damaged_run_file_is_named(small_bench: Path, tmp_path: Path, damage: str,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = _copy(small_bench, tmp_path, "run")
    text = {"not json": "{", "a list": "[]", "no options": json.dumps({"schema_version": 1, "digest": "x"})}[damage]
    (out / "stages/run.json").write_text(text)
    assert main([*ARGV, "--out", str(out)]) == 2
    assert f"{out / 'stages/run.json'} is damaged" in capsys.readouterr().err
    assert main(["generate", "review", str(out)]) == 2
    assert "run.json is damaged" in capsys.readouterr().err


def test_a_torn_failure_line_is_ignored_with_a_warning(small_bench: Path, tmp_path: Path) -> None:
    out = _copy(small_bench, tmp_path, "torn")
    (out / "stages/failures.jsonl").write_text('{"stage": "dialogue", "gro')
    said: list[str] = []
    from vmb.maker.generate.pipeline import run
    from vmb.maker.generate.procedural.backend import ProceduralBackend

    run(SMALL, out, ProceduralBackend(), log=said.append)
    assert any("failures.jsonl line 1 is not a failure record" in line for line in said)
    assert files(out) == files(small_bench)


def test_damaged_revisions_and_non_utf8_stage_lines_are_named(small_bench: Path, tmp_path: Path) -> None:
    out = _copy(small_bench, tmp_path, "rev")
    (out / "stages/revisions.json").write_text('{"applied": [], "groups": 3}')
    with pytest.raises(ArtifactError, match="revisions.json is damaged .* delete it"):
        generate(out)
    (out / "stages/revisions.json").unlink()
    with (out / "stages/personas.jsonl").open("ab") as handle:
        handle.write(b"\xff\xfe\n")
    with pytest.raises(ArtifactError, match=r"personas.jsonl: line 4: not UTF-8"):
        generate(out)


def test_a_stage_file_that_lost_lines_under_its_done_marker_is_made_again(small_bench: Path, tmp_path: Path) -> None:
    out = _copy(small_bench, tmp_path, "lost")
    chains = out / "stages/chains.jsonl"
    lines = chains.read_text().splitlines(keepends=True)
    chains.write_text(lines[0] + lines[2])  # group 2's record lost; chains.done stays
    said: list[str] = []
    from vmb.maker.generate.pipeline import run
    from vmb.maker.generate.procedural.backend import ProceduralBackend

    run(SMALL, out, ProceduralBackend(), log=said.append)
    assert any("chains.jsonl lacks group(s) 2" in line for line in said)
    assert files(out) == files(small_bench)  # the procedural backend makes the same group again
    run(SMALL, out, ProceduralBackend(), log=said.append)  # and the next run is clean
    assert files(out) == files(small_bench)


class DownForGroup2(FaultyWriter):
    """The endpoint refuses every request about group 2 while ``down`` holds."""

    down = True

    def __call__(self, body: dict[str, Any]) -> Scripted:
        if self.down and json.loads(body["messages"][1]["content"]).get("group") == 2:
            return Scripted(status=400, body={"error": {"message": "endpoint down"}})
        return super().__call__(body)


def test_a_failed_group_is_retried_on_the_next_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "retry"
    model = DownForGroup2()
    with ScriptedServer(model) as server:
        argv = ["generate", "--backend", "llm", "--base-url", server.url, "--model", "canned", *SIZE,
                "--out", str(out)]
        assert main(argv) == 1
        failed = [json.loads(x) for x in (out / "stages/failures.jsonl").read_text().splitlines()]
        assert sorted((f["group"], f["stage"]) for f in failed) == [(2, "personas"), (3, "dialogue")]
        assert sorted(p.name for p in (out / "history").iterdir()) == ["history_1.txt"]
        model.down = False
        asked = len(server.received)
        capsys.readouterr()
        assert main(argv) == 1  # group 3 still fails (its faulty dialogue leaves the events out)
        assert len(server.received) > asked
    assert "retrying 2 group(s) that failed before: group 2 at personas, group 3 at dialogue" in capsys.readouterr().out
    failed = [json.loads(x) for x in (out / "stages/failures.jsonl").read_text().splitlines()]
    assert [(f["group"], f["stage"]) for f in failed] == [(3, "dialogue")]
    assert sorted(p.name for p in (out / "history").iterdir()) == ["history_1.txt", "history_2.txt"]
    metadata = json.loads((out / "metadata.json").read_text())
    assert [g["group"] for g in metadata["groups"]] == [1, 2]
    assert [(f["group"], f["stage"]) for f in metadata["failures"]] == [(3, "dialogue")]


@pytest.mark.parametrize("decision, message", [
    ({"reject": {"qa:g99:c1": "x"}}, "'qa:g99:c1' names no item"),
    ({"reject": {"qa:g1:c999": "x"}}, "'qa:g1:c999' names no item"),
    ({"reject": {"dialogue:g1:1999-01-01": "x"}}, "'dialogue:g1:1999-01-01' names no item"),
    ({"reject": {"chains:g\uff11:c1": "x"}}, "is not a review item id"),
    ({"rejects": {"qa:g1:c1": "x"}}, "and nothing else"),
    ({"reject": {"qa:g1:c1": 3}}, "the reason for 'qa:g1:c1' must be text"),
])
def test_review_decisions_name_only_existing_items(small_bench: Path, tmp_path: Path, decision: dict[str, Any],
                                                   message: str, capsys: pytest.CaptureFixture[str]) -> None:
    out = _copy(small_bench, tmp_path, "decide")
    (out / "review").mkdir(exist_ok=True)
    (out / "review/decisions.json").write_text(json.dumps(decision, ensure_ascii=False))
    assert main([*ARGV, "--out", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert files(out) == files(small_bench)


def test_a_whole_group_stage_can_be_rejected(small_bench: Path, tmp_path: Path) -> None:
    out = _copy(small_bench, tmp_path, "group")
    (out / "review").mkdir(exist_ok=True)
    (out / "review/decisions.json").write_text(json.dumps({"reject": {"qa:g1": "all of them"}}))
    generate(out)
    assert files(out)["qa_data/qa_2.json"] == files(small_bench)["qa_data/qa_2.json"]


def test_fewer_history_lines_than_the_events_need_is_noted(tmp_path: Path) -> None:
    said: list[str] = []
    from vmb.maker.generate.pipeline import run
    from vmb.maker.generate.procedural.backend import ProceduralBackend

    run(GenerateOptions(groups=2, seed=3, history_lines=50), tmp_path / "short", ProceduralBackend(), log=said.append)
    made = [len((tmp_path / f"short/history/history_{g}.txt").read_text().splitlines()) for g in (1, 2)]
    assert min(made) > 50
    assert any(line.startswith("note: --history-lines 50 is fewer than the chains' events need; the histories "
                               f"have {min(made)}-{max(made)} lines") for line in said)


def test_stage_records_are_read_one_group_at_a_time(small_bench: Path, tmp_path: Path) -> None:
    from vmb.maker.generate.store import Store

    out = _copy(small_bench, tmp_path, "streamed")
    store = Store.existing(out)
    where = store.index("dialogue")
    assert sorted(where) == [1, 2, 3]
    assert [store.record("dialogue", where[g]) for g in sorted(where)] == list(store.records("dialogue"))
    path = store.path("dialogue")
    whole = path.read_bytes()
    path.write_bytes(whole + b'{"schema": "dialogue/')  # a kill in the middle of the next line
    assert sorted(store.index("dialogue")) == [1, 2, 3] and path.read_bytes() == whole


def test_a_killed_run_resumes_to_the_same_bytes(small_bench: Path, tmp_path: Path) -> None:
    # Groups go through every stage one at a time: a run that stopped after the first group's
    # dialogue (its later stages and the other groups not made) ends as an uninterrupted run does.
    out = _copy(small_bench, tmp_path, "resumed")
    stages = out / "stages"
    for name in ("personas", "chains", "timeline", "dialogue", "qa", "vetting", "export"):
        (stages / f"{name}.done").unlink()
        lines = (stages / f"{name}.jsonl").read_bytes().splitlines(keepends=True)
        keep = 1 if name in ("personas", "chains", "timeline", "dialogue") else 0
        (stages / f"{name}.jsonl").write_bytes(b"".join(lines[:keep]))
    shutil.rmtree(out / "history")
    shutil.rmtree(out / "qa_data")
    assert main([*ARGV, "--out", str(out)]) == 0
    assert files(out) == files(small_bench)
    for name in ("personas", "dialogue", "export"):
        assert (stages / f"{name}.jsonl").read_bytes() == (small_bench / "stages" / f"{name}.jsonl").read_bytes()
