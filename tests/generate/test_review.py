"""Review sheets per stage and the reviewer's decisions honoured by the next run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.generate.conftest import SMALL, files, generate
from vmb.cli import main
from vmb.data.metadata import read_metadata
from vmb.maker.generate.export.vetting import check_benchmark


def test_sheets_show_every_item_with_its_id(small_bench: Path, tmp_path: Path) -> None:
    out = generate(tmp_path / "sheets")
    assert main(["generate", "review", str(out)]) == 0
    sheets = {p.stem: p.read_text() for p in (out / "review").glob("*.html")}
    assert set(sheets) == {"personas", "chains", "dialogue", "qa"}
    assert sheets["personas"].count('<section id="personas:g') == SMALL.groups
    assert sheets["chains"].count('<section id="chains:g') == SMALL.groups * (SMALL.vehicle_chains + SMALL.background_chains)
    assert sheets["qa"].count('<section id="qa:g') == SMALL.groups * SMALL.vehicle_chains
    assert "<mark title=\"c0.e0\">" in sheets["dialogue"]  # embedded event lines are highlighted
    assert "→ carcontrol_" in sheets["qa"] and "car differs from default: True" in sheets["qa"]


def test_a_rejected_item_is_made_again_and_the_rest_kept(small_bench: Path, tmp_path: Path) -> None:
    out = generate(tmp_path / "rejected")
    before = files(out)
    (out / "review").mkdir()
    days = next(json.loads(line)["days"] for line in (out / "stages/dialogue.jsonl").read_text().splitlines()
                if json.loads(line)["group"] == 2)
    (out / "review" / "decisions.json").write_text(json.dumps({"reject": {f"dialogue:g2:{days[1]['date']}": "stilted"}}))
    generate(out)
    after = files(out)
    assert after["history/history_2.txt"] != before["history/history_2.txt"]
    assert after["history/history_1.txt"] == before["history/history_1.txt"]
    assert after["history/history_3.txt"] == before["history/history_3.txt"]
    personas = (out / "stages" / "personas.jsonl").read_text()
    assert personas == (small_bench / "stages" / "personas.jsonl").read_text()  # earlier stages kept
    metadata = read_metadata(out)
    assert metadata is not None and check_benchmark(out, metadata) == []
    generate(out)  # applied once: the next run changes nothing
    assert files(out) == after


def test_a_bad_decision_file_is_an_error_naming_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = generate(tmp_path / "bad")
    (out / "review").mkdir()
    (out / "review" / "decisions.json").write_text(json.dumps({"reject": {"timeline:g1": "no"}}))
    argv = ["generate", "--out", str(out), "--groups", "3", "--seed", "7", "--history-lines", "300",
            "--background-chains", "4"]
    assert main(argv) == 2
    assert "'timeline:g1' is not a review item id" in capsys.readouterr().err
